// The module boundaries (docs/decisions/0071-domain-modules.md), checked by `npm run lint:modules`:
// no runtime import cycle anywhere, and nothing outside a module reaches past its front door.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-runtime-cycle",
      severity: "error",
      comment:
        "A runtime import cycle: ESM may hand out half-initialised modules. Type-only imports are erased and allowed.",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "module-front-door",
      severity: "error",
      comment: "Another module's internals: import its front door (app/modules/<name>/index.server.ts) instead.",
      from: { path: "^app/modules/([^/]+)/" },
      to: { path: "^app/modules/[^/]+/", pathNot: ["^app/modules/$1/", "^app/modules/[^/]+/index\\.server\\.ts$"] },
    },
    {
      name: "front-door-only",
      severity: "error",
      comment: "Routes, components, lib, mail and the server import a module through its front door only.",
      from: { path: "^(app|server)/", pathNot: "^app/modules/" },
      to: { path: "^app/modules/[^/]+/", pathNot: "^app/modules/[^/]+/index\\.server\\.ts$" },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment: "An import that does not resolve would fail at run time.",
      from: { path: "^(app|server)/" },
      // React Router's generated route types (./+types/*) exist only after `react-router typegen`.
      to: { couldNotResolve: true, pathNot: "/\\+types/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|node_modules|\\.react-router)" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".d.ts"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

// The layers and the module boundaries (docs/architecture.md; decisions 0071 and 0255), checked by
// `npm run lint:modules`:
// - no import cycle anywhere, type-only imports counted;
// - app/lib is a leaf: it imports no module, route, component or server file;
// - a module imports no route, component, middleware or server/ file, and only the modules MODULE_USES lists
//   for it (the "uses" column of docs/architecture.md's table), through their doors;
// - outside a module, code reaches it through its server door (index.server.ts) or its browser-safe half
//   (shared/); browser code (components, app/lib's browser files, the shared halves) through shared/ only,
//   and no browser file imports a .server file.

/**
 * Which modules each module may import (through their doors): docs/architecture.md's table, "uses" column.
 * A module missing here may import no other.
 */
const MODULE_USES = {
  inventory: [],
  catalog: ["inventory"],
  shop: ["catalog", "inventory"],
  cart: ["inventory", "shop"],
  mail: ["shop"],
  saved: ["inventory"],
  identity: ["cart", "mail", "saved", "shop"],
  discounts: ["identity", "shop"],
  orders: ["cart", "catalog", "discounts", "identity", "inventory", "mail", "shop"],
  checkout: ["cart", "catalog", "discounts", "inventory", "orders", "shop"],
  reporting: ["inventory", "orders", "shop"],
  setup: ["identity", "shop"],
  reviews: ["catalog", "identity", "orders"],
  refunds: ["catalog", "checkout", "inventory", "orders", "shop"],
};

/** A module's doors: its server front door and its browser-safe half. */
const DOOR = "^app/modules/[^/]+/(index\\.server\\.ts$|shared/)";
/** Files that end up in the browser: components, app/lib's files that are not .server, the modules' shared halves. */
const BROWSER = { path: "^app/(components/|lib/|modules/[^/]+/shared/)", pathNot: "\\.server\\.tsx?$" };
/** One rule per module: it imports no module its row does not list. */
const moduleUses = Object.entries(MODULE_USES).map(([name, uses]) => ({
  name: `module-uses-${name}`,
  severity: "error",
  comment: `The ${name} module imports only the modules docs/architecture.md lists for it: ${uses.join(", ") || "none"}.`,
  from: { path: `^app/modules/${name}/` },
  to: { path: "^app/modules/", pathNot: `^app/modules/(${[name, ...uses].join("|")})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      severity: "error",
      comment:
        "An import cycle, type-only imports included: ESM may hand out half-initialised modules, and a circle of " +
        "types still ties the files' layers together.",
      from: {},
      to: { circular: true },
    },
    {
      name: "lib-is-a-leaf",
      severity: "error",
      comment:
        "app/lib holds leaf helpers: it imports no module, route, component, middleware or server file (types " +
        "included). Move the file into the module or the layer it serves, or hand the value in.",
      from: { path: "^app/lib/" },
      to: { path: "^(app/|server/|server\\.ts$)", pathNot: "^app/lib/" },
    },
    {
      name: "module-no-adapters",
      severity: "error",
      comment:
        "A module holds business rules: it imports no route, component, middleware, root or server file. HTTP " +
        "(ETags, content negotiation, compression) stays in the routes or server/.",
      from: { path: "^app/modules/" },
      to: {
        path: "^(app/(routes|components|middleware|stripe-sandbox)/|app/(root|routes|entry\\.server)\\.tsx?$|server/|server\\.ts$)",
      },
    },
    ...moduleUses,
    {
      name: "module-front-door",
      severity: "error",
      comment: "Another module's internals: import its front door (index.server.ts) or its shared/ half instead.",
      from: { path: "^app/modules/([^/]+)/" },
      to: { path: "^app/modules/[^/]+/", pathNot: ["^app/modules/$1/", DOOR] },
    },
    {
      name: "front-door-only",
      severity: "error",
      comment: "Routes, components, lib and the server import a module through its front door or its shared/ half.",
      from: { path: "^(app|server)/", pathNot: "^app/modules/" },
      to: { path: "^app/modules/[^/]+/", pathNot: DOOR },
    },
    {
      name: "browser-via-shared",
      severity: "error",
      comment:
        "Browser code reaches a module through its shared/ half only: its server door would pull the server " +
        "into the browser's bundle.",
      from: BROWSER,
      to: { path: "^app/modules/([^/]+)/", pathNot: "^app/modules/[^/]+/shared/" },
    },
    {
      name: "browser-no-server",
      severity: "error",
      comment:
        "A browser file (component, app/lib's files that are not .server, a module's shared/ half) imports no " +
        ".server file, not even its types: the build refuses it, and the layer would point back.",
      from: BROWSER,
      to: { path: "\\.server\\.tsx?$" },
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

// Bundles the production server (server.ts and server/, with the few app constants they import) into
// <build>/server-entry.js, after `react-router build`: plain JavaScript that Node runs as it is, no TypeScript
// loader at run time (docs/decisions/0072-server-in-typescript.md). Packages stay imports (node_modules);
// the app itself is not bundled here: the entry loads <build>/server/index.js, React Router's build.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.resolve(root, process.env.BUILD_DIR ?? "build");

await build({
  root,
  configFile: false,
  logLevel: "warn",
  publicDir: false,
  build: {
    ssr: path.join(root, "server.ts"),
    outDir,
    emptyOutDir: false,
    target: "node20",
    minify: false,
    sourcemap: true,
    rollupOptions: { output: { format: "esm", entryFileNames: "server-entry.js" } },
  },
});
console.log(`server: ${path.relative(root, path.join(outDir, "server-entry.js"))}`);

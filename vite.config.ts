import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { mailSenderInDevelopment } from "./server/dev.ts";

/**
 * React Router's production build in `npm run build` (docs/decisions/0180-react-router-production-build.md).
 * Its package exports name only `dist/development` under every condition (remix-run/react-router #12437, kept
 * since; #14102), so the built server ran the development build: dev warnings and checks on every request.
 * In a build (never under `npm run dev`), `react-router` and `react-router/dom` resolve to the same files of
 * `dist/production`, and the server bundle carries them (and `@react-router/node`, which imports
 * `react-router`) instead of importing the package: one copy of React Router in the server build, which
 * server.ts and the tests take from the build's entry (createRequestHandler, RouterContextProvider).
 */
function reactRouterProductionBuild(): Plugin {
  const routerDir = path.dirname(createRequire(import.meta.url).resolve("react-router/package.json"));
  const files: Record<string, string> = {
    "react-router": path.join(routerDir, "dist/production/index.mjs"),
    "react-router/dom": path.join(routerDir, "dist/production/dom-export.mjs"),
  };
  for (const file of Object.values(files)) {
    if (!existsSync(file)) throw new Error(`React Router's production build is missing: ${file}`);
  }
  return {
    name: "trendora:react-router-production-build",
    apply: "build",
    enforce: "pre",
    configEnvironment(name) {
      if (name === "ssr") return { resolve: { noExternal: ["react-router", "@react-router/node"] } };
    },
    resolveId(source) {
      return files[source] ?? null;
    },
  };
}

/**
 * The shop's own formatting (money, dates, the shop's data) in one browser chunk: nearly every page needs it, and
 * left to Rollup it splits into chunks by which routes import which file, each a line more in every page's
 * route manifest (issue 30: /products signed in went over 50,000 bytes).
 */
const SHOP_CHUNK = /\/app\/(lib\/(money|locales)|modules\/shop\/shared\/(shop|currencies))\.ts$/;

export default defineConfig({
  // `npm run dev` runs the mail sender as the production server does (server/dev.ts).
  plugins: [tailwindcss(), reactRouterProductionBuild(), reactRouter(), mailSenderInDevelopment()],
  environments: {
    client: {
      build: { rollupOptions: { output: { manualChunks: (id) => (SHOP_CHUNK.test(id) ? "shop" : undefined) } } },
    },
  },
  server: { host: "127.0.0.1" },
});

// Once per Vitest run: names the folder the production build goes to for the tests that start the real
// server (tests/helpers/production-server.ts builds it there on first use), and removes it at the end.
import { rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    productionBuildDir: string;
  }
}

export default function setup(project: TestProject) {
  // Inside the project (build-* is git-ignored): the server build imports react-router from node_modules.
  const dir = path.resolve(`build-vitest-${process.pid}`);
  project.provide("productionBuildDir", dir);
  return () => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(`${dir}.lock`, { recursive: true, force: true });
  };
}

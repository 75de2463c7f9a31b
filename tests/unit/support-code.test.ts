// Support code stays off the app's path and out of the tests (issue 31, decisions 0265–0267): nothing outside
// demo-art/ imports the drawing code (the seed copies the committed pictures of db/demo/pictures/), the tools
// (bench/, scripts/, tools/) import nothing from tests/ (the throw-away PostgreSQL, the Chromium and the route
// table they share with the tests live in tools/), and the benchmark stays in files of at most 400 lines.
// Imports are read from the source text: static, dynamic and type-only ones alike.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return ["node_modules", "results", "+types"].includes(entry.name) ? [] : sourceFiles(file);
    return /\.(ts|tsx|mts|mjs|js|cjs)$/.test(entry.name) ? [file] : [];
  });
}

/** Every module a source text imports: `from "x"`, `import "x"`, `import("x")`, `require("x")`. */
function importsOf(source: string): string[] {
  const found = source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)["'`]([^"'`]+)["'`]/g);
  return [...found].map((match) => match[1]!);
}

/** The repository path an import of `file` names (`#app/x` → app/x), or the bare name of a package. */
function target(file: string, specifier: string): string {
  if (specifier.startsWith(".")) return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  const alias = /^#([a-z-]+)\/(.*)$/.exec(specifier);
  return alias ? `${alias[1]}/${alias[2]}` : specifier;
}

/** `file imports target` for every import of the files under `dirs` that lands under `into`. */
function importsInto(dirs: string[], into: string): string[] {
  return dirs
    .flatMap(sourceFiles)
    .map((file) => file.split(path.sep).join("/"))
    .filter((file) => file !== SELF)
    .flatMap((file) =>
      importsOf(readFileSync(path.join(ROOT, file), "utf8"))
        .map((specifier) => target(file, specifier))
        .filter((to) => to === into || to.startsWith(`${into}/`))
        .map((to) => `${file} imports ${to}`),
    );
}

/** This file: its examples of imports are text, not imports. */
const SELF = "tests/unit/support-code.test.ts";

const TOP_LEVEL = readdirSync(ROOT, { withFileTypes: true })
  .filter(
    (entry) => entry.isDirectory() && !entry.name.startsWith(".") && !/^(node_modules|build|data)/.test(entry.name),
  )
  .map((entry) => entry.name);

describe("support code", () => {
  it("reads every kind of import (the checks below can fail)", () => {
    const source = [
      'import { a } from "../tests/helpers/x.ts";',
      'import type { B } from "#demo-art/draw.ts";',
      'const { c } = await import("../../tests/helpers/postgres.ts");',
      'import "./side-effect.ts";',
      'export { d } from "./d.ts";',
    ].join("\n");
    expect(importsOf(source)).toEqual([
      "../tests/helpers/x.ts",
      "#demo-art/draw.ts",
      "../../tests/helpers/postgres.ts",
      "./side-effect.ts",
      "./d.ts",
    ]);
    expect(target("bench/run.ts", "../tests/helpers/x.ts")).toBe("tests/helpers/x.ts");
    expect(target("db/seed.ts", "#demo-art/draw.ts")).toBe("demo-art/draw.ts");
    expect(target("tests/e2e/a.spec.ts", "../../demo-art/draw.ts")).toBe("demo-art/draw.ts");
    expect(target("tools/x.ts", "./y.ts")).toBe("tools/y.ts");
  });

  it("the drawing code is imported by nothing outside demo-art/", () => {
    const outside = TOP_LEVEL.filter((dir) => dir !== "demo-art");
    expect(outside).toEqual(expect.arrayContaining(["app", "db", "bench", "scripts", "tests", "tools"]));
    const files = readdirSync(ROOT).filter((name) => /\.(ts|mjs|js|cjs)$/.test(name));
    const topFiles = files.flatMap((file) =>
      importsOf(readFileSync(path.join(ROOT, file), "utf8")).filter((s) => target(file, s).startsWith("demo-art/")),
    );
    expect([...importsInto(outside, "demo-art"), ...topFiles]).toEqual([]);
  });

  it("the tools import nothing from tests/", () => {
    expect(importsInto(["bench", "scripts", "tools"], "tests")).toEqual([]);
  });

  it("no file of the benchmark is over 400 lines (bench/run.ts is the runner, bench/scenarios.ts the table)", () => {
    const files = sourceFiles("bench");
    expect(files.map((file) => file.split(path.sep).join("/"))).toEqual(
      expect.arrayContaining(["bench/run.ts", "bench/scenarios.ts"]),
    );
    const long = files
      .map((file) => ({ file, lines: readFileSync(path.join(ROOT, file), "utf8").split("\n").length - 1 }))
      .filter(({ lines }) => lines > 400);
    expect(long).toEqual([]);
  });
});

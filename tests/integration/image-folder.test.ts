// The container image's folder, made and started without Docker (scripts/image-folder.mjs, npm run
// image:check): the build from the tracked files in a clean directory, the runtime stage's files with the
// production dependencies only, started as the image's CMD with its ENV, its HEALTHCHECK passing, /healthz and
// /readyz 200, the empty store's setup link, a clean stop; the same on a throw-away PostgreSQL (DATABASE_URL, as
// docs/deploy.md's app servers run), and a SESSION_SECRET too short refused in one line. It builds the app once
// more: it takes a while.
import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without type declarations
import { runtimeStage } from "../../scripts/image-folder.mjs";

type Stage = { env: Record<string, string>; copies: { target: string }[]; healthcheck: string[]; cmd: string[] };

it("the Dockerfile's image runs as node, keeps its data in /data and checks /readyz", () => {
  const dockerfile = readFileSync("Dockerfile", "utf8");
  const stage = runtimeStage(dockerfile) as Stage;
  expect(stage.env).toMatchObject({ NODE_ENV: "production", DATA_DIR: "/data" });
  expect(stage.cmd).toEqual(["node", "build/server-entry.js"]);
  expect(stage.healthcheck.join(" ")).toContain("/readyz");
  // Both engines' migrations: started with DATABASE_URL, the server migrates PostgreSQL from db/migrations-pg.
  expect(stage.copies.map((copy: { target: string }) => copy.target)).toEqual(
    expect.arrayContaining(["db/migrations", "db/migrations-pg"]),
  );
  expect(dockerfile).toMatch(/^USER node$/m);
  expect(dockerfile).toMatch(/^VOLUME \/data$/m);
});

it("builds the image's folder in a clean directory, starts it as the image does and it is healthy", async () => {
  const dir = path.join(process.env.DATA_DIR!, "image");
  const result = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      ["--import", "tsx", "scripts/image-folder.mjs", dir],
      { maxBuffer: 64 * 1024 * 1024 },
      () => {},
    );
    let output = "";
    child.stdout!.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr!.on("data", (chunk) => {
      output += chunk;
    });
    child.on("exit", (code) => resolve({ code, output }));
  });
  expect(result.code, result.output.slice(-4000)).toBe(0);
  expect(result.output).toContain("HEALTHCHECK passed (SQLite)");
  expect(result.output).toContain("/healthz 200, /readyz 200, / 200, setup link 200 (SQLite)");
  expect(result.output).toContain("HEALTHCHECK passed (PostgreSQL)");
  expect(result.output).toContain("/healthz 200, /readyz 200, / 200, setup link 200 (PostgreSQL)");
  expect(result.output).toContain("refused in one line");
  // Production dependencies only.
  const modules = path.join(dir, "app", "node_modules");
  expect(existsSync(path.join(modules, "better-sqlite3"))).toBe(true);
  for (const dev of ["vitest", "@playwright/test", "drizzle-kit", "@biomejs/biome"]) {
    expect(existsSync(path.join(modules, dev)), dev).toBe(false);
  }
  expect(readdirSync(path.join(dir, "app")).sort()).toEqual([
    "build",
    "db",
    "node_modules",
    "package-lock.json",
    "package.json",
  ]);
  expect(readdirSync(path.join(dir, "app", "db")).sort()).toEqual(["migrations", "migrations-pg"]);
});

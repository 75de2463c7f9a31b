// npm run image:check [-- DIR]: what the Dockerfile's image holds, made and started without Docker (this
// machine cannot pull base images). In a clean directory (DIR, or a new temporary one):
//   1. src/: the repository's tracked files (the build stage's `COPY . .`), built with `npm run build`;
//   2. app/: the runtime stage's files, exactly the ones its COPY lines name (checked against the Dockerfile):
//      build/, node_modules with the production dependencies only (the packages `npm ci --omit=dev` installs
//      from the lockfile, taken from this checkout's node_modules), package.json, package-lock.json,
//      db/migrations and db/migrations-pg;
//   3. starts app/ as the image does (its CMD, in app/, with the image's ENV and nothing else from this shell;
//      HOST is 127.0.0.1 and PORT a free one here, DATA_DIR app-data/ for the /data volume), runs the image's
//      HEALTHCHECK command until it passes, checks /healthz, /readyz, the home page and the setup link the
//      empty store prints, then stops it with SIGTERM (docker stop) and expects a clean exit;
//   4. the same on a throw-away PostgreSQL (tools/postgres-server.ts; hence `node --import tsx`), as
//      docs/deploy.md's app servers run: DATABASE_URL, SESSION_SECRET and MAIL_SEAL_KEY set;
//   5. started with a SESSION_SECRET too short, it must stop at once with one line saying what to set.
// Exits 0 when all of that holds (a temporary directory is then removed; DIR is kept); prints what failed
// otherwise and keeps the directory to look at. No step has a time limit of its own.
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

function step(text) {
  console.log(`\n▶ ${text}`);
}

function fail(text) {
  console.error(`image-folder: ${text}`);
  process.exit(1);
}

/** The Dockerfile's last stage: its ENV, COPY destinations, HEALTHCHECK command and CMD. */
export function runtimeStage(dockerfile) {
  const lines = dockerfile
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  const last = lines.map((line) => /^FROM\s/i.test(line)).lastIndexOf(true);
  const stage = lines.slice(last + 1);
  const env = {};
  const copies = [];
  let healthcheck = null;
  let cmd = null;
  for (const line of stage) {
    const [instruction, ...rest] = line.split(/\s+/);
    const args = line.slice(instruction.length).trim();
    switch (instruction.toUpperCase()) {
      case "ENV":
        for (const pair of rest) {
          const at = pair.indexOf("=");
          if (at > 0) env[pair.slice(0, at)] = pair.slice(at + 1);
        }
        break;
      case "COPY": {
        const words = rest.filter((word) => !word.startsWith("--"));
        const from = rest.find((word) => word.startsWith("--from="))?.slice("--from=".length) ?? null;
        const dest = words.pop();
        for (const source of words) {
          const target = dest.endsWith("/") ? path.posix.join(dest, path.posix.basename(source)) : dest;
          copies.push({ from, source, target: path.posix.normalize(target) });
        }
        break;
      }
      case "HEALTHCHECK":
        healthcheck = JSON.parse(args.slice(args.indexOf("CMD") + 3).trim());
        break;
      case "CMD":
        cmd = JSON.parse(args);
        break;
    }
  }
  return { env, copies, healthcheck, cmd };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function run(command, args, options) {
  execFileSync(command, args, { stdio: "inherit", ...options });
}

/** Copies one package's folder without its own node_modules (nested packages are lockfile entries of their own). */
function copyPackage(from, to) {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    if (name === "node_modules") continue;
    copyTree(path.join(from, name), path.join(to, name));
  }
}

/** Copies a folder, hard-linking files when it can (same file system), else copying them. */
function copyTree(from, to) {
  mkdirSync(path.dirname(to), { recursive: true });
  try {
    execFileSync("cp", ["-al", from, to], { stdio: "ignore" });
  } catch {
    rmSync(to, { recursive: true, force: true });
    cpSync(from, to, { recursive: true, verbatimSymlinks: true });
  }
}

/**
 * The production packages as `npm ci --omit=dev` installs them: the lockfile's entries not marked `dev` (npm
 * keeps `devOptional` ones, such as typescript, an optional peer of @react-router/node; an optional one only
 * where this platform installed it), as paths under node_modules/.
 */
function productionPackages() {
  const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8"));
  return Object.entries(lock.packages)
    .filter(([key, entry]) => key.startsWith("node_modules/") && !entry.dev && !entry.link)
    .map(([key]) => key.slice("node_modules/".length))
    .filter((relative) => existsSync(path.join(root, "node_modules", relative)))
    .sort((a, b) => a.length - b.length);
}

async function answer(url) {
  try {
    const response = await fetch(url);
    return { status: response.status, text: await response.text() };
  } catch {
    return null;
  }
}

/**
 * Starts app/ as the image does (its CMD and ENV, plus extraEnv), runs its HEALTHCHECK until it passes, checks
 * /healthz, /readyz, / and the setup link, and stops it with SIGTERM, expecting a clean exit. `refused`: the
 * server must exit by itself with code 1 instead; gives the lines it printed.
 */
async function startAsImage({ stage, app, dataDir, label, extraEnv = {}, refused = false }) {
  const port = await freePort();
  mkdirSync(dataDir);
  // The image's environment and nothing else of this shell's (a container starts clean), but PATH.
  const env = {
    PATH: process.env.PATH ?? "",
    ...stage.env,
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    ...extraEnv,
  };
  step(
    `starting it as the image does (${label}): ${stage.cmd.join(" ")} (in app/, ${Object.keys(stage.env).join(", ")})`,
  );
  const [command, ...args] = stage.cmd;
  const child = spawn(command === "node" ? process.execPath : command, args, {
    cwd: app,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = [];
  const collect = (chunk) => {
    process.stdout.write(chunk);
    output.push(...chunk.toString("utf8").split("\n"));
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  let exited = null;
  const exit = new Promise((resolve) =>
    child.on("exit", (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    }),
  );
  if (refused) {
    // "close": after the output has been read to its end.
    const code = await new Promise((resolve) => child.on("close", (closedCode) => resolve(closedCode)));
    if (code !== 1) fail(`the server given a refused configuration exited with ${code}, not 1`);
    return output;
  }

  try {
    const origin = `http://127.0.0.1:${port}`;
    // The image's HEALTHCHECK command, run in the container's environment until it passes.
    const [checkCommand, ...checkArgs] = stage.healthcheck;
    for (;;) {
      if (exited) fail(`the server (${label}) exited (${JSON.stringify(exited)}) before it was healthy`);
      try {
        execFileSync(checkCommand === "node" ? process.execPath : checkCommand, checkArgs, {
          cwd: app,
          env,
          stdio: "ignore",
        });
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    console.log(`HEALTHCHECK passed (${label})`);
    const health = await answer(`${origin}/healthz`);
    const ready = await answer(`${origin}/readyz`);
    const home = await answer(`${origin}/`);
    if (health?.status !== 200 || health.text !== "ok\n") fail(`/healthz answered ${JSON.stringify(health)}`);
    if (ready?.status !== 200 || ready.text !== "ready\n") fail(`/readyz answered ${JSON.stringify(ready)}`);
    if (home?.status !== 200) fail(`/ answered ${home?.status}`);
    const link = output.find((line) => line.startsWith("No seller yet: open "));
    if (!link) fail("the empty store printed no setup link");
    const setup = await answer(/open (\S+) /.exec(link)[1].replace(/^http:\/\/[^/]+/, origin));
    if (setup?.status !== 200) fail(`the setup link answered ${setup?.status}`);
    console.log(`/healthz 200, /readyz 200, / 200, setup link 200 (${label})`);
  } finally {
    if (!exited) child.kill("SIGTERM");
  }
  const { code, signal } = await exit;
  if (code !== 0) fail(`the server (${label}) did not stop cleanly on SIGTERM (code ${code}, signal ${signal})`);
  return output;
}

async function main() {
  const given = process.argv[2];
  const dir = path.resolve(given ?? mkdtempSync(path.join(tmpdir(), "store-image-")));
  if (existsSync(dir) && readdirSync(dir).length > 0) fail(`${dir} is not empty: give a new or empty directory`);
  mkdirSync(dir, { recursive: true });
  const src = path.join(dir, "src");
  const app = path.join(dir, "app");
  const stage = runtimeStage(readFileSync(path.join(root, "Dockerfile"), "utf8"));
  if (!stage.cmd || !stage.healthcheck) fail("the Dockerfile's last stage has no CMD or no HEALTHCHECK");

  step(`the build stage in ${src}: the tracked files, then npm run build`);
  const tracked = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\0")
    .filter((file) => file && existsSync(path.join(root, file)));
  for (const file of tracked) {
    mkdirSync(path.dirname(path.join(src, file)), { recursive: true });
    cpSync(path.join(root, file), path.join(src, file));
  }
  // The build stage's `npm ci` (all dependencies): this checkout's, linked.
  copyTree(path.join(root, "node_modules"), path.join(src, "node_modules"));
  const buildEnv = { ...process.env, BUILD_DIR: "build" };
  run(npm, ["run", "build"], { cwd: src, env: buildEnv });

  step(`the runtime stage in ${app}: ${stage.copies.map((copy) => copy.target).join(", ")}`);
  const packages = productionPackages();
  const made = new Map([
    [
      "node_modules",
      () => {
        for (const relative of packages) {
          copyPackage(path.join(root, "node_modules", relative), path.join(app, "node_modules", relative));
        }
        for (const dev of ["vitest", "@playwright/test", "@biomejs/biome", "vite", "drizzle-kit"]) {
          if (existsSync(path.join(app, "node_modules", dev))) fail(`a development package is in the image: ${dev}`);
        }
      },
    ],
    ["build", () => copyTree(path.join(src, "build"), path.join(app, "build"))],
    ["package.json", () => cpSync(path.join(src, "package.json"), path.join(app, "package.json"))],
    ["package-lock.json", () => cpSync(path.join(src, "package-lock.json"), path.join(app, "package-lock.json"))],
    [
      "db/migrations",
      () => cpSync(path.join(src, "db/migrations"), path.join(app, "db/migrations"), { recursive: true }),
    ],
    [
      "db/migrations-pg",
      () => cpSync(path.join(src, "db/migrations-pg"), path.join(app, "db/migrations-pg"), { recursive: true }),
    ],
  ]);
  const targets = stage.copies.map((copy) => copy.target);
  if ([...made.keys()].sort().join() !== [...targets].sort().join()) {
    fail(
      `the Dockerfile's runtime stage copies ${targets.join(", ")}; this script makes ${[...made.keys()].join(", ")}`,
    );
  }
  mkdirSync(app, { recursive: true });
  for (const target of targets) made.get(target)();
  console.log(`${packages.length} production packages`);

  await startAsImage({ stage, app, dataDir: path.join(dir, "app-data"), label: "SQLite" });

  step("on PostgreSQL: a throw-away server and an empty database, as several app servers run");
  const { startPostgres } = await import("../tools/postgres-server.ts");
  const postgres = await startPostgres();
  try {
    await startAsImage({
      stage,
      app,
      dataDir: path.join(dir, "app-data-pg"),
      label: "PostgreSQL",
      extraEnv: {
        DATABASE_URL: await postgres.createDatabase(),
        SESSION_SECRET: randomBytes(32).toString("hex"),
        MAIL_SEAL_KEY: randomBytes(32).toString("hex"),
      },
    });
  } finally {
    await postgres.stop();
  }

  step("a refused configuration: SESSION_SECRET too short");
  const refused = await startAsImage({
    stage,
    app,
    dataDir: path.join(dir, "app-data-refused"),
    label: "refused",
    extraEnv: { SESSION_SECRET: "too-short" },
    refused: true,
  });
  const printed = refused.filter((line) => line.trim() !== "");
  if (printed.length !== 1 || !printed[0].includes("SESSION_SECRET")) {
    fail(`a refused configuration printed ${printed.length} lines, not one naming SESSION_SECRET`);
  }
  console.log("refused in one line");
  if (given) console.log(`\nimage-folder: ok (${dir})`);
  else {
    rmSync(dir, { recursive: true, force: true });
    console.log("\nimage-folder: ok");
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();

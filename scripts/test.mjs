// Runs the tests against a production build made for this run alone (docs/decisions/0005-test-runs.md).
//
//   node scripts/test.mjs          build, then Vitest, then Playwright   (npm test)
//   node scripts/test.mjs unit     build, then Vitest                    (npm run test:unit)
//   node scripts/test.mjs e2e      build, then Playwright                (npm run test:e2e)
//
// Vitest runs twice: on SQLite, then on PostgreSQL (TEST_DB=postgres: a throw-away server started by the run
// itself, tests/postgres-global-setup.ts). Playwright runs twice too: tests/e2e/ against one server on SQLite
// (playwright.config.ts), then tests/e2e-postgres/ against two servers over one throw-away PostgreSQL
// (playwright.postgres.config.ts). TEST_DB=sqlite or TEST_DB=postgres runs only that engine's stages.
//
// Arguments after the mode go to Vitest or Playwright (unit and e2e only), e.g. `npm run test:unit --
// tests/integration/hostile-pages.test.ts`. With arguments, e2e runs one Playwright stage: the PostgreSQL one
// when an argument names tests/e2e-postgres/, else the normal one. Each run builds into its own `build-test-<id>/` (removed at the
// end) and writes Playwright's results to its own `test-results/<id>/` (kept when something failed), so two
// runs at the same time in one checkout share nothing. BUILD_DIR or PW_OUTPUT_DIR, when set, are used instead.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [mode = "all", ...extra] = process.argv.slice(2);
const ENGINES = {
  sqlite: { vitest: ["vitest"], playwright: ["playwright"] },
  postgres: { vitest: ["vitest-postgres"], playwright: ["playwright-postgres"] },
};
if (process.env.TEST_DB && !(process.env.TEST_DB in ENGINES)) {
  console.error(`Unknown TEST_DB "${process.env.TEST_DB}": use sqlite or postgres (unset: both).`);
  process.exit(2);
}
const engines = process.env.TEST_DB ? [ENGINES[process.env.TEST_DB]] : Object.values(ENGINES);
const vitestStages = engines.flatMap((engine) => engine.vitest);
// Specs named on the command line belong to one of the two Playwright configurations.
const namesPostgresSpecs = extra.some((arg) => arg.replaceAll("\\", "/").includes("e2e-postgres/"));
const playwrightStages =
  extra.length === 0
    ? engines.flatMap((engine) => engine.playwright)
    : [namesPostgresSpecs ? "playwright-postgres" : "playwright"];
const STAGES = { all: [...vitestStages, ...playwrightStages], unit: vitestStages, e2e: playwrightStages };
if (!(mode in STAGES)) {
  console.error(`Unknown mode "${mode}": use all, unit or e2e.`);
  process.exit(2);
}
if (mode === "all" && extra.length > 0) {
  console.error("Arguments go with `unit` or `e2e` (npm run test:unit -- … or npm run test:e2e -- …).");
  process.exit(2);
}

const runId = `${Date.now().toString(36)}-${randomBytes(3).toString("hex")}`;
const ownBuild = !process.env.BUILD_DIR;
const ownResults = !process.env.PW_OUTPUT_DIR;
const env = {
  ...process.env,
  BUILD_DIR: process.env.BUILD_DIR ?? `build-test-${runId}`,
  PW_OUTPUT_DIR: process.env.PW_OUTPUT_DIR ?? path.join("test-results", runId),
};

const bin = (name) => path.join(root, "node_modules", ".bin", name);
const COMMANDS = {
  // The same build as `npm run build`: React Router's, the server entry (server.ts), then the precompressed
  // copies the server serves.
  build: [bin("react-router"), ["build"]],
  server: [process.execPath, ["scripts/build-server.mjs"]],
  precompress: [process.execPath, ["scripts/precompress.mjs"]],
  vitest: [bin("vitest"), ["run", ...extra], { TEST_DB: "sqlite" }],
  // Files named on the command line may all be SQLite-only (tests/engines.ts: tests/unit among them): then the
  // PostgreSQL pass has nothing to run, which is no failure.
  "vitest-postgres": [
    bin("vitest"),
    ["run", ...(extra.length > 0 ? ["--passWithNoTests"] : []), ...extra],
    { TEST_DB: "postgres" },
  ],
  playwright: [bin("playwright"), ["test", ...extra]],
  "playwright-postgres": [bin("playwright"), ["test", "--config", "playwright.postgres.config.ts", ...extra]],
};

let running = null;
function run(stage) {
  const [command, args, extraEnv = {}] = COMMANDS[stage];
  const engine = extraEnv.TEST_DB ? `, TEST_DB=${extraEnv.TEST_DB}` : "";
  console.log(`\n▶ ${stage}: ${[path.basename(command), ...args].join(" ")} (BUILD_DIR=${env.BUILD_DIR}${engine})`);
  return new Promise((resolve) => {
    running = spawn(command, args, { cwd: root, env: { ...env, ...extraEnv }, stdio: "inherit" });
    running.on("exit", (code, signal) => {
      running = null;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** Removes this run's build, and its Playwright output when everything passed (nothing to look at then). */
function cleanUp(passed) {
  if (ownBuild) rmSync(path.join(root, env.BUILD_DIR), { recursive: true, force: true });
  if (ownResults && passed) rmSync(path.join(root, env.PW_OUTPUT_DIR), { recursive: true, force: true });
}

// Ctrl-C or a stop: the running tool is told, and this run ends (and cleans up) once it has stopped.
let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    interrupted = true;
    running?.kill(signal);
  });
}

let code = 0;
for (const stage of ["build", "server", "precompress", ...STAGES[mode]]) {
  code = await run(stage);
  if (interrupted) code ||= 1;
  if (code !== 0) break;
}
cleanUp(code === 0);
if (code !== 0 && ownResults && existsSync(path.join(root, env.PW_OUTPUT_DIR))) {
  console.log(`Playwright's traces and screenshots, if any: ${env.PW_OUTPUT_DIR}`);
}
process.exit(code);

// The end-to-end run on PostgreSQL with two app servers (issue 18): the specs of tests/e2e-postgres/ against
// two production servers over one throw-away PostgreSQL (tests/e2e-postgres/serve.ts), server A at baseURL and
// server B at E2E_PG_ORIGIN_B, in the same two projects as playwright.config.ts (`js` and `no-js`).
// scripts/test.mjs runs it after the normal Playwright stage (stage `playwright-postgres`; TEST_DB=sqlite leaves
// it out). By hand: BUILD_DIR=build npx playwright test --config playwright.postgres.config.ts (after npm run build).
import { defineConfig } from "@playwright/test";
import { common, freePort, HANG_GUARD_MS } from "./tests/playwright-common.ts";

// Two free loopback ports, chosen once by the runner and inherited by its workers.
process.env.E2E_PG_PORT_A ??= String(await freePort());
process.env.E2E_PG_PORT_B ??= String(await freePort());
const baseURL = `http://127.0.0.1:${process.env.E2E_PG_PORT_A}`;
process.env.E2E_PG_ORIGIN_B = `http://127.0.0.1:${process.env.E2E_PG_PORT_B}`;
if (process.env.E2E_PG_ORIGIN_B === baseURL) throw new Error("Servers A and B were given the same port");

export default defineConfig({
  ...common,
  testDir: "tests/e2e-postgres",
  // Beside the normal stage's output of the same run (scripts/test.mjs gives each run its own folder).
  outputDir: `${process.env.PW_OUTPUT_DIR ?? "test-results"}/postgres`,
  use: { baseURL, trace: "retain-on-failure" },
  webServer: {
    command: "node --import tsx tests/e2e-postgres/serve.ts",
    url: `${baseURL}/`,
    // Ready once BOTH servers listen (the url is server A's only).
    wait: { stdout: /Both app servers are listening/ },
    reuseExistingServer: false,
    timeout: HANG_GUARD_MS,
    stdout: "pipe",
    stderr: "pipe",
    // The servers finish, then the PostgreSQL stops and every folder is removed (serve.ts).
    gracefulShutdown: { signal: "SIGTERM", timeout: 60_000 },
  },
});

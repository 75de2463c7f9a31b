import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { common, freePort, HANG_GUARD_MS } from "./tests/playwright-common.ts";

process.env.E2E_PORT ??= String(await freePort());
// The server's DATA_DIR, chosen once by the runner: the specs read the mail it writes to DATA_DIR/outbox/.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "store-e2e-"));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  ...common,
  testDir: "tests/e2e",
  // scripts/test.mjs gives each run its own folder, so two runs at once never clean each other's output.
  outputDir: process.env.PW_OUTPUT_DIR ?? "test-results",
  use: { baseURL, trace: "retain-on-failure" },
  // The production build on its own DATA_DIR with the demo catalogue, stopped when the run ends.
  webServer: {
    command: "node --import tsx tests/e2e/serve.ts",
    url: `${baseURL}/`,
    reuseExistingServer: false,
    timeout: HANG_GUARD_MS,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
  },
});

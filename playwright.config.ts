import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// One free loopback port, chosen once by the runner and inherited by its workers.
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

process.env.E2E_PORT ??= String(await freePort());
// The server's DATA_DIR, chosen once by the runner: the specs read the mail it writes to DATA_DIR/outbox/.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "store-e2e-"));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

// Time limits here are hang guards, far above any run seen on a busy 2-core machine: tests wait for
// conditions and no test sets a limit of its own (docs/decisions/0005-test-runs.md).
const HANG_GUARD_MS = 10 * 60_000;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  timeout: HANG_GUARD_MS,
  expect: { timeout: 60_000 },
  // scripts/test.mjs gives each run its own folder, so two runs at once never clean each other's output.
  outputDir: process.env.PW_OUTPUT_DIR ?? "test-results",
  use: { baseURL, trace: "retain-on-failure" },
  projects: [
    { name: "js", use: { ...chromium, javaScriptEnabled: true } },
    { name: "no-js", use: { ...chromium, javaScriptEnabled: false } },
  ],
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

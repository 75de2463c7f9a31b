// What the two Playwright configurations share: playwright.config.ts (the store on SQLite, one server) and
// playwright.postgres.config.ts (two servers over one PostgreSQL). Importing this starts nothing.
import { createServer } from "node:net";
import { devices, type PlaywrightTestConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tools/chromium.ts";

/** One free loopback port, chosen once by the runner and inherited by its workers. */
export async function freePort(): Promise<number> {
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

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
};

// Time limits here are hang guards, far above any run seen on a busy 2-core machine: tests wait for
// conditions and no test sets a limit of its own (docs/decisions/0005-test-runs.md).
export const HANG_GUARD_MS = 10 * 60_000;

/** Everything but the specs' folder, the output folder, the base URL and the server(s). */
export const common = {
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  // The ten slowest spec files of the run, listed at its end: where the time goes (docs/testing.md).
  reportSlowTests: { max: 10, threshold: 60_000 },
  timeout: HANG_GUARD_MS,
  expect: { timeout: 60_000 },
  projects: [
    { name: "js", use: { ...chromium, javaScriptEnabled: true } },
    { name: "no-js", use: { ...chromium, javaScriptEnabled: false } },
  ],
} satisfies PlaywrightTestConfig;

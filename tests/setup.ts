// Every Vitest file gets its own SQLite file in a fresh temporary DATA_DIR (files run in separate
// processes), and a test fails if anything logs through console.error (a hidden 500, a React warning).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, expect, vi } from "vitest";

const dataDir = mkdtempSync(path.join(tmpdir(), "store-test-"));
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = "test";
delete process.env.STRIPE_SECRET_KEY;
delete process.env.STRIPE_WEBHOOK_SECRET;
// Mail: the tests deliver the outbox themselves (deliverPendingMail), never a background sender, and never
// through a developer's own SMTP server.
process.env.MAIL_SENDER = "off";
delete process.env.SMTP_URL;

let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  expect(consoleErrors, "console.error was called").toEqual([]);
});

afterAll(async () => {
  const { closeDb } = await import("#app/lib/db.server.ts");
  await closeDb();
  rmSync(dataDir, { recursive: true, force: true });
});

// Every Vitest file gets its own SQLite file in a fresh temporary DATA_DIR (files run in separate
// processes), or with TEST_DB=postgres its own PostgreSQL database (a copy of the migrated template that
// tests/postgres-global-setup.ts made on the run's server) and DATABASE_URL pointing at it; and a test fails if
// anything logs through console.error (a hidden 500, a React warning).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, afterEach, beforeEach, expect, vi } from "vitest";
import { onPostgres } from "./engines.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "store-test-"));
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = "test";
delete process.env.STRIPE_SECRET_KEY;
delete process.env.STRIPE_WEBHOOK_SECRET;
// Mail: the tests deliver the outbox themselves (deliverPendingMail), never a background sender, and never
// through a developer's own SMTP server.
process.env.MAIL_SENDER = "off";
delete process.env.SMTP_URL;

delete process.env.DATABASE_URL;
if (onPostgres) {
  const adminUrl = process.env.TEST_POSTGRES_ADMIN_URL;
  const template = process.env.TEST_POSTGRES_TEMPLATE;
  if (!adminUrl || !template)
    throw new Error("TEST_DB=postgres needs tests/postgres-global-setup.ts (vitest.config.ts)");
  const name = `store_file_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  process.env.DATABASE_URL = adminUrl.replace(/\/postgres$/, `/${name}`);
  // Servers the tests start refuse DATABASE_URL without the secrets several servers share (decision 0147).
  process.env.SESSION_SECRET ??= "test-session-secret-shared-by-servers";
  process.env.MAIL_SEAL_KEY ??= "test-mail-seal-key-shared-by-every-server";
  // A test file holds two pools (its own modules and the build's) and may start servers: small ones.
  process.env.DATABASE_POOL_MAX ??= "4";
}

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

// Issue 16: a reset link never sits in the database in a usable form. After a reset request, no string in the
// SQLite file, its WAL or a `npm run db:backup` folder opens the reset page; the mail still arrives with a
// working link, carried sealed (key outside the database) and wiped once sent, given up, or expired.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { config, resetConfigForTests } from "#app/lib/config.server.ts";
import { db, first } from "#app/lib/db.server.ts";
import { isResetTokenUsable, RESET_LINK_MS, resetUrl } from "#app/modules/identity/index.server.ts";
import { deliverPendingMail } from "#app/modules/mail/index.server.ts";
import { mailOutbox } from "#db/tables.ts";
import { appForFile } from "../helpers/app.ts";
import { recipientsOf, SHOP_URL, smtpServerForFile, useMailSettings } from "../helpers/mail.ts";
import { formRequest } from "../helpers/requests.ts";
import { createUser } from "../helpers/shopper.ts";
import { startAnswerDroppingProxy } from "../helpers/smtp.ts";

const run = promisify(execFile);
const scratch = mkdtempSync(path.join(tmpdir(), "store-reset-secrets-"));
const smtp = smtpServerForFile();
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});
// Started after the mail settings are in place: the build reads them on its first request.
const site = appForFile();

async function askForLink(email: string) {
  const answer = await site.app.fetch(formRequest("/forgot-password", { email }));
  expect(answer.status).toBe(303);
}

/** The reset mails that arrived for `email`, parsed, and the token of each one's link. */
async function tokensMailedTo(email: string): Promise<string[]> {
  const mails = (await smtp.parsed()).filter((m) => recipientsOf(m).includes(email));
  return mails.map((m) => new URL(/https?:\/\/\S+/.exec(m.text!)![0]).searchParams.get("token")!);
}

/**
 * Every string in `bytes` that could be a reset token: each 43-character window of every run of base64url
 * characters (a token is 43 of them), also inside longer runs.
 */
function candidatesIn(bytes: Buffer, into = new Set<string>()): Set<string> {
  for (const [run] of bytes.toString("latin1").matchAll(/[A-Za-z0-9_-]{43,}/g)) {
    for (let i = 0; i + 43 <= run.length; i++) into.add(run.slice(i, i + 43));
  }
  return into;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

async function backUp(name: string): Promise<string> {
  const destination = path.join(scratch, name);
  await run("npm", ["run", "--silent", "db:backup", "--", destination], {
    env: { ...process.env, DATA_DIR: config().dataDir },
  });
  return destination;
}

/** The candidates of the live database file and its WAL, and of every file of a fresh backup folder. */
async function candidatesOnDisk(backupName: string): Promise<{ candidates: Set<string>; backup: string }> {
  const candidates = new Set<string>();
  for (const file of [config().dbFile, `${config().dbFile}-wal`]) {
    if (existsSync(file)) candidatesIn(readFileSync(file), candidates);
  }
  const backup = await backUp(backupName);
  for (const file of filesUnder(backup)) candidatesIn(readFileSync(file), candidates);
  return { candidates, backup };
}

/** The candidates that open the reset page's form (a usable link). */
async function workingTokens(candidates: Set<string>): Promise<string[]> {
  const working: string[] = [];
  for (const candidate of candidates) if (await isResetTokenUsable(candidate)) working.push(candidate);
  return working;
}

describe("what the database and its backups hold after a reset request", () => {
  it("no string in store.db, its WAL or a db:backup folder resets a password, before or after sending", async () => {
    // The scan finds a token written into a file as a link would be.
    expect(candidatesIn(Buffer.from(`<a href="${resetUrl("A".repeat(43))}">`))).toContain("A".repeat(43));

    const user = await createUser();
    await askForLink(user.email);

    const waiting = await candidatesOnDisk("while-waiting");
    expect(waiting.candidates.size).toBeGreaterThan(0);
    expect(await workingTokens(waiting.candidates)).toEqual([]);
    // The key that seals the waiting link is not copied with the database.
    expect(readdirSync(waiting.backup).sort()).toEqual(["session-secret", "store.db", "uploads"]);
    const keyFile = path.join(config().dataDir, "mail-seal-key");
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);

    // The mail still arrives with a working link, and its sealed copy is then wiped.
    expect(await deliverPendingMail()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const [token] = await tokensMailedTo(user.email);
    expect(await isResetTokenUsable(token)).toBe(true);
    const page = await site.client().get(`/reset-password?token=${token}`);
    expect(page.status).toBe(200);
    expect(waiting.candidates.has(token!)).toBe(false);
    const row = (await first(db().select().from(mailOutbox).where(eq(mailOutbox.recipient, user.email))))!;
    expect(row.state).toBe("sent");
    expect(row.sealedSecret).toBeNull();
    expect(`${row.textBody}${row.htmlBody}`).not.toContain(token);

    const sent = await candidatesOnDisk("after-sending");
    // Even with the key file beside it, nothing sealed is left to open.
    const copy = new Database(path.join(sent.backup, "store.db"), { readonly: true });
    try {
      expect(copy.prepare("SELECT count(*) AS n FROM mail_outbox WHERE sealed_secret IS NOT NULL").get()).toEqual({
        n: 0,
      });
    } finally {
      copy.close();
    }
    expect(await workingTokens(sent.candidates)).toEqual([]);
    expect(sent.candidates.has(token!)).toBe(false);
  }, 120_000);
});

describe("sending a sealed link", () => {
  it("an answer lost after the server accepted the mail: the resend carries the same working link", async () => {
    const proxy = await startAnswerDroppingProxy(smtp.port);
    useMailSettings({ SMTP_URL: proxy.url, PUBLIC_URL: SHOP_URL });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const user = await createUser();
      await askForLink(user.email);
      const t0 = Date.now();
      expect(await deliverPendingMail({ now: () => t0 })).toEqual({ sent: 0, retrying: 1, failed: 0 });
      const row = async () =>
        (await first(db().select().from(mailOutbox).where(eq(mailOutbox.recipient, user.email))))!;
      expect((await row()).sealedSecret, "kept for the resend").not.toBeNull();
      const due = (await row()).dueAt;
      expect(await deliverPendingMail({ now: () => due })).toEqual({
        sent: 1,
        retrying: 0,
        failed: 0,
      });
      const tokens = await tokensMailedTo(user.email);
      expect(tokens).toHaveLength(2);
      expect(tokens[1]).toBe(tokens[0]);
      expect(await isResetTokenUsable(tokens[0])).toBe(true);
      expect((await row()).sealedSecret).toBeNull();
    } finally {
      useMailSettings({ SMTP_URL: smtp.url, PUBLIC_URL: SHOP_URL });
      await proxy.close();
    }
  });

  it("a link that expired before it could be sent is wiped and its mail given up, never sent dead", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const user = await createUser();
    await askForLink(user.email);
    const later = Date.now() + RESET_LINK_MS + 1;
    expect(await deliverPendingMail({ now: () => later })).toEqual({ sent: 0, retrying: 0, failed: 1 });
    const row = (await first(db().select().from(mailOutbox).where(eq(mailOutbox.recipient, user.email))))!;
    expect(row.state).toBe("failed");
    expect(row.sealedSecret).toBeNull();
    expect(row.lastError).toContain("expired");
    expect(await tokensMailedTo(user.email)).toEqual([]);
  });

  it("a sealed link the key cannot open (the key changed) fails the mail for good, with the reason", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const user = await createUser();
    await askForLink(user.email);
    process.env.MAIL_SEAL_KEY = "another key, at least thirty-two characters long";
    resetConfigForTests();
    try {
      expect(await deliverPendingMail()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    } finally {
      delete process.env.MAIL_SEAL_KEY;
      resetConfigForTests();
    }
    const row = (await first(db().select().from(mailOutbox).where(eq(mailOutbox.recipient, user.email))))!;
    expect(row.state).toBe("failed");
    expect(row.sealedSecret).toBeNull();
    expect(row.lastError).toContain("cannot be opened");
    expect(await tokensMailedTo(user.email)).toEqual([]);
  });
});

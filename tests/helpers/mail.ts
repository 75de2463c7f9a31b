// The mail outbox in tests: point the store at a test SMTP server (or at none: .eml files), read the outbox
// table, and find what arrived.
import { type ChildProcess, spawn } from "node:child_process";
import { eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterAll, afterEach, beforeAll } from "vitest";
import { resetConfigForTests } from "#app/lib/config.server.ts";
import { db, first } from "#app/lib/db.server.ts";
import { mailOutbox } from "#db/tables.ts";
import { type SmtpTestServer, startSmtpServer } from "./smtp.ts";

export const SHOP_URL = "https://shop.example";
export const SELLER_INBOX = "owner@shop.example";

/** The store's mail settings for a test file (SMTP_URL unset: .eml files). */
export function useMailSettings(settings: { SMTP_URL?: string; SELLER_NOTIFY_EMAIL?: string; PUBLIC_URL?: string }) {
  for (const name of ["SMTP_URL", "SELLER_NOTIFY_EMAIL", "PUBLIC_URL", "MAIL_FROM"] as const) delete process.env[name];
  Object.assign(process.env, { MAIL_FROM: "Trendora <orders@shop.example>" }, settings);
  resetConfigForTests();
}

export async function outboxRows() {
  return await db().select().from(mailOutbox);
}

export async function outboxRow(id: string) {
  return await first(db().select().from(mailOutbox).where(eq(mailOutbox.id, id)));
}

/** The plain-text and HTML parts of a parsed mail's links: every href in the HTML. */
export function hrefsOf(mail: ParsedMail): string[] {
  return [...String(mail.html || "").matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
}

export function recipientsOf(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((group) => group.value.map((address) => address.address ?? ""));
}

/** Waits for a condition: no time budget of its own (the test runner's hang guard is the limit). */
export async function waitUntil(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
}

/**
 * An SMTP server of the test file's own on 127.0.0.1, and the store's mail settings pointing at it (links
 * to SHOP_URL; `settings` adds the seller's inbox and the like), from beforeAll to afterAll.
 */
export function smtpServerForFile(settings: { SELLER_NOTIFY_EMAIL?: string } = {}): SmtpTestServer {
  let started: SmtpTestServer | undefined;
  beforeAll(async () => {
    started = await startSmtpServer();
    useMailSettings({ SMTP_URL: started.url, PUBLIC_URL: SHOP_URL, ...settings });
  });
  afterAll(async () => {
    await started?.close();
    useMailSettings({});
  });
  const server = () => {
    if (!started) throw new Error("The SMTP server starts in beforeAll: use it inside a test or a hook.");
    return started;
  };
  return {
    get url() {
      return server().url;
    },
    get port() {
      return server().port;
    },
    get received() {
      return server().received;
    },
    parsed: () => server().parsed(),
    refuseNext: (code, message, times) => server().refuseNext(code, message, times),
    refuseRecipient: (address, code, message) => server().refuseRecipient(address, code, message),
    close: () => server().close(),
  };
}

export type MailChild = {
  proc: ChildProcess;
  /** What it printed so far. */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/**
 * Starts tests/helpers/mail-crash-child.ts processes (a store process that places an order, sends or delivers
 * mail) on this test file's database, with this process's environment and `env`; every one still running is
 * killed after each test.
 */
export function mailChildren(): (args: string[], env?: Record<string, string>) => MailChild {
  const running = new Set<ChildProcess>();
  afterEach(() => {
    for (const proc of running) proc.kill("SIGKILL");
    running.clear();
  });
  return (args, env = {}) => {
    const proc = spawn(process.execPath, ["--import", "tsx", "tests/helpers/mail-crash-child.ts", ...args], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    running.add(proc);
    let output = "";
    proc.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      proc.on("exit", (code, signal) => resolve({ code, signal })),
    );
    return { proc, output: () => output, exited };
  };
}

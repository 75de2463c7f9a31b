// Delivering the outbox (mail_outbox, written by mail-outbox.server.ts) over SMTP with nodemailer, or, without
// SMTP_URL, as .eml files under DATA_DIR/outbox/.
//
// What is guaranteed (docs/decisions/0060-mail-outbox.md):
// - Nothing is lost: a row is due until it is recorded as sent or as failed for good. A sender first CLAIMS a
//   row (state 'sending', a claim token, and a lease: dueAt = now + MAIL_LEASE_MS) and commits that claim; only then
//   does it talk to the SMTP server; only after the server has accepted the message (its 250 to DATA) does it
//   record 'sent'. A crash anywhere leaves the row pending or claimed, and a claim whose lease has lapsed is
//   due again.
// - Never two senders at once: the claim is a conditional UPDATE in an immediate transaction; whoever claims a
//   row first owns it until its lease lapses, and only the holder of the claim may record the result.
// - No duplicate that cannot be recognised: the only case in which a message can reach the server twice is the
//   server accepting it and its answer never being recorded (the connection or the process dying in between,
//   or a timeout waiting for the answer). The resend is byte-for-byte the same message with the same
//   Message-ID, so the receiving side can drop it. Exactly-once delivery over SMTP is not possible for any
//   sender; this keeps the window to that one exchange.
// - A secret the mail carries (a reset link's token) is opened from its seal (mail-secrets.server.ts) just
//   before sending and put in place of its placeholder; it is wiped when the row is recorded sent or failed,
//   and when its link expires. A resend after a crash still carries the same working link while it is valid;
//   a mail whose link has expired, or whose seal cannot be opened (another key), fails for good: never sent
//   with a dead or missing link.
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { and, asc, eq, inArray, lte, min } from "drizzle-orm";
import nodemailer from "nodemailer";
import { config, mailSenderEnabled } from "#app/lib/config.server.ts";
import { db, first, transaction } from "#app/lib/db.server.ts";
import { newToken } from "#app/lib/ids.ts";
import { shopSettings } from "#app/modules/shop/index.server.ts";
import { mailOutbox } from "#db/tables.ts";
import { onMailQueued, wipeExpiredSecrets } from "./outbox.server.ts";
import { openSecret } from "./secrets.server.ts";

type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * How long a claim holds by default: far above the longest SMTP exchange the timeouts below allow. MAIL_LEASE_MS
 * sets it (app/lib/config.server.ts).
 */
export const LEASE_MS = 10 * 60_000;
/** Attempts before a mail is given up (the waits between them add up to about a day). */
export const MAX_ATTEMPTS = 10;
/**
 * Mails claimed per round: one, so a claim only ever covers one send (a hanging server cannot keep a batch
 * claimed past its lease, which would let another process send the rest again).
 */
const BATCH = 1;
/** How often the background sender looks for mail written by another process or due for a retry. */
const IDLE_MS = 60_000;

const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000, dnsTimeout: 30_000 };

/** The wait before attempt `attempts + 1`: 1, 2, 4… minutes, at most 4 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(attempts - 1, 0), 4 * 60 * 60_000);
}

const DUE_STATES = ["pending", "sending"] as const;

/** Tries at claiming before a round gives up while other senders keep taking the rows it picked. */
const CLAIM_TRIES = 5;

/**
 * Claims up to `limit` due rows for this round: pending ones whose time has come, and lapsed claims. The UPDATE
 * repeats the SELECT's conditions, so of several senders (app servers) picking the same row only one claims it:
 * on SQLite the immediate transaction holds the file's write lock from the SELECT on; on PostgreSQL (READ
 * COMMITTED) the UPDATE waits for the other claim to commit and then finds the row no longer due. A sender
 * that lost every row it picked picks again (the next due ones), a bounded number of times.
 */
async function claimDueMail(now: number, limit: number): Promise<OutboxRow[]> {
  for (let tries = 0; tries < CLAIM_TRIES; tries++) {
    const claimToken = newToken();
    const { picked, claimed } = await transaction(async (tx) => {
      const due = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(inArray(mailOutbox.state, [...DUE_STATES]), lte(mailOutbox.dueAt, now)))
        .orderBy(asc(mailOutbox.dueAt))
        .limit(limit);
      if (due.length === 0) return { picked: 0, claimed: [] };
      const rows = await tx
        .update(mailOutbox)
        .set({ state: "sending", claimToken, dueAt: now + config().MAIL_LEASE_MS })
        .where(
          and(
            inArray(
              mailOutbox.id,
              due.map((row) => row.id),
            ),
            inArray(mailOutbox.state, [...DUE_STATES]),
            lte(mailOutbox.dueAt, now),
          ),
        )
        .returning();
      return { picked: due.length, claimed: rows };
    });
    if (claimed.length > 0 || picked === 0) return claimed;
  }
  return [];
}

/** Records what became of a claimed row, if this sender still holds its claim. Sent or given up: its secret goes. */
async function recordResult(row: OutboxRow, change: Partial<OutboxRow>): Promise<void> {
  const done = change.state === "sent" || change.state === "failed";
  await transaction(async (tx) => {
    await tx
      .update(mailOutbox)
      .set({ ...change, claimToken: null, ...(done ? { sealedSecret: null } : {}) })
      .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.claimToken, row.claimToken ?? "")));
  });
}

type SmtpError = Error & { code?: string; responseCode?: number };

/** A mail that can never be sent as written: its link has expired, or its sealed secret cannot be opened. */
class UnsendableMail extends Error {}

/** A refusal of this very message or recipient (5xx): sending it again would be refused again. */
function isPermanent(error: unknown): boolean {
  if (error instanceof UnsendableMail) return true;
  const { code, responseCode } = error as SmtpError;
  return (code === "EENVELOPE" || code === "EMESSAGE") && typeof responseCode === "number" && responseCode >= 500;
}

function errorSummary(error: unknown): string {
  const { code, responseCode, message } = error as SmtpError;
  return [code, responseCode, message]
    .filter((part) => part !== undefined)
    .join(" ")
    .slice(0, 500);
}

type Message = Awaited<ReturnType<typeof messageOf>>;
type Transport = { send(row: OutboxRow, message: Message): Promise<void>; close(): void };

/** The mail's text and HTML as sent: with its secret, opened from the seal, in place of the placeholder. */
function bodiesOf(row: OutboxRow, now: number): { text: string; html: string } {
  if (row.secretExpiresAt === null) return { text: row.textBody, html: row.htmlBody };
  if (row.sealedSecret === null || row.secretExpiresAt <= now) {
    throw new UnsendableMail("the link it carries expired before it could be sent");
  }
  const opened = openSecret(row.id, row.sealedSecret);
  if (!opened)
    throw new UnsendableMail("its sealed link cannot be opened (MAIL_SEAL_KEY or DATA_DIR/mail-seal-key changed)");
  return {
    text: row.textBody.replaceAll(opened.placeholder, opened.secret),
    html: row.htmlBody.replaceAll(opened.placeholder, opened.secret),
  };
}

/** MAIL_FROM's address with the shop's sender name (its settings) as the display name; MAIL_FROM as it is without one. */
export function fromWithSenderName(mailFrom: string, senderName: string): string {
  const name = senderName.replace(/["\\\r\n<>]/g, "").trim();
  if (!name) return mailFrom;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return /^[\w .'-]+$/.test(name) ? `${name} <${address}>` : `"${name}" <${address}>`;
}

async function messageOf(row: OutboxRow, now: number) {
  const shop = await shopSettings();
  return {
    from: fromWithSenderName(config().mailFrom, shop.mailSenderName),
    // A shopper's answer reaches the shop, not MAIL_FROM's (often unread) mailbox; none without a contact email.
    ...(shop.contactEmail ? { replyTo: shop.contactEmail } : {}),
    to: row.recipient,
    subject: row.subject,
    ...bodiesOf(row, now),
    messageId: row.messageId,
    // Fixed by the row, so a resend is the same message.
    date: new Date(row.createdAt),
    headers: { "Auto-Submitted": "auto-generated" },
  };
}

function smtpTransport(url: string): Transport {
  const transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  return {
    send: async (_row, message) => {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}

/** Where a mail is written without SMTP_URL: one file per outbox row, so a retry replaces it. */
export function emlFileOf(row: Pick<OutboxRow, "id" | "createdAt" | "kind">): string {
  const stamp = new Date(row.createdAt).toISOString().replace(/[:.]/g, "-");
  return path.join(config().outboxDir, `${stamp}-${row.kind}-${row.id}.eml`);
}

function emlTransport(): Transport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    send: async (row, message) => {
      const info = await transporter.sendMail(message);
      const file = emlFileOf(row);
      mkdirSync(path.dirname(file), { recursive: true });
      // Written whole or not at all: a reader never sees half a file. Readable by the owner only: a reset mail
      // here holds its working link (this folder is the developer's mailbox).
      writeFileSync(`${file}.tmp`, info.message as Buffer, { mode: 0o600 });
      renameSync(`${file}.tmp`, file);
      console.log(`Mail "${row.subject}" to ${row.recipient} written to ${file} (SMTP_URL is unset: not sent)`);
    },
    close: () => transporter.close(),
  };
}

export type DeliveryReport = { sent: number; retrying: number; failed: number };

/**
 * Delivers the mail that is due now: claims it, sends each message and records the result (sent; or due
 * again after a growing wait; or failed for good after a permanent refusal or MAX_ATTEMPTS). Rounds repeat
 * until nothing is due. The tests call this directly; the server runs it from `startMailSender`.
 */
export async function deliverPendingMail({ now = Date.now, limit = BATCH } = {}): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  const smtpUrl = config().SMTP_URL;
  await transaction((tx) => wipeExpiredSecrets(tx, now()));
  let transport: Transport | undefined;
  try {
    for (let rows = await claimDueMail(now(), limit); rows.length > 0; rows = await claimDueMail(now(), limit)) {
      transport ??= smtpUrl ? smtpTransport(smtpUrl) : emlTransport();
      for (const row of rows) {
        try {
          await transport.send(row, await messageOf(row, now()));
          await recordResult(row, { state: "sent", sentAt: Date.now(), lastError: null });
          report.sent++;
        } catch (error) {
          const givenUp = isPermanent(error) || row.attempts + 1 >= MAX_ATTEMPTS;
          await recordResult(row, {
            state: givenUp ? "failed" : "pending",
            attempts: row.attempts + 1,
            dueAt: now() + retryDelayMs(row.attempts + 1),
            lastError: errorSummary(error),
          });
          console.warn(
            `Mail ${row.messageId} "${row.subject}" to ${row.recipient}: ${givenUp ? "failed for good" : "will be retried"}: ${errorSummary(error)}`,
          );
          if (givenUp) report.failed++;
          else report.retrying++;
        }
      }
    }
  } finally {
    transport?.close();
  }
  return report;
}

/** When the next mail falls due (a retry, or a claim lapsing), or null when none is waiting. */
async function nextDueAt(): Promise<number | null> {
  const row = await first(
    db()
      .select({ next: min(mailOutbox.dueAt) })
      .from(mailOutbox)
      .where(inArray(mailOutbox.state, [...DUE_STATES])),
  );
  return row?.next ?? null;
}

type Sender = { stop(): Promise<void> };
// Kept on globalThis: `npm run dev` reloads this module, and a reload must not start a second sender.
const shared = globalThis as typeof globalThis & { __trendoraMailSender?: Sender };

/**
 * Starts the background sender of this process (the server's; MAIL_SENDER=off leaves it out): it delivers
 * whenever a transaction has queued mail, when a retry falls due, and every minute for mail written by
 * another process. Starting it twice starts one.
 */
export function startMailSender(): void {
  if (shared.__trendoraMailSender || !mailSenderEnabled()) return;
  const { SMTP_URL, outboxDir, SELLER_NOTIFY_EMAIL, PUBLIC_URL, mailBaseUrl } = config();
  console.log(
    SMTP_URL
      ? `Mail is sent through ${new URL(SMTP_URL).host}.`
      : `SMTP_URL is unset: mail is not sent but written as .eml files to ${outboxDir}`,
  );
  if (!PUBLIC_URL) console.log(`PUBLIC_URL is unset: links in mail point at ${mailBaseUrl}`);
  if (!SELLER_NOTIFY_EMAIL) console.log("SELLER_NOTIFY_EMAIL is unset: nobody is mailed about new orders");

  let stopped = false;
  let wanted = true;
  let wake: (() => void) | undefined;
  const unsubscribe = onMailQueued(() => {
    wanted = true;
    wake?.();
  });
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      // A waiting sender never keeps the process alive.
      const timer = setTimeout(resolve, ms).unref();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => {
      wake = undefined;
    });
  const loop = (async () => {
    while (!stopped) {
      let wait: number;
      try {
        if (wanted) {
          wanted = false;
          await deliverPendingMail();
        }
        const next = await nextDueAt();
        wait = next === null ? IDLE_MS : Math.min(Math.max(next - Date.now(), 0), IDLE_MS);
      } catch (error) {
        // The database or the disk failing: said, and tried again a minute later.
        console.error("The mail sender failed:", error);
        wait = IDLE_MS;
      }
      if (!wanted && !stopped) await sleep(wait);
      wanted = true;
    }
  })();
  shared.__trendoraMailSender = {
    async stop() {
      stopped = true;
      unsubscribe();
      wake?.();
      await loop;
    },
  };
}

/** Stops the background sender after the round it is in; returns once it has stopped. */
export async function stopMailSender(): Promise<void> {
  const sender = shared.__trendoraMailSender;
  shared.__trendoraMailSender = undefined;
  await sender?.stop();
}

// The sender's promises, against a real SMTP server on 127.0.0.1: a refused or lost attempt is retried later
// with the same Message-ID, a permanent refusal is given up at once, two senders never send one mail twice,
// the background sender wakes up when a transaction queues mail, and without SMTP_URL mail becomes .eml files.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterEach, describe, expect, it, vi } from "vitest";
import { config } from "#app/lib/config.server.ts";
import { db, transaction } from "#app/lib/db.server.ts";
import {
  deliverPendingMail,
  enqueueMail,
  MAX_ATTEMPTS,
  type MailKind,
  retryDelayMs,
  startMailSender,
  stopMailSender,
} from "#app/modules/mail/index.server.ts";
import { updateShopSettings } from "#app/modules/shop/index.server.ts";
import { shopSettingsSchema } from "#app/modules/shop/shared/shop-settings-schema.ts";
import { mailOutbox } from "#db/tables.ts";
import { outboxRow, SHOP_URL, smtpServerForFile, useMailSettings, waitUntil } from "../helpers/mail.ts";
import { settingsForm } from "../helpers/settings-form.ts";
import { startAnswerDroppingProxy } from "../helpers/smtp.ts";

const smtp = smtpServerForFile();
afterEach(async () => {
  await stopMailSender();
  // Every test starts with an empty outbox and inbox.
  await db().delete(mailOutbox);
  smtp.received.length = 0;
});

let counter = 0;
/** Queues one mail in a transaction of its own, as the services do; returns its outbox id. */
function queue(to = `someone-${++counter}@example.com`, kind: MailKind = "order-status"): Promise<string> {
  return transaction((tx) =>
    enqueueMail(tx, {
      kind,
      to,
      subject: `Test mail ${counter}`,
      text: `Hello ${counter}`,
      html: `<p>Hello ${counter}</p>`,
    }),
  );
}

const received = (to: string) => smtp.received.filter((m) => m.to.includes(to));

describe("deliverPendingMail", () => {
  it("sends a queued mail once and records it as sent", async () => {
    const id = await queue("ann@example.com");
    expect(await deliverPendingMail()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await deliverPendingMail()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(received("ann@example.com")).toHaveLength(1);
    const row = (await outboxRow(id))!;
    expect(row).toMatchObject({ state: "sent", attempts: 0, claimToken: null, lastError: null });
    const [mail] = await smtp.parsed();
    expect(mail!.messageId).toBe(row.messageId);
    expect(row.messageId).toMatch(/^<[0-9a-z]+@shop\.example>$/);
    expect(mail!.headers.get("auto-submitted")).toBe("auto-generated");
  });

  it("carries Reply-To the shop's contact email, and none without one (issue 30)", async () => {
    await updateShopSettings(
      shopSettingsSchema.parse(settingsForm({ contactEmail: "help@marigold.example" })),
      undefined,
    );
    await queue("reply@example.com");
    await deliverPendingMail();
    const [mail] = await smtp.parsed();
    expect(mail!.replyTo?.value.map((a) => a.address)).toEqual(["help@marigold.example"]);
    smtp.received.length = 0;

    await updateShopSettings(shopSettingsSchema.parse(settingsForm({ contactEmail: "" })), undefined);
    await queue("noreply@example.com");
    await deliverPendingMail();
    const [plain] = await smtp.parsed();
    expect(plain!.replyTo).toBeUndefined();
    expect(plain!.headers.has("reply-to")).toBe(false);
  });

  it("a mail written in a transaction that rolls back never exists", async () => {
    await expect(
      transaction(async (tx) => {
        await enqueueMail(tx, { kind: "order-status", to: "gone@example.com", subject: "x", text: "x", html: "x" });
        throw new Error("the change failed after the mail was written");
      }),
    ).rejects.toThrow("the change failed");
    expect(await db().select().from(mailOutbox)).toEqual([]);
    expect(await deliverPendingMail()).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });

  it("a temporary refusal (421) is retried after a growing wait, then sent", async () => {
    const id = await queue("bo@example.com");
    smtp.refuseNext(421, "Try again later", 2);
    const t0 = Date.now();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await deliverPendingMail({ now: () => t0 })).toEqual({ sent: 0, retrying: 1, failed: 0 });
    let row = (await outboxRow(id))!;
    expect(row).toMatchObject({ state: "pending", attempts: 1 });
    expect(row.lastError).toContain("421");
    expect(row.dueAt).toBe(t0 + retryDelayMs(1));

    // Not due yet: nothing happens.
    expect(await deliverPendingMail({ now: () => t0 + retryDelayMs(1) - 1 })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
    const t1 = t0 + retryDelayMs(1);
    expect(await deliverPendingMail({ now: () => t1 })).toEqual({ sent: 0, retrying: 1, failed: 0 });
    row = (await outboxRow(id))!;
    expect(row.attempts).toBe(2);
    expect(row.dueAt).toBe(t1 + retryDelayMs(2));
    expect(retryDelayMs(2)).toBeGreaterThan(retryDelayMs(1));

    expect(await deliverPendingMail({ now: () => row.dueAt })).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await outboxRow(id)).toMatchObject({ state: "sent", lastError: null });
    expect(received("bo@example.com")).toHaveLength(1);
  });

  it("a permanent refusal (550) fails the mail at once; it is never tried again", async () => {
    smtp.refuseRecipient("nobody@example.com", 550, "No such user here");
    const id = await queue("nobody@example.com");
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await deliverPendingMail()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    const row = (await outboxRow(id))!;
    expect(row).toMatchObject({ state: "failed", attempts: 1 });
    expect(row.lastError).toContain("550");
    expect(await deliverPendingMail({ now: () => Date.now() + 365 * 86_400_000 })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
    expect(received("nobody@example.com")).toEqual([]);
  });

  it(`gives up after ${MAX_ATTEMPTS} temporary refusals`, async () => {
    const id = await queue("cy@example.com");
    smtp.refuseNext(451, "Local problem", MAX_ATTEMPTS);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    let now = Date.now();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await deliverPendingMail({ now: () => now });
      now = (await outboxRow(id))!.dueAt;
    }
    expect(await outboxRow(id)).toMatchObject({ state: "failed", attempts: MAX_ATTEMPTS });
    expect(received("cy@example.com")).toEqual([]);
  });

  it("the server's answer is lost after it accepted the mail: the resend carries the same Message-ID", async () => {
    const proxy = await startAnswerDroppingProxy(smtp.port);
    useMailSettings({ SMTP_URL: proxy.url, PUBLIC_URL: SHOP_URL });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const id = await queue("di@example.com");
      const t0 = Date.now();
      expect(await deliverPendingMail({ now: () => t0 })).toEqual({ sent: 0, retrying: 1, failed: 0 });
      expect(received("di@example.com"), "the server has it, the store does not know").toHaveLength(1);
      const due = (await outboxRow(id))!.dueAt;
      expect(await deliverPendingMail({ now: () => due })).toEqual({
        sent: 1,
        retrying: 0,
        failed: 0,
      });

      const copies = await Promise.all(received("di@example.com").map((m) => simpleParser(m.raw)));
      expect(copies).toHaveLength(2);
      const row = (await outboxRow(id))!;
      expect(copies.map((c) => c.messageId)).toEqual([row.messageId, row.messageId]);
      expect(copies[1]!.date).toEqual(copies[0]!.date);
      // Deduplicated by Message-ID, as a receiving side can: one mail.
      expect(new Set(copies.map((c) => c.messageId)).size).toBe(1);
    } finally {
      useMailSettings({ SMTP_URL: smtp.url, PUBLIC_URL: SHOP_URL });
      await proxy.close();
    }
  });

  it("two senders at once send each mail exactly once", async () => {
    const addresses = Array.from({ length: 6 }, (_, i) => `pair-${i}@example.com`);
    for (const address of addresses) await queue(address);
    const reports = await Promise.all([deliverPendingMail({ limit: 2 }), deliverPendingMail({ limit: 2 })]);
    expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(6);
    for (const address of addresses) expect(received(address), address).toHaveLength(1);
  });
});

describe("the background sender", () => {
  it("delivers as soon as a transaction has queued mail, and stops when told", async () => {
    process.env.MAIL_SENDER = "on";
    useMailSettings({ SMTP_URL: smtp.url, PUBLIC_URL: SHOP_URL });
    vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      startMailSender();
      startMailSender();
      await queue("eve@example.com");
      await waitUntil(() => received("eve@example.com").length === 1);
      await queue("fay@example.com");
      await waitUntil(() => received("fay@example.com").length === 1);
      await stopMailSender();
      const id = await queue("gus@example.com");
      // Stopped: nothing picks it up; a direct round still can.
      expect((await outboxRow(id))!.state).toBe("pending");
      expect(await deliverPendingMail()).toEqual({ sent: 1, retrying: 0, failed: 0 });
      expect(received("eve@example.com")).toHaveLength(1);
    } finally {
      process.env.MAIL_SENDER = "off";
      useMailSettings({ SMTP_URL: smtp.url, PUBLIC_URL: SHOP_URL });
    }
  });
});

describe("without SMTP_URL", () => {
  it("writes each mail as an .eml file under DATA_DIR/outbox/ and says where", async () => {
    useMailSettings({ PUBLIC_URL: SHOP_URL });
    const logged: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: string) => logged.push(line));
    try {
      const id = await queue("hal@example.com", "password-reset");
      expect(await deliverPendingMail()).toEqual({ sent: 1, retrying: 0, failed: 0 });
      const files = readdirSync(config().outboxDir).filter((f) => f.includes(id));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/password-reset-[0-9a-z]+\.eml$/);
      const file = path.join(config().outboxDir, files[0]!);
      expect(logged.some((line) => line.includes(file) && line.includes("hal@example.com"))).toBe(true);
      const mail = await simpleParser(readFileSync(file));
      expect(mail.messageId).toBe((await outboxRow(id))!.messageId);
      expect(mail.text?.trim()).toBe(`Hello ${counter}`);
      expect(smtp.received).toEqual([]);
    } finally {
      useMailSettings({ SMTP_URL: smtp.url, PUBLIC_URL: SHOP_URL });
    }
  });
});

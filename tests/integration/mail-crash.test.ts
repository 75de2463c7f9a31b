// A store process killed with SIGKILL at the worst moments: right after the order (and its mails) committed,
// and in the middle of sending. A new sender then delivers each mail exactly once.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { db, first, transaction } from "#app/lib/db.server.ts";
import { deliverPendingMail, enqueueMail, LEASE_MS } from "#app/modules/mail/index.server.ts";
import { mailOutbox } from "#db/tables.ts";
import { createProduct } from "../helpers/factories.ts";
import {
  type MailChild,
  mailChildren,
  recipientsOf,
  SELLER_INBOX,
  smtpServerForFile,
  waitUntil,
} from "../helpers/mail.ts";
import { createShopperWithAddress } from "../helpers/shopper.ts";
import { startSilentServer } from "../helpers/smtp.ts";

const smtp = smtpServerForFile({ SELLER_NOTIFY_EMAIL: SELLER_INBOX });

/** Starts the crash child on this test file's database, with the store's mail settings and `env`. */
const child = mailChildren();

async function killed(run: MailChild) {
  run.proc.kill("SIGKILL");
  expect((await run.exited).signal).toBe("SIGKILL");
}

it("killed right after the order committed: a new sender delivers its mails exactly once", async () => {
  const { user, address } = await createShopperWithAddress();
  const product = await createProduct({ name: "Crash Test Jacket" });
  const run = child(["place-order", user.id, address.id, product.id]);
  await waitUntil(() => run.output().includes("committed "));
  await killed(run);
  const orderId = /committed (\w+)/.exec(run.output())![1]!;

  expect(await deliverPendingMail()).toEqual({ sent: 2, retrying: 0, failed: 0 });
  expect(await deliverPendingMail()).toEqual({ sent: 0, retrying: 0, failed: 0 });
  const mails = (await smtp.parsed()).filter((m) => m.subject?.includes(orderId));
  expect(mails.map((m) => recipientsOf(m)[0]).sort()).toEqual([user.email, SELLER_INBOX].sort());
  expect(mails.find((m) => recipientsOf(m)[0] === user.email)!.text).toContain("Crash Test Jacket x 1");
});

it("killed in the middle of sending: the claim lapses, and the next sender delivers exactly once", async () => {
  const id = await transaction((tx) =>
    enqueueMail(tx, {
      kind: "order-status",
      to: "mid-send@example.com",
      subject: "Sent while the sender dies",
      text: "Hello",
      html: "<p>Hello</p>",
    }),
  );
  // The child's SMTP server accepts the connection and never answers: the child is stuck mid-send.
  const silent = await startSilentServer();
  try {
    const run = child(["send"], { SMTP_URL: silent.url });
    await waitUntil(() => silent.connections() > 0);
    await killed(run);
  } finally {
    await silent.close();
  }
  const row = async () => (await first(db().select().from(mailOutbox).where(eq(mailOutbox.id, id))))!;
  expect(await row()).toMatchObject({ state: "sending", attempts: 0 });

  // While the dead sender's claim holds, nobody else sends it.
  expect(await deliverPendingMail()).toEqual({ sent: 0, retrying: 0, failed: 0 });
  // Once it has lapsed, the next sender does, once.
  const later = (await row()).dueAt;
  expect(later).toBeGreaterThan(Date.now() + LEASE_MS / 2);
  expect(await deliverPendingMail({ now: () => later })).toEqual({ sent: 1, retrying: 0, failed: 0 });
  expect(await deliverPendingMail({ now: () => later + LEASE_MS })).toEqual({ sent: 0, retrying: 0, failed: 0 });
  expect(smtp.received.filter((m) => m.to.includes("mid-send@example.com"))).toHaveLength(1);
  expect(await row()).toMatchObject({ state: "sent", claimToken: null });
});

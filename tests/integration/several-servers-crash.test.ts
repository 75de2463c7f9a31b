// A SIGKILL of one of two servers under load (issue 18): two production servers (`node build/server-entry.js`)
// over one store (SQLite: one file; PostgreSQL: one database), each running its mail sender (MAIL_SENDER=on) to
// the test's SMTP server. 50 shoppers sign up and order through both, turn about; once KILL_AFTER orders are
// acknowledged (a condition, not a time) server A is killed with SIGKILL, with requests still in flight. Then:
// - B keeps answering: every shopper goes on ordering through B, and each gets AFTER_KILL more order(s) placed;
// - every acknowledged order, through A or B, is stored exactly once, as acknowledged;
// - A restarts on the same store and answers; the outbox then sends every mail exactly once: each shopper's
//   order confirmations and the seller's notices, one per stored order, none lost, none twice. The one
//   exception SMTP allows (decision 0060): a row A had claimed when it died, if the SMTP server had accepted it
//   and A died before recording that, is sent again once its lease (MAIL_LEASE_MS, lowered here) lapses, byte
//   for byte the same message with the same Message-ID; only a row claimed at the kill may arrive twice.
// The test waits for conditions (answers, rows, arrivals), never for a fixed time.
import { inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import { db } from "#app/lib/db.server.ts";
import { mailOutbox, orders } from "#db/tables.ts";
import {
  envCount,
  expectAcknowledgedOrders,
  expectSoundDatabase,
  LOAD_SERVER_ENV,
  LoadLog,
  LoadShopper,
  loadProducts,
} from "../helpers/load.ts";
import { SELLER_INBOX, smtpServerForFile, waitUntil } from "../helpers/mail.ts";
import { type RunningServer, startProductionServer } from "../helpers/production-server.ts";

const SHOPPERS = envCount("LOAD_SHOPPERS", 50);
/** Orders acknowledged (through both servers) before A is killed. */
const KILL_AFTER = 40;
/** Orders each shopper places through B after the kill. */
const AFTER_KILL = 1;
/** A shopper's bound on orders before the kill, should the kill never come. */
const MOST_BEFORE_KILL = 20;

const smtp = smtpServerForFile({ SELLER_NOTIFY_EMAIL: SELLER_INBOX });

/** What every server is given alike (docs/decisions/0147-several-app-servers.md), and its mail sender on. */
const serverEnv = () => ({
  ...LOAD_SERVER_ENV,
  SESSION_SECRET: "several-servers-crash-session-secret-0123456789",
  MAIL_SEAL_KEY: "several-servers-crash-mail-seal-key-0123456789abcdef",
  STRIPE_SANDBOX: "off",
  MAIL_SENDER: "on",
  // A killed server's claimed row is due again after 20 seconds instead of 10 minutes: far above a send to the
  // local SMTP server, so no live send is taken over.
  MAIL_LEASE_MS: "20000",
  // The slow-client limits out of the way (a starved machine once answered 408 to a request whose headers it had
  // not read within 20 s, in several-servers-stock.test.ts); server-limits.test.ts tests them.
  HEADERS_TIMEOUT_MS: "600000",
  REQUEST_TIMEOUT_MS: "600000",
  // Idle kept connections held longer than fetch keeps them (it goes by the server's Keep-Alive hint): a shopper's
  // connection to B sits idle while it orders through A, and on a starved machine the server closing it after
  // the default 5 s, just as fetch sent the next order on it, failed requests B never saw.
  KEEP_ALIVE_TIMEOUT_MS: "600000",
});

/** The Message-ID of a received message, without its angle brackets. */
function messageIdOf(raw: Buffer): string {
  const header = raw.toString("utf8").split(/\r?\n\r?\n/)[0]!;
  const id = /^Message-ID:\s*<?([^>\r\n]+)>?/im.exec(header)?.[1];
  if (!id) throw new Error(`a message without a Message-ID:\n${header}`);
  return id.trim();
}
const bare = (messageId: string) => messageId.replace(/^<|>$/g, "");

it("SIGKILL of one of two servers while 50 shoppers order through both: nothing lost, B answers, each mail once", async () => {
  const products = await loadProducts();
  const log = new LoadLog();
  const shoppers = Array.from(
    { length: SHOPPERS },
    (_, i) => new LoadShopper(`two-crash-${i}-${Date.now()}@example.com`, log),
  );
  let [a, b] = (await Promise.all([startProductionServer(serverEnv()), startProductionServer(serverEnv())])) as [
    RunningServer,
    RunningServer,
  ];
  try {
    await Promise.all(shoppers.map((shopper, i) => shopper.signUp((i % 2 === 0 ? a : b).origin)));

    let killed = false;
    let inFlightOnA = 0;
    let inFlightAtKill = 0;
    const afterKill = new Map<LoadShopper, number>();
    const failedOnB: string[] = [];
    const kill = () => {
      if (killed) return;
      killed = true;
      inFlightAtKill = inFlightOnA;
      a.child.kill("SIGKILL");
    };
    await Promise.all(
      shoppers.map(async (shopper, i) => {
        for (let round = 0; !killed && round < MOST_BEFORE_KILL; round++) {
          const onA = (i + round) % 2 === 0;
          if (onA) inFlightOnA += 1;
          const reached = await shopper.shop((onA ? a : b).origin, products, round);
          if (onA) inFlightOnA -= 1;
          if (!reached && !onA) failedOnB.push(`${shopper.email} before the kill`);
          if (log.acknowledged.length >= KILL_AFTER) kill();
        }
        // A is gone (or the bound was reached): this shopper goes on through B.
        kill();
        let placed = 0;
        for (let round = MOST_BEFORE_KILL; placed < AFTER_KILL && round < MOST_BEFORE_KILL + 2 * AFTER_KILL; round++) {
          const before = log.acknowledged.length;
          const reached = await shopper.shop(b.origin, products, round);
          if (!reached) failedOnB.push(`${shopper.email} after the kill`);
          if (log.acknowledged.slice(before).some((ack) => ack.userId === shopper.userId)) placed += 1;
        }
        afterKill.set(shopper, placed);
      }),
    );
    await a.exited;
    expect(a.child.signalCode).toBe("SIGKILL");
    // The rows being sent at the kill: the only ones that may reach the SMTP server twice (see above).
    const sendingAtKill = new Set(
      (await db().select().from(mailOutbox)).filter((row) => row.state === "sending").map((row) => bare(row.messageId)),
    );

    // B kept answering: no request to it failed, and every shopper placed its orders through it after the kill.
    expect(failedOnB).toEqual([]);
    expect([...afterKill.values()]).toEqual(Array(SHOPPERS).fill(AFTER_KILL));
    // Every acknowledged order is stored exactly once, as acknowledged (requests cut off by the kill may have
    // stored an order that was never acknowledged: allowed, and its mail is sent too).
    await expectAcknowledgedOrders(log, products, { exact: false });
    expectSoundDatabase();
    // No answer was a refusal or an error (the products' stock is not counted: nothing sells out).
    expect(log.failures).toEqual([]);

    // A comes back on the same store and answers.
    a = await startProductionServer(serverEnv());
    const list = await fetch(`${a.origin}/api/product/list`);
    expect(list.status).toBe(200);
    const again = await shoppers[0]!.shop(a.origin, products, 99);
    expect(again).toBe(true);

    // The outbox: every row sent, each received once (a row claimed at the kill at most twice, the same message).
    const shopperIds = shoppers.map((s) => s.userId);
    const stored = await db().select().from(orders).where(inArray(orders.userId, shopperIds));
    const emails = new Set(shoppers.map((s) => s.email));
    const orderMail = async () =>
      (await db().select().from(mailOutbox)).filter(
        (row) =>
          (row.kind === "order-confirmation" && emails.has(row.recipient)) ||
          (row.kind !== "order-confirmation" && row.recipient === SELLER_INBOX),
      );
    // Until no row is due any more (a row given up would end the wait too, and fail below).
    await waitUntil(async () => {
      const states = await db().select({ state: mailOutbox.state }).from(mailOutbox);
      return states.every((row) => row.state === "sent" || row.state === "failed");
    });
    const rows = await db().select().from(mailOutbox);
    expect(rows.filter((row) => row.state !== "sent")).toEqual([]);
    const received = new Map<string, number>();
    for (const mail of smtp.received) {
      const id = messageIdOf(mail.raw);
      received.set(id, (received.get(id) ?? 0) + 1);
    }
    const problems: string[] = [];
    for (const row of rows) {
      const id = bare(row.messageId);
      const times = received.get(id) ?? 0;
      const allowed = sendingAtKill.has(id) ? [1, 2] : [1];
      if (!allowed.includes(times)) problems.push(`${row.kind} to ${row.recipient} (${id}): received ${times} times`);
    }
    const known = new Set(rows.map((row) => bare(row.messageId)));
    for (const id of received.keys()) if (!known.has(id)) problems.push(`received ${id}, which is no outbox row`);
    expect(problems).toEqual([]);
    // One confirmation to its shopper and one notice to the seller for every stored order of these shoppers.
    const mail = await orderMail();
    expect(mail.filter((row) => row.kind === "order-confirmation")).toHaveLength(stored.length);
    expect(mail.filter((row) => row.recipient === SELLER_INBOX)).toHaveLength(stored.length);
    for (const shopper of shoppers) {
      const theirs = stored.filter((order) => order.userId === shopper.userId).length;
      expect(mail.filter((row) => row.recipient === shopper.email)).toHaveLength(theirs);
    }
    const twice = [...received.values()].filter((n) => n === 2).length;
    console.info(
      `[figures] SIGKILL of one of two servers: ${log.acknowledged.length} acknowledged orders all stored once ` +
        `(${stored.length} stored), ${inFlightAtKill} shopper requests on A in flight at the kill, ` +
        `${SHOPPERS * AFTER_KILL} orders placed through B after it; ${rows.length} mails sent, ` +
        `${sendingAtKill.size} being sent at the kill, ${twice} received twice (same Message-ID)`,
    );
  } finally {
    await Promise.all([a, b].map((server) => server.stop()));
  }
});

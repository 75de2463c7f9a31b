// Several app servers over one database each run a mail sender (docs/decisions/0147-several-app-servers.md):
// three sender processes over the same outbox deliver every mail exactly once, and a sender killed (SIGKILL) in
// the middle of sending leaves its row to another once its lease has lapsed.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { db, first, transaction } from "#app/lib/db.server.ts";
import { enqueueMail, LEASE_MS } from "#app/modules/mail/index.server.ts";
import { mailOutbox } from "#db/tables.ts";
import { mailChildren, smtpServerForFile, waitUntil } from "../helpers/mail.ts";
import { startSilentServer } from "../helpers/smtp.ts";

const smtp = smtpServerForFile();

const child = mailChildren();

/** A sender process on this test file's database (tests/helpers/mail-crash-child.ts), and what it delivered. */
function sender(args: string[], env: Record<string, string> = {}) {
  const run = child(args, env);
  const report = async () => {
    expect((await run.exited).code).toBe(0);
    return JSON.parse(/delivered (\{.*\})/.exec(run.output())![1]!) as {
      sent: number;
      retrying: number;
      failed: number;
    };
  };
  return { ...run, report };
}

async function queue(count: number, prefix: string): Promise<string[]> {
  return transaction(async (tx) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      ids.push(
        await enqueueMail(tx, {
          kind: "order-status",
          to: `${prefix}-${i}@example.com`,
          subject: `${prefix} ${i}`,
          text: `Mail ${i}`,
          html: `<p>Mail ${i}</p>`,
        }),
      );
    }
    return ids;
  });
}

function deliveriesTo(prefix: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of smtp.received) {
    for (const to of mail.to.filter((address) => address.startsWith(`${prefix}-`))) {
      counts.set(to, (counts.get(to) ?? 0) + 1);
    }
  }
  return counts;
}

it("three senders over one outbox deliver every mail exactly once", async () => {
  await queue(60, "three");
  const senders = [sender(["deliver"]), sender(["deliver"]), sender(["deliver"])];
  const reports = await Promise.all(senders.map((s) => s.report()));

  expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(60);
  expect(reports.every((r) => r.retrying === 0 && r.failed === 0)).toBe(true);
  const counts = deliveriesTo("three");
  expect(counts.size).toBe(60);
  expect([...counts.values()].every((n) => n === 1)).toBe(true);
  const states = await db().select({ state: mailOutbox.state }).from(mailOutbox);
  expect(states.every((row) => row.state === "sent")).toBe(true);
});

it("a sender killed mid-send: the others send the rest once, and its row once its lease has lapsed", async () => {
  const ids = await queue(20, "killed");
  // The first sender's SMTP server accepts the connection and never answers: it is stuck sending one mail, and
  // killed there.
  const silent = await startSilentServer();
  try {
    const stuck = sender(["deliver"], { SMTP_URL: silent.url });
    await waitUntil(() => silent.connections() > 0);
    stuck.proc.kill("SIGKILL");
    expect((await stuck.exited).signal).toBe("SIGKILL");
  } finally {
    await silent.close();
  }
  // Two more senders send the rest, once, and leave the dead sender's row alone while its lease holds.
  const reports = await Promise.all([sender(["deliver"]), sender(["deliver"])].map((s) => s.report()));
  expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(19);
  const claimed = await db().select().from(mailOutbox).where(eq(mailOutbox.state, "sending"));
  expect(claimed).toHaveLength(1);
  const stuckId = claimed[0]!.id;
  expect(ids).toContain(stuckId);
  expect(deliveriesTo("killed").size).toBe(19);

  // Once the lease has lapsed, another sender sends it, once.
  const lapsed = claimed[0]!.dueAt;
  expect(lapsed).toBeGreaterThanOrEqual(Date.now() + LEASE_MS / 2);
  expect(await sender(["deliver", String(lapsed)]).report()).toEqual({ sent: 1, retrying: 0, failed: 0 });
  expect(await sender(["deliver", String(lapsed + LEASE_MS)]).report()).toEqual({ sent: 0, retrying: 0, failed: 0 });
  const counts = deliveriesTo("killed");
  expect(counts.size).toBe(20);
  expect([...counts.values()].every((n) => n === 1)).toBe(true);
  expect(await first(db().select().from(mailOutbox).where(eq(mailOutbox.id, stuckId)))).toMatchObject({
    state: "sent",
    claimToken: null,
  });
});

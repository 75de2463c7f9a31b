// The overview's money back and cash still owed: refunds that went through in the overview's 30 days (by the day
// they were made), refunds still pending or failed, and the cash orders not marked paid yet (not cancelled).
import { and, asc, count, eq, gte, inArray, ne, sql } from "drizzle-orm";
import { db, first } from "#app/lib/db.server.ts";
import { orders, refunds } from "#db/tables.ts";
import { OVERVIEW_DAYS } from "./overview.server.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Most unpaid cash orders the overview names (the CSV names them all). */
export const UNPAID_CASH_SHOWN = 10;

export type RefundsAndCash = {
  refunded: { count: number; cents: number };
  /** Refunds pending or failed (not tried again), any day. */
  open: { pending: number; failed: number };
  unpaidCash: { count: number; cents: number; oldest: { id: string; createdAt: number; amountCents: number }[] };
};

const unpaidCash = and(eq(orders.paymentType, "COD"), eq(orders.isPaid, false), ne(orders.status, "Cancelled"));

export async function refundsAndCash(now = Date.now()): Promise<RefundsAndCash> {
  const firstDay = (Math.floor(now / DAY_MS) - OVERVIEW_DAYS + 1) * DAY_MS;
  const refunded = await first(
    db()
      .select({ count: count(), cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)`.mapWith(Number) })
      .from(refunds)
      .where(and(eq(refunds.status, "succeeded"), gte(refunds.createdAt, firstDay))),
  );
  const open = await db()
    .select({ status: refunds.status, count: count() })
    .from(refunds)
    .where(
      and(
        inArray(refunds.status, ["pending", "failed"]),
        sql`(${refunds.status} = 'pending' OR ${refunds.retriedAt} IS NULL)`,
      ),
    )
    .groupBy(refunds.status);
  const cash = await first(
    db()
      .select({ count: count(), cents: sql<number>`coalesce(sum(${orders.amountCents}), 0)`.mapWith(Number) })
      .from(orders)
      .where(unpaidCash),
  );
  const oldest = await db()
    .select({ id: orders.id, createdAt: orders.createdAt, amountCents: orders.amountCents })
    .from(orders)
    .where(unpaidCash)
    .orderBy(asc(orders.createdAt))
    .limit(UNPAID_CASH_SHOWN);
  return {
    refunded: { count: refunded?.count ?? 0, cents: refunded?.cents ?? 0 },
    open: {
      pending: open.find((o) => o.status === "pending")?.count ?? 0,
      failed: open.find((o) => o.status === "failed")?.count ?? 0,
    },
    unpaidCash: { count: cash?.count ?? 0, cents: cash?.cents ?? 0, oldest },
  };
}

/** Refunds that went through, per order (for the orders CSV). */
export async function refundedByOrder(orderIds: readonly string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db()
    .select({ orderId: refunds.orderId, cents: sql<number>`sum(${refunds.amountCents})`.mapWith(Number) })
    .from(refunds)
    .where(and(inArray(refunds.orderId, [...orderIds]), eq(refunds.status, "succeeded")))
    .groupBy(refunds.orderId);
  return new Map(rows.map((row) => [row.orderId, row.cents]));
}

// The refund rules every use case shares: which refunds count against what was paid, what the seller may do
// with an order's money in each state, the ledger of an order, and the amount of a refund by line, as the order
// computed it.
import { desc, eq } from "drizzle-orm";
import { first, type Tx } from "#app/lib/db.server.ts";
import { ID_PATTERN } from "#app/lib/ids.ts";
import { computeTotals, DEFAULT_PRICING, lineAmount, shareOut } from "#app/lib/money.ts";
import { refuse } from "#app/lib/refusal.ts";
import type { OrderLine } from "#app/modules/orders/index.server.ts";
import { type OrderStatus, orderPayments, orders, type RefundLine, type RefundState, refunds } from "#db/tables.ts";

export type RefundRow = typeof refunds.$inferSelect;
export type RefundLabel = "Refunded" | "Partly refunded" | "Refund pending" | "Refund failed";

/** Statuses that take money back out of what is left to refund. */
const COUNTING: RefundState[] = ["pending", "succeeded"];

export const counts = (row: Pick<RefundRow, "status">) => COUNTING.includes(row.status);

/** The order's refund state as the seller's list, My Orders and /api show it; null when nothing was refunded. */
export function refundLabel(rows: readonly RefundRow[], paidCents: number): RefundLabel | null {
  if (rows.some((r) => r.status === "pending")) return "Refund pending";
  if (rows.some((r) => r.status === "failed" && r.retriedAt === null)) return "Refund failed";
  const refunded = rows.filter((r) => r.status === "succeeded").reduce((sum, r) => sum + r.amountCents, 0);
  if (refunded <= 0) return null;
  return refunded >= paidCents ? "Refunded" : "Partly refunded";
}

/** A refund the seller can try again: failed and not retried yet, or one Stripe could not be reached for. */
export const needsRetry = (row: RefundRow) =>
  (row.status === "failed" && row.retriedAt === null) ||
  (row.status === "pending" && row.stripeRefundId === null && row.failure !== null);

export type OrderRow = typeof orders.$inferSelect;

export async function orderOf(tx: Tx, orderId: unknown): Promise<OrderRow> {
  if (typeof orderId !== "string" || !ID_PATTERN.test(orderId)) refuse("Order not found", 404);
  const order = await first(tx.select().from(orders).where(eq(orders.id, orderId)));
  // The seller sees cash orders and paid online ones only.
  if (!order || (order.paymentType === "Online" && !order.isPaid)) refuse("Order not found", 404);
  return order;
}

/** What may be done with the order's money now: cancel and refund, refund, or nothing (and why). */
export function refundRules(
  order: OrderRow,
  returned: boolean,
): { canCancel: boolean; canRefund: boolean; why: string | null } {
  if (order.paymentType !== "Online") {
    return { canCancel: false, canRefund: false, why: "Cash orders are not refunded through the store." };
  }
  const byStatus: Record<OrderStatus, { canCancel: boolean; canRefund: boolean; why: string | null }> = {
    "Order Placed": { canCancel: true, canRefund: true, why: null },
    Shipped: {
      canCancel: false,
      canRefund: false,
      why: "The order has shipped: it can no longer be cancelled. Once it is delivered and comes back, mark it returned and refund it.",
    },
    Delivered: returned
      ? { canCancel: false, canRefund: true, why: null }
      : {
          canCancel: false,
          canRefund: false,
          why: "A delivered order is refunded once it has come back: mark it returned first.",
        },
    Cancelled: { canCancel: false, canRefund: true, why: null },
  };
  return byStatus[order.status];
}

/** Units of each line (by index) already refunded by line, by refunds that count (or that put units back). */
export function refundedUnits(rows: readonly RefundRow[], restockedOnly = false): Map<number, number> {
  const units = new Map<number, number>();
  for (const row of rows) {
    if (restockedOnly ? !row.restock : !counts(row)) continue;
    for (const line of row.lines ?? []) units.set(line.position, (units.get(line.position) ?? 0) + line.quantity);
  }
  return units;
}

export function ledgerOf(tx: Tx, orderId: string): Promise<RefundRow[]> {
  return tx.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(desc(refunds.createdAt));
}

export const isReturned = async (tx: Tx, orderId: string) =>
  Boolean(
    (
      await first(
        tx.select({ at: orderPayments.returnedAt }).from(orderPayments).where(eq(orderPayments.orderId, orderId)),
      )
    )?.at,
  );

/**
 * Each line's share of the order's discount, as stored when it was placed. An order placed before shares were
 * stored (decision 0215) spreads its discount over all its lines by their amounts, as computeTotals does for a
 * code that applies to every line.
 */
function discountShares(order: Pick<OrderRow, "discountCents">, lines: readonly OrderLine[]): number[] {
  if (lines.every((line) => typeof line.discountCents === "number"))
    return lines.map((line) => line.discountCents ?? 0);
  return shareOut(order.discountCents, lines.map(lineAmount));
}

/**
 * The amount of a refund by line, as the order computed it: the units' prices less their line's share of the
 * order's discount, and the tax on that when it was added on top (at the order's own rate; shipping is not refunded
 * by line). A line's share goes back unit by unit, counted from the units refunded before (`done`), so refunding
 * all of a line's units in several refunds gives back its share exactly.
 */
export function linesAmount(
  order: Pick<OrderRow, "discountCents" | "taxRateBasisPoints" | "taxIncluded">,
  orderLines: readonly OrderLine[],
  refunded: readonly RefundLine[],
  done: ReadonlyMap<number, number>,
): number {
  const shares = discountShares(order, orderLines);
  let goodsCents = 0;
  for (const { position, quantity } of refunded) {
    const line = orderLines[position];
    if (!line) continue;
    const share = shares[position] ?? 0;
    const before = done.get(position) ?? 0;
    const shareOf = (units: number) => Math.floor((share * units) / line.quantity);
    goodsCents +=
      lineAmount({ unitPriceCents: line.unitPriceCents, quantity }) - (shareOf(before + quantity) - shareOf(before));
  }
  const pricing = { ...DEFAULT_PRICING, taxRateBasisPoints: order.taxRateBasisPoints, taxIncluded: order.taxIncluded };
  return computeTotals([{ unitPriceCents: goodsCents, quantity: 1 }], pricing).totalCents;
}

/** Whether every unit of every line has been refunded by line, counting `more`. */
export function everyUnitRefunded(
  orderLines: readonly OrderLine[],
  rows: readonly RefundRow[],
  more: readonly RefundLine[],
) {
  const units = refundedUnits(rows);
  for (const line of more) units.set(line.position, (units.get(line.position) ?? 0) + line.quantity);
  return orderLines.every((line, index) => (units.get(index) ?? 0) >= line.quantity);
}

// What a payment adds to an order beyond the spec's isPaid (the `order_payments` table): the Stripe payment
// intent an online order was paid with, and cash orders the seller marks paid on delivery. A cash order marked
// paid by mistake can be set back to unpaid until an orders CSV has carried it as paid (the books have it then).
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { first, type Tx, transaction } from "#app/lib/db.server.ts";
import { ID_PATTERN } from "#app/lib/ids.ts";
import { refuse } from "#app/lib/refusal.ts";
import { orderPayments, orders } from "#db/tables.ts";

/** An online order was paid with this payment intent (kept so refunds and Stripe's refund events find it). */
export async function recordPaymentIntent(tx: Tx, orderId: string, paymentIntentId: string | null): Promise<void> {
  if (!paymentIntentId) return;
  await tx
    .insert(orderPayments)
    .values({ orderId, paymentIntentId })
    .onConflictDoUpdate({ target: orderPayments.orderId, set: { paymentIntentId } });
}

const cashOrder = (orderId: unknown) => {
  if (typeof orderId !== "string" || !ID_PATTERN.test(orderId)) refuse("Order not found", 404);
  return and(eq(orders.id, orderId), eq(orders.paymentType, "COD"));
};

/** The seller took the cash: the cash order is paid (a cancelled one cannot be). */
export async function markCashPaid(orderId: unknown): Promise<void> {
  const which = cashOrder(orderId);
  await transaction(async (tx) => {
    const order = await first(tx.select({ status: orders.status, isPaid: orders.isPaid }).from(orders).where(which));
    if (!order) refuse("Order not found", 404);
    if (order.isPaid) refuse("This cash order is already marked paid.", 409);
    if (order.status === "Cancelled") refuse("A cancelled order cannot be marked paid.", 409);
    const now = Date.now();
    await tx.update(orders).set({ isPaid: true, paidAt: now, updatedAt: now }).where(which);
  });
}

/** Undoes a mistaken "mark paid", unless an orders CSV has carried the order as paid since. */
export async function undoCashPaid(orderId: unknown): Promise<void> {
  const which = cashOrder(orderId);
  await transaction(async (tx) => {
    const order = await first(
      tx
        .select({ isPaid: orders.isPaid, exportedAt: orderPayments.exportedAt })
        .from(orders)
        .leftJoin(orderPayments, eq(orderPayments.orderId, orders.id))
        .where(which),
    );
    if (!order) refuse("Order not found", 404);
    if (!order.isPaid) refuse("This cash order is not marked paid.", 409);
    if (order.exportedAt !== null) {
      refuse("This payment is in an orders export already, so it can no longer be undone.", 409);
    }
    await tx.update(orders).set({ isPaid: false, paidAt: null, updatedAt: Date.now() }).where(which);
  });
}

/** An orders CSV carried these orders: the cash ones marked paid can no longer be set back to unpaid. */
export async function markCashPaymentsExported(orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await transaction(async (tx) => {
    const paid = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(inArray(orders.id, [...orderIds]), eq(orders.paymentType, "COD"), eq(orders.isPaid, true)));
    const now = Date.now();
    for (const { id } of paid) {
      await tx
        .insert(orderPayments)
        .values({ orderId: id, exportedAt: now })
        .onConflictDoUpdate({
          target: orderPayments.orderId,
          set: { exportedAt: sql`coalesce(${orderPayments.exportedAt}, ${now})` },
          setWhere: isNull(orderPayments.exportedAt),
        });
    }
  });
}

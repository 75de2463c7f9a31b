// The trending count: each product's units in placed orders (cash orders, online ones once paid) that were not
// cancelled, kept in products.units_sold so the home page reads the top six from an index instead of summing
// every order line. The order services call this in the same transaction as the change.
import { eq, sql } from "drizzle-orm";
import type { Tx } from "#app/lib/db.server.ts";
import { orderItems, orders, products } from "#db/schema.ts";

/**
 * Counts an order's units in (+1: a cash order was placed, an online order was paid) or out (-1: a placed
 * order was cancelled). An order that is not placed (online, unpaid) was never counted and changes nothing.
 */
export function countOrderUnits(tx: Tx, orderId: string, direction: 1 | -1): void {
  const order = tx
    .select({ paymentType: orders.paymentType, isPaid: orders.isPaid })
    .from(orders)
    .where(eq(orders.id, orderId))
    .get();
  if (!order || (order.paymentType !== "COD" && !order.isPaid)) return;
  const lines = tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .all();
  for (const line of lines) {
    tx.update(products)
      .set({ unitsSold: sql`${products.unitsSold} + ${direction * line.quantity}` })
      .where(eq(products.id, line.productId))
      .run();
  }
}

// The trending count: each product's units in placed orders (cash orders, online ones once paid) that were not
// cancelled, kept in products.units_sold so the home page reads the top six from an index instead of summing
// every order line. The order services call this in the same transaction as the change.
import { eq, sql } from "drizzle-orm";
import { first, type Tx } from "#app/lib/db.server.ts";
import { orderItems, orders, products } from "#db/tables.ts";

/**
 * Counts an order's units in (+1: a cash order was placed, an online order was paid) or out (-1: a placed
 * order was cancelled). An order that is not placed (online, unpaid) was never counted and changes nothing.
 */
export async function countOrderUnits(tx: Tx, orderId: string, direction: 1 | -1): Promise<void> {
  const order = await first(
    tx.select({ paymentType: orders.paymentType, isPaid: orders.isPaid }).from(orders).where(eq(orders.id, orderId)),
  );
  if (!order || (order.paymentType !== "COD" && !order.isPaid)) return;
  const lines = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  for (const line of lines) {
    await tx
      .update(products)
      .set({ unitsSold: sql`${products.unitsSold} + ${direction * line.quantity}` })
      .where(eq(products.id, line.productId));
  }
}

// What a shopper has received: the reviews module asks it who may review a product (issue 21). An order counts
// once delivered, unless it came back and was refunded in full (then its buyer is no longer a verified buyer).
import { type AnyColumn, and, desc, eq, not, type SQL, sql } from "drizzle-orm";
import { type Db, db, preparedPerConnection, type Tx } from "#app/lib/db.server.ts";
import { orderItems, orderPayments, orders, refunds } from "#db/tables.ts";

/** The order (the `orders` row of the query) came back and all it was paid went back through refunds. */
const returnedAndRefunded = sql`(exists (select 1 from ${orderPayments} where ${orderPayments.orderId} = ${orders.id} and ${orderPayments.returnedAt} is not null) and (select coalesce(sum(${refunds.amountCents}), 0) from ${refunds} where ${refunds.orderId} = ${orders.id} and ${refunds.status} = 'succeeded') >= ${orders.amountCents})`;

/** THE rule for a delivery that makes a buyer: delivered, and not returned and refunded in full. */
const keptDelivery = and(eq(orders.status, "Delivered"), not(returnedAndRefunded));

/** Whether the shopper in `userId` holds a kept delivery of the product in `productId` (columns of the outer query). */
export function keptDeliveryOf(userId: AnyColumn, productId: AnyColumn): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${orders} inner join ${orderItems} on ${orderItems.orderId} = ${orders.id} where ${orders.userId} = ${userId} and ${orderItems.productId} = ${productId} and ${keptDelivery})`.mapWith(
    Boolean,
  );
}

/**
 * The sizes of `productId` in the shopper's delivered orders, most recent order first ('' for a product without
 * sizes); empty when they have no delivered order with it.
 */
export async function deliveredSizesIn(tx: Tx | Db, userId: string, productId: string): Promise<string[]> {
  const rows = await tx
    .select({ size: orderItems.size })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.userId, userId), keptDelivery, eq(orderItems.productId, productId)))
    .orderBy(desc(orders.createdAt));
  return [...new Set(rows.map((row) => row.size))];
}

/** Whether the shopper has a delivered order with `productId`: one indexed look-up, prepared once per connection. */
const deliveredOn = preparedPerConnection((connection) =>
  connection
    .select({ one: sql<number>`1` })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, sql.placeholder("userId")),
        keptDelivery,
        eq(orderItems.productId, sql.placeholder("productId")),
      ),
    )
    .limit(1)
    .prepare(),
);

export async function hasDelivered(userId: string, productId: string): Promise<boolean> {
  return (await deliveredOn(db(), { userId, productId })) !== undefined;
}

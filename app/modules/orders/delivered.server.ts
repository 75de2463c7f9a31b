// What a shopper has received: the reviews module asks it who may review a product (issue 21).
import { and, desc, eq, sql } from "drizzle-orm";
import { type Db, db, preparedPerConnection, type Tx } from "#app/lib/db.server.ts";
import { orderItems, orders } from "#db/tables.ts";

/**
 * The sizes of `productId` in the shopper's delivered orders, most recent order first ('' for a product without
 * sizes); empty when they have no delivered order with it.
 */
export async function deliveredSizesIn(tx: Tx | Db, userId: string, productId: string): Promise<string[]> {
  const rows = await tx
    .select({ size: orderItems.size })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.userId, userId), eq(orders.status, "Delivered"), eq(orderItems.productId, productId)))
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
        eq(orders.status, "Delivered"),
        eq(orderItems.productId, sql.placeholder("productId")),
      ),
    )
    .limit(1)
    .prepare(),
);

export async function hasDelivered(userId: string, productId: string): Promise<boolean> {
  return (await deliveredOn(db(), { userId, productId })) !== undefined;
}

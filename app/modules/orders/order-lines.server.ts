// THE way order lines are read: every reader of an order's lines (My Orders, the seller's list, mail, exports,
// payments, the units an open checkout still holds) goes through orderLinesIn, so what "a line" is (its size,
// its price at the time, its product as it is now or gone) is decided once. Only the stock and trending counters read their own two columns.
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "#app/lib/db.server.ts";
import { orderItems, products } from "#db/tables.ts";

/** What a line shows when its product row is gone. */
export const MISSING_PRODUCT_NAME = "Product not found";

/** A stored order line with its product as it is now; product is null when the product row is gone. */
export type OrderLine = {
  productId: string;
  /** The size ordered ('' for a product without sizes). */
  size: string;
  quantity: number;
  unitPriceCents: number;
  /** The line's share of the order's discount; null for orders placed before shares were stored. */
  discountCents?: number | null;
  product: { id: string; name: string; category: string; images: string[]; offerPriceCents: number } | null;
};

/**
 * The lines of these orders joined with their products (a LEFT join: a product row can only vanish with
 * foreign keys off, and the order must still list), grouped by order id, in the order they were placed.
 * `onlyStockTaken`: only the lines that took units from stock when the order was placed (a line whose size
 * had none left took none), i.e. the lines whose units an open order still holds.
 */
export async function orderLinesIn(
  tx: Tx | Db,
  orderIds: readonly string[],
  options: { onlyStockTaken?: boolean } = {},
): Promise<Map<string, OrderLine[]>> {
  const byOrder = new Map<string, OrderLine[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await tx
    .select({
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      size: orderItems.size,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
      discountCents: orderItems.discountCents,
      product: {
        id: products.id,
        name: products.name,
        category: products.category,
        images: products.images,
        offerPriceCents: products.offerPriceCents,
      },
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(
      and(
        inArray(orderItems.orderId, [...orderIds]),
        options.onlyStockTaken ? eq(orderItems.stockTaken, true) : undefined,
      ),
    )
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
  for (const { orderId, ...line } of rows) {
    const lines = byOrder.get(orderId);
    if (lines) lines.push(line);
    else byOrder.set(orderId, [line]);
  }
  return byOrder;
}

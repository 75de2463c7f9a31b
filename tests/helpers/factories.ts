// Rows for tests, written straight to the test's own database (each in a transaction of its own).
import { and, eq, type SQL } from "drizzle-orm";
import { db, transaction } from "#app/lib/db.server.ts";
import { newId } from "#app/lib/ids.ts";
import { NO_SIZE } from "#app/modules/inventory/shared/sizes.ts";
import { orderItems, orders, productSizes, products } from "#db/tables.ts";

export type StockOptions = {
  /** Sizes and their counts (null: not counted), in order; without them the product has no sizes. */
  sizes?: readonly (readonly [size: string, stock: number | null])[];
  /** The count of a product without sizes (null, the default: not counted). */
  stock?: number | null;
};

export async function createProduct(overrides: Partial<typeof products.$inferInsert> = {}, options: StockOptions = {}) {
  const row = {
    id: newId(),
    name: `Test Shirt ${Math.random().toString(36).slice(2, 8)}`,
    category: "Men",
    description: ["Soft cotton", "Regular fit"],
    priceCents: 2999,
    offerPriceCents: 1999,
    images: ["/uploads/test.webp"],
    inStock: true,
    ...overrides,
  };
  const lines = options.sizes ?? [[NO_SIZE, options.stock ?? null]];
  await transaction(async (tx) => {
    await tx.insert(products).values(row);
    await tx
      .insert(productSizes)
      .values(lines.map(([size, stock], position) => ({ productId: row.id, size, stock, position })));
  });
  return row;
}

/** A product's counts by size ('' for a product without sizes). */
export async function stockOf(productId: string): Promise<Record<string, number | null>> {
  const rows = await db().select().from(productSizes).where(eq(productSizes.productId, productId));
  return Object.fromEntries(rows.map((r) => [r.size, r.stock]));
}

/** Units of a product in the orders matching `where` (e.g. cash orders, or paid ones). */
export async function unitsInOrders(productId: string, where: SQL | undefined): Promise<number> {
  const lines = await db()
    .select({ quantity: orderItems.quantity })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.productId, productId), where));
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** The store's clear refusal of an order for a size that has fewer than 5 units left, or none. */
export const LINEN_SHIRT_M_REFUSAL = /^(Only [1-4] left of Linen Shirt, M|Linen Shirt, M is sold out)$/;

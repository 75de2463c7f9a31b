// The seller's product pages: one product as the seller sees it (removed ones too), the list of every product
// (on sale first, newest first; or only those low on stock), and the page of the list a product is on.
import { and, asc, count, desc, eq, exists, gt, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import { db, first } from "#app/lib/db.server.ts";
import { ID_PATTERN } from "#app/lib/ids.ts";
import { type Page, pageWindow, SELLER_PAGE_SIZE } from "#app/lib/paging.ts";
import { LOW_STOCK, type SizeStock } from "#app/modules/inventory/shared/sizes.ts";
import { productSizes, products } from "#db/tables.ts";
import { stockLinesIn } from "./stock.server.ts";

export type SellerProduct = {
  id: string;
  name: string;
  category: string;
  description: string[];
  priceCents: number;
  offerPriceCents: number;
  images: string[];
  inStock: boolean;
  removedAt: number | null;
  /** Its sizes and counts ('' alone: a product without sizes). */
  sizes: SizeStock[];
};

const sellerProductColumns = {
  id: products.id,
  name: products.name,
  category: products.category,
  description: products.description,
  priceCents: products.priceCents,
  offerPriceCents: products.offerPriceCents,
  images: products.images,
  inStock: products.inStock,
  removedAt: products.removedAt,
};

async function withSizes(rows: Omit<SellerProduct, "sizes">[]): Promise<SellerProduct[]> {
  const sizes = await stockLinesIn(
    db(),
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, sizes: sizes.get(row.id) ?? [] }));
}

/** One product as the seller sees it (also a removed one), or null for an unknown or malformed id. */
export async function getProductForSeller(productId: string): Promise<SellerProduct | null> {
  if (typeof productId !== "string" || !ID_PATTERN.test(productId)) return null;
  const row = await first(db().select(sellerProductColumns).from(products).where(eq(products.id, productId)));
  return row ? (await withSizes([row]))[0]! : null;
}

/**
 * Products on sale first (0), removed ones after (1): an integer on every engine (a comparison is 0/1 on SQLite but
 * a boolean on PostgreSQL, and the page of a row compares it with a value read back).
 */
const removedLast = sql<number>`(CASE WHEN ${products.removedAt} IS NULL THEN 0 ELSE 1 END)`.mapWith(Number);

/**
 * A product on sale with a counted size at or below the shop's threshold `at` (sold out, or oversold, included):
 * time to restock.
 */
const lowStock = (at: number) =>
  and(
    isNull(products.removedAt),
    exists(
      db()
        .select({ one: sql`1` })
        .from(productSizes)
        .where(
          and(eq(productSizes.productId, products.id), isNotNull(productSizes.stock), lte(productSizes.stock, at)),
        ),
    ),
  );

/**
 * One page of every product: those on sale first, newest first; those removed from sale after them.
 * `onlyLowStock` keeps the products on sale that are low on some size. A page past the end is the last page.
 */
export async function listSellerProducts({
  onlyLowStock = false,
  lowStockAt = LOW_STOCK,
  page = 1,
  limit = SELLER_PAGE_SIZE,
}: {
  onlyLowStock?: boolean;
  /** The shop's low-stock threshold (its settings). */
  lowStockAt?: number;
  page?: number;
  limit?: number;
} = {}): Promise<Page<SellerProduct>> {
  const where = onlyLowStock ? lowStock(lowStockAt) : undefined;
  const total = (await first(db().select({ n: count() }).from(products).where(where)))?.n ?? 0;
  const window = pageWindow(total, page, limit);
  const rows = await db()
    .select(sellerProductColumns)
    .from(products)
    .where(where)
    .orderBy(removedLast, desc(products.createdAt), asc(products.id))
    .limit(limit)
    .offset(window.offset);
  return { rows: await withSizes(rows), total, page: window.page, pageCount: window.pageCount };
}

/**
 * The page of the seller's list (`onlyLowStock`: the low-stock list) a product's row is on, or null when the
 * list does not hold it: a change that moves a row (Remove from sale sends it to the end) comes back to it.
 */
export async function sellerProductPage(
  productId: string,
  {
    onlyLowStock = false,
    lowStockAt = LOW_STOCK,
    limit = SELLER_PAGE_SIZE,
  }: { onlyLowStock?: boolean; lowStockAt?: number; limit?: number } = {},
): Promise<number | null> {
  const removed = removedLast;
  const row = await first(
    db()
      .select({ removed, createdAt: products.createdAt })
      .from(products)
      .where(and(eq(products.id, productId), onlyLowStock ? lowStock(lowStockAt) : undefined)),
  );
  if (!row) return null;
  // The rows before it in the list's order: on sale first, newest first, then by id.
  const before = or(
    sql`${removed} < ${row.removed}`,
    and(sql`${removed} = ${row.removed}`, gt(products.createdAt, row.createdAt)),
    and(sql`${removed} = ${row.removed}`, eq(products.createdAt, row.createdAt), lt(products.id, productId)),
  );
  const counted = await first(
    db()
      .select({ n: count() })
      .from(products)
      .where(and(before, onlyLowStock ? lowStock(lowStockAt) : undefined)),
  );
  const rank = counted?.n ?? 0;
  return Math.floor(rank / limit) + 1;
}

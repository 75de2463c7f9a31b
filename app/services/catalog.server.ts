// What shoppers can see of the catalogue: the product lists, one product, related and trending
// products, and the /api JSON shape. Products removed by the seller (removedAt set) are never shown.
import { and, desc, eq, exists, gt, isNull, ne, or, sql, sum } from "drizzle-orm";
import type { CategoryPath } from "#app/lib/categories.ts";
import { db } from "#app/lib/db.server.ts";
import { ID_PATTERN } from "#app/lib/ids.ts";
import { centsToDecimal } from "#app/lib/money.ts";
import { isAvailable, NO_SIZE, type SizeStock } from "#app/lib/sizes.ts";
import { foldForSearch, nameContains } from "#app/lib/sqlite-search.server.ts";
import { orderItems, orders, productSizes, products } from "#db/schema.ts";
import { stockLinesIn } from "./stock.server.ts";

/** A product with its sizes and their counts (see app/lib/sizes.ts). */
export type Product = typeof products.$inferSelect & { sizes: SizeStock[] };

/** Search text beyond this many characters is ignored (no product name is longer). */
export const MAX_SEARCH_LENGTH = 100;

export const TRENDING_LIMIT = 6;
export const RELATED_LIMIT = 5;

const onSale = isNull(products.removedAt);
const inStock = eq(products.inStock, true);
/** Some size can still be bought (a product whose counted sizes are all at 0 is sold out). */
const notSoldOut = () =>
  exists(
    db()
      .select({ one: sql`1` })
      .from(productSizes)
      .where(and(eq(productSizes.productId, products.id), or(isNull(productSizes.stock), gt(productSizes.stock, 0)))),
  );

/** The rows with their sizes and counts, read in one query. */
function withSizes(rows: (typeof products.$inferSelect)[]): Product[] {
  const sizes = stockLinesIn(
    db(),
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, sizes: sizes.get(row.id) ?? [] }));
}
const newestFirst = [desc(products.createdAt), desc(products.id)];

/** The search text as the queries use it: trimmed, capped, folded; "" means no filter. */
export function normalizeSearch(q: string | null | undefined): string {
  if (typeof q !== "string") return "";
  return foldForSearch(q.trim().slice(0, MAX_SEARCH_LENGTH));
}

/**
 * In-stock products on sale (sold out ones too: their cards say so), newest first, optionally of one
 * category and/or whose name contains `q` (case-insensitive, anywhere in the name).
 */
export async function listProducts({ category, q }: { category?: CategoryPath; q?: string | null } = {}) {
  const search = normalizeSearch(q);
  const rows = db()
    .select()
    .from(products)
    .where(
      and(
        onSale,
        inStock,
        category ? eq(products.category, category) : undefined,
        search ? nameContains(search) : undefined,
      ),
    )
    .orderBy(...newestFirst)
    .all();
  return withSizes(rows);
}

/** Every product on sale, in stock or not, newest first (GET /api/product/list). */
export async function listAllProducts(): Promise<Product[]> {
  return withSizes(
    db()
      .select()
      .from(products)
      .where(onSale)
      .orderBy(...newestFirst)
      .all(),
  );
}

/** One product on sale (in stock or not), or null for an unknown, malformed or removed id. */
export async function getProduct(id: string): Promise<Product | null> {
  if (!ID_PATTERN.test(id)) return null;
  const row = db()
    .select()
    .from(products)
    .where(and(eq(products.id, id), onSale))
    .get();
  return row ? withSizes([row])[0]! : null;
}

/** Up to `limit` other in-stock products of the same category (not sold out), newest first. */
export async function relatedProducts(product: Pick<Product, "id" | "category">, limit = RELATED_LIMIT) {
  return withSizes(
    db()
      .select()
      .from(products)
      .where(and(onSale, inStock, notSoldOut(), eq(products.category, product.category), ne(products.id, product.id)))
      .orderBy(...newestFirst)
      .limit(limit)
      .all(),
  );
}

/**
 * Up to `limit` in-stock products that are not sold out: those ordered most often (units in orders that were
 * not cancelled) first, then the newest.
 */
export async function trendingProducts(limit = TRENDING_LIMIT): Promise<Product[]> {
  const unitsOrdered = db()
    .select({ productId: orderItems.productId, units: sum(orderItems.quantity).as("units") })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(ne(orders.status, "Cancelled"))
    .groupBy(orderItems.productId)
    .as("units_ordered");
  return withSizes(
    db()
      .select({ product: products })
      .from(products)
      .leftJoin(unitsOrdered, eq(unitsOrdered.productId, products.id))
      .where(and(onSale, inStock, notSoldOut()))
      .orderBy(desc(sql`coalesce(${unitsOrdered.units}, 0)`), ...newestFirst)
      .limit(limit)
      .all()
      .map((row) => row.product),
  );
}

export type ApiSize = { size: string; stock: number | null; inStock: boolean };

export type ApiProduct = {
  _id: string;
  name: string;
  category: string;
  description: string[];
  price: number;
  offerPrice: number;
  image: string[];
  /** The seller's switch (the spec's field); each size says whether it can be bought. */
  inStock: boolean;
  /** The sizes, as the spec's Size text ('S, M, L'); absent for a product without sizes ('Free Size'). */
  weight?: string;
  /** A product with sizes: each with its count (null: not counted) and whether it can be bought now. */
  sizes?: ApiSize[];
  /** A product without sizes: its count (null: not counted). */
  stock?: number | null;
  createdAt: string;
};

/** A product in the spec's JSON shape (section 7): `_id`, decimal prices, `image` list, plus its sizes. */
export function toApiProduct(row: Product): ApiProduct {
  const sized = row.sizes.filter((line) => line.size !== NO_SIZE);
  return {
    _id: row.id,
    name: row.name,
    category: row.category,
    description: row.description,
    price: centsToDecimal(row.priceCents),
    offerPrice: centsToDecimal(row.offerPriceCents),
    image: row.images,
    inStock: row.inStock,
    ...(sized.length > 0
      ? {
          weight: sized.map((line) => line.size).join(", "),
          sizes: sized.map(({ size, stock }) => ({ size, stock, inStock: row.inStock && isAvailable(stock) })),
        }
      : { stock: row.sizes[0]?.stock ?? null }),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

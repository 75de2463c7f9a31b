// What shoppers can see of the catalogue: the product lists, one product, related and trending
// products, and the /api JSON shape. Products removed by the seller (removedAt set) are never shown.
import { and, desc, eq, isNull, ne, sql, sum } from "drizzle-orm";
import type { CategoryPath } from "#app/lib/categories.ts";
import { db } from "#app/lib/db.server.ts";
import { ID_PATTERN } from "#app/lib/ids.ts";
import { centsToDecimal } from "#app/lib/money.ts";
import { foldForSearch, nameContains } from "#app/lib/sqlite-search.server.ts";
import { orderItems, orders, products } from "#db/schema.ts";

export type Product = typeof products.$inferSelect;

/** Search text beyond this many characters is ignored (no product name is longer). */
export const MAX_SEARCH_LENGTH = 100;

/** The size label shown when a product has none. */
export const DEFAULT_SIZE = "Free Size";

export const TRENDING_LIMIT = 6;
export const RELATED_LIMIT = 5;

const onSale = isNull(products.removedAt);
const inStock = eq(products.inStock, true);
const newestFirst = [desc(products.createdAt), desc(products.id)];

/** The search text as the queries use it: trimmed, capped, folded; "" means no filter. */
export function normalizeSearch(q: string | null | undefined): string {
  if (typeof q !== "string") return "";
  return foldForSearch(q.trim().slice(0, MAX_SEARCH_LENGTH));
}

/**
 * In-stock products on sale, newest first, optionally of one category and/or whose name contains `q`
 * (case-insensitive, anywhere in the name).
 */
export async function listProducts({ category, q }: { category?: CategoryPath; q?: string | null } = {}) {
  const search = normalizeSearch(q);
  return db()
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
}

/** Every product on sale, in stock or not, newest first (GET /api/product/list). */
export async function listAllProducts(): Promise<Product[]> {
  return db()
    .select()
    .from(products)
    .where(onSale)
    .orderBy(...newestFirst)
    .all();
}

/** One product on sale (in stock or not), or null for an unknown, malformed or removed id. */
export async function getProduct(id: string): Promise<Product | null> {
  if (!ID_PATTERN.test(id)) return null;
  return (
    db()
      .select()
      .from(products)
      .where(and(eq(products.id, id), onSale))
      .get() ?? null
  );
}

/** Up to `limit` other in-stock products of the same category, newest first. */
export async function relatedProducts(product: Pick<Product, "id" | "category">, limit = RELATED_LIMIT) {
  return db()
    .select()
    .from(products)
    .where(and(onSale, inStock, eq(products.category, product.category), ne(products.id, product.id)))
    .orderBy(...newestFirst)
    .limit(limit)
    .all();
}

/**
 * Up to `limit` in-stock products: those ordered most often (units in orders that were not cancelled)
 * first, then the newest.
 */
export async function trendingProducts(limit = TRENDING_LIMIT): Promise<Product[]> {
  const unitsOrdered = db()
    .select({ productId: orderItems.productId, units: sum(orderItems.quantity).as("units") })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(ne(orders.status, "Cancelled"))
    .groupBy(orderItems.productId)
    .as("units_ordered");
  return db()
    .select({ product: products })
    .from(products)
    .leftJoin(unitsOrdered, eq(unitsOrdered.productId, products.id))
    .where(and(onSale, inStock))
    .orderBy(desc(sql`coalesce(${unitsOrdered.units}, 0)`), ...newestFirst)
    .limit(limit)
    .all()
    .map((row) => row.product);
}

/** The size label shown on the product page and in the cart. */
export function sizeLabel(product: Pick<Product, "size">): string {
  return product.size?.trim() || DEFAULT_SIZE;
}

export type ApiProduct = {
  _id: string;
  name: string;
  category: string;
  description: string[];
  price: number;
  offerPrice: number;
  image: string[];
  inStock: boolean;
  /** The size label when the product has one (the spec calls it weight; pages show 'Free Size' otherwise). */
  weight?: string;
  createdAt: string;
};

/** A product in the spec's JSON shape (section 7): `_id`, decimal prices, `image` list. */
export function toApiProduct(row: Product): ApiProduct {
  return {
    _id: row.id,
    name: row.name,
    category: row.category,
    description: row.description,
    price: centsToDecimal(row.priceCents),
    offerPrice: centsToDecimal(row.offerPriceCents),
    image: row.images,
    inStock: row.inStock,
    ...(row.size?.trim() ? { weight: row.size.trim() } : {}),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

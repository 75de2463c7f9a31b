// What shoppers can see of the catalogue: the product lists, one product, related and trending
// products, and the /api JSON shape. Products removed by the seller (removedAt set) are never shown.
import type Database from "better-sqlite3";
import { and, desc, eq, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { CategoryPath } from "#app/lib/categories.ts";
import { db } from "#app/lib/db.server.ts";
import { ID_PATTERN } from "#app/lib/ids.ts";
import { centsToDecimal } from "#app/lib/money.ts";
import { orderItems, orders, products } from "#db/schema.ts";

export type Product = typeof products.$inferSelect;

/** Search text beyond this many characters is ignored (no product name is longer). */
export const MAX_SEARCH_LENGTH = 100;

/** The size label shown when a product has none. */
export const DEFAULT_SIZE = "Free Size";

export const TRENDING_LIMIT = 6;
export const RELATED_LIMIT = 5;

const onSale = isNull(products.removedAt);
const newestFirst = [desc(products.createdAt), desc(products.id)];

// SQLite's lower() only folds ASCII; this function folds any letter, so "CAFÉ" finds "Café".
const FOLD_FUNCTION = "store_fold";
const connectionsWithFold = new WeakSet<Database.Database>();

/** Case-folds text the same way in SQL and in JavaScript. */
export function foldForSearch(text: string): string {
  return text.normalize("NFKC").toLowerCase();
}

function withFold() {
  const database = db();
  if (!connectionsWithFold.has(database.$client)) {
    database.$client.function(FOLD_FUNCTION, { deterministic: true }, (value: unknown) =>
      typeof value === "string" ? foldForSearch(value) : null,
    );
    connectionsWithFold.add(database.$client);
  }
  return database;
}

/** The search text as the queries use it: trimmed, capped, folded; "" means no filter. */
export function normalizeSearch(q: string | null | undefined): string {
  if (typeof q !== "string") return "";
  return foldForSearch(q.trim().slice(0, MAX_SEARCH_LENGTH));
}

// instr() matches the text literally, so quotes, % and _ need no escaping; the text is a bound parameter.
function nameContains(q: string): SQL | undefined {
  const folded = normalizeSearch(q);
  if (!folded) return undefined;
  return sql`instr(${sql.raw(FOLD_FUNCTION)}(${products.name}), ${folded}) > 0`;
}

/**
 * In-stock products on sale, newest first, optionally of one category and/or whose name contains `q`
 * (case-insensitive, anywhere in the name). The catalogue is small, so the whole list is returned.
 */
export function listProducts({ category, q }: { category?: CategoryPath; q?: string | null } = {}): Product[] {
  return withFold()
    .select()
    .from(products)
    .where(
      and(
        onSale,
        eq(products.inStock, true),
        category ? eq(products.category, category) : undefined,
        nameContains(q ?? ""),
      ),
    )
    .orderBy(...newestFirst)
    .all();
}

/** Every product on sale, in stock or not, newest first (GET /api/product/list). */
export function listAllProducts(): Product[] {
  return db()
    .select()
    .from(products)
    .where(onSale)
    .orderBy(...newestFirst)
    .all();
}

/** One product on sale (in stock or not), or null for an unknown, malformed or removed id. */
export function getProduct(id: string): Product | null {
  if (!ID_PATTERN.test(id)) return null;
  return (
    db()
      .select()
      .from(products)
      .where(and(eq(products.id, id), onSale))
      .get() ?? null
  );
}

/** Products on sale among `ids` (in stock or not); unknown and malformed ids are skipped. */
export function getProductsByIds(ids: readonly string[]): Product[] {
  const wanted = [...new Set(ids)].filter((id) => ID_PATTERN.test(id)).slice(0, 500);
  if (wanted.length === 0) return [];
  return db()
    .select()
    .from(products)
    .where(and(inArray(products.id, wanted), onSale))
    .all();
}

/** Up to `limit` other in-stock products of the same category, newest first. */
export function relatedProducts(product: Pick<Product, "id" | "category">, limit = RELATED_LIMIT): Product[] {
  return db()
    .select()
    .from(products)
    .where(
      and(onSale, eq(products.inStock, true), eq(products.category, product.category), ne(products.id, product.id)),
    )
    .orderBy(...newestFirst)
    .limit(limit)
    .all();
}

/**
 * Up to `limit` in-stock products: those ordered most often (units in orders that were not cancelled)
 * first, then the newest.
 */
export function trendingProducts(limit = TRENDING_LIMIT): Product[] {
  const unitsOrdered = db()
    .select({
      productId: orderItems.productId,
      units: sql<number>`sum(${orderItems.quantity})`.as("units"),
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(ne(orders.status, "Cancelled"))
    .groupBy(orderItems.productId)
    .as("units_ordered");
  return db()
    .select({ product: products })
    .from(products)
    .leftJoin(unitsOrdered, eq(unitsOrdered.productId, products.id))
    .where(and(onSale, eq(products.inStock, true)))
    .orderBy(desc(sql`coalesce(${unitsOrdered.units}, 0)`), ...newestFirst)
    .limit(limit)
    .all()
    .map((row) => row.product);
}

/** The size label shown on the product page. */
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

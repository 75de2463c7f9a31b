// What shoppers can see of the catalogue: the product lists (a page at a time), one product, related and
// trending products, and the /api JSON shape. Products removed by the seller (removedAt set) are never shown.
// Every list is read in the order of one index and cut at its page (docs/decisions/0101).
import { and, asc, count, desc, eq, exists, gt, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import { CATEGORY_PATHS, type CategoryPath } from "#app/lib/categories.ts";
import { db, first } from "#app/lib/db.server.ts";
import { ID_PATTERN } from "#app/lib/ids.ts";
import { DEFAULT_SORT, PAGE_SIZE, type SortOrder } from "#app/lib/listing.ts";
import { countMatches, foldForSearch, pageOfMatches } from "#app/modules/catalog/search.server.ts";
import { stockLinesIn } from "#app/modules/inventory/index.server.ts";
import type { SizeStock } from "#app/modules/inventory/shared/sizes.ts";
import { productSizes, products } from "#db/tables.ts";
import { countOnce } from "./catalogue-version.server.ts";

/** A product with its sizes and their counts (see app/modules/inventory/shared/sizes.ts). */
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

/** Products whose sizes one query reads (SQLite takes at most 32,766 values in one statement). */
const SIZES_PER_QUERY = 1000;

/** The rows with their sizes and counts, read in one query per SIZES_PER_QUERY products. */
async function withSizes(rows: (typeof products.$inferSelect)[]): Promise<Product[]> {
  const sizes = new Map<string, SizeStock[]>();
  for (let i = 0; i < rows.length; i += SIZES_PER_QUERY) {
    const ids = rows.slice(i, i + SIZES_PER_QUERY).map((row) => row.id);
    for (const [id, lines] of await stockLinesIn(db(), ids)) sizes.set(id, lines);
  }
  return rows.map((row) => ({ ...row, sizes: sizes.get(row.id) ?? [] }));
}
/** `seq` is unique and grows with the creation time: newest first is one index order (see db/schema.ts). */
const newestFirst = [desc(products.seq)];
const ORDERS: Record<SortOrder, SQL[]> = {
  newest: newestFirst,
  "price-asc": [asc(products.offerPriceCents), asc(products.seq)],
  "price-desc": [desc(products.offerPriceCents), desc(products.seq)],
  // The kept average (products without reviews, null, come last on both engines: PostgreSQL would put them
  // first), then newest: one index walked backwards.
  rating: [sql`${products.ratingAverage} DESC NULLS LAST`, desc(products.seq)],
};

/**
 * The search text as the queries use it: control characters (NUL, line breaks...) left out, trimmed, capped,
 * folded; "" means no filter.
 */
export function normalizeSearch(q: string | null | undefined): string {
  if (typeof q !== "string") return "";
  return foldForSearch(
    q
      .replace(/\p{Cc}/gu, "")
      .trim()
      .slice(0, MAX_SEARCH_LENGTH),
  );
}

export type ListQuery = {
  category?: CategoryPath;
  q?: string | null;
  sort?: SortOrder;
  /** 1-based. */
  page?: number;
  pageSize?: number;
};

/** One page of a list, and how many products and pages the whole list has. */
export type ProductPage = { products: Product[]; total: number; page: number; pageSize: number; pageCount: number };

/**
 * One page of the products matching `where` (and the search text), in the order asked for. Only the page's
 * products are read: their seqs come from an index (or the search index) walked in order, the rows by seq.
 * The list's size is counted once per catalogue version.
 */
async function pageOf(
  where: SQL | undefined,
  { category, q, sort = DEFAULT_SORT, page = 1, pageSize = PAGE_SIZE }: ListQuery,
  list: string,
): Promise<ProductPage> {
  const folded = normalizeSearch(q);
  const offset = (page - 1) * pageSize;
  const filtered = and(where, category ? eq(products.category, category) : undefined);
  const seqs = folded
    ? await pageOfMatches(db(), {
        folded,
        where: filtered,
        order: sort === "newest" ? "newest" : ORDERS[sort],
        limit: pageSize,
        offset,
      })
    : (
        await db()
          .select({ seq: products.seq })
          .from(products)
          .where(filtered)
          .orderBy(...ORDERS[sort])
          .limit(pageSize)
          .offset(offset)
      ).map((row) => row.seq as number);
  const total = await countOnce(db(), JSON.stringify([list, category ?? "", folded]), async () =>
    folded
      ? countMatches(db(), { folded, where: filtered })
      : ((await first(db().select({ n: count() }).from(products).where(filtered)))?.n ?? 0),
  );
  const rows = seqs.length > 0 ? await db().select().from(products).where(inArray(products.seq, seqs)) : [];
  const bySeq = new Map(rows.map((row) => [row.seq, row]));
  return {
    products: await withSizes(seqs.flatMap((seq) => bySeq.get(seq) ?? [])),
    total,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}

/**
 * A page of the in-stock products on sale (sold out ones too: their cards say so), newest first unless `sort`
 * says otherwise, optionally of one category and/or whose name contains `q` (case-insensitive, anywhere in
 * the name).
 */
export async function listProducts(query: ListQuery = {}): Promise<ProductPage> {
  return pageOf(and(onSale, inStock), query, "in-stock");
}

/**
 * The categories whose list has a product (in stock, on sale), in the shop's order: the home page shows no tile
 * of an empty category. One query a category, once per catalogue version.
 */
export async function categoriesWithProducts(): Promise<CategoryPath[]> {
  const found = await Promise.all(
    CATEGORY_PATHS.map((category) =>
      countOnce(db(), JSON.stringify(["any-in-stock", category]), async () => {
        const where = and(onSale, inStock, eq(products.category, category));
        return (await first(db().select({ one: sql<number>`1` }).from(products).where(where).limit(1))) ? 1 : 0;
      }),
    ),
  );
  return CATEGORY_PATHS.filter((_, i) => found[i] === 1);
}

/** A page of every product on sale, in stock or not, newest first (GET /api/product/list with parameters). */
export async function listProductsOnSale(query: Omit<ListQuery, "sort">): Promise<ProductPage> {
  return pageOf(onSale, { ...query, sort: DEFAULT_SORT }, "on-sale");
}

/** Every product on sale, in stock or not, newest first (GET /api/product/list without parameters). */
export async function listAllProducts(): Promise<Product[]> {
  return withSizes(
    await db()
      .select()
      .from(products)
      .where(onSale)
      .orderBy(...newestFirst),
  );
}

/** One product on sale (in stock or not), or null for an unknown, malformed or removed id. */
export async function getProduct(id: string): Promise<Product | null> {
  if (!ID_PATTERN.test(id)) return null;
  const row = await first(
    db()
      .select()
      .from(products)
      .where(and(eq(products.id, id), onSale)),
  );
  return row ? (await withSizes([row]))[0]! : null;
}

/** Up to `limit` other in-stock products of the same category (not sold out), newest first. */
export async function relatedProducts(product: Pick<Product, "id" | "category">, limit = RELATED_LIMIT) {
  return withSizes(
    await db()
      .select()
      .from(products)
      .where(and(onSale, inStock, notSoldOut(), eq(products.category, product.category), ne(products.id, product.id)))
      .orderBy(...newestFirst)
      .limit(limit),
  );
}

/**
 * Up to `limit` in-stock products that are not sold out: those ordered most often first (units in placed
 * orders that were not cancelled, the count app/modules/catalog/trending.server.ts keeps), then the newest.
 */
export async function trendingProducts(limit = TRENDING_LIMIT): Promise<Product[]> {
  return withSizes(
    await db()
      .select()
      .from(products)
      .where(and(onSale, inStock, notSoldOut()))
      .orderBy(desc(products.unitsSold), ...newestFirst)
      .limit(limit),
  );
}

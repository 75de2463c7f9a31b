// What /sitemap.xml lists: the products a shopper can buy, read in pages by id (a keyset), so the sitemap of a
// catalogue of any size is written as it is read and never held in memory whole.
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { config } from "#app/lib/config.server.ts";
import { db } from "#app/lib/db.server.ts";
import { products } from "#db/tables.ts";

export type SitemapProduct = { id: string; category: string; createdAt: number };

/** Up to `limit` products on sale and in stock, by id, after the id `after` (null: from the first). */
export async function sitemapProducts(after: string | null, limit: number): Promise<SitemapProduct[]> {
  return db()
    .select({ id: products.id, category: products.category, createdAt: products.createdAt })
    .from(products)
    .where(and(isNull(products.removedAt), eq(products.inStock, true), after ? gt(products.id, after) : undefined))
    .orderBy(asc(products.id))
    .limit(limit);
}

/**
 * How long a cache may keep robots.txt and the sitemap. They name the store's address: PUBLIC_URL, or without
 * it the origin the request asked for, which a request with a forged Host could make another site's; so only
 * with PUBLIC_URL may a shared cache keep them.
 */
export function crawlerFileCaching(): string {
  return config().PUBLIC_URL ? "public, max-age=3600" : "no-cache";
}

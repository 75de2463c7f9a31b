// Products by name and names by product: the name a seller's message gives, and the products a discount code's
// list of names picks.
import { asc, eq, inArray, or, sql } from "drizzle-orm";
import { db, first } from "#app/lib/db.server.ts";
import { refuse } from "#app/lib/refusal.ts";
import { products } from "#db/tables.ts";

/** A product's name, for a message about it; 'Product not found' (404) when there is none. */
export async function productNameOf(productId: string): Promise<string> {
  const row = await first(db().select({ name: products.name }).from(products).where(eq(products.id, productId)));
  if (!row) refuse("Product not found", 404);
  return row.name;
}

/** Most products a list of names may pick (a discount code's products). */
export const MAX_NAMED_PRODUCTS = 200;

/**
 * The products a seller names, one name a line (a discount code's products): each name picks every product of
 * that name, whatever its letter case. `unknown` lists the names no product has, as typed.
 */
export async function productIdsNamed(names: readonly string[]): Promise<{ ids: string[]; unknown: string[] }> {
  const wanted = [...new Set(names.map((name) => name.trim()).filter(Boolean))].slice(0, MAX_NAMED_PRODUCTS + 1);
  if (wanted.length === 0) return { ids: [], unknown: [] };
  const rows = await db()
    .select({ id: products.id, name: products.name })
    .from(products)
    // lower() of SQLite folds ASCII letters only: a name typed exactly as stored matches on either engine.
    .where(
      or(
        inArray(products.name, wanted),
        inArray(
          sql`lower(${products.name})`,
          wanted.map((name) => name.toLowerCase()),
        ),
      ),
    )
    .orderBy(asc(products.name), asc(products.id));
  const found = new Set(rows.map((row) => row.name.toLowerCase()));
  return { ids: rows.map((row) => row.id), unknown: wanted.filter((name) => !found.has(name.toLowerCase())) };
}

/** The names of these products, in their order (an id of no product is left out). */
export async function productNamesOf(ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db()
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row.name]));
  return [...new Set(ids.flatMap((id) => byId.get(id) ?? []))];
}

// Saved items: products a shopper keeps to come back to. A visitor's live in a signed cookie
// (visitor-saved.server.ts); a signed-in shopper's in `saved_items`; at sign-in the two are merged, as the cart is.
// Saving needs a product on sale; removing never does (a product taken off sale can still be removed).
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { type Db, db, first, preparedRowsPerConnection, type Tx, transaction } from "#app/lib/db.server.ts";
import { ID_PATTERN } from "#app/lib/ids.ts";
import { SAVED_INTENTS } from "#app/lib/intents.ts";
import { refuse } from "#app/lib/refusal.ts";
import { stockLinesIn } from "#app/modules/inventory/index.server.ts";
import { hasSizes, isAvailable, isLow, isSoldOut, NO_SIZE } from "#app/modules/inventory/shared/sizes.ts";
import { MAX_SAVED_ITEMS, TOO_MANY_SAVED } from "#app/modules/saved/shared/saved-limits.ts";
import { products, savedItems } from "#db/tables.ts";
import { hasVisitorSavedCookie, readVisitorSaved, writeVisitorSaved } from "./visitor-saved.server.ts";

export const SAVED_MESSAGES = { save: "Saved for later", unsave: "Removed from saved items" } as const;
export type SavedChange = { productId: string; op: keyof typeof SAVED_INTENTS };

/** A Save or Remove form's fields, or a 400 refusal (an id we never made, an unknown intent). */
export function parseSavedChange(input: { intent: unknown; productId: unknown }): SavedChange {
  const { intent, productId } = input;
  if (intent !== SAVED_INTENTS.save && intent !== SAVED_INTENTS.unsave) refuse("Unknown saved items action.");
  if (typeof productId !== "string" || !ID_PATTERN.test(productId)) refuse("This product does not exist.", 404);
  return { productId, op: intent };
}

async function savedIdsIn(tx: Tx | Db, userId: string): Promise<string[]> {
  const rows = await tx
    .select({ productId: savedItems.productId })
    .from(savedItems)
    .where(eq(savedItems.userId, userId))
    .orderBy(desc(savedItems.createdAt), desc(savedItems.productId));
  return rows.map((row) => row.productId);
}

/**
 * The product ids whoever sent the request has saved, newest first: the signed-in shopper's rows, else the
 * visitor cookie's ids (a visitor without that cookie costs nothing, so shared pages stay free).
 */
export async function savedProductIds(request: Request, userId: string | null): Promise<string[]> {
  if (!userId) return readVisitorSaved(request);
  return (await savedIdsOn(db(), { userId })).map((row) => row.productId);
}

/** savedIdsIn on the read connection, prepared once per connection (every page of a signed-in shopper asks). */
const savedIdsOn = preparedRowsPerConnection((connection) =>
  connection
    .select({ productId: savedItems.productId })
    .from(savedItems)
    .where(eq(savedItems.userId, sql.placeholder("userId")))
    .orderBy(desc(savedItems.createdAt), desc(savedItems.productId))
    .prepare(),
);

/** A 404 unless the product exists and is on sale. */
async function requireOnSale(tx: Tx | Db, productId: string): Promise<void> {
  const row = await first(
    tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), isNull(products.removedAt))),
  );
  if (!row) refuse("This product is no longer available.", 404);
}

/**
 * Saves a product or removes it from the saved items (both idempotent: saving twice keeps one). Signed in: in
 * one transaction; a visitor: returns the new cookie. At most MAX_SAVED_ITEMS (a clear 409 beyond).
 */
export async function changeSaved(
  request: Request,
  userId: string | null,
  change: SavedChange,
): Promise<{ message: string; cookies: string[] }> {
  const message = SAVED_MESSAGES[change.op];
  if (userId) {
    await transaction(async (tx) => {
      if (change.op === "unsave") {
        await tx
          .delete(savedItems)
          .where(and(eq(savedItems.userId, userId), eq(savedItems.productId, change.productId)));
        return;
      }
      await requireOnSale(tx, change.productId);
      const saved = await savedIdsIn(tx, userId);
      if (saved.includes(change.productId)) return;
      if (saved.length >= MAX_SAVED_ITEMS) refuse(TOO_MANY_SAVED, 409);
      await tx.insert(savedItems).values({ userId, productId: change.productId }).onConflictDoNothing();
    });
    return { message, cookies: [] };
  }
  const saved = await readVisitorSaved(request);
  if (change.op === "unsave") {
    return { message, cookies: [await writeVisitorSaved(saved.filter((id) => id !== change.productId))] };
  }
  await requireOnSale(db(), change.productId);
  if (saved.includes(change.productId)) return { message, cookies: [] };
  if (saved.length >= MAX_SAVED_ITEMS) refuse(TOO_MANY_SAVED, 409);
  return { message, cookies: [await writeVisitorSaved([change.productId, ...saved])] };
}

/**
 * At sign-in, adds the visitor's saved items to the shopper's (products that no longer exist are dropped; at
 * most MAX_SAVED_ITEMS, the shopper's own first). Returns the Set-Cookie value that clears the visitor's
 * cookie, or null when there was none.
 */
export async function mergeVisitorSaved(request: Request, userId: string): Promise<string | null> {
  if (!hasVisitorSavedCookie(request)) return null;
  const visitor = await readVisitorSaved(request);
  if (visitor.length > 0) {
    await transaction(async (tx) => {
      const saved = new Set(await savedIdsIn(tx, userId));
      const found = await tx.select({ id: products.id }).from(products).where(inArray(products.id, visitor));
      const existing = new Set(found.map((p) => p.id));
      // Oldest first, so the visitor's newest stays the newest.
      for (const productId of [...visitor].reverse()) {
        if (saved.has(productId) || !existing.has(productId) || saved.size >= MAX_SAVED_ITEMS) continue;
        await tx.insert(savedItems).values({ userId, productId }).onConflictDoNothing();
        saved.add(productId);
      }
    });
  }
  return writeVisitorSaved([]);
}

/** A size as /saved offers it in the Add to Cart choice. */
export type SavedSize = { size: string; available: boolean; fewLeft: number | null };

/** One saved product as /saved shows it: its price and stock now, or that it was removed from sale. */
export type SavedItem = {
  id: string;
  name: string;
  category: string;
  priceCents: number;
  offerPriceCents: number;
  image: string | undefined;
  /** Taken off sale by the seller: shown as such, cannot be added to the cart. */
  removed: boolean;
  /** The seller's switch is off. */
  inStock: boolean;
  soldOut: boolean;
  /** The sizes to choose from (none for a product without sizes). */
  sizes: SavedSize[];
  /** A product without sizes: its units left when they are few. */
  fewLeft: number | null;
};

/** The saved products of whoever sent the request, newest first (ids of products that no longer exist are left out). */
export async function listSavedItems(request: Request, userId: string | null): Promise<SavedItem[]> {
  const ids = await savedProductIds(request, userId);
  if (ids.length === 0) return [];
  const rows = await db().select().from(products).where(inArray(products.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const stock = await stockLinesIn(db(), ids);
  return ids.flatMap((id): SavedItem[] => {
    const row = byId.get(id);
    if (!row) return [];
    const lines = stock.get(id) ?? [];
    const unsized = hasSizes(lines) ? null : (lines[0]?.stock ?? null);
    return [
      {
        id,
        name: row.name,
        category: row.category,
        priceCents: row.priceCents,
        offerPriceCents: row.offerPriceCents,
        image: row.images[0],
        removed: row.removedAt !== null,
        inStock: row.inStock,
        soldOut: isSoldOut(lines),
        sizes: lines
          .filter((line) => line.size !== NO_SIZE)
          .map(({ size, stock: left }) => ({ size, available: isAvailable(left), fewLeft: isLow(left) ? left : null })),
        fewLeft: isLow(unsized) ? unsized : null,
      },
    ];
  });
}

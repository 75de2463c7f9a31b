// The shop's name as the setup page asked for it. THE one place that stores it: when shop settings own the
// name (issue 20, points 1-5), these two functions are pointed at that table and nothing else changes.
import { eq } from "drizzle-orm";
import { db, type Tx } from "#app/lib/db.server.ts";
import { shopName } from "#db/schema.ts";

/** Saves the shop's name (already checked by the setup schema), inside the caller's transaction when given. */
export function saveShopName(name: string, tx: Tx | ReturnType<typeof db> = db()): void {
  const updatedAt = Date.now();
  tx.insert(shopName)
    .values({ id: 1, name, updatedAt })
    .onConflictDoUpdate({ target: shopName.id, set: { name, updatedAt } })
    .run();
}

/** The shop's name saved at setup, or null before any. */
export function savedShopName(): string | null {
  return db().select({ name: shopName.name }).from(shopName).where(eq(shopName.id, 1)).get()?.name ?? null;
}

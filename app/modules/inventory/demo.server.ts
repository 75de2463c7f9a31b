// The demo catalogue's way out: db/seed.ts marks every product it loads (`products.demo`), and the seller's
// "Remove the demo catalogue" takes them all away at once. Orders are never touched: a demo product that is in
// an order stays behind that order (taken off sale, hidden from the shop, with its pictures, so the order still
// shows what was bought); every other demo product is deleted with its sizes, cart lines and pictures.
import { and, count, eq, exists, isNull, notExists } from "drizzle-orm";
import { db, first, transaction } from "#app/lib/db.server.ts";
import { orderItems, products } from "#db/tables.ts";
import { deleteProductImages } from "./images.server.ts";

export type DemoRemoval = { deleted: number; keptForOrders: number; pictures: number };

/** How many demo products are still on sale (the seller's page offers the removal while there are any). */
export async function demoProductsOnSale(): Promise<number> {
  const row = await first(
    db()
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.demo, true), isNull(products.removedAt))),
  );
  return row?.n ?? 0;
}

/** Removes every demo product (see above) in one transaction, then the pictures no remaining product uses. */
export async function removeDemoProducts(now = Date.now()): Promise<DemoRemoval> {
  const ordered = db().select({ one: orderItems.id }).from(orderItems).where(eq(orderItems.productId, products.id));
  const { deletedImages, keptForOrders, deleted, stillUsed } = await transaction(async (tx) => {
    const gone = await tx
      .delete(products)
      .where(and(eq(products.demo, true), notExists(ordered)))
      .returning({ images: products.images });
    const kept = await tx
      .update(products)
      .set({ removedAt: now })
      .where(and(eq(products.demo, true), isNull(products.removedAt), exists(ordered)))
      .returning({ id: products.id });
    const images = [...new Set(gone.flatMap((row) => row.images))];
    // A picture file may be shared (the demo's cache names a picture by what it shows): it stays while any
    // remaining product, demo or not, still shows it.
    // Read as the column's JSON in every engine (no json_each / jsonb function): one pass over the products left.
    const stillShown = new Set<string>();
    if (images.length > 0) {
      const wanted = new Set(images);
      for (const row of await tx.select({ images: products.images }).from(products)) {
        for (const url of row.images) if (wanted.has(url)) stillShown.add(url);
      }
    }
    return { deletedImages: images, keptForOrders: kept.length, deleted: gone.length, stillUsed: stillShown };
  });
  const unused = deletedImages.filter((url) => !stillUsed.has(url));
  await deleteProductImages(unused);
  return { deleted, keptForOrders, pictures: unused.length };
}

// "Remove the demo catalogue" (the seller's product list): every product the demo seed marked goes at once with
// its pictures; a demo product in an order stays behind that order, off sale with its pictures, and the order
// reads as before; the seller's own products and pictures are untouched.
import { existsSync } from "node:fs";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, first } from "#app/lib/db.server.ts";
import { newId } from "#app/lib/ids.ts";
import { PRODUCT_LIST_INTENTS } from "#app/lib/intents.ts";
import { storeProductImage, uploadedFilePath } from "#app/modules/inventory/index.server.ts";
import { orderItems, orders, products } from "#db/tables.ts";
import { appForFile, routeData } from "../helpers/app.ts";
import { insertOrders } from "../helpers/bulk-orders.ts";
import { createProduct } from "../helpers/factories.ts";
import { pngBytes } from "../helpers/hostile.ts";
import { createTestSeller, sellerCookie } from "../helpers/sellers.ts";
import { createUser } from "../helpers/shopper.ts";

const site = appForFile();

const fileOf = (url: string) => uploadedFilePath(url.replace("/uploads/", ""))!;

describe("removing the demo catalogue", () => {
  it("deletes the demo products and their pictures, keeps ordered ones behind their orders and the seller's own", async () => {
    const shared = await storeProductImage(await pngBytes("#aa3355"), "shared");
    const demoOnly = await storeProductImage(await pngBytes("#3355aa"), "demo only");
    const orderedPicture = await storeProductImage(await pngBytes("#33aa55"), "ordered");
    const ownPicture = await storeProductImage(await pngBytes("#555555"), "own");
    await createProduct({ demo: true, images: [demoOnly, shared] }, { sizes: [["M", 4]] });
    await createProduct({ demo: true, images: [shared] });
    const ordered = await createProduct({ demo: true, images: [orderedPicture] });
    // The seller's own product happens to show a picture a demo product showed too: it stays.
    const own = await createProduct({ demo: false, images: [ownPicture, shared] });

    const user = await createUser();
    const orderId = newId();
    await insertOrders([
      {
        id: orderId,
        userId: user.id,
        paymentType: "COD",
        status: "Order Placed",
        isPaid: false,
        createdAt: Date.now(),
        lines: [{ productId: ordered.id, quantity: 2, unitPriceCents: ordered.offerPriceCents }],
      },
    ]);
    const orderBefore = await first(db().select().from(orders).where(eq(orders.id, orderId)));

    const seller = site.client(await sellerCookie((await createTestSeller()).id));
    const before = await routeData(seller, "/seller/product-list", "routes/seller/product-list");
    expect((before.data as { demoOnSale: number }).demoOnSale).toBe(3);

    const answer = await seller.post("/seller/product-list", { form: { intent: PRODUCT_LIST_INTENTS.removeDemo } });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe("/seller/product-list");
    const toast = await seller.get("/seller/product-list");
    expect(toast.text).toContain("Demo catalogue removed: 2 products, 1 picture; 1 kept off sale for their orders");

    const left = await db().select().from(products);
    expect(left.map((p) => p.id).sort()).toEqual([ordered.id, own.id].sort());
    expect(left.find((p) => p.id === ordered.id)!.removedAt).not.toBeNull();
    expect(left.find((p) => p.id === own.id)!.removedAt).toBeNull();
    expect(existsSync(fileOf(demoOnly))).toBe(false);
    for (const kept of [shared, orderedPicture, ownPicture]) expect(existsSync(fileOf(kept))).toBe(true);

    // The order is as it was, line and all.
    expect(await first(db().select().from(orders).where(eq(orders.id, orderId)))).toEqual(orderBefore);
    expect(await db().select().from(orderItems).where(eq(orderItems.orderId, orderId))).toHaveLength(1);

    // Nothing is left to offer; a second removal changes nothing.
    const after = await routeData(seller, "/seller/product-list", "routes/seller/product-list");
    expect((after.data as { demoOnSale: number }).demoOnSale).toBe(0);
    const again = await seller.post("/seller/product-list", { form: { intent: PRODUCT_LIST_INTENTS.removeDemo } });
    expect(again.status).toBe(303);
    expect(await db().select().from(products)).toHaveLength(2);
  });

  it("is the seller's alone: a visitor's post removes nothing", async () => {
    const demo = await createProduct({ demo: true });
    const answer = await site
      .client()
      .post("/seller/product-list", { form: { intent: PRODUCT_LIST_INTENTS.removeDemo } });
    // Sent to sign in, as any seller page sends a visitor.
    expect(answer.headers.location ?? "").toMatch(/^\/seller-login/);
    expect(await first(db().select().from(products).where(eq(products.id, demo.id)))).toBeDefined();
  });
});

// Reviews and refunds (issue 30): a buyer whose order came back and was refunded in full is no longer a
// "Verified buyer" (and may no longer change the review); and review changes are throttled per shopper.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, first } from "#app/lib/db.server.ts";
import { newId, newToken } from "#app/lib/ids.ts";
import { startOnlineCheckout } from "#app/modules/checkout/index.server.ts";
import { THROTTLE_RULES } from "#app/modules/identity/index.server.ts";
import { setOrderStatus } from "#app/modules/orders/index.server.ts";
import { actOnCheckoutSession } from "#app/stripe-sandbox/sessions.server.ts";
import { orders, refunds } from "#db/tables.ts";
import { appForFile } from "../helpers/app.ts";
import { insertOrders } from "../helpers/bulk-orders.ts";
import { createProduct } from "../helpers/factories.ts";
import { waitUntil } from "../helpers/mail.ts";
import { sellerCookie } from "../helpers/sellers.ts";
import { createAddress, createUser, signedInCookie } from "../helpers/shopper.ts";

const site = appForFile();
const orderRow = async (id: string) => (await first(db().select().from(orders).where(eq(orders.id, id))))!;

/** A paid online order of the product, delivered. */
async function deliveredOnlineOrder(userId: string, productId: string) {
  const address = await createAddress(userId);
  const { orderId } = await startOnlineCheckout({
    userId,
    addressId: address.id,
    items: [{ productId, quantity: 1 }],
    requestKey: newId(),
    origin: "http://localhost:3000",
  });
  await actOnCheckoutSession((await orderRow(orderId)).stripeSessionId!, "pay");
  await waitUntil(async () => (await orderRow(orderId)).isPaid);
  await setOrderStatus(orderId, "Shipped");
  await setOrderStatus(orderId, "Delivered");
  return orderId;
}

describe("a buyer whose order came back and was refunded", () => {
  it("in full is no longer a verified buyer; in part still is", async () => {
    const product = await createProduct({ offerPriceCents: 3000 }, { stock: 10 });
    const path = `/products/men/${product.id}`;
    const buyer = await createUser({ name: "Asha Rao" });
    const orderId = await deliveredOnlineOrder(buyer.id, product.id);
    const shopper = site.client(await signedInCookie(buyer.id));
    expect((await shopper.post(path, { form: { intent: "review-save", rating: "5", title: "Great" } })).status).toBe(
      303,
    );
    const shown = async () => (await site.client().get(path)).text;
    expect(await shown()).toContain("Verified buyer");

    const seller = site.client(await sellerCookie());
    expect(
      (await seller.post("/seller/orders", { form: { intent: "returned", orderId, page: "1" } })).status,
    ).toBeLessThan(400);
    const refund = (fields: Record<string, string>) =>
      seller.post(`/seller/orders/${orderId}/refund`, {
        form: { intent: "refund", requestKey: newToken(), ...fields },
      });
    // A part back: still a buyer.
    expect((await refund({ kind: "amount", amount: "10.00" })).status).toBe(303);
    expect(await shown()).toContain("Verified buyer");
    // All of it back: the review stays, without the label, and can no longer be changed.
    expect((await refund({ kind: "full" })).status).toBe(303);
    const ledger = await db().select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(ledger.map((row) => row.status)).toEqual(["succeeded", "succeeded"]);
    const page = await shown();
    expect(page).toContain("Great");
    expect(page).not.toContain("Verified buyer");
    const edit = await shopper.post(path, { form: { intent: "review-save", rating: "1" } });
    expect(edit.status).toBe(403);
  });
});

describe("review changes", () => {
  it("are throttled per shopper: past the limit a change is refused with 429 and changes nothing", async () => {
    const product = await createProduct({ offerPriceCents: 1999 });
    const path = `/products/men/${product.id}`;
    const buyer = await createUser({ name: "Ravi" });
    await insertOrders([
      {
        id: newId(),
        userId: buyer.id,
        paymentType: "COD",
        status: "Delivered",
        isPaid: true,
        createdAt: Date.now(),
        lines: [{ productId: product.id, quantity: 1, unitPriceCents: 1999 }],
      },
    ]);
    const cookie = await signedInCookie(buyer.id);
    const limit = THROTTLE_RULES["review-change"].perEmail;
    for (let i = 0; i < limit; i++) {
      // Each from an address of its own: the shopper is counted, wherever they are.
      const answer = await site.client(cookie).post(path, {
        form: { intent: "review-save", rating: String((i % 5) + 1), title: `Take ${i}` },
      });
      expect(answer.status, `change ${i}`).toBe(303);
    }
    const refused = await site.client(cookie).post(path, {
      form: { intent: "review-save", rating: "5", title: "One more" },
    });
    expect(refused.status).toBe(429);
    expect(refused.text).toContain("Too many review changes");
    expect((await site.client().get(path)).text).toContain(`Take ${limit - 1}`);
    expect((await site.client().get(path)).text).not.toContain("One more");
  });
});

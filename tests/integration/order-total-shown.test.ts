// Place Order never charges more than the cart showed (issue 30, decision 0211), through the production build's
// request handler: a code edited from 50% to 5% after the cart showed $40.80 would make the order $77.52; Place
// Order is refused with 409 and the new total (cash and online, the page and /api), nothing is stored, and the
// cart shows the new total, from which the order goes through.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, first } from "#app/lib/db.server.ts";
import { placeOrder } from "#app/modules/orders/index.server.ts";
import { discountCodes, discountUses, orders } from "#db/tables.ts";
import { appForFile, type Client, json } from "../helpers/app.ts";
import { createProduct } from "../helpers/factories.ts";
import { decodeHtml, unique } from "../helpers/hostile.ts";
import { refusalOf } from "../helpers/refusal.ts";
import { sellerCookie } from "../helpers/sellers.ts";
import { createAddress, createUser, signedInCookie } from "../helpers/shopper.ts";

const site = appForFile();

const NOW_MORE =
  "Your order now comes to $77.52, not the $40.80 your cart showed: a price or your discount code changed. Please check your cart, then place your order again.";

/** A 50% code, a product at $80.00 in a signed-in shopper's cart with the code applied: the cart shows $40.80. */
async function cartWithHalfOff() {
  const code = `HALF${unique()}`
    .replaceAll(/[^A-Za-z0-9]/g, "")
    .slice(0, 24)
    .toUpperCase();
  const seller = site.client(await sellerCookie());
  const made = await seller.post("/seller/discounts/new", { form: { code, kind: "percent", value: "50" } });
  expect(made.status, made.text.slice(0, 300)).toBe(303);
  const row = (await first(db().select().from(discountCodes).where(eq(discountCodes.code, code))))!;
  const product = await createProduct({ offerPriceCents: 8000, priceCents: 9000 }, { stock: 10 });
  const user = await createUser();
  const address = await createAddress(user.id);
  const client = site.client(await signedInCookie(user.id));
  await client.post("/cart", { form: { intent: "add", productId: product.id } });
  expect((await client.post("/cart", { form: { intent: "apply-code", code, redirectTo: "/cart" } })).status).toBe(303);
  const page = decodeHtml((await client.get("/cart")).text).replaceAll("<!-- -->", "");
  expect(page).toContain("$40.80");
  /** Edits the code as the seller does: 5% off from now on. */
  const editToFivePercent = async () => {
    const edited = await seller.post(`/seller/discounts/${row.id}`, { form: { code, kind: "percent", value: "5" } });
    expect(edited.status).toBe(303);
  };
  return { code, codeId: row.id, product, user, addressId: address.id, client, page, editToFivePercent };
}

/** The total the cart page's Place Order form sends: what that page showed. */
function shownTotalOf(page: string): string {
  const field = /name="shownTotal" value="([^"]*)"/.exec(page);
  expect(field, "the Place Order form carries the total shown").not.toBeNull();
  return field![1]!;
}

const placeFromPage = (client: Client, fields: Record<string, string>) =>
  client.post("/cart", { form: { intent: "place-order", redirectTo: "/cart", ...fields } });

const ordersOf = (userId: string) => db().select().from(orders).where(eq(orders.userId, userId));
const usesOf = (codeId: string) => db().select().from(discountUses).where(eq(discountUses.codeId, codeId));

describe("the cart page's Place Order", () => {
  for (const paymentType of ["COD", "Online"] as const) {
    it(`${paymentType}: refused with 409 and the new total after the code changed; then placed at the total shown`, async () => {
      const cart = await cartWithHalfOff();
      const shown = shownTotalOf(cart.page);
      expect(shown).toBe("40.80");
      await cart.editToFivePercent();
      const refused = await placeFromPage(cart.client, {
        paymentType,
        addressId: cart.addressId,
        requestKey: `shown-${paymentType}-1`,
        shownTotal: shown,
      });
      expect(refused.status).toBe(409);
      expect(decodeHtml(refused.text).replaceAll("<!-- -->", "")).toContain(NOW_MORE);
      // Nothing stored: no order, no use of the code, no checkout.
      expect(await ordersOf(cart.user.id)).toEqual([]);
      expect(await usesOf(cart.codeId)).toEqual([]);
      // The refused page itself shows the cart as it is now; from there, the order goes through at $77.52.
      const again = decodeHtml(refused.text).replaceAll("<!-- -->", "");
      expect(shownTotalOf(again)).toBe("77.52");
      const placed = await placeFromPage(cart.client, {
        paymentType,
        addressId: cart.addressId,
        requestKey: `shown-${paymentType}-2`,
        shownTotal: shownTotalOf(again),
      });
      expect(placed.status, decodeHtml(placed.text).slice(0, 300)).toBe(303);
      const [order] = await ordersOf(cart.user.id);
      expect(order).toMatchObject({ paymentType, amountCents: 7752, discountCode: cart.code });
    });
  }

  it("a total that went down (the code made more generous) is placed as it is now", async () => {
    const cart = await cartWithHalfOff();
    const seller = site.client(await sellerCookie());
    await seller.post(`/seller/discounts/${cart.codeId}`, { form: { code: cart.code, kind: "percent", value: "60" } });
    const placed = await placeFromPage(cart.client, {
      paymentType: "COD",
      addressId: cart.addressId,
      requestKey: "shown-lower-1",
      shownTotal: shownTotalOf(cart.page),
    });
    expect(placed.status).toBe(303);
    const [order] = await ordersOf(cart.user.id);
    // $80.00 − 60% = $32.00, + 2% tax.
    expect(order?.amountCents).toBe(3264);
  });

  it("the order's own transaction refuses too (a code changed after the first check): nothing is stored", async () => {
    const cart = await cartWithHalfOff();
    await cart.editToFivePercent();
    for (const paymentType of ["COD", "Online"] as const) {
      const refusal = await refusalOf(
        placeOrder({
          userId: cart.user.id,
          addressId: cart.addressId,
          paymentType,
          items: "saved-cart",
          discountCode: cart.code,
          shownTotalCents: 4080,
        }),
      );
      expect(refusal.status).toBe(409);
      expect(refusal.message).toBe(NOW_MORE);
    }
    expect(await ordersOf(cart.user.id)).toEqual([]);
    expect(await usesOf(cart.codeId)).toEqual([]);
  });
});

describe("/api orders with expectedAmount", () => {
  for (const call of ["/api/order/cod", "/api/order/stripe"] as const) {
    it(`${call}: 409 with the new total when the order would cost more than expectedAmount; placed when it does not`, async () => {
      const cart = await cartWithHalfOff();
      const body = (expectedAmount?: unknown) =>
        json({
          items: [{ product: cart.product.id, quantity: 1 }],
          address: cart.addressId,
          discountCode: cart.code,
          expectedAmount,
        });
      await cart.editToFivePercent();
      const refused = await cart.client.post(call, body(40.8));
      expect(refused.status).toBe(409);
      expect(refused.json).toEqual({ success: false, message: NOW_MORE });
      expect(await ordersOf(cart.user.id)).toEqual([]);
      const bad = await cart.client.post(call, body("forty"));
      expect(bad.status).toBe(400);
      expect(bad.json).toEqual({ success: false, message: "The total shown is not an amount." });
      // The new total, as a number or as text: placed.
      const placed = await cart.client.post(call, body(call.endsWith("cod") ? 77.52 : "77.52"));
      expect(placed.status, placed.text).toBe(call.endsWith("cod") ? 201 : 200);
      const stored = await first(
        db()
          .select()
          .from(orders)
          .where(and(eq(orders.userId, cart.user.id), eq(orders.amountCents, 7752))),
      );
      expect(stored?.discountCode).toBe(cart.code);
    });
  }
});

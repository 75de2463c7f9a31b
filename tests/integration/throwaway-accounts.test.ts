// Cheap accounts cannot lock a promotion or a product (issue 30, decision 0212), through the production build's
// request handler: 10 sign-ups an hour from one address, then 429; 3 open (unpaid) online checkouts from one
// address at once, then 429 until one ends; and a checkout that carries a code holds its use and units for 31
// minutes at Stripe (the sandbox), not 60, and is cancelled by the sweep after 46 minutes, not 75.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { config } from "#app/lib/config.server.ts";
import { db, first } from "#app/lib/db.server.ts";
import { expireStaleOnlineOrders, stripeClient } from "#app/modules/checkout/index.server.ts";
import { THROTTLE_RULES } from "#app/modules/identity/index.server.ts";
import { discountCodes, orders, users } from "#db/tables.ts";
import { appForFile, json } from "../helpers/app.ts";
import { createProduct, stockOf } from "../helpers/factories.ts";
import { decodeHtml, unique } from "../helpers/hostile.ts";
import { sellerCookie } from "../helpers/sellers.ts";
import { createAddress, createUser, signedInCookie } from "../helpers/shopper.ts";

const site = appForFile();

let addresses = 0;
/** An address of its own, a documentation one (RFC 3849) in a /64 no other test file uses. */
const newAddress = () => `2001:db8:7a0e:${(++addresses).toString(16)}::1`;

describe("sign-ups per address", () => {
  it("10 accounts from one address in an hour, then 429 on the page and in /api; a refused sign-up does not count", async () => {
    expect(THROTTLE_RULES["sign-up"].windowMs).toBe(60 * 60 * 1000);
    expect(config().SIGN_UPS_PER_ADDRESS).toBe(10);
    const address = newAddress();
    const signUp = (email: string) =>
      site.app
        .client({ address })
        .post("/api/user/register", json({ name: "Throw Away", email, password: "throw-away-pass-1" }));
    const first = `first-${unique()}@example.com`;
    for (let i = 0; i < 10; i++) {
      const made = await signUp(i === 0 ? first : `throwaway-${i}-${unique()}@example.com`);
      expect(made.status, `sign-up ${i + 1}: ${made.text}`).toBe(201);
      // A taken email is refused and not counted.
      if (i === 3) expect((await signUp(first)).status).toBe(409);
    }
    const refused = await signUp(`eleventh-${unique()}@example.com`);
    expect(refused.status, refused.text).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(3600);
    expect((refused.json as { message: string }).message).toMatch(
      /^Too many new accounts from your address\. Please try again in (a minute|\d+ minutes)\.$/,
    );
    // The sign-up form without JavaScript says the same; no account was made.
    const email = `page-${unique()}@example.com`;
    const page = await site.app.client({ address }).post("/login?login=register", {
      form: { mode: "register", name: "Throw Away", email, password: "throw-away-pass-1" },
    });
    expect(page.status).toBe(429);
    expect(decodeHtml(page.text)).toContain("Too many new accounts from your address.");
    expect(await first_(email)).toBeUndefined();
    // Another address signs up.
    const other = await site.app
      .client({ address: newAddress() })
      .post("/api/user/register", json({ name: "Real Shopper", email, password: "throw-away-pass-1" }));
    expect(other.status).toBe(201);
  });
});

const first_ = (email: string) => first(db().select().from(users).where(eq(users.email, email)));

/** A shopper (made directly) whose browser is at `address`, with an address to send orders to. */
async function shopperAt(address: string) {
  const user = await createUser();
  const client = site.app.client({ address });
  client.cookie = await signedInCookie(user.id);
  return { user, client, addressId: (await createAddress(user.id)).id };
}

async function fivePercentCode(maxUses: number) {
  const code = `HOLD${unique()}`
    .replaceAll(/[^A-Za-z0-9]/g, "")
    .slice(0, 24)
    .toUpperCase();
  const seller = site.client(await sellerCookie());
  const made = await seller.post("/seller/discounts/new", {
    form: { code, kind: "percent", value: "5", maxUses: String(maxUses) },
  });
  expect(made.status).toBe(303);
  return (await first(db().select().from(discountCodes).where(eq(discountCodes.code, code))))!;
}

describe("open online checkouts per address", () => {
  it("3 throw-away shoppers at one address hold 3 checkouts; the 4th is refused (429) and holds nothing; a 5-use code and 5 units stay buyable", async () => {
    expect(config().OPEN_CHECKOUTS_PER_ADDRESS).toBe(3);
    const code = await fivePercentCode(5);
    const product = await createProduct({ offerPriceCents: 5000 }, { stock: 5 });
    const address = newAddress();
    const shoppers = [];
    for (let i = 0; i < 5; i++) shoppers.push(await shopperAt(address));
    const checkout = (shopper: Awaited<ReturnType<typeof shopperAt>>) =>
      shopper.client.post(
        "/api/order/stripe",
        json({ items: [{ product: product.id, quantity: 1 }], address: shopper.addressId, discountCode: code.code }),
      );
    const answers = [];
    for (const shopper of shoppers) answers.push(await checkout(shopper));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429, 429]);
    expect((answers[3]!.json as { message: string }).message).toBe(
      "There are too many unpaid online payments from your address. Please pay or cancel one, or choose Cash on Delivery.",
    );
    // Only 3 uses and 3 units held: a shopper elsewhere can still buy with the code.
    expect((await first(db().select().from(discountCodes).where(eq(discountCodes.id, code.id))))!.uses).toBe(3);
    expect((await stockOf(product.id))[""]).toBe(2);
    const elsewhere = await shopperAt(newAddress());
    expect((await checkout(elsewhere)).status).toBe(200);

    // The page's Place Order is refused alike (the 4th shopper's cart).
    const fourth = shoppers[3]!;
    await fourth.client.post("/cart", { form: { intent: "add", productId: product.id } });
    const page = await fourth.client.post("/cart", {
      form: { intent: "place-order", paymentType: "Online", addressId: fourth.addressId, requestKey: "fourth-page-1" },
    });
    expect(page.status).toBe(429);
    expect(decodeHtml(page.text)).toContain("There are too many unpaid online payments from your address.");

    // Once one checkout is cancelled (back from the payment page), another can start; cash is never limited.
    const [firstOrder] = await db().select().from(orders).where(eq(orders.userId, shoppers[0]!.user.id));
    const cancelled = await shoppers[0]!.client.get(`/cart?checkout=cancelled&order=${firstOrder!.id}`);
    expect(cancelled.status).toBeLessThan(400);
    expect((await checkout(fourth)).status).toBe(200);
    const cash = await shoppers[4]!.client.post(
      "/api/order/cod",
      json({ items: [{ product: product.id, quantity: 1 }], address: shoppers[4]!.addressId }),
    );
    expect(cash.status, cash.text).toBe(201);
  });
});

describe("open online checkouts per address, at once", () => {
  it("8 throw-away shoppers at one address start checkouts at the same moment: exactly 3 are open, 5 refused", async () => {
    const product = await createProduct({ offerPriceCents: 3000 }, { stock: 20 });
    const address = newAddress();
    const shoppers = [];
    for (let i = 0; i < 8; i++) shoppers.push(await shopperAt(address));
    const answers = await Promise.all(
      shoppers.map((shopper) =>
        shopper.client.post(
          "/api/order/stripe",
          json({ items: [{ product: product.id, quantity: 1 }], address: shopper.addressId }),
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    expect((await stockOf(product.id))[""]).toBe(17);
  });
});

describe("a checkout that carries a code holds for less time", () => {
  it("its Checkout Session expires after 31 minutes (one without a code after 60), and the sweep cancels it after 46", async () => {
    const code = await fivePercentCode(5);
    const product = await createProduct({ offerPriceCents: 5000 }, { stock: 5 });
    const withCode = await shopperAt(newAddress());
    const without = await shopperAt(newAddress());
    const start = async (shopper: Awaited<ReturnType<typeof shopperAt>>, discountCode?: string) => {
      const answer = await shopper.client.post(
        "/api/order/stripe",
        json({ items: [{ product: product.id, quantity: 1 }], address: shopper.addressId, discountCode }),
      );
      expect(answer.status, answer.text).toBe(200);
      const [order] = await db().select().from(orders).where(eq(orders.userId, shopper.user.id));
      const session = await stripeClient().checkout.sessions.retrieve(order!.stripeSessionId!);
      return { order: order!, session };
    };
    const coded = await start(withCode, code.code);
    const plain = await start(without);
    expect(coded.session.expires_at - Math.floor(coded.order.createdAt / 1000)).toBe(31 * 60);
    expect(plain.session.expires_at - Math.floor(plain.order.createdAt / 1000)).toBe(60 * 60);

    // 47 minutes on: the checkout with the code is cancelled (its use and unit back), the other still open.
    const later = Math.max(coded.order.createdAt, plain.order.createdAt) + 47 * 60 * 1000;
    // (Open checkouts of the test above, all with a code, go too.)
    expect(await expireStaleOnlineOrders(later)).toBeGreaterThanOrEqual(1);
    const status = async (id: string) => (await first(db().select().from(orders).where(eq(orders.id, id))))!.status;
    expect(await status(coded.order.id)).toBe("Cancelled");
    expect(await status(plain.order.id)).toBe("Order Placed");
    expect((await first(db().select().from(discountCodes).where(eq(discountCodes.id, code.id))))!.uses).toBe(0);
    expect((await stockOf(product.id))[""]).toBe(4);
    // Stripe's minimum is 30 minutes from the session's creation: the sandbox took it as Stripe would.
    expect(coded.session.expires_at - coded.session.created).toBeGreaterThanOrEqual(30 * 60);
  });
});

// Discount codes through the production build's request handler: the seller's pages, the cart's code field,
// the /api orders, and the Stripe sandbox over HTTP. The limits hold under 100 orders at once; an unpaid
// online order holds its use and gives it back exactly once however often its end is reported; the Checkout
// Session charges exactly the order's total and the webhook checks it.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, first as firstRow } from "#app/lib/db.server.ts";
import { formatDate } from "#app/lib/locales.ts";
import { computeTotals, DEFAULT_PRICING } from "#app/lib/money.ts";
import { SANDBOX_SECRET_KEY } from "#app/lib/stripe-sandbox-config.server.ts";
import { discountCodes, discountUses, orders } from "#db/tables.ts";
import { appForFile, type Client, dataPath, json } from "../helpers/app.ts";
import { csvRecords } from "../helpers/csv.ts";
import { createProduct } from "../helpers/factories.ts";
import { decodeHtml } from "../helpers/hostile.ts";
import { outboxRows } from "../helpers/mail.ts";
import { sellerCookie } from "../helpers/sellers.ts";
import { createAddress, createUser, signedInCookie } from "../helpers/shopper.ts";
import { deliverWebhook } from "../helpers/stripe-webhook.ts";

const site = appForFile();

type CodeOptions = Partial<Record<string, string>>;

/** Creates a code through the seller's form (a plain post, 303 to the list). */
async function createCode(code: string, options: CodeOptions = {}, categories: string[] = []) {
  const seller = site.client(await sellerCookie());
  const form = new URLSearchParams({ code, kind: "percent", value: "10", ...options });
  for (const category of categories) form.append("categories", category);
  const answer = await seller.post("/seller/discounts/new", {
    raw: form.toString(),
    type: "application/x-www-form-urlencoded",
  });
  expect(answer.status, answer.text.slice(0, 300)).toBe(303);
  return (await firstRow(db().select().from(discountCodes).where(eq(discountCodes.code, code.toUpperCase()))))!;
}

async function shopper() {
  const user = await createUser();
  const address = await createAddress(user.id);
  return { user, addressId: address.id, client: site.client(await signedInCookie(user.id)) };
}

const codeRow = async (id: string) =>
  (await firstRow(db().select().from(discountCodes).where(eq(discountCodes.id, id))))!;
const orderRow = async (id: string) => (await firstRow(db().select().from(orders).where(eq(orders.id, id))))!;
const usesOf = async (codeId: string) => await db().select().from(discountUses).where(eq(discountUses.codeId, codeId));

async function sandboxSession(id: string) {
  const response = await fetch(`${process.env.STRIPE_SANDBOX_URL}/v1/checkout/sessions/${id}`, {
    headers: { Authorization: `Bearer ${SANDBOX_SECRET_KEY}` },
  });
  return (await response.json()) as {
    amount_total: number;
    total_details: { amount_discount: number };
    currency: string;
    metadata: Record<string, string>;
    payment_status: string;
  };
}

async function onlineOrder(client: Client, addressId: string, productId: string, discountCode?: string) {
  const answer = await client.post(
    "/api/order/stripe",
    json({ items: [{ product: productId, quantity: 1 }], address: addressId, discountCode }),
  );
  return answer;
}

const orderIdOfSession = async (url: string) => {
  const sessionId = /(cs_test_[0-9A-Za-z]+)$/.exec(url)![1]!;
  return {
    sessionId,
    order: (await firstRow(db().select().from(orders).where(eq(orders.stripeSessionId, sessionId))))!,
  };
};

describe("limits under load", () => {
  it("100 shoppers at once on a code limited to 5 uses: exactly 5 orders with it, the rest told why", async () => {
    const code = await createCode("FIVE-ONLY", { maxUses: "5" });
    const product = await createProduct({ offerPriceCents: 2000 });
    // Made one after another: they are the set-up; the orders below are what runs at once.
    const shoppers: Awaited<ReturnType<typeof shopper>>[] = [];
    for (let i = 0; i < 100; i++) shoppers.push(await shopper());
    const answers = await Promise.all(
      shoppers.map(({ client, addressId }) =>
        client.post(
          "/api/order/cod",
          // Typed in any case: codes are case-insensitive.
          json({ items: [{ product: product.id, quantity: 1 }], address: addressId, discountCode: "five-only" }),
        ),
      ),
    );
    const placed = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(95);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.json).toEqual({ success: false, message: "The code FIVE-ONLY has been used up." });
    }
    expect((await codeRow(code.id)).uses).toBe(5);
    const withCode = await db().select().from(orders).where(eq(orders.discountCode, "FIVE-ONLY"));
    expect(withCode).toHaveLength(5);
    for (const order of withCode) {
      // 10% of $20.00 = $2.00 off; tax 2% of $18.00.
      expect(order).toMatchObject({ subtotalCents: 2000, discountCents: 200, taxCents: 36, amountCents: 1836 });
    }
    expect((await usesOf(code.id)).map((u) => u.state)).toEqual(Array(5).fill("used"));
    console.info(`[figures] 100 concurrent orders on a 5-use code: ${placed.length} placed, ${refused.length} refused`);
  });

  it("one shopper sending 10 orders at once on a once-per-shopper code gets one", async () => {
    const code = await createCode("ONCE-EACH", { maxUsesPerShopper: "1" });
    const product = await createProduct({ offerPriceCents: 1500 });
    const { client, addressId } = await shopper();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        client.post(
          "/api/order/cod",
          json({ items: [{ product: product.id, quantity: 1 }], address: addressId, discountCode: "ONCE-EACH" }),
        ),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 201)) {
      expect(answer.json?.message).toBe("You have already used the code ONCE-EACH.");
    }
    expect((await codeRow(code.id)).uses).toBe(1);
  });
});

describe("an unpaid online order holds its use", () => {
  for (const end of ["fail", "expire", "cancel"] as const) {
    it(`and gives it back exactly once when its checkout ends by ${end}`, async () => {
      const code = await createCode(`HOLD-${end}`, { maxUses: "1" });
      const product = await createProduct({ offerPriceCents: 5000 });
      const first = await shopper();
      const started = await onlineOrder(first.client, first.addressId, product.id, `hold-${end}`);
      expect(started.status, started.text).toBe(200);
      const { sessionId, order } = await orderIdOfSession(String(started.json!.url));
      expect((await codeRow(code.id)).uses).toBe(1);
      expect((await usesOf(code.id)).map((u) => u.state)).toEqual(["held"]);

      // Held: nobody else can take it meanwhile.
      const second = await shopper();
      const refused = await onlineOrder(second.client, second.addressId, product.id, `HOLD-${end}`);
      expect(refused.status).toBe(409);
      expect(refused.json?.message).toBe(`The code HOLD-${end.toUpperCase()} has been used up.`);

      if (end === "cancel") {
        // Cancel on the checkout page, back to the cart: the store closes the checkout.
        const back = await first.client.get(`/cart?checkout=cancelled&order=${order.id}`);
        expect([200, 303]).toContain(back.status);
        await first.client.get(`/cart?checkout=cancelled&order=${order.id}`);
      } else {
        const pressed = await first.client.post(String(started.json!.url), { form: { intent: end } });
        expect(pressed.status).toBe(303);
      }
      expect((await orderRow(order.id)).status).toBe("Cancelled");
      expect((await codeRow(code.id)).uses).toBe(0);
      expect((await usesOf(code.id)).map((u) => u.state)).toEqual(["released"]);

      // The same end reported again (a redelivered event, a new event id for it): the use went back once.
      const type = end === "fail" ? "checkout.session.async_payment_failed" : "checkout.session.expired";
      const again = await deliverWebhook(process.env.STRIPE_SANDBOX_URL!, type, {
        id: sessionId,
        object: "checkout.session",
        metadata: { orderId: order.id },
        payment_status: "unpaid",
      });
      expect(again.outcome).toBe("already-closed");
      expect((await codeRow(code.id)).uses).toBe(0);

      // Given back: the second shopper can now use it.
      const now = await onlineOrder(second.client, second.addressId, product.id, `HOLD-${end}`);
      expect(now.status, now.text).toBe(200);
      expect((await codeRow(code.id)).uses).toBe(1);
    });
  }
});

describe("ordering again while an online checkout holds the code", () => {
  it("the open checkout is closed and its held use counts as back: the new order gets the code", async () => {
    const code = await createCode("COME-BACK", { maxUsesPerShopper: "1", maxUses: "1" });
    const product = await createProduct({ offerPriceCents: 2500 });
    const { client, addressId } = await shopper();
    const started = await onlineOrder(client, addressId, product.id, "COME-BACK");
    expect(started.status, started.text).toBe(200);
    const { order: left } = await orderIdOfSession(String(started.json!.url));
    // The shopper left the payment page (browser back) and orders cash on delivery instead.
    const cash = await client.post(
      "/api/order/cod",
      json({ items: [{ product: product.id, quantity: 1 }], address: addressId, discountCode: "come-back" }),
    );
    expect(cash.status, cash.text).toBe(201);
    expect((await orderRow(left.id)).status).toBe("Cancelled");
    expect(await orderRow(String(cash.json!.orderId))).toMatchObject({ discountCode: "COME-BACK", discountCents: 250 });
    expect((await codeRow(code.id)).uses).toBe(1);
    expect((await usesOf(code.id)).map((u) => u.state).sort()).toEqual(["released", "used"]);
  });
});

describe("money right to the cent", () => {
  it("the Checkout Session charges exactly the order's total; the webhook checks amount_total first", async () => {
    await createCode("QUARTER", { value: "25" });
    // $33.33 × 1: 25% off = $8.33 (rounded down), tax 2% of $25.00 = $0.50, total $25.50.
    const product = await createProduct({ offerPriceCents: 3333 });
    const { client, addressId } = await shopper();
    const started = await onlineOrder(client, addressId, product.id, "quarter");
    expect(started.status, started.text).toBe(200);
    const { sessionId, order } = await orderIdOfSession(String(started.json!.url));
    const expected = computeTotals([{ unitPriceCents: 3333, quantity: 1 }], DEFAULT_PRICING, { discountCents: 833 });
    expect(order).toMatchObject({
      discountCode: "QUARTER",
      discountCents: 833,
      taxCents: expected.taxCents,
      amountCents: expected.totalCents,
    });
    const session = await sandboxSession(sessionId);
    expect(session.amount_total).toBe(order.amountCents);
    expect(session.total_details.amount_discount).toBe(833);

    // A signed event whose amount is not the order's: not marked paid.
    const wrong = await deliverWebhook(process.env.STRIPE_SANDBOX_URL!, "checkout.session.completed", {
      ...session,
      id: sessionId,
      payment_status: "paid",
      amount_total: order.amountCents + 833,
    });
    expect(wrong.outcome).toBe("amount-mismatch");
    expect((await orderRow(order.id)).isPaid).toBe(false);

    // Paid on the hosted page: the real event carries the order's amount.
    const paid = await client.post(String(started.json!.url), { form: { intent: "pay" } });
    expect(paid.status).toBe(303);
    expect((await orderRow(order.id)).isPaid).toBe(true);
    const quarter = (await firstRow(db().select().from(discountCodes).where(eq(discountCodes.code, "QUARTER"))))!;
    expect((await usesOf(quarter.id)).map((u) => u.state)).toEqual(["used"]);

    // The shopper's and the seller's /api carry the discount.
    const mine = await client.get("/api/order/user");
    const listed = (mine.json!.orders as { _id: string; discount?: unknown; amount: number }[]).find(
      (o) => o._id === order.id,
    );
    expect(listed).toMatchObject({ discount: { code: "QUARTER", amount: 8.33 }, amount: expected.totalCents / 100 });
    const seller = site.client(await sellerCookie());
    const all = await seller.get("/api/order/seller");
    const theirs = (all.json!.orders as { _id: string; discount?: unknown }[]).find((o) => o._id === order.id);
    expect(theirs?.discount).toEqual({ code: "QUARTER", amount: 8.33 });
  });

  it("an order discounted to zero needs no payment: placed paid, no Checkout Session", async () => {
    await createCode("ALL-FREE", { value: "100" });
    const product = await createProduct({ offerPriceCents: 1200 });
    const { client, addressId } = await shopper();
    const before = site.app.sandboxRequests.filter((r) => r.startsWith("POST /v1/checkout/sessions")).length;
    const answer = await onlineOrder(client, addressId, product.id, "ALL-FREE");
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toMatchObject({ success: true, message: "Order Placed Successfully" });
    expect(String(answer.json!.url)).toMatch(/\/my-orders$/);
    const order = await orderRow(String(answer.json!.orderId));
    expect(order).toMatchObject({ isPaid: true, amountCents: 0, discountCents: 1200, taxCents: 0 });
    expect(site.app.sandboxRequests.filter((r) => r.startsWith("POST /v1/checkout/sessions")).length).toBe(before);
    const mine = await client.get("/api/order/user");
    expect((mine.json!.orders as { _id: string }[]).map((o) => o._id)).toContain(order.id);
  });
});

describe("the cart's code field and the seller's codes", () => {
  it("says why for every refusal, and applies, shows and removes a code", async () => {
    const men = await createProduct({ offerPriceCents: 4000, category: "Men" });
    const day = 24 * 60 * 60 * 1000;
    const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    await createCode("OLD-ONE", { endsOn: iso(Date.now() - 3 * day) });
    await createCode("LATER", { startsOn: iso(Date.now() + 3 * day) });
    await createCode("BIG-CART", { minSubtotal: "100" });
    await createCode("KIDS-ONLY", {}, ["Kids"]);
    const gone = await createCode("GONE", { maxUses: "1" });
    await db().update(discountCodes).set({ uses: 1 }).where(eq(discountCodes.id, gone.id));
    const once = await createCode("MINE-ONCE", { maxUsesPerShopper: "1" });
    const { client, addressId } = await shopper();
    // The shopper used MINE-ONCE before.
    const used = await client.post(
      "/api/order/cod",
      json({ items: [{ product: men.id, quantity: 1 }], address: addressId, discountCode: "MINE-ONCE" }),
    );
    expect(used.status).toBe(201);
    expect((await codeRow(once.id)).uses).toBe(1);
    await client.post("/cart", { form: { intent: "add", productId: men.id } });

    // In the shop's locale (US English here): "Dec 2, 2026".
    const start = formatDate(Date.parse(new Date(Date.now() + 3 * day).toISOString().slice(0, 10)), "en-US");
    for (const [typed, message] of [
      ["NOPE", "There is no discount code “NOPE”. Please check the code."],
      ["old-one", "The code OLD-ONE has expired."],
      ["later", `The code LATER is not valid yet: it starts on ${start}.`],
      ["big-cart", "The code BIG-CART needs a subtotal of at least $100.00. Add more to your cart to use it."],
      ["gone", "The code GONE has been used up."],
      ["mine-once", "You have already used the code MINE-ONCE."],
      ["kids-only", "The code KIDS-ONLY does not apply to anything in your cart."],
    ] as const) {
      const answer = await client.send("POST", dataPath("/cart"), {
        form: { intent: "apply-code", code: typed, redirectTo: "/cart" },
      });
      expect(answer.status, typed).toBeGreaterThanOrEqual(400);
      expect(decodeHtml(answer.text), typed).toContain(message);
      // Without JavaScript: the cart page itself says it.
      const page = await client.post("/cart", { form: { intent: "apply-code", code: typed, redirectTo: "/cart" } });
      expect(page.status).toBeGreaterThanOrEqual(400);
      expect(decodeHtml(page.text)).toContain(message);
    }

    await createCode("TEN-OFF", { kind: "amount", value: "10" });
    const applied = await client.post("/cart", {
      form: { intent: "apply-code", code: " ten-off ", redirectTo: "/cart" },
    });
    expect(
      applied.status,
      decodeHtml(applied.text)
        .match(/role="alert"[^<]*<?[^<]*/g)
        ?.join(" | "),
    ).toBe(303);
    const cart = decodeHtml((await client.get("/cart")).text).replaceAll("<!-- -->", "");
    expect(cart).toContain("Discount (TEN-OFF)");
    // $40.00 − $10.00 = $30.00; tax $0.60; total $30.60.
    expect(cart).toContain("$30.60");
    const placed = await client.post("/cart", {
      form: { intent: "place-order", paymentType: "COD", addressId, requestKey: "discount-cart-order-1" },
    });
    expect(
      placed.status,
      decodeHtml(placed.text)
        .match(/role="alert"[^<]*<?[^<]*/g)
        ?.join(" | "),
    ).toBe(303);
    const order = (await firstRow(db().select().from(orders).where(eq(orders.discountCode, "TEN-OFF"))))!;
    expect(order).toMatchObject({ subtotalCents: 4000, discountCents: 1000, taxCents: 60, amountCents: 3060 });
    // The mail, the seller's list and the orders CSV say it.
    const mail = (await outboxRows()).find(
      (row) => row.kind === "order-confirmation" && row.textBody.includes(order.id),
    );
    expect(mail?.textBody).toContain("Discount (TEN-OFF): -$10.00");
    const seller = site.client(await sellerCookie());
    expect(decodeHtml((await seller.get("/seller/orders")).text).replaceAll("<!-- -->", "")).toContain(
      "TEN-OFF: −$10.00",
    );
    const today = new Date().toISOString().slice(0, 10);
    const csv = await seller.get(`/seller/orders.csv?from=${today}&to=${today}`);
    expect(csvRecords(csv.text).find((row) => row.Order === order.id)).toMatchObject({
      Subtotal: "40.00",
      "Discount code": "TEN-OFF",
      Discount: "10.00",
      Tax: "0.60",
      Total: "30.60",
    });
    // The code went with the order: the cart no longer carries it.
    expect(decodeHtml((await client.get("/cart")).text)).not.toContain("TEN-OFF");
  });

  it("the seller's codes are unique whatever the case; pause, edit and delete", async () => {
    const seller = site.client(await sellerCookie());
    const code = await createCode("Summer");
    const again = await seller.send("POST", dataPath("/seller/discounts/new"), {
      form: { code: "SUMMER", kind: "amount", value: "5" },
    });
    expect(again.status).toBe(409);
    expect(again.text).toContain("This code already exists.");
    const bad = await seller.send("POST", dataPath("/seller/discounts/new"), {
      form: { code: "x", kind: "percent", value: "150" },
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("A code is 3 to 32 letters, digits, - or _.");
    const tooMuch = await seller.send("POST", dataPath("/seller/discounts/new"), {
      form: { code: "TOO-MUCH", kind: "percent", value: "150" },
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.text).toContain("A percent off is a whole number from 1 to 100.");

    const paused = await seller.post("/seller/discounts", { form: { intent: "pause", id: code.id } });
    expect(paused.status).toBe(303);
    expect((await codeRow(code.id)).paused).toBe(true);
    const { client } = await shopper();
    const product = await createProduct({ offerPriceCents: 1000 });
    await client.post("/cart", { form: { intent: "add", productId: product.id } });
    const refused = await client.post("/cart", { form: { intent: "apply-code", code: "summer" } });
    expect(decodeHtml(refused.text)).toContain("The code SUMMER cannot be used at the moment.");

    const edited = await seller.post(`/seller/discounts/${code.id}`, {
      form: { code: "summer-sale", kind: "amount", value: "2.50" },
    });
    expect(edited.status).toBe(303);
    expect(await codeRow(code.id)).toMatchObject({ code: "SUMMER-SALE", kind: "amount", value: 250 });
    const list = await seller.get("/seller/discounts");
    expect(decodeHtml(list.text)).toContain("SUMMER-SALE");
    const deleted = await seller.post("/seller/discounts", { form: { intent: "delete", id: code.id } });
    expect(deleted.status).toBe(303);
    expect(await firstRow(db().select().from(discountCodes).where(eq(discountCodes.id, code.id)))).toBeUndefined();
  });
});

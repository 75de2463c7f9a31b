// Online payment end to end below the browser: the real `stripe` SDK against the sandbox over HTTP,
// webhooks delivered over HTTP to the store's webhook route, and the real SQLite file.
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it, vi } from "vitest";
import { db, first as firstRow } from "#app/lib/db.server.ts";
import { newId } from "#app/lib/ids.ts";
import { computeTotals, DEFAULT_PRICING } from "#app/lib/money.ts";
import { readSavedCart } from "#app/modules/cart/index.server.ts";
import {
  cancelCheckout,
  confirmCheckoutReturn,
  expireStaleOnlineOrders,
  isSandboxMode,
  ONLINE_PAYMENT_TOO_SMALL,
  ONLINE_PAYMENT_UNAVAILABLE,
  PAYMENT_NOTICES,
  placeCartOrder,
  startOnlineCheckout,
  stripeClient,
} from "#app/modules/checkout/index.server.ts";
import { listUserOrders, placeOrder } from "#app/modules/orders/index.server.ts";
import { actOnCheckoutSession } from "#app/stripe-sandbox/sessions.server.ts";
import { sandboxDeliveries } from "#app/stripe-sandbox/webhooks.server.ts";
import { cartItems, orderItems, orders, stripeEvents } from "#db/tables.ts";
import { appForFile, pathOf, type RouteData, routeData, submit, visit } from "../helpers/app.ts";
import { createProduct, stockOf } from "../helpers/factories.ts";
import { deadOrigin } from "../helpers/ports.ts";
import { refusalOf } from "../helpers/refusal.ts";
import { jsonRequest } from "../helpers/requests.ts";
import { createAddress, createShopperWithAddress, createUser, signedInCookie, toastsFrom } from "../helpers/shopper.ts";
import { deliverWebhook } from "../helpers/stripe-webhook.ts";

const ORIGIN = "http://localhost:3000";
const site = appForFile();

/** A shopper with an address and a saved cart of the given offer prices and quantities. */
async function shopperWithCart(lines: [priceCents: number, quantity: number][] = [[1999, 2]]) {
  const { user, address } = await createShopperWithAddress();
  const items = [];
  for (const [offerPriceCents, quantity] of lines) {
    const product = await createProduct({ offerPriceCents, priceCents: offerPriceCents + 1000 });
    await db().insert(cartItems).values({ userId: user.id, productId: product.id, quantity });
    items.push({ productId: product.id, quantity, product });
  }
  return { user, address, items };
}

async function checkout(lines?: [number, number][]) {
  const shopper = await shopperWithCart(lines);
  const result = await startOnlineCheckout({
    userId: shopper.user.id,
    addressId: shopper.address.id,
    items: shopper.items.map(({ productId, quantity }) => ({ productId, quantity })),
    requestKey: newId(),
    origin: ORIGIN,
  });
  return { ...shopper, ...result, sessionId: await sessionIdOf(result.orderId) };
}

async function orderRow(id: string) {
  return await firstRow(db().select().from(orders).where(eq(orders.id, id)));
}

async function sessionIdOf(orderId: string): Promise<string> {
  return (await orderRow(orderId))!.stripeSessionId!;
}

async function events() {
  return await db().select().from(stripeEvents);
}

/** Presses a button on the sandbox's hosted page, as the shopper's browser does (a plain form post). */
async function press(sessionUrl: string, intent: "pay" | "cancel" | "fail" | "expire") {
  const response = await visit(site.app, sessionUrl, { intent });
  expect(response.status).toBe(303);
  return response.headers.get("Location")!;
}

/** Runs `fn` while the store cannot be reached (lost webhooks, or Stripe down for the SDK). */
async function whileUnreachable<T>(fn: () => Promise<T>): Promise<T> {
  process.env.STRIPE_SANDBOX_URL = await deadOrigin();
  site.app.reconfigure();
  try {
    return await fn();
  } finally {
    process.env.STRIPE_SANDBOX_URL = site.app.url;
    site.app.reconfigure();
  }
}

describe("startOnlineCheckout", () => {
  it("places an unpaid Online order and creates a Checkout Session for exactly its total", async () => {
    const { user, items, orderId, url, sessionId } = await checkout([
      [1999, 3],
      [499, 1],
    ]);
    const order = (await orderRow(orderId))!;
    expect(order).toMatchObject({
      userId: user.id,
      paymentType: "Online",
      isPaid: false,
      paidAt: null,
      status: "Order Placed",
      subtotalCents: 6496,
      taxCents: 129,
      amountCents: 6625,
    });
    expect(url).toBe(`${ORIGIN}/stripe-sandbox/checkout/${sessionId}`);
    // The cart is kept until the order is paid, and the unpaid order is not shown to the shopper as placed.
    expect((await readSavedCart(user.id)).size).toBe(2);
    expect(await listUserOrders(user.id)).toEqual([]);

    const session = await stripeClient().checkout.sessions.retrieve(sessionId, { expand: ["line_items"] });
    expect(session).toMatchObject({
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      currency: "usd",
      amount_total: 6625,
      metadata: { orderId },
      client_reference_id: orderId,
      success_url: `${ORIGIN}/loader?next=my-orders&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${ORIGIN}/cart?checkout=cancelled&order=${orderId}`,
    });
    expect(session.line_items?.data.map((l) => [l.description, l.price?.unit_amount, l.quantity])).toEqual([
      [items[0]!.product.name, 1999, 3],
      [items[1]!.product.name, 499, 1],
      ["Tax (2%)", 129, 1],
    ]);
    expect(session.line_items?.data.reduce((sum, l) => sum + l.amount_total, 0)).toBe(order.amountCents);
  });

  it.each([
    {
      name: "tax rounds down from .92",
      lines: [
        [1999, 3],
        [499, 1],
      ] as [number, number][],
    },
    { name: "tax rounds down from .98", lines: [[4999, 1]] as [number, number][] },
    { name: "tax rounds down from .98, three units", lines: [[333, 3]] as [number, number][] },
    { name: "exact tax", lines: [[2550, 1]] as [number, number][] },
    { name: "one-cent tax", lines: [[50, 1]] as [number, number][] },
    {
      name: "many odd prices",
      lines: [
        [1, 99],
        [7, 13],
        [99_999, 99],
        [1234, 5],
      ] as [number, number][],
    },
  ])("session line items add up to the order total exactly: $name", async ({ lines }) => {
    const { orderId, sessionId } = await checkout(lines);
    const order = (await orderRow(orderId))!;
    const expected = computeTotals(
      lines.map(([unitPriceCents, quantity]) => ({ unitPriceCents, quantity })),
      DEFAULT_PRICING,
    );
    expect(order.amountCents).toBe(expected.totalCents);
    const items = await stripeClient().checkout.sessions.listLineItems(sessionId).autoPagingToArray({ limit: 200 });
    expect(items.reduce((sum, l) => sum + l.amount_total, 0)).toBe(order.amountCents);
    expect(items.filter((l) => l.description === "Tax (2%)").map((l) => l.amount_total)).toEqual([expected.taxCents]);
    const session = await stripeClient().checkout.sessions.retrieve(sessionId);
    expect(session.amount_total).toBe(order.amountCents);
  });

  it("uses PUBLIC_URL for the success and cancel URLs when it is set", async () => {
    process.env.PUBLIC_URL = "https://trendora.example/";
    site.app.reconfigure();
    try {
      const { sessionId, url } = await checkout();
      const session = await stripeClient().checkout.sessions.retrieve(sessionId);
      expect(session.success_url).toBe(
        "https://trendora.example/loader?next=my-orders&session_id={CHECKOUT_SESSION_ID}",
      );
      expect(session.cancel_url).toBe(
        `https://trendora.example/cart?checkout=cancelled&order=${session.metadata?.orderId}`,
      );
      expect(url).toBe(`https://trendora.example/stripe-sandbox/checkout/${sessionId}`);
    } finally {
      delete process.env.PUBLIC_URL;
      site.app.reconfigure();
    }
  });

  it("a request naming another host gets no session without PUBLIC_URL (nothing kept); with PUBLIC_URL it pays", async () => {
    const { user, address, items } = await shopperWithCart();
    const input = {
      userId: user.id,
      addressId: address.id,
      items: items.map(({ productId, quantity }) => ({ productId, quantity })),
      // A Host header the client chose: the store would build its return URLs from it without PUBLIC_URL.
      origin: "https://evil.example",
    };
    const error = await refusalOf(startOnlineCheckout({ ...input, requestKey: newId() }));
    expect(error.status).toBe(503);
    expect(error.message).toBe(ONLINE_PAYMENT_UNAVAILABLE);
    expect(await db().select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
    expect([...(await readSavedCart(user.id))]).toEqual([[items[0]!.productId, 2]]);

    process.env.PUBLIC_URL = "https://trendora.example";
    site.app.reconfigure();
    try {
      const { url, orderId } = await startOnlineCheckout({ ...input, requestKey: newId() });
      expect(url).toBe(`https://trendora.example/stripe-sandbox/checkout/${await sessionIdOf(orderId)}`);
      expect(await press(url, "pay")).toBe(
        `https://trendora.example/loader?next=my-orders&session_id=${await sessionIdOf(orderId)}`,
      );
      expect(await orderRow(orderId)).toMatchObject({ isPaid: true });
    } finally {
      delete process.env.PUBLIC_URL;
      site.app.reconfigure();
    }
  });

  it("the same form sent twice gives one order and one session", async () => {
    const { user, address, items } = await shopperWithCart([[1500, 2]]);
    const input = {
      userId: user.id,
      addressId: address.id,
      items: items.map(({ productId, quantity }) => ({ productId, quantity })),
      requestKey: newId(),
      origin: ORIGIN,
    };
    const [first, second] = await Promise.all([startOnlineCheckout(input), startOnlineCheckout(input)]);
    expect(second).toEqual(first);
    expect(await db().select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
  });

  it("refuses a total under Stripe's $0.50 minimum with a clear message and leaves nothing behind", async () => {
    const { user, address, items } = await shopperWithCart([[30, 1]]);
    const error = await refusalOf(
      startOnlineCheckout({
        userId: user.id,
        addressId: address.id,
        items: items.map(({ productId, quantity }) => ({ productId, quantity })),
        origin: ORIGIN,
      }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe(ONLINE_PAYMENT_TOO_SMALL);
    expect(await db().select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
    expect(await db().select().from(orderItems).where(eq(orderItems.productId, items[0]!.productId))).toEqual([]);
    // The cart is as it was, so the shopper can choose Cash on Delivery.
    expect([...(await readSavedCart(user.id))]).toEqual([[items[0]!.productId, 1]]);
  });

  it("when Stripe cannot be reached, the order is rolled back and the cart kept", async () => {
    const { user, address, items } = await shopperWithCart([
      [1999, 2],
      [500, 1],
    ]);
    const error = await whileUnreachable(() =>
      refusalOf(
        startOnlineCheckout({
          userId: user.id,
          addressId: address.id,
          items: items.map(({ productId, quantity }) => ({ productId, quantity })),
          requestKey: newId(),
          origin: ORIGIN,
        }),
      ),
    );
    expect(error.status).toBe(503);
    expect(error.message).toBe(ONLINE_PAYMENT_UNAVAILABLE);
    expect(await db().select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
    expect(new Map(await readSavedCart(user.id))).toEqual(
      new Map([
        [items[0]!.productId, 2],
        [items[1]!.productId, 1],
      ]),
    );
  });

  it("refuses what a cash order refuses, before anything reaches Stripe", async () => {
    const { user, items } = await shopperWithCart();
    const other = await createUser();
    const foreign = await createAddress(other.id);
    const noAddress = await refusalOf(
      startOnlineCheckout({ userId: user.id, addressId: foreign.id, items, origin: ORIGIN }),
    );
    expect(noAddress.message).toBe("Please select an address");
    expect(await db().select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
  });
});

describe("paying in the sandbox", () => {
  it("Pay: the webhook marks the order paid once, and My Orders shows it", async () => {
    const { user, orderId, url, sessionId } = await checkout([[2500, 2]]);
    const before = (await events()).length;
    const location = await press(url, "pay");
    expect(location).toBe(`${ORIGIN}/loader?next=my-orders&session_id=${sessionId}`);

    const paid = (await orderRow(orderId))!;
    expect(paid.isPaid).toBe(true);
    expect(paid.status).toBe("Order Placed");
    expect(paid.paidAt).toBeGreaterThan(0);
    expect((await events()).length - before).toBe(1);
    expect((await events()).at(-1)?.type).toBe("checkout.session.completed");
    expect((await listUserOrders(user.id)).map((o) => [o.id, o.paymentType, o.isPaid, o.amountCents])).toEqual([
      [orderId, "Online", true, 5100],
    ]);

    // The shopper's return finds it paid already and changes nothing.
    expect(await confirmCheckoutReturn(sessionId)).toBe("already-paid");
    expect(await orderRow(orderId)).toEqual(paid);
  });

  it("Cancel: back to the cart (which is told the order); the order stays unpaid and is not shown as placed", async () => {
    const { user, orderId, url } = await checkout();
    const before = (await events()).length;
    expect(await press(url, "cancel")).toBe(`${ORIGIN}/cart?checkout=cancelled&order=${orderId}`);
    expect(await orderRow(orderId)).toMatchObject({ isPaid: false, paidAt: null, status: "Order Placed" });
    expect(await listUserOrders(user.id)).toEqual([]);
    expect((await events()).length).toBe(before);
  });

  it("a failed payment cancels the order and it is never shown as placed", async () => {
    const { user, orderId, url, sessionId } = await checkout();
    const location = await press(url, "fail");
    expect(location).toContain(`session_id=${sessionId}`);
    expect(await orderRow(orderId)).toMatchObject({ isPaid: false, paidAt: null, status: "Cancelled" });
    expect(await listUserOrders(user.id)).toEqual([]);
    expect((await events()).slice(-2).map((e) => e.type)).toEqual([
      "checkout.session.completed",
      "checkout.session.async_payment_failed",
    ]);
    expect(await confirmCheckoutReturn(sessionId)).toBe("not-paid");
    expect((await orderRow(orderId))?.status).toBe("Cancelled");
  });

  it("an expired session cancels the order", async () => {
    const { user, orderId, url, sessionId } = await checkout();
    await press(url, "expire");
    expect(await orderRow(orderId)).toMatchObject({ isPaid: false, status: "Cancelled" });
    expect((await events()).at(-1)?.type).toBe("checkout.session.expired");
    expect(await listUserOrders(user.id)).toEqual([]);
    expect(await confirmCheckoutReturn(sessionId)).toBe("already-closed");
  });

  it("the return through /loader pays the order when the webhook was lost", async () => {
    const { user, orderId, sessionId } = await checkout();
    const before = (await events()).length;
    await whileUnreachable(() => actOnCheckoutSession(sessionId, "pay"));
    expect((await orderRow(orderId))?.isPaid).toBe(false);

    expect(await confirmCheckoutReturn(sessionId)).toBe("paid");
    expect(await orderRow(orderId)).toMatchObject({ isPaid: true, status: "Order Placed" });
    expect((await listUserOrders(user.id)).map((o) => o.id)).toEqual([orderId]);
    // No webhook arrived, so no event was recorded.
    expect((await events()).length).toBe(before);
  });

  it("the webhook and the return arriving together mark the order paid once", async () => {
    const { orderId, sessionId } = await checkout();
    await whileUnreachable(() => actOnCheckoutSession(sessionId, "pay"));
    const session = await stripeClient().checkout.sessions.retrieve(sessionId);
    // One event, so a later delivery of it is Stripe's retry.
    const id = `evt_${newId()}`;
    const deliver = () =>
      deliverWebhook(site.app.url, "checkout.session.completed", session, { id }).then(({ outcome }) => outcome);
    const before = (await events()).length;

    const outcomes = await Promise.all([deliver(), confirmCheckoutReturn(sessionId), confirmCheckoutReturn(sessionId)]);
    expect(outcomes.filter((o) => o === "paid")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "already-paid")).toHaveLength(2);
    const paid = (await orderRow(orderId))!;
    expect(paid.isPaid).toBe(true);
    expect((await events()).length - before).toBe(1);

    // Stripe retries the same event later: nothing changes.
    expect(await deliver()).toBe("duplicate-event");
    expect(await confirmCheckoutReturn(sessionId)).toBe("already-paid");
    expect(await orderRow(orderId)).toEqual(paid);
    expect((await events()).length - before).toBe(1);
  });

  it("the return path never throws: a malformed or unknown session id changes nothing", async () => {
    expect(await confirmCheckoutReturn(null)).toBe("invalid");
    expect(await confirmCheckoutReturn("cs_test_<script>")).toBe("invalid");
    expect(await confirmCheckoutReturn("cs_test_unknown123")).toBe("error");
  });
});

describe("expireStaleOnlineOrders", () => {
  it("cancels only unpaid online orders whose checkout time is over", async () => {
    const { user, address } = await createShopperWithAddress();
    const hours = (h: number) => Date.now() - h * 60 * 60 * 1000;
    const make = async (paymentType: "COD" | "Online", isPaid: boolean, createdAt: number) => {
      const id = newId();
      await db()
        .insert(orders)
        .values({
          id,
          userId: user.id,
          paymentType,
          subtotalCents: 1000,
          taxCents: 20,
          amountCents: 1020,
          isPaid,
          address: { ...address },
          createdAt,
        });
      return id;
    };
    const stale = await make("Online", false, hours(2));
    const fresh = await make("Online", false, hours(0.5));
    const paid = await make("Online", true, hours(3));
    const cash = await make("COD", false, hours(3));

    expect(await expireStaleOnlineOrders()).toBeGreaterThanOrEqual(1);
    expect((await orderRow(stale))?.status).toBe("Cancelled");
    for (const id of [fresh, paid, cash]) expect((await orderRow(id))?.status).toBe("Order Placed");
  });
});

describe("POST /api/order/stripe", () => {
  const post = (body: unknown, cookie?: string) => site.app.fetch(jsonRequest("/api/order/stripe", body, { cookie }));

  it("answers {success, url} and leaves an unpaid online order with its session", async () => {
    const { user, address, items } = await shopperWithCart([[1999, 1]]);
    const response = await post(
      { items: items.map((i) => ({ product: i.productId, quantity: i.quantity })), address: address.id },
      await signedInCookie(user.id),
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.success).toBe(true);
    expect(body.url).toMatch(/^http:\/\/localhost\/stripe-sandbox\/checkout\/cs_test_[0-9A-Za-z]+$/);
    const [order] = await db().select().from(orders).where(eq(orders.userId, user.id));
    expect(order).toMatchObject({ paymentType: "Online", isPaid: false, amountCents: 2038 });
    expect(body.url).toContain(order!.stripeSessionId);
    // The saved cart is kept until the order is paid.
    expect((await readSavedCart(user.id)).size).toBe(1);
  });

  it("refuses: not logged in 401, bad items 400, a foreign or missing address 400", async () => {
    const { user, address, items } = await shopperWithCart();
    const cookie = await signedInCookie(user.id);
    const good = items.map((i) => ({ product: i.productId, quantity: i.quantity }));

    const anonymous = await post({ items: good, address: address.id });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).success).toBe(false);

    const other = await createUser();
    const foreign = await createAddress(other.id);
    const refusals: [unknown, number, RegExp][] = [
      [{ items: "all of them", address: address.id }, 400, /list/],
      [{ items: [], address: address.id }, 400, /empty/],
      [{ items: [{ product: "../../etc", quantity: 1 }], address: address.id }, 400, /product/],
      [{ items: [{ product: items[0]!.productId, quantity: 0 }], address: address.id }, 400, /Quantity/],
      [{ items: [{ product: items[0]!.productId, quantity: "2; DROP" }], address: address.id }, 400, /Quantity/],
      [{ items: [{ product: "abc123", quantity: 1 }], address: address.id }, 404, /does not exist/],
      [{ items: good, address: foreign.id }, 400, /Please select an address/],
      [{ items: good }, 400, /Please select an address/],
      ["not json at all", 400, /JSON/],
    ];
    for (const [body, status, message] of refusals) {
      const response = await post(body, cookie);
      const json = await response.json();
      expect([JSON.stringify(body), response.status]).toEqual([JSON.stringify(body), status]);
      expect(json.success).toBe(false);
      expect(json.message).toMatch(message);
    }
    expect(await db().select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
    expect((await readSavedCart(user.id)).size).toBe(1);
  });

  it("a retried request with the same Idempotency-Key gets the same session; a form post is refused (415)", async () => {
    const { user, address, items } = await shopperWithCart();
    const cookie = await signedInCookie(user.id);
    const body = JSON.stringify({
      items: items.map((i) => ({ product: i.productId, quantity: i.quantity })),
      address: address.id,
    });
    const send = (headers: Record<string, string>) =>
      site.app.fetch(
        new Request("http://localhost/api/order/stripe", {
          method: "POST",
          // As the store's own pages' JavaScript sends it (same origin).
          headers: { Cookie: cookie, Origin: "http://localhost", ...headers },
          body,
        }),
      );
    const json = { "Content-Type": "application/json", "Idempotency-Key": "retry-key-12345" };
    const first = await (await send(json)).json();
    const retried = await (await send(json)).json();
    expect(retried.url).toBe(first.url);
    expect(await db().select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);

    const crossSiteForm = await send({ "Content-Type": "text/plain" });
    expect(crossSiteForm.status).toBe(415);
  });

  it("says so when online payment cannot be started (503), keeping the cart", async () => {
    const { user, address, items } = await shopperWithCart();
    const cookie = await signedInCookie(user.id);
    const response = await whileUnreachable(() =>
      post({ items: items.map((i) => ({ product: i.productId, quantity: i.quantity })), address: address.id }, cookie),
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ success: false, message: ONLINE_PAYMENT_UNAVAILABLE });
    expect((await readSavedCart(user.id)).size).toBe(1);
  });
});

describe("the cart page's Place Order with Online", () => {
  async function placeOnline(fields: Record<string, string>) {
    const { user, address, items } = await shopperWithCart([[4500, 2]]);
    const cookie = await signedInCookie(user.id);
    const response = await submit(site.client(cookie), "/cart", {
      intent: "place-order",
      paymentType: "Online",
      addressId: address.id,
      requestKey: newId(),
      ...fields,
    });
    return { user, items, response };
  }

  it("sends the browser (303, a full page load) to the checkout page and keeps the cart until it is paid", async () => {
    const { user, response } = await placeOnline({});
    expect(response.status).toBe(303);
    const [order] = await db().select().from(orders).where(eq(orders.userId, user.id));
    expect(order).toMatchObject({ paymentType: "Online", isPaid: false, amountCents: 9180 });
    expect(response.location).toBe(`http://localhost/stripe-sandbox/checkout/${order!.stripeSessionId}`);
    // A whole new page (X-Remix-Reload-Document without JavaScript): the checkout page is not the app's.
    expect(response.reload).toBe(true);
    expect((await readSavedCart(user.id)).size).toBeGreaterThan(0);
  });

  it("shows the refusal next to the form and keeps the cart", async () => {
    const { user, response } = await placeOnline({ addressId: "" });
    expect(response.status).toBe(400);
    expect(response.reply).toMatchObject({
      formError: "Please select an address",
      values: { paymentType: "Online" },
    });
    expect((await readSavedCart(user.id)).size).toBe(1);

    const down = await whileUnreachable(() => placeOnline({}));
    expect(down.response.status).toBe(503);
    expect(down.response.reply).toMatchObject({
      formError: ONLINE_PAYMENT_UNAVAILABLE,
      values: { paymentType: "Online" },
    });
    expect((await readSavedCart(down.user.id)).size).toBe(1);
    expect(await db().select().from(orders).where(eq(orders.userId, down.user.id))).toEqual([]);
  });
});

describe("the return through /loader?next=my-orders&session_id=…", () => {
  /** The page as the shopper who placed the order sees it (a visitor or anyone else gets no notice: see below). */
  const loaderPage = async (path: string, userId: string | null) => {
    const cookie = userId ? await signedInCookie(userId) : null;
    return (await routeData(site.client(cookie), path, "routes/loader")).data as { next: string; notice: unknown };
  };

  it("confirms the payment (the webhook was lost) and My Orders shows the paid order at once", async () => {
    const { user, orderId, sessionId } = await checkout([[1200, 1]]);
    await whileUnreachable(() => actOnCheckoutSession(sessionId, "pay"));
    expect((await orderRow(orderId))?.isPaid).toBe(false);

    // On to My Orders with the order named (issue 30).
    expect(await loaderPage(`/loader?next=my-orders&session_id=${sessionId}`, user.id)).toEqual({
      next: `/my-orders?placed=${orderId}`,
      notice: { type: "success", message: "Payment received. Your order is placed." },
    });
    expect((await orderRow(orderId))?.isPaid).toBe(true);
    const cookie = await signedInCookie(user.id);
    const panel = (await site.client(cookie).get(`/my-orders?placed=${orderId}`)).text.replaceAll("<!-- -->", "");
    expect(panel).toContain(`Thank you! Order ${orderId} is placed.`);
    expect(panel).toContain("Paid online: $12.24.");
    const myOrders = (await routeData(site.client(cookie), "/my-orders", "routes/my-orders")).data as {
      orders: { id: string; paymentType: string }[];
    };
    expect(myOrders.orders.map((o: { id: string; paymentType: string }) => [o.id, o.paymentType])).toEqual([
      [orderId, "Online"],
    ]);
  });

  it("still shows the page and moves on when the session cannot be confirmed", async () => {
    const { user, orderId, sessionId } = await checkout();
    // Not a session of the store's: nothing to say.
    expect(await loaderPage("/loader?next=my-orders&session_id=cs_test_unknownsession", user.id)).toEqual({
      next: "/my-orders",
      notice: null,
    });
    expect(await loaderPage("/loader?next=my-orders&session_id=%3Cscript%3E", user.id)).toEqual({
      next: "/my-orders",
      notice: null,
    });
    expect(await loaderPage("/loader?next=my-orders", user.id)).toEqual({ next: "/my-orders", notice: null });
    // Stripe cannot be reached: the order is not placed yet, and the page says so.
    const unreachable = await whileUnreachable(() =>
      loaderPage(`/loader?next=my-orders&session_id=${sessionId}`, user.id),
    );
    expect(unreachable).toEqual({ next: "/my-orders", notice: { type: "error", message: PAYMENT_NOTICES.pending } });
    expect(await orderRow(orderId)).toMatchObject({ isPaid: false, status: "Order Placed" });
  });

  /** The answer of /loader to the shopper who placed the order, as it is (a page, or a redirect). */
  const loaderAnswer = async (path: string, userId: string) => {
    const shopper = site.client(await signedInCookie(userId));
    return { ...(await routeData(shopper, path, "routes/loader")), cookie: shopper.cookie };
  };

  /** A failed or expired payment goes back to the cart (which still holds the items) with the message. */
  const expectBackToCart = async (response: RouteData & { cookie: string }) => {
    expect(response.status).toBe(303);
    expect(response.location).toBe("/cart");
    expect(await toastsFrom(response)).toEqual([`error: ${PAYMENT_NOTICES.failed}`]);
  };

  it("says when the payment failed, expired or is not complete; the order is never shown as placed", async () => {
    const failed = await checkout();
    const cartBefore = await readSavedCart(failed.user.id);
    await actOnCheckoutSession(failed.sessionId, "fail");
    await expectBackToCart(await loaderAnswer(`/loader?next=my-orders&session_id=${failed.sessionId}`, failed.user.id));
    expect(await readSavedCart(failed.user.id)).toEqual(cartBefore);

    // The shopper was sent back but the webhook of the failure was lost: the return finds out itself.
    const lostFailure = await checkout();
    await whileUnreachable(() => actOnCheckoutSession(lostFailure.sessionId, "fail"));
    expect(await orderRow(lostFailure.orderId)).toMatchObject({ isPaid: false, status: "Order Placed" });
    expect(
      (await loaderPage(`/loader?next=my-orders&session_id=${lostFailure.sessionId}`, lostFailure.user.id)).notice,
    ).toEqual({
      type: "error",
      message: PAYMENT_NOTICES.pending,
    });

    const expired = await checkout();
    await actOnCheckoutSession(expired.sessionId, "expire");
    await expectBackToCart(
      await loaderAnswer(`/loader?next=my-orders&session_id=${expired.sessionId}`, expired.user.id),
    );

    // The success URL opened while the session is still open (nothing paid yet).
    const open = await checkout();
    expect((await loaderPage(`/loader?next=my-orders&session_id=${open.sessionId}`, open.user.id)).notice).toEqual({
      type: "error",
      message: "Your payment is not complete yet. Your order will be placed once it is paid.",
    });

    for (const { user, orderId } of [failed, expired, open]) {
      expect((await orderRow(orderId))?.isPaid).toBe(false);
      expect(await listUserOrders(user.id)).toEqual([]);
    }
  });
});

describe("leaving the checkout page: the cart is kept until the order is paid", () => {
  /** The shopper's browser arriving at a cart URL (the cancel URL), signed in or not. */
  async function openCart(path: string, userId: string | null) {
    const browser = site.client(userId ? await signedInCookie(userId) : null);
    const page = await routeData(browser, path, "routes/cart");
    return { ...page, data: page.data as { count: number }, cookie: browser.cookie };
  }

  const cartOf = async (userId: string) => new Map(await readSavedCart(userId));

  /**
   * Runs `fn` while the sandbox's webhooks are lost on the way (its deliveries use fetch; the SDK uses
   * node:http, so Stripe itself stays reachable).
   */
  async function withoutSandboxWebhooks<T>(fn: () => Promise<T>): Promise<T> {
    const realFetch = globalThis.fetch;
    const lost = vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      if (String(input).endsWith("/api/stripe/webhook")) return Promise.reject(new TypeError("fetch failed"));
      return realFetch(input, init);
    });
    try {
      return await fn();
    } finally {
      lost.mockRestore();
    }
  }

  /** A Stripe webhook event over HTTP, signed with the store's secret, as Stripe sends it. */
  async function deliverEvent(type: string, object: object) {
    const { status, outcome } = await deliverWebhook(site.app.url, type, object);
    expect(status).toBe(200);
    return outcome;
  }

  it("Cancel expires the session and cancels the order; the cart is as it was, nothing added twice", async () => {
    const { user, items, orderId, url, sessionId } = await checkout([
      [1999, 2],
      [500, 1],
    ]);
    const [first, second] = items.map((i) => i.productId);
    // While the checkout page was open, the shopper put more of one item, and something else, in the cart.
    const other = await createProduct();
    await db().update(cartItems).set({ quantity: 3 }).where(eq(cartItems.productId, first!));
    await db().insert(cartItems).values({ userId: user.id, productId: other.id, quantity: 3 });
    const cartBefore = await cartOf(user.id);
    expect(cartBefore).toEqual(
      new Map([
        [first, 3],
        [second, 1],
        [other.id, 3],
      ]),
    );
    const before = (await events()).length;

    const cancelUrl = await press(url, "cancel");
    const response = await openCart(pathOf(cancelUrl), user.id);
    expect(response.status).toBe(303);
    expect(response.location).toBe("/cart");
    expect(await toastsFrom(response)).toEqual([`success: ${PAYMENT_NOTICES.cancelled}`]);
    expect(await cartOf(user.id)).toEqual(cartBefore);

    const cancelled = (await orderRow(orderId))!;
    expect(cancelled).toMatchObject({ isPaid: false, paidAt: null, status: "Cancelled" });
    expect(await listUserOrders(user.id)).toEqual([]);
    // The session can no longer be paid: Pay on its page only shows that it has expired.
    const session = await stripeClient().checkout.sessions.retrieve(sessionId);
    expect(session).toMatchObject({ status: "expired", payment_status: "unpaid", url: null });
    expect(await press(url, "pay")).toBe(`/stripe-sandbox/checkout/${sessionId}`);
    expect(await orderRow(orderId)).toEqual(cancelled);
    // The sandbox sent checkout.session.expired while expiring it (before answering), and it was handled.
    expect(sandboxDeliveries(sessionId).map((d) => [d.type, d.status])).toEqual([["checkout.session.expired", 200]]);
    expect((await events()).length - before).toBe(1);

    // A reload of the same URL, or the back button: nothing changes and no toast.
    const again = await openCart(pathOf(cancelUrl), user.id);
    expect(again.status).toBe(200);
    expect(await toastsFrom(again)).toEqual([]);
    expect(again.data.count).toBe(7);
    expect(await orderRow(orderId)).toEqual(cancelled);

    // Stripe's own checkout.session.expired for that session, arriving later: a no-op.
    expect(await deliverEvent("checkout.session.expired", session)).toBe("already-closed");
    expect(await orderRow(orderId)).toEqual(cancelled);
    expect(await cartOf(user.id)).toEqual(cartBefore);
  });

  it("with Stripe's order of events (the webhook a moment after the cancel) the result is the same", async () => {
    const { user, items, orderId, sessionId } = await checkout([[2500, 2]]);
    // The sandbox sends checkout.session.expired before answering the expire call; Stripe sends it later.
    // Lose it during the cancel, then deliver it as Stripe would.
    const next = await withoutSandboxWebhooks(() => cancelCheckout(user.id, orderId));
    expect(next).toEqual({ redirectTo: "/cart", toast: { type: "success", message: PAYMENT_NOTICES.cancelled } });
    expect(sandboxDeliveries(sessionId).map((d) => [d.type, d.status])).toEqual([["checkout.session.expired", null]]);
    const cancelled = (await orderRow(orderId))!;
    expect(cancelled).toMatchObject({ isPaid: false, status: "Cancelled" });
    expect(await cartOf(user.id)).toEqual(new Map([[items[0]!.productId, 2]]));

    const session = await stripeClient().checkout.sessions.retrieve(sessionId);
    expect(await deliverEvent("checkout.session.expired", session)).toBe("already-closed");
    expect(await orderRow(orderId)).toEqual(cancelled);
    expect(await cartOf(user.id)).toEqual(new Map([[items[0]!.productId, 2]]));
  });

  it("a session that had already expired (its webhook lost) cancels the order; the cart still holds it", async () => {
    const { user, items, orderId, sessionId } = await checkout([[2500, 2]]);
    await withoutSandboxWebhooks(() => stripeClient().checkout.sessions.expire(sessionId));
    expect((await orderRow(orderId))?.status).toBe("Order Placed");

    expect(await cancelCheckout(user.id, orderId)).toMatchObject({ redirectTo: "/cart" });
    expect(await orderRow(orderId)).toMatchObject({ isPaid: false, status: "Cancelled" });
    expect(await cartOf(user.id)).toEqual(new Map([[items[0]!.productId, 2]]));
  });

  it("a shopper who closes the payment tab finds the cart as it was, and ordering again makes one live order", async () => {
    const { user, address, items, orderId, sessionId } = await checkout([[1500, 2]]);
    expect(await cartOf(user.id)).toEqual(new Map([[items[0]!.productId, 2]]));

    // Back in the shop (the tab with the payment page closed): Place Order again, a new form.
    const again = await placeCartOrder({
      shopperId: user.id,
      paymentType: "Online",
      addressId: address.id,
      requestKey: newId(),
      origin: ORIGIN,
    });
    expect(again.orderId).not.toBe(orderId);
    // The first checkout is closed: its session can no longer be paid, its order is cancelled.
    expect((await stripeClient().checkout.sessions.retrieve(sessionId)).status).toBe("expired");
    expect((await orderRow(orderId))?.status).toBe("Cancelled");
    const open = (await db().select().from(orders).where(eq(orders.userId, user.id))).filter(
      (o) => o.status === "Order Placed",
    );
    expect(open.map((o) => o.id)).toEqual([again.orderId]);

    // Paying the live one places exactly one order and empties the cart of its lines.
    if (again.paymentType !== "Online") throw new Error("expected an online checkout");
    await press(again.url, "pay");
    expect((await listUserOrders(user.id)).map((o) => o.id)).toEqual([again.orderId]);
    expect((await readSavedCart(user.id)).size).toBe(0);
  });

  it("switching to cash on delivery closes the open online checkout: one order, the cart emptied", async () => {
    const { user, address, orderId, sessionId } = await checkout([[1500, 2]]);
    const cod = await placeCartOrder({
      shopperId: user.id,
      paymentType: "COD",
      addressId: address.id,
      requestKey: newId(),
      origin: ORIGIN,
    });
    expect((await stripeClient().checkout.sessions.retrieve(sessionId)).status).toBe("expired");
    expect((await orderRow(orderId))?.status).toBe("Cancelled");
    expect((await listUserOrders(user.id)).map((o) => [o.id, o.paymentType])).toEqual([[cod.orderId, "COD"]]);
    expect((await readSavedCart(user.id)).size).toBe(0);
  });

  it("a refused Place Order (bad or reused request key, address, payment method, empty cart) leaves the open checkout, its order and the stock as they were", async () => {
    const { user, address } = await createShopperWithAddress();
    const product = await createProduct({ offerPriceCents: 2500, priceCents: 3500 }, { sizes: [["M", 6]] });
    // An earlier cash order under a key the form sends again below.
    const cashKey = newId();
    await placeOrder({
      userId: user.id,
      addressId: address.id,
      items: [{ productId: product.id, size: "M", quantity: 1 }],
      paymentType: "COD",
      requestKey: cashKey,
    });
    await db().insert(cartItems).values({ userId: user.id, productId: product.id, size: "M", quantity: 2 });
    const open = await startOnlineCheckout({
      userId: user.id,
      addressId: address.id,
      items: [{ productId: product.id, size: "M", quantity: 2 }],
      requestKey: newId(),
      origin: ORIGIN,
    });
    const sessionId = await sessionIdOf(open.orderId);
    const cookie = await signedInCookie(user.id);
    const snapshot = async () => ({
      orders: await db().select().from(orders).where(eq(orders.userId, user.id)),
      stock: await stockOf(product.id),
      cart: [...(await readSavedCart(user.id))],
      events: (await events()).length,
    });
    const before = await snapshot();
    expect(before.stock).toEqual({ M: 3 });
    expect(before.orders).toHaveLength(2);

    const good = { intent: "place-order", paymentType: "Online", addressId: address.id, requestKey: newId() };
    const refused: [Record<string, string>, string, number?][] = [
      [{ ...good, requestKey: cashKey }, "This order was already placed.", 409],
      [{ ...good, requestKey: "" }, "Invalid request key."],
      [{ ...good, requestKey: "not a key!" }, "Invalid request key."],
      [{ ...good, paymentType: "COD", requestKey: "x".repeat(600) }, "Invalid request key."],
      [{ ...good, addressId: "" }, "Please select an address"],
      [{ ...good, addressId: newId() }, "Please select an address"],
      [{ ...good, paymentType: "Cheque" }, "Please choose a payment method."],
    ];
    for (const [fields, message, status = 400] of refused) {
      const response = await submit(site.client(cookie), "/cart", fields);
      expect([fields, response.status]).toEqual([fields, status]);
      expect(response.reply).toMatchObject({ formError: message });
    }
    // An emptied cart is refused too, before the open checkout is touched.
    await db().delete(cartItems).where(eq(cartItems.userId, user.id));
    const empty = await submit(site.client(cookie), "/cart", good);
    expect(empty.status).toBe(400);
    expect(empty.reply).toMatchObject({ formError: "Your cart is empty." });
    await db().insert(cartItems).values({ userId: user.id, productId: product.id, size: "M", quantity: 2 });
    // More than is left, even with the 2 units the open checkout would give back (lines an /api client sends:
    // the cart page orders what is left of a line): refused before closing it.
    const short = await refusalOf(
      placeCartOrder({
        shopperId: user.id,
        paymentType: "Online",
        addressId: address.id,
        requestKey: newId(),
        items: [{ productId: product.id, size: "M", quantity: 6 }],
        origin: ORIGIN,
      }),
    );
    expect([short.status, short.message]).toEqual([409, `Only 5 left of ${product.name}, M`]);

    expect(await snapshot()).toEqual(before);
    expect(await orderRow(open.orderId)).toMatchObject({ status: "Order Placed", isPaid: false });
    expect((await stripeClient().checkout.sessions.retrieve(sessionId)).status).toBe("open");
    expect(sandboxDeliveries(sessionId)).toEqual([]);

    // Five fit once the open checkout's 2 units are back (3 are in stock now): all five are ordered, the old
    // checkout closed.
    await db().update(cartItems).set({ quantity: 5 }).where(eq(cartItems.userId, user.id));
    const placed = await submit(site.client(cookie), "/cart", good);
    expect(placed.status).toBe(303);
    expect((await orderRow(open.orderId))?.status).toBe("Cancelled");
    expect(await stockOf(product.id)).toEqual({ M: 0 });
  });

  it("a paid order takes only its own lines out of a cart changed meanwhile", async () => {
    const { user, items, url } = await checkout([
      [1000, 2],
      [1100, 1],
    ]);
    const [a, b] = items.map((i) => i.productId);
    // While paying, the shopper put three more of `a` and a new product in the cart.
    const c = await createProduct();
    await db().update(cartItems).set({ quantity: 5 }).where(eq(cartItems.productId, a!));
    await db().insert(cartItems).values({ userId: user.id, productId: c.id, quantity: 1 });

    await press(url, "pay");
    expect(await cartOf(user.id)).toEqual(
      new Map([
        [a, 3],
        [c.id, 1],
      ]),
    );
    expect((await cartOf(user.id)).has(b!)).toBe(false);
  });

  it("two tabs arriving at once close the checkout once; the cart is untouched", async () => {
    const { user, items, orderId, sessionId } = await checkout([[1500, 2]]);
    const outcomes = await Promise.all([cancelCheckout(user.id, orderId), cancelCheckout(user.id, orderId)]);
    for (const next of outcomes) expect(next?.redirectTo).toBe("/cart");
    expect(await cartOf(user.id)).toEqual(new Map([[items[0]!.productId, 2]]));
    expect((await orderRow(orderId))?.status).toBe("Cancelled");
    expect(sandboxDeliveries(sessionId).map((d) => d.type)).toEqual(["checkout.session.expired"]);
  });

  it("Stripe can expire an open session only once (the sandbox too, under concurrent calls)", async () => {
    const { sessionId } = await checkout();
    const results = await Promise.allSettled([
      stripeClient().checkout.sessions.expire(sessionId),
      stripeClient().checkout.sessions.expire(sessionId),
      stripeClient().checkout.sessions.expire(sessionId),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected")) {
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    }
    expect(sandboxDeliveries(sessionId).map((d) => d.type)).toEqual(["checkout.session.expired"]);
  });

  it("a session paid meanwhile is fulfilled instead: the order is placed and its lines leave the cart", async () => {
    const { user, orderId, url, sessionId } = await checkout([[3000, 1]]);
    const cancelUrl = await press(url, "cancel");
    // Paid in another tab, and its webhook was lost.
    await whileUnreachable(() => actOnCheckoutSession(sessionId, "pay"));
    expect((await orderRow(orderId))?.isPaid).toBe(false);
    expect((await readSavedCart(user.id)).size).toBe(1);

    const response = await openCart(pathOf(cancelUrl), user.id);
    expect(response.status).toBe(303);
    expect(response.location).toBe(`/my-orders?placed=${orderId}`);
    expect(await toastsFrom(response)).toEqual(["success: Payment received. Your order is placed."]);
    expect(await orderRow(orderId)).toMatchObject({ isPaid: true, status: "Order Placed" });
    expect((await listUserOrders(user.id)).map((o) => o.id)).toEqual([orderId]);
    expect((await readSavedCart(user.id)).size).toBe(0);
  });

  it("a failed payment cancels the order (its webhook) and the cart still holds it", async () => {
    const { user, items, orderId, url } = await checkout();
    const returnUrl = await press(url, "fail");
    expect(returnUrl).toContain("/loader?");
    expect(await orderRow(orderId)).toMatchObject({ isPaid: false, status: "Cancelled" });
    const response = await openCart(`/cart?checkout=cancelled&order=${orderId}`, user.id);
    expect(response.status).toBe(200);
    expect(await toastsFrom(response)).toEqual([]);
    expect(await cartOf(user.id)).toEqual(new Map([[items[0]!.productId, 2]]));
  });

  it("an expired checkout, also one swept later, leaves the cart as it was", async () => {
    const expired = await checkout([[1200, 1]]);
    await press(expired.url, "expire");
    expect((await orderRow(expired.orderId))?.status).toBe("Cancelled");
    expect(await cartOf(expired.user.id)).toEqual(new Map([[expired.items[0]!.productId, 1]]));

    const abandoned = await checkout([[1300, 2]]);
    expect(await expireStaleOnlineOrders(Date.now() + 2 * 60 * 60 * 1000)).toBeGreaterThanOrEqual(1);
    expect((await orderRow(abandoned.orderId))?.status).toBe("Cancelled");
    expect(await cartOf(abandoned.user.id)).toEqual(new Map([[abandoned.items[0]!.productId, 2]]));
  });

  it("when Stripe cannot be reached nothing changes, and coming back later works", async () => {
    const { user, items, orderId, sessionId } = await checkout([[1800, 2]]);
    const path = `/cart?checkout=cancelled&order=${orderId}`;
    const response = await whileUnreachable(() => openCart(path, user.id));
    expect(response.status).toBe(200);
    expect(await toastsFrom(response)).toEqual([]);
    expect(await orderRow(orderId)).toMatchObject({ isPaid: false, status: "Order Placed" });
    expect((await stripeClient().checkout.sessions.retrieve(sessionId)).status).toBe("open");

    expect((await openCart(path, user.id)).status).toBe(303);
    expect((await orderRow(orderId))?.status).toBe("Cancelled");
    expect(await cartOf(user.id)).toEqual(new Map([[items[0]!.productId, 2]]));
  });

  it("changes nothing for another shopper's order, a paid or COD order, a malformed id, or a visitor", async () => {
    const owner = await checkout([[2200, 1]]);
    const stranger = await createUser();
    const paid = await checkout([[2300, 1]]);
    await actOnCheckoutSession(paid.sessionId, "pay");
    expect((await orderRow(paid.orderId))?.isPaid).toBe(true);
    const cash = await shopperWithCart([[2400, 1]]);
    const cod = (
      await placeOrder({
        userId: cash.user.id,
        addressId: cash.address.id,
        items: cash.items.map(({ productId, quantity }) => ({ productId, quantity })),
        paymentType: "COD",
      })
    ).order;
    const snapshot = async () => ({
      orders: await Promise.all([owner.orderId, paid.orderId, cod.id].map((id) => orderRow(id))),
      carts: await Promise.all(
        [owner.user.id, paid.user.id, cash.user.id, stranger.id].map(async (id) => [...(await readSavedCart(id))]),
      ),
    });
    const before = await snapshot();

    const attempts: [string, string | null][] = [
      [`/cart?checkout=cancelled&order=${owner.orderId}`, stranger.id],
      [`/cart?checkout=cancelled&order=${owner.orderId}`, null],
      [`/cart?checkout=cancelled&order=${paid.orderId}`, paid.user.id],
      [`/cart?checkout=cancelled&order=${cod.id}`, cash.user.id],
      ["/cart?checkout=cancelled&order=%3Cscript%3Ealert(1)%3C%2Fscript%3E", owner.user.id],
      [`/cart?checkout=cancelled&order=${"a".repeat(5000)}`, owner.user.id],
      ["/cart?checkout=cancelled&order=", owner.user.id],
      ["/cart?checkout=cancelled", owner.user.id],
      [`/cart?checkout=cancelled&order=${newId()}`, owner.user.id],
      [`/cart?checkout=other&order=${owner.orderId}`, owner.user.id],
    ];
    for (const [path, userId] of attempts) {
      const response = await openCart(path, userId);
      expect([path, userId, response.status]).toEqual([path, userId, 200]);
      expect(await toastsFrom(response)).toEqual([]);
    }
    expect(await snapshot()).toEqual(before);
    // The owner's session is still open: nothing was expired on their behalf.
    expect((await stripeClient().checkout.sessions.retrieve(owner.sessionId)).status).toBe("open");
  });
});

describe("sandbox mode on the cart page", () => {
  it("says Online Payment is in test mode while no STRIPE_SECRET_KEY is set, and not with one", async () => {
    expect(isSandboxMode()).toBe(true);
    const page = async () =>
      (await routeData(site.client(), "/cart", "routes/cart")).data as { onlinePaymentTestMode: boolean };
    expect((await page()).onlinePaymentTestMode).toBe(true);
    process.env.STRIPE_SECRET_KEY = "sk_test_a_real_looking_key";
    site.app.reconfigure();
    try {
      expect(isSandboxMode()).toBe(false);
      expect((await page()).onlinePaymentTestMode).toBe(false);
    } finally {
      delete process.env.STRIPE_SECRET_KEY;
      site.app.reconfigure();
    }
  });
});

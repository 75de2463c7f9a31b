// Online payment end to end below the browser: the real `stripe` SDK against the sandbox over HTTP,
// webhooks delivered over HTTP to the store's webhook route, and the real SQLite file.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "#app/lib/config.server.ts";
import { db } from "#app/lib/db.server.ts";
import { newId } from "#app/lib/ids.ts";
import { computeTotals } from "#app/lib/money.ts";
import { action as orderStripeAction } from "#app/routes/api/order-stripe.ts";
import { action as cartAction } from "#app/routes/cart.tsx";
import { loader as loaderPageLoader } from "#app/routes/loader.tsx";
import { loader as myOrdersLoader } from "#app/routes/my-orders.tsx";
import { readSavedCart } from "#app/services/cart.server.ts";
import { listUserOrders, OrderError } from "#app/services/orders.server.ts";
import {
  confirmCheckoutReturn,
  expireStaleOnlineOrders,
  ONLINE_PAYMENT_TOO_SMALL,
  ONLINE_PAYMENT_UNAVAILABLE,
  startOnlineCheckout,
  stripeClient,
  webhookSecret,
} from "#app/services/payments.server.ts";
import { actOnCheckoutSession } from "#app/services/stripe-sandbox.server.ts";
import { cartItems, orderItems, orders, stripeEvents } from "#db/schema.ts";
import { createProduct } from "../helpers/factories.ts";
import { formRequest, getRequest, jsonRequest, run } from "../helpers/requests.ts";
import { createAddress, createUser, signedInCookie } from "../helpers/shopper.ts";
import { pathOf, type SandboxServer, startSandboxServer } from "../helpers/stripe-sandbox-server.ts";

const ORIGIN = "http://shop.test";
let server: SandboxServer;
beforeAll(async () => {
  server = await startSandboxServer();
});
afterAll(() => server.close());

/** A shopper with an address and a saved cart of the given offer prices and quantities. */
async function shopperWithCart(lines: [priceCents: number, quantity: number][] = [[1999, 2]]) {
  const user = await createUser();
  const address = createAddress(user.id);
  const items = lines.map(([offerPriceCents, quantity]) => {
    const product = createProduct({ offerPriceCents, priceCents: offerPriceCents + 1000 });
    db().insert(cartItems).values({ userId: user.id, productId: product.id, quantity }).run();
    return { productId: product.id, quantity, product };
  });
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
  return { ...shopper, ...result, sessionId: sessionIdOf(result.orderId) };
}

function orderRow(id: string) {
  return db().select().from(orders).where(eq(orders.id, id)).get();
}

function sessionIdOf(orderId: string): string {
  return orderRow(orderId)!.stripeSessionId!;
}

function events() {
  return db().select().from(stripeEvents).all();
}

/** Presses a button on the sandbox's hosted page, as the shopper's browser does (a plain form post). */
async function press(sessionUrl: string, intent: "pay" | "cancel" | "fail" | "expire") {
  const response = await fetch(new URL(pathOf(sessionUrl), server.url), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent }),
    redirect: "manual",
  });
  expect(response.status).toBe(303);
  return response.headers.get("Location")!;
}

async function deadUrl(): Promise<string> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** Runs `fn` while the store cannot be reached (lost webhooks, or Stripe down for the SDK). */
async function whileUnreachable<T>(fn: () => Promise<T>): Promise<T> {
  process.env.STRIPE_SANDBOX_URL = await deadUrl();
  resetConfigForTests();
  try {
    return await fn();
  } finally {
    process.env.STRIPE_SANDBOX_URL = server.url;
    resetConfigForTests();
  }
}

async function refusal(promise: Promise<unknown>): Promise<OrderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (error instanceof OrderError) return error;
  throw new Error(`expected an OrderError, got ${String(error)}`);
}

describe("startOnlineCheckout", () => {
  it("places an unpaid Online order and creates a Checkout Session for exactly its total", async () => {
    const { user, items, orderId, url, sessionId } = await checkout([
      [1999, 3],
      [499, 1],
    ]);
    const order = orderRow(orderId)!;
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
    // The cart is cleared, and the unpaid order is not shown to the shopper as placed.
    expect(readSavedCart(user.id).size).toBe(0);
    expect(listUserOrders(user.id)).toEqual([]);

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
      cancel_url: `${ORIGIN}/cart`,
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
    const order = orderRow(orderId)!;
    const expected = computeTotals(lines.map(([unitPriceCents, quantity]) => ({ unitPriceCents, quantity })));
    expect(order.amountCents).toBe(expected.totalCents);
    const items = await stripeClient().checkout.sessions.listLineItems(sessionId).autoPagingToArray({ limit: 200 });
    expect(items.reduce((sum, l) => sum + l.amount_total, 0)).toBe(order.amountCents);
    expect(items.filter((l) => l.description === "Tax (2%)").map((l) => l.amount_total)).toEqual([expected.taxCents]);
    const session = await stripeClient().checkout.sessions.retrieve(sessionId);
    expect(session.amount_total).toBe(order.amountCents);
  });

  it("uses PUBLIC_URL for the success and cancel URLs when it is set", async () => {
    process.env.PUBLIC_URL = "https://trendora.example/";
    resetConfigForTests();
    try {
      const { sessionId, url } = await checkout();
      const session = await stripeClient().checkout.sessions.retrieve(sessionId);
      expect(session.success_url).toBe(
        "https://trendora.example/loader?next=my-orders&session_id={CHECKOUT_SESSION_ID}",
      );
      expect(session.cancel_url).toBe("https://trendora.example/cart");
      expect(url).toBe(`https://trendora.example/stripe-sandbox/checkout/${sessionId}`);
    } finally {
      delete process.env.PUBLIC_URL;
      resetConfigForTests();
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
    expect(db().select().from(orders).where(eq(orders.userId, user.id)).all()).toHaveLength(1);
  });

  it("refuses a total under Stripe's $0.50 minimum with a clear message and leaves nothing behind", async () => {
    const { user, address, items } = await shopperWithCart([[30, 1]]);
    const error = await refusal(
      startOnlineCheckout({
        userId: user.id,
        addressId: address.id,
        items: items.map(({ productId, quantity }) => ({ productId, quantity })),
        origin: ORIGIN,
      }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe(ONLINE_PAYMENT_TOO_SMALL);
    expect(db().select().from(orders).where(eq(orders.userId, user.id)).all()).toEqual([]);
    expect(db().select().from(orderItems).where(eq(orderItems.productId, items[0]!.productId)).all()).toEqual([]);
    // The cart is as it was, so the shopper can choose Cash on Delivery.
    expect([...readSavedCart(user.id)]).toEqual([[items[0]!.productId, 1]]);
  });

  it("when Stripe cannot be reached, the order is rolled back and the cart kept", async () => {
    const { user, address, items } = await shopperWithCart([
      [1999, 2],
      [500, 1],
    ]);
    const error = await whileUnreachable(() =>
      refusal(
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
    expect(db().select().from(orders).where(eq(orders.userId, user.id)).all()).toEqual([]);
    expect(new Map(readSavedCart(user.id))).toEqual(
      new Map([
        [items[0]!.productId, 2],
        [items[1]!.productId, 1],
      ]),
    );
  });

  it("refuses what a cash order refuses, before anything reaches Stripe", async () => {
    const { user, items } = await shopperWithCart();
    const other = await createUser();
    const foreign = createAddress(other.id);
    const noAddress = await refusal(
      startOnlineCheckout({ userId: user.id, addressId: foreign.id, items, origin: ORIGIN }),
    );
    expect(noAddress.message).toBe("Please select an address");
    expect(db().select().from(orders).where(eq(orders.userId, user.id)).all()).toEqual([]);
  });
});

describe("paying in the sandbox", () => {
  it("Pay: the webhook marks the order paid once, and My Orders shows it", async () => {
    const { user, orderId, url, sessionId } = await checkout([[2500, 2]]);
    const before = events().length;
    const location = await press(url, "pay");
    expect(location).toBe(`${ORIGIN}/loader?next=my-orders&session_id=${sessionId}`);

    const paid = orderRow(orderId)!;
    expect(paid.isPaid).toBe(true);
    expect(paid.status).toBe("Order Placed");
    expect(paid.paidAt).toBeGreaterThan(0);
    expect(events().length - before).toBe(1);
    expect(events().at(-1)?.type).toBe("checkout.session.completed");
    expect(listUserOrders(user.id).map((o) => [o.id, o.paymentType, o.isPaid, o.amountCents])).toEqual([
      [orderId, "Online", true, 5100],
    ]);

    // The shopper's return finds it paid already and changes nothing.
    expect(await confirmCheckoutReturn(sessionId)).toBe("already-paid");
    expect(orderRow(orderId)).toEqual(paid);
  });

  it("Cancel: back to the cart; the order stays unpaid and is not shown as placed", async () => {
    const { user, orderId, url } = await checkout();
    const before = events().length;
    expect(await press(url, "cancel")).toBe(`${ORIGIN}/cart`);
    expect(orderRow(orderId)).toMatchObject({ isPaid: false, paidAt: null, status: "Order Placed" });
    expect(listUserOrders(user.id)).toEqual([]);
    expect(events().length).toBe(before);
  });

  it("a failed payment cancels the order and it is never shown as placed", async () => {
    const { user, orderId, url, sessionId } = await checkout();
    const location = await press(url, "fail");
    expect(location).toContain(`session_id=${sessionId}`);
    expect(orderRow(orderId)).toMatchObject({ isPaid: false, paidAt: null, status: "Cancelled" });
    expect(listUserOrders(user.id)).toEqual([]);
    expect(
      events()
        .slice(-2)
        .map((e) => e.type),
    ).toEqual(["checkout.session.completed", "checkout.session.async_payment_failed"]);
    expect(await confirmCheckoutReturn(sessionId)).toBe("not-paid");
    expect(orderRow(orderId)?.status).toBe("Cancelled");
  });

  it("an expired session cancels the order", async () => {
    const { user, orderId, url, sessionId } = await checkout();
    await press(url, "expire");
    expect(orderRow(orderId)).toMatchObject({ isPaid: false, status: "Cancelled" });
    expect(events().at(-1)?.type).toBe("checkout.session.expired");
    expect(listUserOrders(user.id)).toEqual([]);
    expect(await confirmCheckoutReturn(sessionId)).toBe("already-closed");
  });

  it("the return through /loader pays the order when the webhook was lost", async () => {
    const { user, orderId, sessionId } = await checkout();
    const before = events().length;
    await whileUnreachable(() => actOnCheckoutSession(sessionId, "pay"));
    expect(orderRow(orderId)?.isPaid).toBe(false);

    expect(await confirmCheckoutReturn(sessionId)).toBe("paid");
    expect(orderRow(orderId)).toMatchObject({ isPaid: true, status: "Order Placed" });
    expect(listUserOrders(user.id).map((o) => o.id)).toEqual([orderId]);
    // No webhook arrived, so no event was recorded.
    expect(events().length).toBe(before);
  });

  it("the webhook and the return arriving together mark the order paid once", async () => {
    const { orderId, sessionId } = await checkout();
    await whileUnreachable(() => actOnCheckoutSession(sessionId, "pay"));
    const session = await stripeClient().checkout.sessions.retrieve(sessionId);
    const payload = JSON.stringify({
      id: `evt_${newId()}`,
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: session },
    });
    const deliver = () =>
      fetch(new URL("/api/stripe/webhook", server.url), {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret()! }),
        },
        body: payload,
      }).then(async (r) => (await r.json()).outcome as string);
    const before = events().length;

    const outcomes = await Promise.all([deliver(), confirmCheckoutReturn(sessionId), confirmCheckoutReturn(sessionId)]);
    expect(outcomes.filter((o) => o === "paid")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "already-paid")).toHaveLength(2);
    const paid = orderRow(orderId)!;
    expect(paid.isPaid).toBe(true);
    expect(events().length - before).toBe(1);

    // Stripe retries the same event later: nothing changes.
    expect(await deliver()).toBe("duplicate-event");
    expect(await confirmCheckoutReturn(sessionId)).toBe("already-paid");
    expect(orderRow(orderId)).toEqual(paid);
    expect(events().length - before).toBe(1);
  });

  it("the return path never throws: a malformed or unknown session id changes nothing", async () => {
    expect(await confirmCheckoutReturn(null)).toBe("invalid");
    expect(await confirmCheckoutReturn("cs_test_<script>")).toBe("invalid");
    expect(await confirmCheckoutReturn("cs_test_unknown123")).toBe("error");
  });
});

describe("expireStaleOnlineOrders", () => {
  it("cancels only unpaid online orders whose checkout time is over", async () => {
    const user = await createUser();
    const address = createAddress(user.id);
    const hours = (h: number) => Date.now() - h * 60 * 60 * 1000;
    const make = (paymentType: "COD" | "Online", isPaid: boolean, createdAt: number) => {
      const id = newId();
      db()
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
        })
        .run();
      return id;
    };
    const stale = make("Online", false, hours(2));
    const fresh = make("Online", false, hours(0.5));
    const paid = make("Online", true, hours(3));
    const cash = make("COD", false, hours(3));

    expect(expireStaleOnlineOrders()).toBeGreaterThanOrEqual(1);
    expect(orderRow(stale)?.status).toBe("Cancelled");
    for (const id of [fresh, paid, cash]) expect(orderRow(id)?.status).toBe("Order Placed");
  });
});

describe("POST /api/order/stripe", () => {
  const post = (body: unknown, cookie?: string) =>
    run(() =>
      orderStripeAction({
        request: jsonRequest("/api/order/stripe", body, { cookie }),
        params: {},
        context: {},
      } as never),
    );

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
    const [order] = db().select().from(orders).where(eq(orders.userId, user.id)).all();
    expect(order).toMatchObject({ paymentType: "Online", isPaid: false, amountCents: 2038 });
    expect(body.url).toContain(order!.stripeSessionId);
    expect(readSavedCart(user.id).size).toBe(0);
  });

  it("refuses: not logged in 401, bad items 400, a foreign or missing address 400", async () => {
    const { user, address, items } = await shopperWithCart();
    const cookie = await signedInCookie(user.id);
    const good = items.map((i) => ({ product: i.productId, quantity: i.quantity }));

    const anonymous = await post({ items: good, address: address.id });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).success).toBe(false);

    const other = await createUser();
    const foreign = createAddress(other.id);
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
    expect(db().select().from(orders).where(eq(orders.userId, user.id)).all()).toEqual([]);
    expect(readSavedCart(user.id).size).toBe(1);
  });

  it("a retried request with the same Idempotency-Key gets the same session; a form post is refused (415)", async () => {
    const { user, address, items } = await shopperWithCart();
    const cookie = await signedInCookie(user.id);
    const body = JSON.stringify({
      items: items.map((i) => ({ product: i.productId, quantity: i.quantity })),
      address: address.id,
    });
    const send = (headers: Record<string, string>) =>
      run(() =>
        orderStripeAction({
          request: new Request("http://localhost/api/order/stripe", {
            method: "POST",
            headers: { Cookie: cookie, ...headers },
            body,
          }),
          params: {},
          context: {},
        } as never),
      );
    const json = { "Content-Type": "application/json", "Idempotency-Key": "retry-key-12345" };
    const first = await (await send(json)).json();
    const retried = await (await send(json)).json();
    expect(retried.url).toBe(first.url);
    expect(db().select().from(orders).where(eq(orders.userId, user.id)).all()).toHaveLength(1);

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
    expect(readSavedCart(user.id).size).toBe(1);
  });
});

describe("the cart page's Place Order with Online", () => {
  async function placeOnline(fields: Record<string, string>) {
    const { user, address, items } = await shopperWithCart([[4500, 2]]);
    const cookie = await signedInCookie(user.id);
    const request = formRequest(
      "/cart",
      { intent: "place-order", paymentType: "Online", addressId: address.id, requestKey: newId(), ...fields },
      { cookie },
    );
    const response = await run(() => cartAction({ request, params: {}, context: {} } as never));
    return { user, items, response };
  }

  it("sends the browser (303, a full page load) to the checkout page and clears the cart", async () => {
    const { user, response } = await placeOnline({});
    expect(response.status).toBe(303);
    const [order] = db().select().from(orders).where(eq(orders.userId, user.id)).all();
    expect(order).toMatchObject({ paymentType: "Online", isPaid: false, amountCents: 9180 });
    expect(response.headers.get("Location")).toBe(`http://localhost/stripe-sandbox/checkout/${order!.stripeSessionId}`);
    expect(response.headers.get("X-Remix-Reload-Document")).toBe("true");
    expect(readSavedCart(user.id).size).toBe(0);
  });

  it("shows the refusal next to the form and keeps the cart", async () => {
    const { user, response } = await placeOnline({ addressId: "" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ formError: "Please select an address", paymentType: "Online" });
    expect(readSavedCart(user.id).size).toBe(1);

    const down = await whileUnreachable(() => placeOnline({}));
    expect(down.response.status).toBe(503);
    expect(await down.response.json()).toEqual({ formError: ONLINE_PAYMENT_UNAVAILABLE, paymentType: "Online" });
    expect(readSavedCart(down.user.id).size).toBe(1);
    expect(db().select().from(orders).where(eq(orders.userId, down.user.id)).all()).toEqual([]);
  });
});

describe("the return through /loader?next=my-orders&session_id=…", () => {
  const loaderPage = (path: string) =>
    run(() => loaderPageLoader({ request: getRequest(path), params: {}, context: {} } as never)).then((r) => r.json());

  it("confirms the payment (the webhook was lost) and My Orders shows the paid order at once", async () => {
    const { user, orderId, sessionId } = await checkout([[1200, 1]]);
    await whileUnreachable(() => actOnCheckoutSession(sessionId, "pay"));
    expect(orderRow(orderId)?.isPaid).toBe(false);

    expect(await loaderPage(`/loader?next=my-orders&session_id=${sessionId}`)).toEqual({ next: "/my-orders" });
    expect(orderRow(orderId)?.isPaid).toBe(true);
    const cookie = await signedInCookie(user.id);
    const myOrders = await (
      await run(() =>
        myOrdersLoader({ request: getRequest("/my-orders", { cookie }), params: {}, context: {} } as never),
      )
    ).json();
    expect(myOrders.orders.map((o: { id: string; paymentType: string }) => [o.id, o.paymentType])).toEqual([
      [orderId, "Online"],
    ]);
  });

  it("still shows the page and moves on when the session cannot be confirmed", async () => {
    const { orderId, sessionId } = await checkout();
    expect(await loaderPage("/loader?next=my-orders&session_id=cs_test_unknownsession")).toEqual({
      next: "/my-orders",
    });
    expect(await loaderPage("/loader?next=my-orders&session_id=%3Cscript%3E")).toEqual({ next: "/my-orders" });
    const unreachable = await whileUnreachable(() => loaderPage(`/loader?next=my-orders&session_id=${sessionId}`));
    expect(unreachable).toEqual({ next: "/my-orders" });
    expect(orderRow(orderId)).toMatchObject({ isPaid: false, status: "Order Placed" });
  });
});

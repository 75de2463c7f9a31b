// The payment mode (config().paymentMode) decides whether online payment exists at all. "off" (production
// without STRIPE_SECRET_KEY, or STRIPE_SANDBOX=off): Cash on Delivery only, every way into an online
// checkout refused before anything is written, the sandbox gone (404), webhooks refused as without a secret,
// the return through /loader inert. "sandbox" in production with STRIPE_SANDBOX=on: everything works.
import { readdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { config } from "#app/lib/config.server.ts";
import { db, first } from "#app/lib/db.server.ts";
import { newId, newToken } from "#app/lib/ids.ts";
import { computeTotals, DEFAULT_PRICING } from "#app/lib/money.ts";
import { SANDBOX_SECRET_KEY } from "#app/lib/stripe-sandbox-config.server.ts";
import { readSavedCart } from "#app/modules/cart/index.server.ts";
import {
  isSandboxMode,
  ONLINE_PAYMENT_OFF,
  onlinePaymentAvailable,
  startOnlineCheckout,
  stripeClient,
  webhookSecret,
} from "#app/modules/checkout/index.server.ts";
import { actOnCheckoutSession } from "#app/stripe-sandbox/sessions.server.ts";
import { cartItems, orderItems, orders, stripeEvents } from "#db/tables.ts";
import { appForFile, pathOf, routeData, submit, visit } from "../helpers/app.ts";
import { createProduct } from "../helpers/factories.ts";
import { formRequest, getRequest, jsonRequest } from "../helpers/requests.ts";
import { createShopperWithAddress, signedInCookie, toastsFrom } from "../helpers/shopper.ts";
import { signWebhook, webhookEvent, webhookRequest } from "../helpers/stripe-webhook.ts";

const site = appForFile();

type Env = Record<string, string | undefined>;

/** Runs `fn` with these environment variables (undefined: unset), then puts the environment back. */
async function withEnv<T>(env: Env, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  const apply = (values: Env) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    // The store (the build's configuration) and this file's own copy of its modules both read it again.
    site.app.reconfigure();
  };
  apply(env);
  try {
    return await fn();
  } finally {
    apply(saved);
  }
}

/** The deployment the security review was about: production, no Stripe key, STRIPE_SANDBOX not set. */
const PRODUCTION_WITHOUT_KEY: Env = { NODE_ENV: "production", STRIPE_SECRET_KEY: undefined, STRIPE_SANDBOX: undefined };
/** Both ways to be "off". */
const OFF_MODES: [string, Env][] = [
  ["production without a key", PRODUCTION_WITHOUT_KEY],
  ["STRIPE_SANDBOX=off", { STRIPE_SANDBOX: "off" }],
];
const offMode = <T>(fn: () => Promise<T>) => withEnv(PRODUCTION_WITHOUT_KEY, fn);
const productionSandbox = <T>(fn: () => Promise<T>) => withEnv({ ...PRODUCTION_WITHOUT_KEY, STRIPE_SANDBOX: "on" }, fn);

/** A signed-in shopper with an address and two products in the saved cart. */
async function shopperWithCart() {
  const { user, address } = await createShopperWithAddress();
  const products = [await createProduct({ offerPriceCents: 2599 }), await createProduct({ offerPriceCents: 1250 })];
  await db().insert(cartItems).values({ userId: user.id, productId: products[0]!.id, quantity: 2 });
  await db().insert(cartItems).values({ userId: user.id, productId: products[1]!.id, quantity: 1 });
  return { user, address, products, cookie: await signedInCookie(user.id) };
}

/** The total of that cart: 2 × $25.99 + $12.50, plus 2% tax rounded down. */
const CART_TOTAL_CENTS = computeTotals(
  [
    { unitPriceCents: 2599, quantity: 2 },
    { unitPriceCents: 1250, quantity: 1 },
  ],
  DEFAULT_PRICING,
).totalCents;

const ordersOf = async (userId: string) => await db().select().from(orders).where(eq(orders.userId, userId));
const orderRow = async (id: string) => (await first(db().select().from(orders).where(eq(orders.id, id))))!;
const cartOf = async (userId: string) => new Map(await readSavedCart(userId));
const eventCount = async () => (await db().select().from(stripeEvents)).length;
function sandboxSessionFiles(): string[] {
  try {
    return readdirSync(path.join(config().dataDir, "stripe-sandbox", "sessions"));
  } catch {
    return [];
  }
}

/** An online order placed through the sandbox (while it is on), with its open session. */
async function sandboxOrder() {
  const shopper = await shopperWithCart();
  const { orderId, url } = await startOnlineCheckout({
    userId: shopper.user.id,
    addressId: shopper.address.id,
    items: shopper.products.map((p) => ({ productId: p.id, quantity: 1 })),
    requestKey: newId(),
    origin: "http://localhost:3000",
  });
  return { ...shopper, orderId, url, sessionId: (await orderRow(orderId)).stripeSessionId! };
}

/** The cart page as the store serves it without JavaScript (a GET, or a POST: the action's answer, then the page). */
async function renderCart(request: Request): Promise<{ status: number; html: string }> {
  const response = await site.app.fetch(request);
  return { status: response.status, html: await response.text() };
}

/** The choices of the Payment Method select, as [value, label]. */
function paymentChoices(html: string): string[][] {
  const select = /<select id="paymentType"[^>]*>(.*?)<\/select>/.exec(html)?.[1] ?? "";
  return [...select.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((m) => [m[1]!, m[2]!]);
}
const COD_ONLY = [["COD", "Cash On Delivery"]];
const COD_AND_ONLINE = [...COD_ONLY, ["Online", "Online Payment"]];
const OFF_NOTE = "Online payment is not available at the moment.";
const TEST_MODE_NOTE = "Online Payment is in test mode: no real money is taken.";

const placeOrderFields = (paymentType: string, addressId: string) => ({
  intent: "place-order",
  paymentType,
  addressId,
  requestKey: newToken(),
  redirectTo: "/cart",
});

/** The cart's Place Order as a browser without JavaScript posts it. */
function placeOrderForm(paymentType: string, addressId: string, cookie: string) {
  return formRequest("/cart", placeOrderFields(paymentType, addressId), { cookie });
}

/** The same, as the page's JavaScript posts it: the redirect, or the refusal the form shows. */
function placeOrder(paymentType: string, addressId: string, cookie: string) {
  return submit(site.client(cookie), "/cart", placeOrderFields(paymentType, addressId));
}

describe('payment mode "off"', () => {
  it.each(OFF_MODES)("%s: no online payment and no sandbox", async (_name, env) => {
    await withEnv(env, async () => {
      expect(config().paymentMode).toBe("off");
      expect(onlinePaymentAvailable()).toBe(false);
      expect(isSandboxMode()).toBe(false);
      expect(webhookSecret()).toBeNull();
      expect(() => stripeClient()).toThrow(/off/);
    });
  });

  it("the cart page offers Cash On Delivery only, and says why", async () => {
    const { cookie } = await shopperWithCart();
    const sandboxPage = await renderCart(getRequest("/cart", { cookie }));
    expect(paymentChoices(sandboxPage.html)).toEqual(COD_AND_ONLINE);
    expect(sandboxPage.html).not.toContain(OFF_NOTE);

    const page = await offMode(() => renderCart(getRequest("/cart", { cookie })));
    expect(page.status).toBe(200);
    expect(paymentChoices(page.html)).toEqual(COD_ONLY);
    expect(page.html).toContain(OFF_NOTE);
    expect(page.html).not.toContain(TEST_MODE_NOTE);
    // The note is tied to the select for screen readers.
    expect(page.html).toMatch(/<select[^>]*aria-describedby="payment-off"/);
    expect(page.html).toMatch(/<p id="payment-off"[^>]*>Online payment is not available at the moment\.<\/p>/);
  });

  it("a forged Online post is refused (400) with the message, and nothing is stored: no order, cart as it was", async () => {
    const { user, address, cookie } = await shopperWithCart();
    const cartBefore = await cartOf(user.id);
    const filesBefore = sandboxSessionFiles();
    const orderItemCount = (await db().select().from(orderItems)).length;

    const response = await offMode(() => placeOrder("Online", address.id, cookie));
    expect(response.status).toBe(400);
    expect(response.reply).toMatchObject({
      formError: ONLINE_PAYMENT_OFF,
      values: { paymentType: "Online" },
    });
    expect(await ordersOf(user.id)).toEqual([]);
    expect(await db().select().from(orderItems)).toHaveLength(orderItemCount);
    expect(await cartOf(user.id)).toEqual(cartBefore);
    expect(sandboxSessionFiles()).toEqual(filesBefore);

    // As the shopper sees it: the message above the form, which still offers Cash On Delivery only.
    const page = await offMode(() => renderCart(placeOrderForm("Online", address.id, cookie)));
    expect(page.status).toBe(400);
    expect(page.html).toContain(ONLINE_PAYMENT_OFF);
    expect(paymentChoices(page.html)).toEqual(COD_ONLY);
    expect(await ordersOf(user.id)).toEqual([]);
    expect(await cartOf(user.id)).toEqual(cartBefore);
  });

  it("Cash on Delivery still places the order", async () => {
    const { user, address, cookie } = await shopperWithCart();
    const response = await offMode(() => placeOrder("COD", address.id, cookie));
    expect(response.status).toBe(303);
    expect(response.location).toBe(`/my-orders?placed=${(await ordersOf(user.id))[0]!.id}`);
    expect(await toastsFrom(response)).toEqual(["success: Order Placed Successfully"]);
    expect((await ordersOf(user.id)).map((o) => [o.paymentType, o.amountCents])).toEqual([["COD", CART_TOTAL_CENTS]]);
    expect((await readSavedCart(user.id)).size).toBe(0);
  });

  it("POST /api/order/stripe is refused with {success:false, message} and stores nothing", async () => {
    const { user, address, cookie, products } = await shopperWithCart();
    const cartBefore = await cartOf(user.id);
    const body = { items: products.map((p) => ({ product: p.id, quantity: 1 })), address: address.id };
    const response = await offMode(() => site.app.fetch(jsonRequest("/api/order/stripe", body, { cookie })));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, message: ONLINE_PAYMENT_OFF });
    expect(await ordersOf(user.id)).toEqual([]);
    expect(await cartOf(user.id)).toEqual(cartBefore);

    // The same call with the sandbox on goes through (the refusal is the mode's, not the request's).
    const accepted = await site.app.fetch(jsonRequest("/api/order/stripe", body, { cookie }));
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({
      success: true,
      url: expect.stringContaining("/stripe-sandbox/checkout/"),
    });
  });

  it.each(OFF_MODES)("%s: the sandbox's API and hosted page answer 404 and change nothing", async (_name, env) => {
    const { sessionId, url, orderId } = await sandboxOrder();
    const auth = { Authorization: `Bearer ${SANDBOX_SECRET_KEY}` };
    const statuses = await withEnv(env, async () => {
      const call = async (method: string, apiPath: string, body?: URLSearchParams) =>
        site.app.fetch(new Request(`http://shop.test/v1/${apiPath}`, { method, headers: auth, body }));
      const page = (method: string) => visit(site.app, url, method === "GET" ? undefined : { intent: "pay" });
      const responses = [
        await call("GET", `checkout/sessions/${sessionId}`),
        await call("POST", "checkout/sessions", new URLSearchParams({ mode: "payment" })),
        await call("POST", `checkout/sessions/${sessionId}/expire`),
        await page("GET"),
        await page("POST"),
      ];
      // Over HTTP too, as a browser would press Pay.
      const pressed = await fetch(new URL(pathOf(url), site.app.url), {
        method: "POST",
        body: new URLSearchParams({ intent: "pay" }),
        redirect: "manual",
      });
      return [...responses.map((r) => r.status), pressed.status];
    });
    expect(statuses).toEqual([404, 404, 404, 404, 404, 404]);
    expect(await orderRow(orderId)).toMatchObject({ isPaid: false, status: "Order Placed" });
    expect((await stripeClient().checkout.sessions.retrieve(sessionId)).status).toBe("open");
  });

  it("the webhook refuses every event, as it does without a signing secret", async () => {
    const { orderId, sessionId } = await sandboxOrder();
    const session = await stripeClient().checkout.sessions.retrieve(sessionId);
    const payload = webhookEvent("checkout.session.completed", {
      ...session,
      status: "complete",
      payment_status: "paid",
    });
    const post = async (secret: string) => {
      const response = await site.app.fetch(
        webhookRequest("http://shop.test", payload, signWebhook(payload, { secret })),
      );
      return { status: response.status, body: await response.json() };
    };
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const sandboxSecret = webhookSecret()!;
    const before = await eventCount();

    // The answer with a real key and no STRIPE_WEBHOOK_SECRET: the behaviour "off" must keep.
    const withoutSecret = await withEnv({ STRIPE_SECRET_KEY: "sk_test_a_real_looking_key" }, () => post(sandboxSecret));
    expect(withoutSecret).toEqual({ status: 400, body: { error: "Webhook signing secret is not configured." } });

    expect(await offMode(() => post(sandboxSecret))).toEqual(withoutSecret);
    // Even a STRIPE_WEBHOOK_SECRET does not bring events in while online payment is off.
    const configured = "whsec_configured_for_this_test";
    expect(
      await withEnv({ ...PRODUCTION_WITHOUT_KEY, STRIPE_WEBHOOK_SECRET: configured }, () => post(configured)),
    ).toEqual(withoutSecret);
    expect(warn).toHaveBeenCalled();
    expect(await orderRow(orderId)).toMatchObject({ isPaid: false, paidAt: null, status: "Order Placed" });
    expect(await eventCount()).toBe(before);

    // With the sandbox on, the very same event is taken (so the refusals above were the mode's doing).
    expect(await post(sandboxSecret)).toEqual({ status: 200, body: { received: true, outcome: "paid" } });
    expect((await orderRow(orderId)).isPaid).toBe(true);
  });

  it("the return through /loader and the cart's cancel return do nothing", async () => {
    const { user, orderId, sessionId, cookie, products } = await sandboxOrder();
    // Paid on the sandbox page while its webhook was lost: only the return would confirm it.
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const realFetch = globalThis.fetch;
    const lost = vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      if (String(input).endsWith("/api/stripe/webhook")) return Promise.reject(new TypeError("fetch failed"));
      return realFetch(input, init);
    });
    try {
      await actOnCheckoutSession(sessionId, "pay");
    } finally {
      lost.mockRestore();
    }
    expect((await orderRow(orderId)).isPaid).toBe(false);
    const unpaid = await orderRow(orderId);
    const cartBefore = await cartOf(user.id);
    const returnPath = `/loader?next=my-orders&session_id=${sessionId}`;
    const openLoader = async () => (await routeData(site.client(cookie), returnPath, "routes/loader")).data;

    const back = await offMode(openLoader);
    expect(back).toEqual({ next: "/my-orders", notice: null });
    expect(await orderRow(orderId)).toEqual(unpaid);

    const browser = site.client(cookie);
    const cart = await offMode(() => routeData(browser, `/cart?checkout=cancelled&order=${orderId}`, "routes/cart"));
    expect(cart.status).toBe(200);
    expect(await toastsFrom(browser)).toEqual([]);
    expect(await orderRow(orderId)).toEqual(unpaid);
    expect(await cartOf(user.id)).toEqual(cartBefore);

    // With the sandbox back on, the same return confirms the payment.
    expect(((await openLoader()) as { notice: unknown }).notice).toEqual({
      type: "success",
      message: "Payment received. Your order is placed.",
    });
    expect((await orderRow(orderId)).isPaid).toBe(true);
    // Paid: the order's lines (one of each) have left the cart; the second unit of the first stays.
    expect(await cartOf(user.id)).toEqual(new Map([[products[0]!.id, 1]]));
  });
});

describe('payment mode "sandbox" in production (STRIPE_SANDBOX=on)', () => {
  it("the cart offers Online Payment in test mode, and a shopper pays through the sandbox end to end", async () => {
    await productionSandbox(async () => {
      expect(config().paymentMode).toBe("sandbox");
      expect(config().NODE_ENV).toBe("production");
      const { user, address, cookie } = await shopperWithCart();

      const page = await renderCart(getRequest("/cart", { cookie }));
      expect(paymentChoices(page.html)).toEqual(COD_AND_ONLINE);
      expect(page.html).toContain(TEST_MODE_NOTE);
      expect(page.html).not.toContain(OFF_NOTE);

      const placed = await placeOrder("Online", address.id, cookie);
      expect(placed.status).toBe(303);
      const checkoutUrl = placed.location!;
      expect(checkoutUrl).toMatch(/^http:\/\/localhost\/stripe-sandbox\/checkout\/cs_test_[0-9A-Za-z]+$/);
      const [order] = await ordersOf(user.id);
      expect(order).toMatchObject({ paymentType: "Online", isPaid: false, amountCents: CART_TOTAL_CENTS });

      const checkoutPage = await visit(site.app, checkoutUrl);
      expect(checkoutPage.status).toBe(200);
      expect(await checkoutPage.text()).toContain("TEST MODE");

      const pressed = await visit(site.app, checkoutUrl, { intent: "pay" });
      expect(pressed.status).toBe(303);
      expect(await orderRow(order!.id)).toMatchObject({ isPaid: true, status: "Order Placed" });

      const back = await routeData(site.client(cookie), pathOf(pressed.headers.get("Location")!), "routes/loader");
      expect((back.data as { notice: unknown }).notice).toEqual({
        type: "success",
        message: "Payment received. Your order is placed.",
      });
    });
  });
});

// Online payment sent hostile input: /api/order/stripe, the sandbox's hosted checkout page and REST API,
// and the Stripe webhook. The store's Stripe SDK reaches the sandbox over loopback HTTP (tests/helpers/app.ts).
import { expect, it } from "vitest";
import { type Body, json } from "../helpers/app.ts";
import {
  HTML,
  MB,
  orderIds,
  ruleChecks,
  savedCart,
  setUpShopping,
  setUpStore,
  UNKNOWN_ID,
} from "../helpers/hostile.ts";

const store = setUpStore();
const rule = ruleChecks();

const shop = setUpShopping(store);

it("online orders: refused the same way, and a tampered price never reaches the checkout total", async () => {
  const { visitor, shopper } = await store.clients();
  await shopper.post("/api/cart/update", json({ cartItems: { [shop.product.id]: 1 } }));
  const cartBefore = await savedCart(shopper);
  const line = { product: shop.product.id, quantity: 1 };
  const refused: [string, unknown][] = [
    ["no items", { address: shop.ownAddressId }],
    ["items as a number", { items: 3, address: shop.ownAddressId }],
    ["quantity NaN", { items: [{ ...line, quantity: "NaN" }], address: shop.ownAddressId }],
    ["quantity -1", { items: [{ ...line, quantity: -1 }], address: shop.ownAddressId }],
    ["unknown product", { items: [{ product: UNKNOWN_ID, quantity: 1 }], address: shop.ownAddressId }],
    ["another shopper's address", { items: [line], address: shop.foreignAddressId }],
    ["no address", { items: [line] }],
  ];
  for (const [label, body] of refused) {
    rule.apiRefusal(`order/stripe ${label}`, await shopper.post("/api/order/stripe", json(body)));
  }
  expect.soft(await savedCart(shopper), "the cart is as it was").toEqual(cartBefore);

  const started = await shopper.post(
    "/api/order/stripe",
    json({
      items: [{ product: shop.product.id, quantity: 1, price: 0.01, offerPrice: 0.01 }],
      address: shop.ownAddressId,
      amount: 0.01,
    }),
  );
  expect(started.status, started.text).toBe(200);
  const checkout = new URL(started.json!.url as string);
  const page = await visitor.get(checkout.pathname);
  expect(page.status).toBe(200);
  // $25.00 + 2% tax ($0.50) = $25.50, whatever the body said.
  expect(page.text).toContain("$25.00");
  expect(page.text).toContain("$25.50");
  expect(page.text).not.toContain("$0.01");

  // The hosted page's form: unknown, missing and oversized intents are refused; a cross-site post too.
  for (const [label, body] of [
    ["unknown intent", { form: { intent: "refund-everything" } }],
    ["no intent", { form: {} }],
    ["JSON body", json({ intent: "pay" })],
    ["huge intent", { form: { intent: "x".repeat(70_000) } }],
  ] as [string, Body][]) {
    const a = await visitor.post(checkout.pathname, body);
    expect.soft(a.status, `checkout page ${label}`).toBeGreaterThanOrEqual(400);
    expect.soft(a.status, `checkout page ${label}`).toBeLessThan(500);
  }
  const crossSite = await visitor.post(
    checkout.pathname,
    { form: { intent: "pay" } },
    { "Sec-Fetch-Site": "cross-site" },
  );
  expect(crossSite.status).toBe(403);
  expect((await visitor.get(checkout.pathname)).text).toContain(">Pay<");
  // Unknown and malformed session ids.
  for (const id of ["cs_test_unknown", "..%2F..%2Fwebhook-secret", `cs_test_${"a".repeat(500)}`]) {
    expect.soft((await visitor.get(`/stripe-sandbox/checkout/${id}`)).status, id).toBe(404);
    expect
      .soft((await visitor.post(`/stripe-sandbox/checkout/${id}`, { form: { intent: "pay" } })).status, id)
      .toBe(404);
  }
});

it("Stripe webhook and sandbox API: missing or forged signatures, huge bodies and no key are refused", async () => {
  const { visitor, shopper } = await store.clients();
  const ordersBefore = await orderIds(shopper);
  const event = JSON.stringify({
    id: "evt_forged",
    type: "checkout.session.completed",
    data: { object: { id: "cs_test_x" } },
  });
  for (const [label, headers] of [
    ["no signature", {}],
    ["garbage signature", { "Stripe-Signature": "garbage" }],
    ["forged signature", { "Stripe-Signature": `t=${Math.floor(Date.now() / 1000)},v1=${"a".repeat(64)}` }],
    ["huge timestamp", { "Stripe-Signature": `t=${"9".repeat(400)},v1=abc` }],
  ] as [string, Record<string, string>][]) {
    rule.apiRefusal(
      `webhook ${label}`,
      await visitor.post("/api/stripe/webhook", { raw: event, type: "application/json" }, headers),
      400,
    );
  }
  const huge = await visitor.post(
    "/api/stripe/webhook",
    { raw: MB, type: "application/json" },
    { "Stripe-Signature": "t=1,v1=a" },
  );
  rule.apiRefusal("webhook 1 MB", huge, 413);
  expect(await orderIds(shopper)).toEqual(ordersBefore);

  // The sandbox's REST API wants its key, and refuses malformed parameters in Stripe's error shape.
  const noKey = await visitor.post("/v1/checkout/sessions", { form: { mode: "payment" } });
  expect(noKey.status).toBe(401);
  const key = { Authorization: "Bearer sk_test_trendora_sandbox" };
  for (const body of [
    "",
    "mode=payment",
    "a[b][c][d][e][f][g]=1",
    "__proto__[x]=1",
    "x=1&x[a]=2",
    `mode=payment&success_url=${encodeURIComponent(HTML)}`,
    "mode=payment&success_url=http://a/&line_items[0][quantity]=-1&line_items[0][price_data][currency]=usd&line_items[0][price_data][unit_amount]=NaN&line_items[0][price_data][product_data][name]=x",
  ]) {
    const a = await visitor.post(
      "/v1/checkout/sessions",
      { raw: body, type: "application/x-www-form-urlencoded" },
      key,
    );
    expect.soft(a.status, `sandbox ${body}`).toBe(400);
    expect.soft((a.json?.error as { message?: string })?.message, `sandbox ${body}: message`).toBeTruthy();
  }
  // Methods the store never uses are refused by the request guard in front of every route.
  for (const method of ["PUT", "DELETE", "PATCH"]) {
    const a = await visitor.send(method, "/v1/checkout/sessions/cs_test_x", undefined, key);
    expect.soft(a.status, `sandbox ${method}`).toBe(405);
  }
});

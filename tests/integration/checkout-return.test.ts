// /loader?session_id=… (the return from the checkout page) asks Stripe only about a session stored on an order
// of the signed-in shopper: a visitor or another shopper naming someone's session (or any session id at all)
// makes the store send Stripe nothing, so nobody can spend the shop's Stripe rate limit through it. Seen
// through the production build's request handler and the requests the Stripe sandbox actually received.
import { afterAll, beforeAll, expect, it } from "vitest";
import { type App, json, startApp } from "../helpers/app.ts";
import {
  addAddress,
  addProduct,
  createSellerAccount,
  decodeHtml,
  registerShopper,
  signIn,
} from "../helpers/hostile.ts";

let app: App;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const NOT_COMPLETE = "Your payment is not complete yet. Your order will be placed once it is paid.";

it("only the shopper who placed the order makes the store ask Stripe about its session", async () => {
  const product = await addProduct(await signIn(app, "seller", await createSellerAccount()), "Return Tee");
  const { client: owner } = await registerShopper(app, "Owner");
  const address = await addAddress(owner, "1 Return Road");
  const placed = await owner.post(
    "/api/order/stripe",
    json({ items: [{ product: product.id, quantity: 1 }], address }),
  );
  expect(placed.status, placed.text).toBe(200);
  const sessionId = /\/stripe-sandbox\/checkout\/(cs_test_[0-9A-Za-z]+)$/.exec(String(placed.json!.url))![1]!;
  const asked = () => app.sandboxRequests.filter((line) => line.includes(sessionId) && line.startsWith("GET "));
  const returnPage = `/loader?next=my-orders&session_id=${sessionId}`;
  const before = asked().length;

  const { client: someoneElse } = await registerShopper(app, "Someone Else");
  for (const [who, client] of [
    ["a visitor", app.client()],
    ["another shopper", someoneElse],
  ] as const) {
    const page = await client.get(returnPage);
    expect(page.status, who).toBe(200);
    expect(decodeHtml(page.text), who).not.toContain(NOT_COMPLETE);
    expect(page.text, who).toContain('content="5;url=/my-orders"');
  }
  // A well-formed id of no order: not asked either.
  await owner.get("/loader?next=my-orders&session_id=cs_test_NoSuchSession123");
  expect(app.sandboxRequests.some((line) => line.includes("cs_test_NoSuchSession123"))).toBe(false);
  expect(asked().length).toBe(before);

  // The owner, back from the checkout page without paying: the store asks Stripe and says so.
  const own = await owner.get(returnPage);
  expect(decodeHtml(own.text)).toContain(NOT_COMPLETE);
  expect(asked()).toEqual([...asked().slice(0, before), `GET /v1/checkout/sessions/${sessionId}`]);
});

// The request guard in front of every route (app/root.tsx's middleware), seen through the production
// build's request handler: cross-site writes and unused methods are refused before any route runs.
import { afterAll, beforeAll, expect, it } from "vitest";
import { type App, json, startApp } from "../helpers/app.ts";
import { startProductionServer, waitFor } from "../helpers/production-server.ts";
import { rawRequest } from "../helpers/raw-http.ts";

let app: App;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

it("cross-site and unused-method requests are refused before any route runs", async () => {
  const client = app.client();
  const fromEvil = { Origin: "https://evil.example" };

  // Page actions through the bare request handler: React Router's own origin check answers 400 before the
  // middleware; nothing runs. server.ts runs the guard before that check: 403 (see the production server below).
  const page = await client.post("/cart", { form: { intent: "add", productId: "abc" } }, fromEvil);
  expect(page.status).toBe(400);

  // Resource routes have no such check: the guard refuses them with a message.
  const api = await client.post(
    "/api/user/login",
    json({ email: "a@example.com", password: "whatever-123" }),
    fromEvil,
  );
  expect(api.status).toBe(403);
  expect(api.json).toEqual({ success: false, message: "This request came from another site and was refused." });
  const subscribe = await client.post(
    "/api/subscribe",
    { form: { email: "x@example.com" } },
    { "Sec-Fetch-Site": "cross-site" },
  );
  expect(subscribe.status).toBe(403);

  const del = await client.send("DELETE", "/cart", { form: { intent: "add", productId: "abc" } });
  expect(del.status).toBe(405);
  expect(del.headers.allow).toBe("GET, POST");

  // Server-to-server posts carry no browser headers and are not refused: a webhook without a signature
  // reaches its route and gets that route's own answer.
  const webhook = await client.post("/api/stripe/webhook", { raw: "{}", type: "application/json" });
  expect(webhook.status).toBe(400);
  expect(webhook.text).not.toContain("another site");
});

it("a post with a session cookie but neither Origin nor Sec-Fetch-Site is refused unless its Referer is the store", async () => {
  const { addProduct, createSellerAccount, registerShopper, signIn, productList } = await import(
    "../helpers/hostile.ts"
  );
  const seller = await signIn(app, "seller", await createSellerAccount());
  const product = await addProduct(seller, "Guarded Tee");
  const { client: shopper } = await registerShopper(app);
  // The same signed-in browsers, as a very old browser would send another site's form: no Origin, no
  // Sec-Fetch-Site (the session cookies are SameSite=Lax, which such a browser may not know either).
  const oldSeller = app.client({ browser: false });
  oldSeller.cookie = seller.cookie;
  const oldShopper = app.client({ browser: false });
  oldShopper.cookie = shopper.cookie;
  const refused = "This request came from another site and was refused.";

  const stockForm = { form: { intent: "stock", id: product.id, inStock: "false" } };
  const writes: [string, Awaited<ReturnType<typeof oldSeller.post>>][] = [
    ["stock toggle page", await oldSeller.post("/seller/product-list", stockForm)],
    ["stock toggle API", await oldSeller.post("/api/product/stock", json({ id: product.id, inStock: false }))],
    [
      "order status",
      await oldSeller.post("/seller/orders", { form: { intent: "status", orderId: "x", status: "Shipped" } }),
    ],
    ["add to cart", await oldShopper.post("/cart", { form: { intent: "add", productId: product.id } })],
    [
      "cash order",
      await oldShopper.post("/api/order/cod", json({ items: [{ product: product.id, quantity: 1 }], address: "x" })),
    ],
    [
      "from another site's page",
      await oldShopper.post(
        "/cart",
        { form: { intent: "add", productId: product.id } },
        { Referer: "https://evil.example/page" },
      ),
    ],
  ];
  for (const [label, answer] of writes) {
    expect(answer.status, label).toBe(403);
    expect(answer.text, label).toContain(refused);
  }
  expect((await productList(seller)).find((p) => p._id === product.id)?.inStock).toBe(true);
  expect((await shopper.get("/api/user/is-auth")).json?.user).toMatchObject({ cartItems: {} });

  // Its Referer on the store's own pages lets it through, as the same post from a current browser.
  const added = await oldShopper.post(
    "/cart",
    { form: { intent: "add", productId: product.id } },
    {
      Referer: "http://localhost/products",
    },
  );
  expect(added.status).toBe(303);
  const fromStore = await oldSeller.post("/api/product/stock", json({ id: product.id, inStock: true }), {
    Referer: "http://localhost/seller/product-list",
  });
  expect(fromStore.status, fromStore.text).toBe(200);
  // No session cookie: a server-to-server call (Stripe's webhook, the SDK's calls to the sandbox, a visitor's curl).
  const visitor = app.client({ browser: false });
  expect((await visitor.post("/cart", { form: { intent: "add", productId: product.id } })).status).toBe(303);
  expect((await visitor.post("/api/user/login", json({ email: "no@example.com", password: "nope-nope" }))).status).toBe(
    401,
  );
});

it("the production server answers cross-site posts 403 with one log line each, before React Router's own check", async () => {
  const server = await startProductionServer();
  try {
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    const posts: [string, Record<string, string>][] = [
      ["/cart", { Origin: "https://evil.example" }],
      ["/cart", { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" }],
      ["/cart.data", { Origin: "https://evil.example" }],
      ["/", { Origin: "null" }],
      ["/seller/product-list", { "Sec-Fetch-Site": "same-site", Origin: "https://shop.example" }],
      ["/api/subscribe", { "Sec-Fetch-Site": "cross-site" }],
      ["/api/user/login", { Origin: "https://evil.example" }],
    ];
    const rounds = 3;
    for (let round = 0; round < rounds; round++) {
      for (const [target, headers] of posts) {
        const response = await rawRequest(server.origin, {
          method: "POST",
          target,
          headers: { ...form, ...headers },
          body: "intent=add&productId=abc&email=x%40example.com",
        });
        expect(response.status, target).toBe(403);
        expect(response.body.toString("utf8"), target).toContain(
          "This request came from another site and was refused.",
        );
      }
    }
    const expected = rounds * posts.length;
    const refusals = await waitFor("a log line per refused post", () => {
      const found = server.lines().filter((line) => line.startsWith("refused 403 POST "));
      return found.length >= expected && found;
    });
    expect(refusals).toHaveLength(expected);
    for (const line of refusals) expect(line).toMatch(/^refused 403 POST \S+ from \S+: write from another site$/);
    // Nothing else was logged: no stack, no "Bad Request" error from React Router.
    const others = server.lines().filter((line) => !line.startsWith("refused ") && !line.startsWith("Store listening"));
    expect(others).toEqual([]);
  } finally {
    expect(await server.stop()).toBe(0);
  }
});

it("GET /api/user/logout and /api/seller/logout refuse a navigation from another site, and work from anywhere else", async () => {
  const { createSellerAccount, registerShopper, signIn } = await import("../helpers/hostile.ts");
  const refused = { success: false, message: "This request came from another site and was refused." };
  const sellerAccount = await createSellerAccount();
  const signedIn = async (who: "shopper" | "seller") =>
    who === "seller" ? signIn(app, "seller", sellerAccount) : (await registerShopper(app)).client;
  for (const who of ["shopper", "seller"] as const) {
    const logout = who === "seller" ? "/api/seller/logout" : "/api/user/logout";
    const isAuth = who === "seller" ? "/api/seller/is-auth" : "/api/user/is-auth";

    const victim = await signedIn(who);
    for (const site of ["cross-site", "CROSS-SITE"]) {
      const answer = await victim.get(logout, { "Sec-Fetch-Site": site, "Sec-Fetch-Mode": "navigate" });
      expect(answer.status, `${who} ${site}`).toBe(403);
      expect(answer.json, `${who} ${site}`).toEqual(refused);
      expect(answer.headers["set-cookie"], `${who} ${site}`).toBeUndefined();
    }
    expect((await victim.get(isAuth)).status, who).toBe(200);

    // Same origin, same site, a typed URL (none) and a client that sends no such header (the spec's callers).
    for (const site of ["same-origin", "same-site", "none", undefined]) {
      const client = await signedIn(who);
      const answer = await client.get(logout, site ? { "Sec-Fetch-Site": site } : {});
      expect(answer.status, `${who} ${site}`).toBe(200);
      expect(answer.json?.success, `${who} ${site}`).toBe(true);
      expect((await client.get(isAuth)).status, `${who} ${site}`).toBe(401);
    }
  }
});

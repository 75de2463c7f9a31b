// The built-in Stripe sandbox, driven by the real `stripe` SDK over HTTP: Stripe's JSON shapes, auth,
// idempotency, Stripe-style errors, the hosted page and its forms, and webhooks signed as Stripe signs.
import { createHmac } from "node:crypto";
import { readdirSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import Stripe from "stripe";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { config } from "#app/lib/config.server.ts";
import { SANDBOX_SECRET_KEY, sandboxWebhookSecret } from "#app/lib/stripe-sandbox-config.server.ts";
import { stripeClient } from "#app/modules/checkout/index.server.ts";
import { maskedKey } from "#app/stripe-sandbox/api.server.ts";
import { parseStripeParams } from "#app/stripe-sandbox/params.server.ts";
import { actOnCheckoutSession } from "#app/stripe-sandbox/sessions.server.ts";
import { sandboxDeliveries } from "#app/stripe-sandbox/webhooks.server.ts";
import { appForFile, pathOf, visit } from "../helpers/app.ts";
import { rawRequest } from "../helpers/raw-http.ts";

// The store over HTTP is the production build's own loopback listener, site.app.url (the Stripe SDK reaches
// its sandbox there).
const site = appForFile();
// The store as its shoppers reach it (no PUBLIC_URL): here that listener itself, since the hosted page sends
// the shopper back only to the origin the page was asked for.
let SUCCESS_URL: string;
let CANCEL_URL: string;
beforeAll(() => {
  SUCCESS_URL = `${site.app.url}/loader?next=my-orders&session_id={CHECKOUT_SESSION_ID}`;
  CANCEL_URL = `${site.app.url}/cart`;
});
afterEach(() => {
  vi.useRealTimers();
});

function sessionParams(
  overrides: Partial<Stripe.Checkout.SessionCreateParams> = {},
): Stripe.Checkout.SessionCreateParams {
  return {
    mode: "payment",
    line_items: [
      {
        quantity: 2,
        price_data: { currency: "usd", unit_amount: 1999, product_data: { name: "Linen Shirt & Tie <b>" } },
      },
      { quantity: 1, price_data: { currency: "usd", unit_amount: 79, product_data: { name: "Tax (2%)" } } },
    ],
    metadata: { orderId: "order123" },
    client_reference_id: "order123",
    success_url: SUCCESS_URL,
    cancel_url: CANCEL_URL,
    ...overrides,
  };
}

/** A fetch against the test server (the page URLs carry the shopper's origin, not the server's). */
function fetchPath(url: string, init?: RequestInit) {
  return fetch(new URL(pathOf(url), site.app.url), { redirect: "manual", ...init });
}

function pressButton(sessionUrl: string, intent: string) {
  return fetchPath(sessionUrl, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent }),
  });
}

describe("the sandbox's REST API through the SDK", () => {
  it("creates and retrieves a Checkout Session in Stripe's shape", async () => {
    const stripe = stripeClient();
    const created = await stripe.checkout.sessions.create(sessionParams());
    expect(created).toMatchObject({
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      currency: "usd",
      amount_subtotal: 4077,
      amount_total: 4077,
      livemode: false,
      metadata: { orderId: "order123" },
      client_reference_id: "order123",
      success_url: SUCCESS_URL,
      cancel_url: CANCEL_URL,
    });
    expect(created.id).toMatch(/^cs_test_[0-9A-Za-z]+$/);
    expect(created.url).toBe(`${site.app.url}/stripe-sandbox/checkout/${created.id}`);
    expect(created.expires_at - created.created).toBe(24 * 60 * 60);
    expect(created.lastResponse.statusCode).toBe(200);
    expect(created.lastResponse.requestId).toMatch(/^req_/);

    const retrieved = await stripe.checkout.sessions.retrieve(created.id, { expand: ["line_items"] });
    expect(retrieved.id).toBe(created.id);
    expect(
      retrieved.line_items?.data.map((i) => [i.description, i.quantity, i.price?.unit_amount, i.amount_total]),
    ).toEqual([
      ["Linen Shirt & Tie <b>", 2, 1999, 3998],
      ["Tax (2%)", 1, 79, 79],
    ]);

    const listed = await stripe.checkout.sessions.listLineItems(created.id, { limit: 1 });
    expect(listed.data).toHaveLength(1);
    expect(listed.has_more).toBe(true);
    const all = await stripe.checkout.sessions.listLineItems(created.id).autoPagingToArray({ limit: 10 });
    expect(all.reduce((sum, item) => sum + item.amount_total, 0)).toBe(created.amount_total);
  });

  it("honours Idempotency-Key: the same key and parameters give the same session, other parameters an error", async () => {
    const stripe = stripeClient();
    const first = await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: "key-one" });
    const again = await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: "key-one" });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers["idempotent-replayed"]).toBe("true");

    const refused = await stripe.checkout.sessions
      .create(sessionParams({ client_reference_id: "other" }), { idempotencyKey: "key-one" })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect((refused as Stripe.errors.StripeError).statusCode).toBe(400);

    const fresh = await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: "key-two" });
    expect(fresh.id).not.toBe(first.id);
  });

  it("concurrent requests with one Idempotency-Key create one session (409 in use, retried by the SDK)", async () => {
    const stripe = stripeClient();
    const sessions = await Promise.all(
      [1, 2, 3].map(() => stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: "key-concurrent" })),
    );
    expect(new Set(sessions.map((s) => s.id)).size).toBe(1);

    // Two requests interleaved in this process: the second is told the key is in use.
    const body =
      "mode=payment&success_url=http%3A%2F%2Flocalhost%3A3000%2Fok&line_items[0][quantity]=1&line_items[0][price_data][currency]=usd&line_items[0][price_data][unit_amount]=500&line_items[0][price_data][product_data][name]=Cap";
    const request = () =>
      site.app.fetch(
        new Request(`${site.app.url}/v1/checkout/sessions`, {
          method: "POST",
          headers: {
            Authorization: `Bearer ${SANDBOX_SECRET_KEY}`,
            "Content-Type": "application/x-www-form-urlencoded",
            "Idempotency-Key": "key-interleaved",
          },
          body,
        }),
      );
    const [first, second] = await Promise.all([request(), request()]);
    expect([first.status, second.status]).toEqual([200, 409]);
    expect((await second.json()).error).toMatchObject({ type: "idempotency_error", code: "idempotency_key_in_use" });
    const replayed = await request();
    expect((await replayed.json()).id).toBe((await first.json()).id);
  });

  it("refuses a wrong or missing API key with Stripe's 401 error", async () => {
    const { hostname, port } = new URL(site.app.url);
    const wrong = new Stripe("sk_test_wrong_key_123456", { host: hostname, port: Number(port), protocol: "http" });
    const error = await wrong.checkout.sessions.create(sessionParams()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect((error as Stripe.errors.StripeError).statusCode).toBe(401);

    const response = await fetch(new URL("/v1/checkout/sessions", site.app.url), { method: "POST" });
    expect(response.status).toBe(401);
    const body = await response.json();
    expect(body.error.type).toBe("invalid_request_error");
    expect(body.error.message).toMatch(/did not provide an API key/);
  });

  it("never answers 5xx to a hostile Authorization header: Stripe's 401 shape, the key masked or not shown", async () => {
    const api = new URL("/v1/checkout/sessions", site.app.url).href;
    const authorizations = [
      // Every key length from 0 to 40, with and without the Bearer scheme (9 to 11 characters once crashed).
      ...Array.from({ length: 41 }, (_, n) => `Bearer ${"sk_live_x".padEnd(n, "y").slice(0, n)}`),
      ...Array.from({ length: 41 }, (_, n) => "k".repeat(n)),
      "Bearer",
      "Bearer ",
      "bearer \t  sk_test_123456789012345",
      "Basic c2tfdGVzdF94eXo6",
      `Bearer ${SANDBOX_SECRET_KEY} extra`,
      `Bearer ${SANDBOX_SECRET_KEY.toUpperCase()}`,
      `Bearer ${"\u00e9".repeat(30)}`,
      `Bearer ${"x".repeat(8000)}`,
    ];
    for (const authorization of authorizations) {
      for (const method of ["GET", "POST"]) {
        const response = await rawRequest(method === "GET" ? `${api}/cs_test_x` : api, {
          method,
          headers: { Authorization: authorization, "Content-Type": "application/x-www-form-urlencoded" },
          body: method === "POST" ? "mode=payment" : undefined,
        });
        const what = `${method} with ${JSON.stringify(authorization.slice(0, 60))}`;
        expect(response.status, what).toBe(401);
        const { error } = JSON.parse(response.body.toString("utf8"));
        expect(error.type, what).toBe("invalid_request_error");
        expect(error.message, what).toMatch(/^(You did not provide an API key|Invalid API Key provided: )/);
        // A wrong key is never echoed whole: at most its first 8 and last 4 characters, none of a short one.
        const shown = error.message.replace(/^Invalid API Key provided: /, "");
        if (shown !== error.message) {
          expect(shown.replace(/\*/g, "").length, what).toBeLessThanOrEqual(12);
          if (authorization.replace(/^Bearer\s+/i, "").length < 16) expect(shown, what).toBe("***");
        }
      }
    }
    expect(maskedKey("sk_live_0123456789abcdef")).toBe("sk_live_************cdef");
  });

  it("never answers 5xx to a hostile body with the right key: Stripe's 4xx error shape", async () => {
    const api = new URL("/v1/checkout/sessions", site.app.url).href;
    const bodies: [string, string][] = [
      ["application/x-www-form-urlencoded", "%zz=%zz&mode=%"],
      ["application/x-www-form-urlencoded", `${"a[".repeat(500)}=1`],
      ["application/x-www-form-urlencoded", "line_items[99999999999999999999][quantity]=1"],
      ["application/x-www-form-urlencoded", "line_items[-1][quantity]=1&line_items[][x]=2&line_items=3"],
      ["application/x-www-form-urlencoded", "mode=payment&mode=subscription&success_url[]=x"],
      ["application/x-www-form-urlencoded", "__proto__[polluted]=1&constructor[prototype][x]=1"],
      ["application/x-www-form-urlencoded", `metadata[${"k".repeat(10_000)}]=v`],
      ["application/x-www-form-urlencoded", "expand[]=line_items&expand[][x]=1&expand=1"],
      ["application/x-www-form-urlencoded", "\u0000\uffff=\ud800"],
      ["application/json", '{"mode":"payment"}'],
      ["multipart/form-data; boundary=x", "--x--"],
      ["", "mode=payment"],
    ];
    for (const [type, body] of bodies) {
      const headers: Record<string, string> = { Authorization: `Bearer ${SANDBOX_SECRET_KEY}` };
      if (type) headers["Content-Type"] = type;
      for (const url of [api, `${api}/cs_test_x/expire`]) {
        const response = await rawRequest(url, { method: "POST", headers, body });
        const what = `${url} ${type} ${JSON.stringify(body.slice(0, 60))}`;
        expect(response.status, what).toBeGreaterThanOrEqual(400);
        expect(response.status, what).toBeLessThan(500);
        expect(JSON.parse(response.body.toString("utf8")).error.type, what).toBe("invalid_request_error");
      }
    }
  });

  it("answers bad requests with Stripe-style 4xx errors", async () => {
    const stripe = stripeClient();
    const cases: [Partial<Stripe.Checkout.SessionCreateParams>, string, string | undefined][] = [
      [{ line_items: undefined }, "line_items", "parameter_missing"],
      [{ success_url: "not a url" }, "success_url", "url_invalid"],
      [
        {
          line_items: [
            { quantity: 1, price_data: { currency: "usd", unit_amount: 49, product_data: { name: "Pin" } } },
          ],
        },
        "line_items",
        "amount_too_small",
      ],
      [
        {
          line_items: [
            { quantity: 0, price_data: { currency: "usd", unit_amount: 999, product_data: { name: "Pin" } } },
          ],
        },
        "line_items[0][quantity]",
        "parameter_invalid_integer",
      ],
      [{ line_items: [{ price: "price_123", quantity: 1 }] }, "line_items[0][price]", undefined],
      [{ allow_promotion_codes: true }, "allow_promotion_codes", undefined],
    ];
    for (const [overrides, param, code] of cases) {
      const error = (await stripe.checkout.sessions
        .create({ ...sessionParams(), ...overrides } as Stripe.Checkout.SessionCreateParams)
        .catch((e: unknown) => e)) as Stripe.errors.StripeError;
      expect(error, param).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error.statusCode).toBe(400);
      expect(error.param).toBe(param);
      expect(error.code).toBe(code);
      expect(error.message.length).toBeGreaterThan(5);
    }

    const missing = (await stripe.checkout.sessions
      .retrieve("cs_test_doesnotexist")
      .catch((e: unknown) => e)) as Stripe.errors.StripeError;
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing.statusCode).toBe(404);
    expect(missing.code).toBe("resource_missing");

    const unknownPath = await fetch(new URL("/v1/charges", site.app.url), {
      headers: { Authorization: `Bearer ${SANDBOX_SECRET_KEY}` },
    });
    expect(unknownPath.status).toBe(404);
    expect((await unknownPath.json()).error.message).toMatch(/Unrecognized request URL/);
  });

  it("parses Stripe's form encoding into nested objects and lists, and refuses hostile names", () => {
    const parsed = parseStripeParams(
      new URLSearchParams(
        "line_items[0][price_data][unit_amount]=5&line_items[1][quantity]=2&metadata[a]=b&expand[]=x&expand[]=y",
      ),
    );
    expect(JSON.parse(JSON.stringify(parsed))).toEqual({
      line_items: [{ price_data: { unit_amount: "5" } }, { quantity: "2" }],
      metadata: { a: "b" },
      expand: ["x", "y"],
    });
    expect(() => parseStripeParams(new URLSearchParams("metadata[__proto__][x]=1"))).toThrow(/Invalid parameter/);
    expect(() => parseStripeParams(new URLSearchParams("a=1&a[b]=2"))).toThrow(/mixes/);
  });
});

describe("return URLs: only to the store itself", () => {
  /** Sessions the sandbox has stored so far. */
  const storedSessions = () => {
    try {
      return readdirSync(path.join(config().dataDir, "stripe-sandbox", "sessions")).length;
    } catch {
      return 0;
    }
  };

  async function refusedParam(overrides: Partial<Stripe.Checkout.SessionCreateParams>) {
    const error = (await stripeClient()
      .checkout.sessions.create(sessionParams(overrides))
      .catch((e: unknown) => e)) as Stripe.errors.StripeError;
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error.statusCode).toBe(400);
    expect(error.type).toBe("StripeInvalidRequestError");
    expect(error.message).toMatch(/only sends the shopper back to the store itself/);
    return error.param;
  }

  it("without PUBLIC_URL: an address of this machine on any port, nothing else (400, nothing stored)", async () => {
    const before = storedSessions();
    for (const url of ["https://evil.example/loader", "http://shop.test/cart", "http://127.0.0.1.evil.example/"]) {
      expect(await refusedParam({ success_url: url }), url).toBe("success_url");
      expect(await refusedParam({ cancel_url: url }), url).toBe("cancel_url");
    }
    expect(storedSessions()).toBe(before);

    const accepted = [
      "http://localhost/cart",
      "http://127.0.0.1:8080/cart",
      "http://[::1]:3000/cart",
      `${site.app.url}/ok`,
    ];
    for (const url of accepted) {
      const session = await stripeClient().checkout.sessions.create(
        sessionParams({ success_url: url, cancel_url: url }),
      );
      expect(session.url, url).toBe(`${new URL(url).origin}/stripe-sandbox/checkout/${session.id}`);
    }
    expect(storedSessions()).toBe(before + accepted.length);
  });

  it("with PUBLIC_URL: its origin only, scheme and port included", async () => {
    process.env.PUBLIC_URL = "https://shop.example.com";
    site.app.reconfigure();
    try {
      for (const url of [
        "http://shop.example.com/cart",
        "https://shop.example.com:8443/cart",
        "http://localhost:3000/",
      ]) {
        expect(await refusedParam({ success_url: url }), url).toBe("success_url");
      }
      const session = await stripeClient().checkout.sessions.create(
        sessionParams({
          success_url: "https://shop.example.com/loader?next=my-orders&session_id={CHECKOUT_SESSION_ID}",
          cancel_url: "https://shop.example.com/cart",
        }),
      );
      expect(session.url).toBe(`https://shop.example.com/stripe-sandbox/checkout/${session.id}`);
    } finally {
      delete process.env.PUBLIC_URL;
      site.app.reconfigure();
    }
  });

  it("answers a foreign return URL in Stripe's error JSON", async () => {
    const response = await fetch(new URL("/v1/checkout/sessions", site.app.url), {
      method: "POST",
      headers: { Authorization: `Bearer ${SANDBOX_SECRET_KEY}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: "mode=payment&success_url=https%3A%2F%2Fevil.example%2F&line_items[0][quantity]=1&line_items[0][price_data][currency]=usd&line_items[0][price_data][unit_amount]=500&line_items[0][price_data][product_data][name]=Cap",
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toEqual({
      type: "invalid_request_error",
      param: "success_url",
      message: expect.stringContaining("not to https://evil.example"),
    });
  });
});

describe("the hosted checkout page", () => {
  it("shows TEST MODE, the items and the total, with Pay and Cancel as plain forms", async () => {
    const session = await stripeClient().checkout.sessions.create(sessionParams());
    const response = await fetchPath(session.url!);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toContain("TEST MODE");
    expect(html).toContain("Linen Shirt &amp; Tie &lt;b&gt;");
    expect(html).not.toContain("<b>");
    expect(html).toMatch(/<td class="num">2<\/td>\s*<td class="num">\$19\.99<\/td>\s*<td class="num">\$39\.98<\/td>/);
    expect(html).toContain("$40.77");
    // Attributes in any order: a post form whose first element is the submit button intent=pay, then Cancel.
    const button = (value: string) =>
      `<button (?=[^>]*type="submit")(?=[^>]*name="intent")(?=[^>]*value="${value}")[^>]*>`;
    expect(html).toMatch(new RegExp(`<form (?=[^>]*method="post")[^>]*>\\s*${button("pay")}Pay</button>`));
    expect(html).toMatch(new RegExp(`${button("cancel")}Cancel</button>`));
    expect(html).toContain("Simulate failed payment");
    expect(html).toContain("Expire session");
  });

  it("Pay completes the session, sends a signed checkout.session.completed and redirects to the success URL", async () => {
    const session = await stripeClient().checkout.sessions.create(sessionParams());
    const response = await pressButton(session.url!, "pay");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`${site.app.url}/loader?next=my-orders&session_id=${session.id}`);
    const after = await stripeClient().checkout.sessions.retrieve(session.id);
    expect(after).toMatchObject({ status: "complete", payment_status: "paid", url: null });
    expect(after.payment_intent).toMatch(/^pi_/);
    // Delivered to the store's webhook route, which verified the signature (200) and ignored the
    // session, which no order of this store owns.
    expect(sandboxDeliveries(session.id)).toEqual([
      expect.objectContaining({ type: "checkout.session.completed", status: 200, error: null }),
    ]);

    const page = await (await fetchPath(session.url!)).text();
    expect(page).toContain("TEST MODE");
    expect(page).toContain("This payment is complete.");
    expect(page).not.toContain('value="pay"');
    // Pressing Pay again (a double click) does not pay twice.
    const again = await pressButton(session.url!, "pay");
    expect(again.headers.get("Location")).toBe(`${site.app.url}/loader?next=my-orders&session_id=${session.id}`);
    expect(sandboxDeliveries(session.id)).toHaveLength(1);
  });

  it("without PUBLIC_URL, refuses a session whose return URLs are not on the origin the page came in on", async () => {
    const store = new URL(site.app.url);
    const own = (path: string) => `${store.origin}${path}`;
    const cases: [string, Partial<Stripe.Checkout.SessionCreateParams>][] = [
      ["another port", { success_url: "http://localhost:8080/admin/reset?all=1", cancel_url: own("/cart") }],
      [
        "another port (cancel)",
        { success_url: own("/loader?session_id={CHECKOUT_SESSION_ID}"), cancel_url: "http://127.0.0.1:8080/admin" },
      ],
      ["another scheme", { success_url: `https://${store.host}/loader`, cancel_url: undefined }],
      ["another host name", { success_url: `http://localhost:${store.port}/loader`, cancel_url: own("/cart") }],
    ];
    for (const [label, overrides] of cases) {
      // The API keeps return URLs on this machine only; it cannot know which origin the store is reached on.
      const session = await stripeClient().checkout.sessions.create(sessionParams(overrides));
      const pageUrl = own(pathOf(session.url!));
      const page = await fetchPath(pageUrl);
      expect(page.status, label).toBe(400);
      const html = await page.text();
      expect(html, label).toContain("TEST MODE");
      expect(html, label).toContain("This checkout does not return to this store");
      expect(html, label).not.toContain('value="pay"');
      expect(html, label).not.toContain("<a ");
      for (const intent of ["pay", "cancel", "fail", "expire"]) {
        const pressed = await pressButton(pageUrl, intent);
        expect(pressed.status, `${label} ${intent}`).toBe(400);
        expect(pressed.headers.get("Location"), `${label} ${intent}`).toBeNull();
      }
      expect((await stripeClient().checkout.sessions.retrieve(session.id)).status, label).toBe("open");
      expect(sandboxDeliveries(session.id), label).toEqual([]);
    }
  });

  it("Cancel goes back to the cancel URL and leaves the session open, as Stripe does", async () => {
    const session = await stripeClient().checkout.sessions.create(sessionParams());
    const response = await pressButton(session.url!, "cancel");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(CANCEL_URL);
    expect((await stripeClient().checkout.sessions.retrieve(session.id)).status).toBe("open");
    expect(sandboxDeliveries(session.id)).toEqual([]);
  });

  it("Simulate failed payment: complete but unpaid, then checkout.session.async_payment_failed", async () => {
    const session = await stripeClient().checkout.sessions.create(sessionParams());
    const response = await pressButton(session.url!, "fail");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toContain(`session_id=${session.id}`);
    expect(await stripeClient().checkout.sessions.retrieve(session.id)).toMatchObject({
      status: "complete",
      payment_status: "unpaid",
    });
    expect(sandboxDeliveries(session.id).map((d) => [d.type, d.status])).toEqual([
      ["checkout.session.completed", 200],
      ["checkout.session.async_payment_failed", 200],
    ]);
    expect(await (await fetchPath(session.url!)).text()).toContain("This payment failed.");
  });

  it("Expire session (the page, the API and the passing of time) sends checkout.session.expired", async () => {
    const stripe = stripeClient();
    const byPage = await stripe.checkout.sessions.create(sessionParams());
    const response = await pressButton(byPage.url!, "expire");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/stripe-sandbox/checkout/${byPage.id}`);
    const page = await (await fetchPath(byPage.url!)).text();
    expect(page).toContain("TEST MODE");
    expect(page).toContain("This checkout session has expired.");
    expect(page).not.toContain('value="pay"');
    expect(await pressButton(byPage.url!, "pay").then((r) => r.headers.get("Location"))).toBe(
      `/stripe-sandbox/checkout/${byPage.id}`,
    );

    const byApi = await stripe.checkout.sessions.create(sessionParams());
    const expired = await stripe.checkout.sessions.expire(byApi.id);
    expect(expired).toMatchObject({ id: byApi.id, status: "expired", url: null });
    const twice = (await stripe.checkout.sessions
      .expire(byApi.id)
      .catch((e: unknown) => e)) as Stripe.errors.StripeError;
    expect(twice.statusCode).toBe(400);

    const byTime = await stripe.checkout.sessions.create(
      sessionParams({ expires_at: Math.floor(Date.now() / 1000) + 31 * 60 }),
    );
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 32 * 60 * 1000 });
    expect((await stripe.checkout.sessions.retrieve(byTime.id)).status).toBe("expired");

    for (const session of [byPage, byApi, byTime]) {
      expect(sandboxDeliveries(session.id).map((d) => [d.type, d.status])).toEqual([["checkout.session.expired", 200]]);
    }
  });

  it("answers 404 for an unknown session and 400 for an unknown button, still in TEST MODE", async () => {
    const unknown = await fetch(new URL("/stripe-sandbox/checkout/cs_test_nope", site.app.url));
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("TEST MODE");
    const session = await stripeClient().checkout.sessions.create(sessionParams());
    const bad = await pressButton(session.url!, "refund");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("TEST MODE");
    const crossSite = await fetchPath(session.url!, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "cross-site" },
      body: "intent=pay",
    });
    expect(crossSite.status).toBe(403);
    expect((await stripeClient().checkout.sessions.retrieve(session.id)).status).toBe("open");
  });
});

describe("webhook signatures", () => {
  it("signs exactly as Stripe: Stripe-Signature t=…,v1=HMAC-SHA256(secret, '<t>.<payload>')", async () => {
    const session = await stripeClient().checkout.sessions.create(sessionParams());
    // Point the webhook at a recorder for this one delivery.
    const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    const recorder = http.createServer(async (req, res) => {
      let body = "";
      for await (const chunk of req) body += chunk;
      received.push({ headers: req.headers, body });
      res.writeHead(200).end("{}");
    });
    await new Promise<void>((resolve) => recorder.listen(0, "127.0.0.1", resolve));
    process.env.STRIPE_SANDBOX_URL = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`;
    site.app.reconfigure();
    try {
      await actOnCheckoutSession(session.id, "pay");
    } finally {
      process.env.STRIPE_SANDBOX_URL = site.app.url;
      site.app.reconfigure();
      await new Promise((resolve) => recorder.close(resolve));
    }
    expect(received).toHaveLength(1);
    const [{ headers, body }] = received as [{ headers: http.IncomingHttpHeaders; body: string }];
    expect(headers["content-type"]).toMatch(/^application\/json/);
    const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(headers["stripe-signature"]));
    expect(match).not.toBeNull();
    const [, timestamp, signature] = match!;
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    const expected = createHmac("sha256", sandboxWebhookSecret()).update(`${timestamp}.${body}`).digest("hex");
    expect(signature).toBe(expected);
    const event = JSON.parse(body);
    expect(event).toMatchObject({
      object: "event",
      type: "checkout.session.completed",
      livemode: false,
      data: { object: { id: session.id, object: "checkout.session", payment_status: "paid", status: "complete" } },
    });
    expect(event.id).toMatch(/^evt_/);
    expect(sandboxWebhookSecret()).toMatch(/^whsec_/);
  });
});

describe("with a real STRIPE_SECRET_KEY", () => {
  it("the sandbox is not reachable (404)", async () => {
    const session = await stripeClient().checkout.sessions.create(sessionParams());
    process.env.STRIPE_SECRET_KEY = "sk_test_real_account_key";
    site.app.reconfigure();
    try {
      const api = await site.app.fetch(
        new Request(`http://shop.test/v1/checkout/sessions/${session.id}`, {
          headers: { Authorization: `Bearer ${SANDBOX_SECRET_KEY}` },
        }),
      );
      expect(api.status).toBe(404);
      expect((await visit(site.app, session.url!)).status).toBe(404);
      expect((await visit(site.app, session.url!, { intent: "pay" })).status).toBe(404);
      // And the SDK now talks to api.stripe.com, not to this box.
      expect(stripeClient().getApiField("host")).toBe("api.stripe.com");
    } finally {
      delete process.env.STRIPE_SECRET_KEY;
      site.app.reconfigure();
    }
    expect((await stripeClient().checkout.sessions.retrieve(session.id)).status).toBe("open");
  });
});

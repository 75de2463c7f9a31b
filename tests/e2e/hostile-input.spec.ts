// Bad input across the whole store, over HTTP against the production server: every route in app/routes.ts
// (pages and /api calls, shopper and seller) as a visitor, a signed-in shopper and the demo seller, sent
// missing and malformed bodies, wrong content types, fields of the wrong type, huge and hostile strings,
// unknown and foreign ids, tampered prices, unknown intents, odd query strings and unsupported methods.
// The rule: never a 5xx; a refusal is a 4xx with a message; a refused write leaves nothing behind that the
// API can see. Each test writes down every request that breaks the rule and checks the list at its end, so
// one run names all of them.
import http from "node:http";
import { type APIRequestContext, type APIResponse, expect, type PlaywrightWorkerArgs, test } from "@playwright/test";
import sharp from "sharp";

// Thousands of requests in the sweeps: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });
// Pure HTTP: no page is opened, so running it without JavaScript would only repeat the same requests.
test.beforeEach(() => {
  test.skip(test.info().project.name === "no-js", "HTTP only: the js project sends the same requests");
});

type Who = "visitor" | "shopper" | "seller";
type Answer = { status: number; text: string; json: Record<string, unknown> | null; headers: Record<string, string> };

const SELLER = { email: "seller@trendora.test", password: "trendora-seller" };
const PASSWORD = "hostile-pass-1";
const K10 = "k".repeat(10_000);
const MB = "m".repeat(1024 * 1024);
const NUL_EMOJI = "a\u0000b 😀 \u202Ezyx ß\uFFFD";
const SQLISH = "' OR '1'='1' --; DROP TABLE users; --";
const HTML = '<script>alert("x")</script><img src=x onerror=alert(1)>';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

let api: Record<Who, APIRequestContext>;
let otherShopper: APIRequestContext;
let shopperEmail: string;
/** A product of this spec's own (in stock), and its prices. */
let product: { id: string; name: string; price: number; offerPrice: number };
let ownAddressId: string;
let foreignAddressId: string;

async function answer(response: APIResponse): Promise<Answer> {
  const text = await response.text();
  let json: Record<string, unknown> | null = null;
  try {
    const parsed = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) json = parsed;
  } catch {}
  return { status: response.status(), text, json, headers: response.headers() };
}

type Body =
  | { raw: string | Buffer; type?: string }
  | { form: Record<string, string> }
  | { multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> };

async function send(
  ctx: APIRequestContext,
  method: string,
  path: string,
  body?: Body,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const options: Parameters<APIRequestContext["fetch"]>[1] = { method, maxRedirects: 0, headers: { ...headers } };
  if (body && "raw" in body) {
    // A Buffer is sent byte for byte (a string with a JSON type would be re-encoded by Playwright).
    options.data = typeof body.raw === "string" ? Buffer.from(body.raw) : body.raw;
    options.headers!["Content-Type"] = body.type ?? "application/octet-stream";
  } else if (body && "form" in body) {
    options.form = body.form;
  } else if (body && "multipart" in body) {
    options.multipart = body.multipart;
  }
  return answer(await ctx.fetch(path, options));
}

const json = (value: unknown): Body => ({ raw: JSON.stringify(value), type: "application/json" });

function decodeHtml(text: string) {
  return text
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

// Every request that breaks the rule is written down here, and each test ends by checking the list is
// empty, so one run names all of them (and thousands of requests stay cheap to check).
let problems: string[] = [];
test.beforeEach(() => {
  problems = [];
});
test.afterEach(() => {
  expect(problems, "requests that broke the rule").toEqual([]);
});

const shown = (a: Answer) => `${a.status} ${a.text.replace(/\s+/g, " ").slice(0, 160)}`;
const is4xx = (status: number) => status >= 400 && status < 500;

/** Never a server error. */
function expectHandled(label: string, a: Answer) {
  if (a.status >= 500) problems.push(`${label}: server error: ${shown(a)}`);
}

/** An /api refusal: a 4xx (the given one when named) and `{success: false, message}` saying something. */
function expectApiRefusal(label: string, a: Answer, status?: number) {
  if (status ? a.status !== status : !is4xx(a.status)) {
    problems.push(`${label}: expected ${status ?? "a 4xx"}, got ${shown(a)}`);
  }
  const said = a.json?.message ?? a.json?.error;
  if (typeof said !== "string" || said.trim() === "" || /unexpected|internal/i.test(said)) {
    problems.push(`${label}: no clear message: ${shown(a)}`);
  }
  if (a.json && "success" in a.json && a.json.success !== false) problems.push(`${label}: success is not false`);
}

/** A page refusal: a 4xx page that shows the message. */
function expectPageRefusal(label: string, a: Answer, message: string, status?: number) {
  if (status ? a.status !== status : !is4xx(a.status)) {
    problems.push(`${label}: expected ${status ?? "a 4xx"}, got ${a.status}`);
  }
  if (!decodeHtml(a.text).includes(message)) problems.push(`${label}: the page does not say "${message}"`);
}

/** A redirect (a seller page's answer to a visitor, a form's success), never a 5xx. */
function expectRedirect(label: string, a: Answer, to?: RegExp) {
  if (a.status < 300 || a.status >= 400) problems.push(`${label}: expected a redirect, got ${shown(a)}`);
  else if (to && !to.test(a.headers.location ?? "")) {
    problems.push(`${label}: redirected to ${a.headers.location}, expected ${to}`);
  }
}

async function pngBytes(colour = "#8e44ad") {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

async function productList(): Promise<{ _id: string; name: string; inStock: boolean; offerPrice: number }[]> {
  const a = await send(api.visitor, "GET", "/api/product/list");
  expect(a.status).toBe(200);
  return a.json!.products as { _id: string; name: string; inStock: boolean; offerPrice: number }[];
}

async function savedCart(ctx: APIRequestContext = api.shopper) {
  const a = await send(ctx, "GET", "/api/user/is-auth");
  expect(a.status).toBe(200);
  return (a.json!.user as { cartItems: Record<string, number> }).cartItems;
}

async function orderIds(ctx: APIRequestContext = api.shopper) {
  const a = await send(ctx, "GET", "/api/order/user");
  expect(a.status).toBe(200);
  return (a.json!.orders as { _id: string }[]).map((o) => o._id);
}

async function addressIds(ctx: APIRequestContext = api.shopper) {
  const a = await send(ctx, "GET", "/api/address/get");
  expect(a.status).toBe(200);
  return (a.json!.addresses as { _id: string }[]).map((o) => o._id);
}

async function registerShopper(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string,
  name = "Hostile Tester",
) {
  const ctx = await playwright.request.newContext({ baseURL });
  const email = `hostile-${unique()}@example.com`;
  const a = await send(ctx, "POST", "/api/user/register", json({ name, email, password: PASSWORD }));
  expect(a.status, a.text).toBe(201);
  return { ctx, email };
}

async function addAddress(ctx: APIRequestContext, street: string) {
  const a = await send(
    ctx,
    "POST",
    "/api/address/add",
    json({
      address: {
        firstName: "Hana",
        lastName: "Test",
        email: "hana@example.com",
        street,
        city: "Lyon",
        state: "ARA",
        zipcode: "69001",
        country: "France",
        phone: "+33 4 72 00 00 00",
      },
    }),
  );
  expect(a.status, a.text).toBe(201);
  return (a.json!.address as { _id: string })._id;
}

test.beforeAll(async ({ playwright }, testInfo) => {
  if (testInfo.project.name === "no-js") return;
  const baseURL = testInfo.project.use.baseURL!;
  const visitor = await playwright.request.newContext({ baseURL });
  const shopper = await registerShopper(playwright, baseURL);
  shopperEmail = shopper.email;
  otherShopper = (await registerShopper(playwright, baseURL, "Other Shopper")).ctx;
  const seller = await playwright.request.newContext({ baseURL });
  const login = await send(seller, "POST", "/api/seller/login", json(SELLER));
  expect(login.status, login.text).toBe(200);
  api = { visitor, shopper: shopper.ctx, seller };

  const name = `Hostile Test Tee ${unique()}`;
  const added = await send(seller, "POST", "/api/product/add", {
    multipart: {
      productData: JSON.stringify({
        name,
        description: ["For the hostile-input spec"],
        category: "Men",
        price: 40,
        offerPrice: 25,
      }),
      images: { name: "tee.png", mimeType: "image/png", buffer: await pngBytes() },
    },
  });
  expect(added.status, added.text).toBe(201);
  product = { id: (added.json!.product as { _id: string })._id, name, price: 40, offerPrice: 25 };
  ownAddressId = await addAddress(api.shopper, "1 Own Street");
  foreignAddressId = await addAddress(otherShopper, "99 Someone Else Road");
});

test.afterAll(async () => {
  for (const ctx of [...Object.values(api ?? {}), otherShopper]) await ctx?.dispose();
});

// ─── /api ────────────────────────────────────────────────────────────────────────────────────────────────

const POST_CALLS = [
  "/api/subscribe",
  "/api/user/login",
  "/api/user/register",
  "/api/cart/update",
  "/api/address/add",
  "/api/order/cod",
  "/api/order/stripe",
  "/api/seller/login",
  "/api/product/add",
  "/api/product/stock",
  "/api/stripe/webhook",
];
const GET_CALLS = [
  "/api/product/list",
  "/api/user/is-auth",
  "/api/address/get",
  "/api/order/user",
  "/api/seller/is-auth",
  "/api/order/seller",
  // Last: they sign the caller out.
  "/api/user/logout",
  "/api/seller/logout",
];

/** Bodies no call accepts: missing, not an object, not JSON, wrong types, huge and hostile values. */
const MALFORMED_BODIES: [string, string][] = [
  ["no body", ""],
  ["empty object", "{}"],
  ["array", "[]"],
  ["string", '"just a string"'],
  ["number", "42"],
  ["null", "null"],
  ["boolean", "true"],
  ["invalid JSON", '{"email": '],
  ["trailing comma", '{"a":1,}'],
  [
    "wrong types",
    JSON.stringify({
      name: 123,
      email: ["a@b.co"],
      password: { $ne: null },
      cartItems: "all",
      address: 5,
      items: { product: 1 },
      id: true,
      inStock: "yes",
      productData: [1],
    }),
  ],
  [
    "10,000 characters",
    JSON.stringify({
      name: K10,
      email: `${K10}@example.com`,
      password: K10,
      cartItems: { [K10]: 1 },
      items: K10,
      id: K10,
    }),
  ],
  [
    "NUL, emoji and bidi characters",
    JSON.stringify({ name: NUL_EMOJI, email: `${NUL_EMOJI}@example.com`, password: NUL_EMOJI, id: NUL_EMOJI }),
  ],
  [
    "SQL and HTML",
    JSON.stringify({ name: HTML, email: SQLISH, password: SQLISH, address: SQLISH, items: HTML, id: SQLISH }),
  ],
  ["1 MB", JSON.stringify({ email: MB, password: MB })],
];
const CONTENT_TYPES = [
  "application/json",
  "text/plain",
  "multipart/form-data; boundary=----hostile",
  "application/x-www-form-urlencoded",
  "application/octet-stream",
];

test("every /api POST call refuses malformed bodies and wrong content types with a 4xx and a message", async () => {
  for (const path of POST_CALLS) {
    for (const who of ["visitor", "shopper", "seller"] as const) {
      for (const [bodyLabel, raw] of MALFORMED_BODIES) {
        // The megabyte is refused by its size whatever its type: once is enough.
        for (const type of bodyLabel === "1 MB" ? CONTENT_TYPES.slice(0, 1) : CONTENT_TYPES) {
          const a = await send(api[who], "POST", path, { raw, type });
          expectApiRefusal(`${who} POST ${path} ${bodyLabel} as ${type}`, a);
        }
      }
    }
  }
});

test("a multipart form where JSON is expected, and a JSON body where multipart is expected, are refused", async () => {
  for (const path of POST_CALLS) {
    for (const who of ["visitor", "shopper", "seller"] as const) {
      const a = await send(api[who], "POST", path, {
        multipart: { email: "not-an-email", password: "x", name: HTML, cartItems: "{}", items: "[]", id: "x" },
      });
      expectApiRefusal(`${who} multipart ${path}`, a);
    }
  }
  const asJson = await send(api.seller, "POST", "/api/product/add", json({ productData: { name: "x" } }));
  expectApiRefusal("seller JSON to /api/product/add", asJson, 415);
});

test("every /api GET call shrugs off odd query strings", async () => {
  const queries = [
    "",
    `?q=${K10}`,
    "?id=-1&id=2&id=x",
    "?userId=someone-else",
    "?x=%00%ff",
    "?__proto__[a]=1",
    `?s=${SQLISH}`,
  ];
  for (const path of GET_CALLS) {
    for (const who of ["visitor", "shopper", "seller"] as const) {
      for (const query of queries) {
        const a = await send(api[who], "GET", `${path}${query}`);
        expectHandled(`${who} GET ${path}${query.slice(0, 40)}`, a);
        expect.soft(a.headers["content-type"] ?? "", `${path}: JSON`).toContain("application/json");
        if (a.status >= 400) expectApiRefusal(`${who} GET ${path}`, a, 401);
      }
    }
  }
  // The logout calls above signed nobody out for good: sign in again for the tests that follow.
  await send(api.seller, "POST", "/api/seller/login", json(SELLER));
  await send(api.shopper, "POST", "/api/user/login", json({ email: shopperEmail, password: PASSWORD }));
  expect((await send(api.shopper, "GET", "/api/user/is-auth")).status).toBe(200);
  expect((await send(api.seller, "GET", "/api/seller/is-auth")).status).toBe(200);
});

test("unsupported methods on every /api call get 405 with a message", async () => {
  for (const who of ["visitor", "shopper", "seller"] as const) {
    for (const path of [...POST_CALLS, ...GET_CALLS]) {
      const wrong = [...["PUT", "PATCH", "DELETE"], POST_CALLS.includes(path) ? "GET" : "POST"];
      for (const method of wrong) {
        const a = await send(api[who], method, path, method === "GET" ? undefined : json({ email: "a@b.co" }));
        expectApiRefusal(`${who} ${method} ${path}`, a, 405);
      }
    }
  }
});

test("sign-up and login: wrong types, huge and hostile values are refused; a hostile name is only text", async ({
  playwright,
}, testInfo) => {
  const bodies: [string, unknown, number?][] = [
    ["missing fields", {}],
    ["name as a number", { name: 5, email: `n-${unique()}@example.com`, password: PASSWORD }],
    ["email as an array", { name: "A", email: ["a@b.co"], password: PASSWORD }],
    ["password as an object", { name: "A", email: `p-${unique()}@example.com`, password: { a: 1 } }],
    ["password as a boolean", { name: "A", email: `b-${unique()}@example.com`, password: true }],
    ["short password", { name: "A", email: `s-${unique()}@example.com`, password: "short" }],
    ["10,000-character name", { name: K10, email: `k-${unique()}@example.com`, password: PASSWORD }],
    ["10,000-character password", { name: "A", email: `k-${unique()}@example.com`, password: K10 }],
    ["SQL-ish email", { name: "A", email: SQLISH, password: PASSWORD }],
    ["NUL in the email", { name: "A", email: `a\u0000-${unique()}@example.com`, password: PASSWORD }],
    ["taken email in capitals", { name: "A", email: shopperEmail.toUpperCase(), password: PASSWORD }, 409],
  ];
  for (const [label, body, status] of bodies) {
    expectApiRefusal(`register ${label}`, await send(api.visitor, "POST", "/api/user/register", json(body)), status);
  }
  const logins: [string, unknown, number?][] = [
    ["email as an object", { email: { $gt: "" }, password: PASSWORD }],
    ["SQL-ish email", { email: SQLISH, password: SQLISH }],
    ["wrong password", { email: shopperEmail, password: "not the password" }, 401],
    ["10,000-character password", { email: shopperEmail, password: K10 }],
    ["unknown email", { email: `nobody-${unique()}@example.com`, password: PASSWORD }, 401],
  ];
  for (const [label, body, status] of logins) {
    expectApiRefusal(`login ${label}`, await send(api.visitor, "POST", "/api/user/login", json(body)), status);
  }
  expect((await send(api.visitor, "GET", "/api/user/is-auth")).status).toBe(401);

  // Markup in a name is stored and shown as text, never as markup.
  const { ctx } = await registerShopper(playwright, testInfo.project.use.baseURL!, HTML);
  const me = await send(ctx, "GET", "/api/user/is-auth");
  expect((me.json!.user as { name: string }).name).toBe(HTML);
  const home = await send(ctx, "GET", "/");
  expect(home.status).toBe(200);
  expect(home.text).not.toContain("<script>alert");
  expect(home.text).toContain("&lt;script&gt;");
  await ctx.dispose();
});

test("cart update: every refused change leaves the saved cart as it was", async () => {
  const base = await send(api.shopper, "POST", "/api/cart/update", json({ cartItems: { [product.id]: 2 } }));
  expect(base.status, base.text).toBe(200);
  const before = await savedCart();
  expect(before).toEqual({ [product.id]: 2 });
  const manyIds = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`${i}abc`, 1]));
  const refused: [string, unknown, number?][] = [
    ["cartItems missing", {}],
    ["cartItems as an array", { cartItems: [product.id] }],
    ["cartItems as a string", { cartItems: product.id }],
    ["cartItems as null", { cartItems: null }],
    ["negative quantity", { cartItems: { [product.id]: -1 } }],
    ["zero quantity", { cartItems: { [product.id]: 0 } }],
    ["fractional quantity", { cartItems: { [product.id]: 1.5 } }],
    ["huge quantity", { cartItems: { [product.id]: 1e12 } }],
    ["quantity 100", { cartItems: { [product.id]: 100 } }],
    ["quantity NaN", { cartItems: { [product.id]: "NaN" } }],
    ["quantity as words", { cartItems: { [product.id]: "three" } }],
    ["quantity as an object", { cartItems: { [product.id]: { n: 1 } } }],
    ["quantity as a boolean", { cartItems: { [product.id]: true } }],
    ["quantity null", { cartItems: { [product.id]: null } }],
    ["malformed id", { cartItems: { "../../etc/passwd": 1 } }],
    ["SQL-ish id", { cartItems: { [SQLISH]: 1 } }],
    ["__proto__ id", JSON.parse('{"cartItems":{"__proto__":1}}')],
    ["unknown id", { cartItems: { zzzzzzzzzzzzzzzzzzzz: 1 } }, 404],
    ["a valid line and an unknown one", { cartItems: { [product.id]: 5, zzzzzzzzzzzzzzzzzzz0: 1 } }, 404],
    ["51 products", { cartItems: manyIds }],
  ];
  for (const [label, body, status] of refused) {
    const a = await send(api.shopper, "POST", "/api/cart/update", json(body));
    expectApiRefusal(`cart/update ${label}`, a, status);
    expect.soft(await savedCart(), `cart unchanged after ${label}`).toEqual(before);
  }
  // A visitor's update is refused and stores nothing anywhere.
  expectApiRefusal(
    "visitor cart/update",
    await send(api.visitor, "POST", "/api/cart/update", json({ cartItems: { [product.id]: 3 } })),
    401,
  );
  expect(await savedCart()).toEqual(before);
});

test("addresses: hostile fields are refused and nothing is saved; another shopper's addresses stay invisible", async () => {
  const before = await addressIds();
  const good = {
    firstName: "Ana",
    lastName: "B",
    email: "ana@example.com",
    street: "2 Rue",
    city: "Paris",
    state: "IDF",
    zipcode: "75001",
    country: "France",
    phone: "+33 1 23 45 67 89",
  };
  const refused: [string, unknown][] = [
    ["address missing", {}],
    ["address as a string", { address: "2 Rue, Paris" }],
    ["address as an array", { address: [good] }],
    ["address as a number", { address: 75001 }],
    ["all fields missing", { address: {} }],
    ["first name as an object", { address: { ...good, firstName: { a: 1 } } }],
    ["street as an array", { address: { ...good, street: ["2 Rue"] } }],
    ["city as a boolean", { address: { ...good, city: true } }],
    ["10,000-character street", { address: { ...good, street: K10 } }],
    ["NUL in the zip code", { address: { ...good, zipcode: "750\u000001" } }],
    ["SQL-ish phone", { address: { ...good, phone: SQLISH } }],
    ["HTML email", { address: { ...good, email: HTML } }],
    ["zip code as a huge number", { address: { ...good, zipcode: 1e21 } }],
    ["phone NaN", { address: { ...good, phone: "NaN" } }],
  ];
  for (const [label, body] of refused) {
    expectApiRefusal(`address/add ${label}`, await send(api.shopper, "POST", "/api/address/add", json(body)));
  }
  expect(await addressIds()).toEqual(before);
  expect(before).not.toContain(foreignAddressId);
  expectApiRefusal("visitor address/get", await send(api.visitor, "GET", "/api/address/get"), 401);
  expectApiRefusal("seller address/get (not a shopper)", await send(api.seller, "GET", "/api/address/get"), 401);
});

test("cash orders: refused orders are not written and leave the cart alone; a tampered price or userId is ignored", async () => {
  await send(api.shopper, "POST", "/api/cart/update", json({ cartItems: { [product.id]: 1 } }));
  const cartBefore = await savedCart();
  const ordersBefore = await orderIds();
  const otherOrdersBefore = await orderIds(otherShopper);
  const line = { product: product.id, quantity: 1 };
  const refused: [string, unknown, Record<string, string>?][] = [
    ["no items", { address: ownAddressId }],
    ["items as an object", { items: line, address: ownAddressId }],
    ["items as a string", { items: "all", address: ownAddressId }],
    ["empty items", { items: [], address: ownAddressId }],
    ["null item", { items: [null], address: ownAddressId }],
    ["product as an object", { items: [{ product: { $ne: "" }, quantity: 1 }], address: ownAddressId }],
    ["malformed product id", { items: [{ product: "../x", quantity: 1 }], address: ownAddressId }],
    ["unknown product id", { items: [{ product: "zzzzzzzzzzzzzzzzzzzz", quantity: 1 }], address: ownAddressId }],
    ["negative quantity", { items: [{ ...line, quantity: -2 }], address: ownAddressId }],
    ["fractional quantity", { items: [{ ...line, quantity: 0.5 }], address: ownAddressId }],
    ["huge quantity", { items: [{ ...line, quantity: 1e308 }], address: ownAddressId }],
    ["quantity as a string", { items: [{ ...line, quantity: "1" }], address: ownAddressId }],
    ["quantity missing", { items: [{ product: product.id }], address: ownAddressId }],
    ["no address", { items: [line] }],
    ["address as a number", { items: [line], address: 7 }],
    ["address as an object", { items: [line], address: { street: "x" } }],
    ["malformed address id", { items: [line], address: SQLISH }],
    ["unknown address id", { items: [line], address: "zzzzzzzzzzzzzzzzzzzz" }],
    ["another shopper's address", { items: [line], address: foreignAddressId }],
    ["a bad Idempotency-Key", { items: [line], address: ownAddressId }, { "Idempotency-Key": "short" }],
    [
      "a 1,000-character Idempotency-Key",
      { items: [line], address: ownAddressId },
      { "Idempotency-Key": "k".repeat(1000) },
    ],
  ];
  for (const [label, body, headers] of refused) {
    const a = await send(api.shopper, "POST", "/api/order/cod", json(body), headers);
    expectApiRefusal(`order/cod ${label}`, a);
  }
  expect.soft(await orderIds(), "no order was written").toEqual(ordersBefore);
  expect.soft(await savedCart(), "the cart is as it was").toEqual(cartBefore);
  expectApiRefusal(
    "visitor order/cod",
    await send(api.visitor, "POST", "/api/order/cod", json({ items: [line], address: ownAddressId })),
    401,
  );

  // Tampered prices, totals and userId: the order is the caller's, at the database's price.
  const placed = await send(
    api.shopper,
    "POST",
    "/api/order/cod",
    json({
      userId: "someone-else",
      items: [{ product: product.id, quantity: 2, price: 0.01, offerPrice: 0.01, amount: 0.02 }],
      address: ownAddressId,
      amount: 0.01,
      price: 0.01,
    }),
  );
  expect(placed.status, placed.text).toBe(201);
  const orderId = placed.json!.orderId as string;
  const mine = await send(api.shopper, "GET", "/api/order/user");
  const order = (mine.json!.orders as { _id: string; amount: number; userId: string }[]).find(
    (o) => o._id === orderId,
  )!;
  expect(order, "the order is listed for its shopper").toBeTruthy();
  // 2 × $25.00 = $50.00, plus 2% tax = $51.00.
  expect(order.amount).toBe(51);
  expect(await orderIds(otherShopper)).toEqual(otherOrdersBefore);
  expect(await orderIds(otherShopper)).not.toContain(orderId);
});

test("online orders: refused the same way, and a tampered price never reaches the checkout total", async () => {
  await send(api.shopper, "POST", "/api/cart/update", json({ cartItems: { [product.id]: 1 } }));
  const cartBefore = await savedCart();
  const line = { product: product.id, quantity: 1 };
  const refused: [string, unknown][] = [
    ["no items", { address: ownAddressId }],
    ["items as a number", { items: 3, address: ownAddressId }],
    ["quantity NaN", { items: [{ ...line, quantity: "NaN" }], address: ownAddressId }],
    ["quantity -1", { items: [{ ...line, quantity: -1 }], address: ownAddressId }],
    ["unknown product", { items: [{ product: "zzzzzzzzzzzzzzzzzzzz", quantity: 1 }], address: ownAddressId }],
    ["another shopper's address", { items: [line], address: foreignAddressId }],
    ["no address", { items: [line] }],
  ];
  for (const [label, body] of refused) {
    expectApiRefusal(`order/stripe ${label}`, await send(api.shopper, "POST", "/api/order/stripe", json(body)));
  }
  expect.soft(await savedCart(), "the cart is as it was").toEqual(cartBefore);

  const started = await send(
    api.shopper,
    "POST",
    "/api/order/stripe",
    json({
      items: [{ product: product.id, quantity: 1, price: 0.01, offerPrice: 0.01 }],
      address: ownAddressId,
      amount: 0.01,
    }),
  );
  expect(started.status, started.text).toBe(200);
  const checkout = new URL(started.json!.url as string);
  const page = await send(api.visitor, "GET", checkout.pathname);
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
    const a = await send(api.visitor, "POST", checkout.pathname, body);
    expect.soft(a.status, `checkout page ${label}`).toBeGreaterThanOrEqual(400);
    expect.soft(a.status, `checkout page ${label}`).toBeLessThan(500);
  }
  const crossSite = await send(
    api.visitor,
    "POST",
    checkout.pathname,
    { form: { intent: "pay" } },
    { "Sec-Fetch-Site": "cross-site" },
  );
  expect(crossSite.status).toBe(403);
  expect((await send(api.visitor, "GET", checkout.pathname)).text).toContain(">Pay<");
  // Unknown and malformed session ids.
  for (const id of ["cs_test_unknown", "..%2F..%2Fwebhook-secret", `cs_test_${"a".repeat(500)}`]) {
    expect.soft((await send(api.visitor, "GET", `/stripe-sandbox/checkout/${id}`)).status, id).toBe(404);
    expect
      .soft((await send(api.visitor, "POST", `/stripe-sandbox/checkout/${id}`, { form: { intent: "pay" } })).status, id)
      .toBe(404);
  }
});

test("Stripe webhook and sandbox API: missing or forged signatures, huge bodies and no key are refused", async () => {
  const ordersBefore = await orderIds();
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
    expectApiRefusal(
      `webhook ${label}`,
      await send(api.visitor, "POST", "/api/stripe/webhook", { raw: event, type: "application/json" }, headers),
      400,
    );
  }
  const huge = await send(
    api.visitor,
    "POST",
    "/api/stripe/webhook",
    { raw: MB, type: "application/json" },
    { "Stripe-Signature": "t=1,v1=a" },
  );
  expectApiRefusal("webhook 1 MB", huge, 413);
  expect(await orderIds()).toEqual(ordersBefore);

  // The sandbox's REST API wants its key, and refuses malformed parameters in Stripe's error shape.
  const noKey = await send(api.visitor, "POST", "/v1/checkout/sessions", { form: { mode: "payment" } });
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
    const a = await send(
      api.visitor,
      "POST",
      "/v1/checkout/sessions",
      { raw: body, type: "application/x-www-form-urlencoded" },
      key,
    );
    expect.soft(a.status, `sandbox ${body}`).toBe(400);
    expect.soft((a.json?.error as { message?: string })?.message, `sandbox ${body}: message`).toBeTruthy();
  }
  // Methods the store never uses are refused by the request guard in front of every route.
  for (const method of ["PUT", "DELETE", "PATCH"]) {
    const a = await send(api.visitor, method, "/v1/checkout/sessions/cs_test_x", undefined, key);
    expect.soft(a.status, `sandbox ${method}`).toBe(405);
  }
});

test("seller API: refused products and stock changes leave the product list as it was", async () => {
  const before = await productList();
  const png = { name: "ok.png", mimeType: "image/png", buffer: await pngBytes("#16a085") };
  const good = { name: `Refused ${unique()}`, description: ["x"], category: "Men", price: 10, offerPrice: 5 };
  const refused: [string, Record<string, string | typeof png>, number?][] = [
    ["no productData", { images: png }],
    ["productData not JSON", { productData: "{name:", images: png }],
    ["productData an array", { productData: "[]", images: png }],
    ["productData null", { productData: "null", images: png }],
    ["name as a number", { productData: JSON.stringify({ ...good, name: 5 }), images: png }],
    ["10,000-character name", { productData: JSON.stringify({ ...good, name: K10 }), images: png }],
    ["price as a string of words", { productData: JSON.stringify({ ...good, price: "ten" }), images: png }],
    ["price as an object", { productData: JSON.stringify({ ...good, price: { a: 1 } }), images: png }],
    ["negative price", { productData: JSON.stringify({ ...good, price: -10 }), images: png }],
    ["huge price", { productData: JSON.stringify({ ...good, price: 1e308 }), images: png }],
    ["price NaN", { productData: JSON.stringify({ ...good, price: "NaN" }), images: png }],
    ["fractional cents", { productData: JSON.stringify({ ...good, price: 10.001 }), images: png }],
    ["offer above price", { productData: JSON.stringify({ ...good, offerPrice: 11 }), images: png }],
    ["unknown category", { productData: JSON.stringify({ ...good, category: "__proto__" }), images: png }],
    ["description of objects", { productData: JSON.stringify({ ...good, description: [{ a: 1 }] }), images: png }],
    ["no image", { productData: JSON.stringify(good) }],
    [
      "a text file as the image",
      {
        productData: JSON.stringify(good),
        images: { name: "x.png", mimeType: "image/png", buffer: Buffer.from(HTML) },
      },
    ],
    ["image as a text field", { productData: JSON.stringify(good), images: "not a file" }],
  ];
  for (const [label, multipart, status] of refused) {
    expectApiRefusal(`product/add ${label}`, await send(api.seller, "POST", "/api/product/add", { multipart }), status);
  }
  // A shopper or a visitor cannot add anything, whatever they send.
  for (const who of ["visitor", "shopper"] as const) {
    const a = await send(api[who], "POST", "/api/product/add", {
      multipart: { productData: JSON.stringify(good), images: png },
    });
    expectApiRefusal(`${who} product/add`, a, 401);
  }

  const stock: [string, unknown, number?][] = [
    ["no id", { inStock: false }],
    ["id as a number", { id: 5, inStock: false }],
    ["id as an array", { id: [product.id], inStock: false }],
    ["malformed id", { id: SQLISH, inStock: false }, 404],
    ["unknown id", { id: "zzzzzzzzzzzzzzzzzzzz", inStock: false }, 404],
    ["inStock as a string", { id: product.id, inStock: "false" }],
    ["inStock as a number", { id: product.id, inStock: 0 }],
    ["inStock null", { id: product.id, inStock: null }],
  ];
  for (const [label, body, status] of stock) {
    expectApiRefusal(
      `product/stock ${label}`,
      await send(api.seller, "POST", "/api/product/stock", json(body)),
      status,
    );
  }
  for (const who of ["visitor", "shopper"] as const) {
    const a = await send(api[who], "POST", "/api/product/stock", json({ id: product.id, inStock: false }));
    expectApiRefusal(`${who} product/stock`, a, 401);
  }
  const after = await productList();
  expect(after.map((p) => p._id).sort()).toEqual(before.map((p) => p._id).sort());
  expect(after.find((p) => p._id === product.id)?.inStock).toBe(true);
});

test("newsletter API: missing, mistyped, huge and hostile emails get 400 with a message", async () => {
  const texts = ["", "   ", `${K10}@example.com`, "a\u0000@example.com", SQLISH, `${HTML}@example.com`, "@", "a@b"];
  for (const [label, body] of [
    ["missing", {}],
    ["null", { email: null }],
    ["number", { email: 42 }],
    ["array", { email: ["a@b.co"] }],
    ["object", { email: { a: 1 } }],
    ...texts.map((email) => [`"${email.slice(0, 20)}"`, { email }]),
  ] as [string, unknown][]) {
    expectApiRefusal(`subscribe ${label}`, await send(api.visitor, "POST", "/api/subscribe", json(body)), 400);
  }
  for (const email of texts) {
    const a = await send(api.visitor, "POST", "/api/subscribe", { form: { email } });
    expectApiRefusal(`subscribe form "${email.slice(0, 20)}"`, a, 400);
    // The home page's own form says the same, on the page.
    const page = await send(api.visitor, "POST", "/?index", { form: { email } });
    expectPageRefusal(
      `home newsletter "${email.slice(0, 20)}"`,
      page,
      email.trim() ? "Please enter a valid email address." : "Please enter an email.",
      400,
    );
  }
});

// ─── Pages ───────────────────────────────────────────────────────────────────────────────────────────────

function pagePaths() {
  return [
    "/",
    "/products",
    "/products/men",
    `/products/men/${product.id}`,
    "/deals",
    "/contact",
    "/loader",
    "/cart",
    "/add-address",
    "/my-orders",
    "/login",
    "/logout",
    "/seller-login",
    "/seller/logout",
    "/seller",
    "/seller/product-list",
    "/seller/orders",
    `/seller/products/${product.id}`,
    "/uploads/none.webp",
    "/v1/checkout/sessions",
    "/stripe-sandbox/checkout/cs_test_none",
    "/no-such-page",
  ];
}

const ODD_QUERIES = [
  `?q=${K10}`,
  "?q=%00%ff%fe",
  `?q=${encodeURIComponent(SQLISH)}`,
  `?q=${encodeURIComponent(HTML)}`,
  "?q=a&q=b&q=c",
  "?image=-1",
  "?image=NaN&image=99999999999",
  "?image=1.5",
  "?next=//evil.com",
  "?next=https://evil.com",
  "?next=%2F%2Fevil.com",
  "?next=/%5Cevil.com",
  "?next=javascript:alert(1)",
  "?login=xyz",
  "?login=register&login=login",
  "?address=zzz",
  "?address=-1",
  "?all=%00",
  "?session_id=cs_test_unknown",
  `?session_id=${"x".repeat(5000)}`,
];

test("every page shrugs off odd query strings and .data requests, for every kind of visitor", async () => {
  for (const who of ["visitor", "shopper", "seller"] as const) {
    for (const path of pagePaths()) {
      for (const query of ["", ...ODD_QUERIES]) {
        expectHandled(`${who} GET ${path}${query.slice(0, 40)}`, await send(api[who], "GET", `${path}${query}`));
      }
      if (!path.startsWith("/uploads") && !path.startsWith("/v1") && !path.startsWith("/stripe")) {
        const data = path === "/" ? "/_root.data" : `${path}.data`;
        expectHandled(`${who} GET ${data}`, await send(api[who], "GET", `${data}?q=${K10}&_routes=nope,root`));
      }
    }
  }
});

test("?next never leaves the site and hostile search text is shown as text", async () => {
  for (const next of [
    "//evil.com",
    "https://evil.com",
    "%2F%2Fevil.com",
    "/%5Cevil.com",
    "/%09/evil.com",
    "javascript:alert(1)",
  ]) {
    const a = await send(api.visitor, "GET", `/loader?next=${next}`);
    expect.soft(a.status, next).toBe(200);
    expect.soft(a.text, `${next}: no refresh to it`).not.toMatch(/url=(\/\/|https?:|javascript:|\/\\)/i);
    expect.soft(a.text, `${next}: no link to it`).not.toMatch(/href="(\/\/|https?:\/\/evil|javascript:|\/\\)/i);
  }
  const search = await send(api.visitor, "GET", `/products?q=${encodeURIComponent(HTML)}`);
  expect(search.status).toBe(200);
  expect(search.text).not.toContain('<script>alert("x")</script>');
  const huge = await send(api.visitor, "GET", `/products/men/${product.id}?image=-1&image=abc`);
  expect(huge.status).toBe(200);
  expect(decodeHtml(huge.text)).toContain(product.name);
});

test("unknown, malformed and foreign ids: a 404 page or nothing of anyone else's", async () => {
  const notFound: [Who, string, string][] = [
    ["visitor", "/products/men/zzzzzzzzzzzzzzzzzzzz", "Product not found"],
    ["visitor", `/products/women/${product.id}`, "Product not found"],
    ["visitor", "/products/men/%00%ff", "Product not found"],
    ["visitor", `/products/men/${"a".repeat(5000)}`, "Product not found"],
    ["visitor", `/products/men/${encodeURIComponent(SQLISH)}`, "Product not found"],
    ["visitor", "/products/__proto__", "Category not found"],
    ["visitor", "/products/%E0%A4%A", "not found"],
    ["seller", "/seller/products/zzzzzzzzzzzzzzzzzzzz", "Product not found"],
    ["seller", `/seller/products/${encodeURIComponent(SQLISH)}`, "Product not found"],
  ];
  for (const [who, path, message] of notFound) {
    const a = await send(api[who], "GET", path);
    expect.soft(a.status, path).toBe(404);
    expect.soft(decodeHtml(a.text).toLowerCase(), `${path}: says so`).toContain(message.toLowerCase());
  }
  for (const path of ["/uploads/..%2Fstore.db", "/uploads/%2e%2e%2fsession-secret", "/uploads/x.webp%00.png"]) {
    expect.soft((await send(api.visitor, "GET", path)).status, path).toBe(404);
  }
  // Another shopper's address id in the URL picks nothing of theirs.
  const cart = await send(api.shopper, "GET", `/cart?address=${foreignAddressId}`);
  expect(cart.status).toBe(200);
  expect(cart.text).not.toContain("99 Someone Else Road");
  expect(cart.text).toContain("1 Own Street");
});

test("page forms: unknown intents, missing bodies and wrong content types get a 4xx with a message", async () => {
  const forms: [Who, string, string][] = [
    ["visitor", "/cart", "Unknown cart action."],
    ["shopper", "/cart", "Unknown cart action."],
    ["seller", "/seller/product-list", "Unknown action."],
    ["seller", "/seller/orders", "Unknown action."],
  ];
  const bodies: [string, Body][] = [
    ["an unknown intent", { form: { intent: "drop-tables" } }],
    ["an empty intent", { form: { intent: "" } }],
    ["an HTML intent", { form: { intent: HTML } }],
    ["no body", { raw: "", type: "application/x-www-form-urlencoded" }],
    ["JSON where a form is expected", json({ intent: "add", productId: product.id })],
    ["text/plain", { raw: "intent=bogus", type: "text/plain" }],
    ["multipart", { multipart: { intent: "bogus" } }],
    ["broken multipart", { raw: "--x\r\nbroken", type: "multipart/form-data; boundary=x" }],
  ];
  for (const [who, path, message] of forms) {
    for (const [label, body] of bodies) {
      const a = await send(api[who], "POST", path, body);
      // A broken multipart body is refused before any intent is read.
      if (label === "broken multipart")
        expectPageRefusal(`${who} ${path} ${label}`, a, "The form could not be read.", 400);
      else expectPageRefusal(`${who} ${path} ${label}`, a, message, 400);
    }
    const huge = await send(api[who], "POST", path, { form: { intent: "add", productId: MB } });
    expectPageRefusal(`${who} ${path} 1 MB`, huge, "The request is too large.", 413);
  }

  // Every other form page: never a 5xx, and a refusal is a 4xx.
  const pages: [Who, string][] = [
    ["visitor", "/?index"],
    ["visitor", "/login"],
    ["shopper", "/add-address"],
    ["visitor", "/seller-login"],
    ["seller", "/seller?index"],
    ["seller", `/seller/products/${product.id}`],
    ["shopper", "/logout"],
  ];
  for (const [who, path] of pages) {
    for (const [label, body] of [...bodies, ["1 MB", { form: { email: MB, name: MB } }] as [string, Body]]) {
      const a = await send(api[who], "POST", path, body);
      expectHandled(`${who} POST ${path} ${label}`, a);
      if (path !== "/logout") {
        expect.soft(a.status, `${who} POST ${path} ${label}: a 4xx`).toBeGreaterThanOrEqual(400);
      }
    }
  }
  // Logging out through a bodiless post ended the session: sign in again.
  await send(api.shopper, "POST", "/api/user/login", json({ email: shopperEmail, password: PASSWORD }));
  expect((await send(api.shopper, "GET", "/api/user/is-auth")).status).toBe(200);
});

test("cart page forms: hostile product ids, quantities, addresses and payment types change nothing", async () => {
  await send(api.shopper, "POST", "/api/cart/update", json({ cartItems: { [product.id]: 2 } }));
  const before = await savedCart();
  const ordersBefore = await orderIds();
  const refused: [string, Record<string, string>, string][] = [
    ["add without a product", { intent: "add" }, "Invalid product id."],
    ["add a malformed id", { intent: "add", productId: "../../x" }, "Invalid product id."],
    ["add an SQL-ish id", { intent: "add", productId: SQLISH }, "Invalid product id."],
    ["add a 10,000-character id", { intent: "add", productId: K10 }, "Invalid product id."],
    ["add an unknown id", { intent: "add", productId: "zzzzzzzzzzzzzzzzzzzz" }, "This product is no longer available."],
    [
      "set -1",
      { intent: "set-quantity", productId: product.id, quantity: "-1" },
      "Quantity must be a whole number from 1 to 99.",
    ],
    [
      "set 0",
      { intent: "set-quantity", productId: product.id, quantity: "0" },
      "Quantity must be a whole number from 1 to 99.",
    ],
    [
      "set 1.5",
      { intent: "set-quantity", productId: product.id, quantity: "1.5" },
      "Quantity must be a whole number from 1 to 99.",
    ],
    [
      "set NaN",
      { intent: "set-quantity", productId: product.id, quantity: "NaN" },
      "Quantity must be a whole number from 1 to 99.",
    ],
    [
      "set 1e9",
      { intent: "set-quantity", productId: product.id, quantity: "1e9" },
      "Quantity must be a whole number from 1 to 99.",
    ],
    [
      "set 100",
      { intent: "set-quantity", productId: product.id, quantity: "100" },
      "Quantity must be a whole number from 1 to 99.",
    ],
    [
      "set no quantity",
      { intent: "set-quantity", productId: product.id },
      "Quantity must be a whole number from 1 to 99.",
    ],
    ["remove a malformed id", { intent: "remove", productId: "%00" }, "Invalid product id."],
    ["order without an address", { intent: "place-order", paymentType: "COD" }, "Please select an address"],
    [
      "order with another shopper's address",
      { intent: "place-order", paymentType: "COD", addressId: foreignAddressId },
      "Please select an address",
    ],
    [
      "order with an SQL-ish address",
      { intent: "place-order", paymentType: "COD", addressId: SQLISH },
      "Please select an address",
    ],
    [
      "order online with another shopper's address",
      { intent: "place-order", paymentType: "Online", addressId: foreignAddressId },
      "Please select an address",
    ],
    [
      "order with an unknown payment type",
      { intent: "place-order", paymentType: "Bitcoin", addressId: ownAddressId },
      "Please choose a payment method.",
    ],
    [
      "order with a bad request key",
      { intent: "place-order", paymentType: "COD", addressId: ownAddressId, requestKey: "<x>" },
      "Invalid request key.",
    ],
  ];
  for (const [label, form, message] of refused) {
    expectPageRefusal(`cart ${label}`, await send(api.shopper, "POST", "/cart", { form }), message);
    expect.soft(await savedCart(), `cart unchanged after ${label}`).toEqual(before);
  }
  expect(await orderIds()).toEqual(ordersBefore);

  // A visitor's hostile cart posts: refused, and no cart cookie with junk comes back.
  for (const [label, form, message] of refused.slice(0, 13)) {
    const a = await send(api.visitor, "POST", "/cart", { form });
    expectPageRefusal(`visitor cart ${label}`, a, message);
    expect.soft(a.headers["set-cookie"] ?? "", `visitor cart ${label}: no cart cookie`).not.toContain("__cart=");
  }
  // An off-site redirectTo is not followed.
  for (const redirectTo of ["//evil.com", "https://evil.com/x", "/\\evil.com", "javascript:alert(1)"]) {
    const a = await send(api.visitor, "POST", "/cart", { form: { intent: "add", productId: product.id, redirectTo } });
    expectRedirect(`add with redirectTo=${redirectTo}`, a, /^\/(?!\/|\\)/);
  }
  // A visitor cannot place an order: sent to log in.
  expectRedirect(
    "visitor place-order",
    await send(api.visitor, "POST", "/cart", {
      form: { intent: "place-order", paymentType: "COD", addressId: ownAddressId },
    }),
    /login/,
  );
});

test("account, address and seller forms: hostile fields are refused with the reason and nothing is stored", async ({
  playwright,
}, testInfo) => {
  const logins: [Record<string, string>, string][] = [
    [{ mode: "login" }, "Please enter your email."],
    [{ mode: "login", email: SQLISH, password: SQLISH }, "Please enter a valid email address."],
    [{ mode: "login", email: shopperEmail, password: K10 }, "Invalid email or password"],
    [{ mode: "register", name: "", email: `r-${unique()}@example.com`, password: PASSWORD }, "Please enter your name."],
    [
      { mode: "register", name: K10, email: `r-${unique()}@example.com`, password: PASSWORD },
      "Please keep your name under 100 characters.",
    ],
    [
      { mode: "register", name: "A", email: `r-${unique()}@example.com`, password: "short" },
      "Password must be at least 8 characters long.",
    ],
    [
      { mode: "register", name: "A", email: shopperEmail.toUpperCase(), password: PASSWORD },
      "An account with this email already exists.",
    ],
    [{ mode: "nonsense", email: `${NUL_EMOJI}@x.com`, password: PASSWORD }, "Please enter a valid email address."],
  ];
  for (const [form, message] of logins) {
    expectPageRefusal(
      `login form ${JSON.stringify(form).slice(0, 60)}`,
      await send(api.visitor, "POST", "/login", { form }),
      message,
    );
  }

  const before = await addressIds();
  const addressForms: [Record<string, string>, string][] = [
    [{}, "Please enter a first name."],
    [
      { firstName: K10, street: "s", city: "c", zipcode: "12345", country: "x", phone: "+1 555 123 4567" },
      "Please keep this under 100 characters.",
    ],
    [
      { firstName: "A", street: "s", city: "c", zipcode: "1' OR 1", country: "x", phone: "+1 555 123 4567" },
      "Please enter a valid zip code.",
    ],
    [
      { firstName: "A", street: "s", city: "c", zipcode: "12345", country: "x", phone: "<b>555123456</b>" },
      "Please enter a valid phone number.",
    ],
    [
      { firstName: "A", street: "s", city: "c", zipcode: "12345", country: "x", phone: SQLISH },
      "Please keep this under 30 characters.",
    ],
    [
      { firstName: "A", email: HTML, street: "s", city: "c", zipcode: "12345", country: "x", phone: "+1 555 123 4567" },
      "Please enter a valid email address.",
    ],
  ];
  for (const [form, message] of addressForms) {
    expectPageRefusal(
      `add-address ${JSON.stringify(form).slice(0, 60)}`,
      await send(api.shopper, "POST", "/add-address", { form }),
      message,
      400,
    );
  }
  expect(await addressIds()).toEqual(before);
  expectRedirect(
    "visitor add-address",
    await send(api.visitor, "POST", "/add-address", { form: { firstName: "A" } }),
    /\/cart/,
  );

  for (const [form, message] of [
    [{}, "Email is required."],
    [{ email: SQLISH, password: SQLISH }, "Invalid credentials"],
    [{ email: SELLER.email, password: K10 }, "Invalid credentials"],
    [{ email: `${NUL_EMOJI}@x.com`, password: "x" }, "Invalid credentials"],
  ] as [Record<string, string>, string][]) {
    expectPageRefusal(
      `seller-login ${JSON.stringify(form).slice(0, 60)}`,
      await send(api.visitor, "POST", "/seller-login", { form }),
      message,
      400,
    );
  }
  // The seller's redirectTo never leaves the seller area.
  const fresh = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  for (const redirectTo of ["//evil.com/seller", "https://evil.com/seller", "/seller/../../evil", "/\\evil.com"]) {
    const back = await send(fresh, "POST", "/seller-login", { form: { ...SELLER, redirectTo } });
    expectRedirect(`seller-login redirectTo ${redirectTo}`, back, /^\/seller$/);
  }
  await fresh.dispose();
});

test("seller page forms: hostile products, stock and status changes are refused; a visitor is sent to sign in", async () => {
  const listBefore = await productList();
  const png = { name: "ok.png", mimeType: "image/png", buffer: await pngBytes("#d35400") };
  const good = { name: `Refused page ${unique()}`, description: "x", category: "Men", price: "10", offerPrice: "5" };
  const addForms: [Record<string, string | typeof png>, string][] = [
    [{ ...good, name: "", images: png }, "Product name is required."],
    [{ ...good, name: K10, images: png }, "The product name can be at most"],
    [{ ...good, price: "-1", images: png }, "Product price must be a number with at most two decimals"],
    [{ ...good, price: "NaN", images: png }, "Product price must be a number with at most two decimals"],
    [{ ...good, price: "1e9", images: png }, "Product price must be a number with at most two decimals"],
    [{ ...good, offerPrice: "0", images: png }, "Offer price must be more than 0."],
    [{ ...good, offerPrice: "11", images: png }, "The offer price cannot be above the product price."],
    [{ ...good, category: "Nope", images: png }, "Select a category."],
    [{ ...good }, "Add at least one product image."],
    [
      { ...good, images: { name: "evil.png", mimeType: "image/png", buffer: Buffer.from(HTML) } },
      "is not an image we can read",
    ],
  ];
  for (const [multipart, message] of addForms) {
    const a = await send(api.seller, "POST", "/seller?index", { multipart });
    expectPageRefusal(`add product ${message}`, a, message, 400);
  }
  const urlencoded = await send(api.seller, "POST", "/seller?index", { form: good });
  expectPageRefusal(
    "add product as a urlencoded form",
    urlencoded,
    "Send the product as a multipart/form-data form.",
    415,
  );

  const edits: [Record<string, string | typeof png>, string][] = [
    [{ ...good, price: "abc" }, "Product price must be a number with at most two decimals"],
    [{ ...good, "remove-0": "on" }, "Keep or add at least one product image."],
    [
      { ...good, "image-0": { name: "evil.png", mimeType: "image/png", buffer: Buffer.from("GIF89a no") } },
      "is not an image we can read",
    ],
  ];
  for (const [multipart, message] of edits) {
    const a = await send(api.seller, "POST", `/seller/products/${product.id}`, { multipart });
    expectPageRefusal(`edit product ${message}`, a, message, 400);
  }
  expect
    .soft((await send(api.seller, "POST", "/seller/products/zzzzzzzzzzzzzzzzzzzz", { multipart: good })).status)
    .toBe(404);

  const stock: [Record<string, string>, string, number][] = [
    [{ intent: "stock", id: product.id, inStock: "maybe" }, "Choose in stock or out of stock.", 400],
    [{ intent: "stock", id: product.id }, "Choose in stock or out of stock.", 400],
    [{ intent: "stock", id: "zzzzzzzzzzzzzzzzzzzz", inStock: "false" }, "Product not found", 404],
    [{ intent: "remove", id: SQLISH }, "Product not found", 404],
    [{ intent: "restore", id: product.id }, "Product not found", 404],
  ];
  for (const [form, message, status] of stock) {
    expectPageRefusal(
      `product list ${JSON.stringify(form).slice(0, 60)}`,
      await send(api.seller, "POST", "/seller/product-list", { form }),
      message,
      status,
    );
  }

  // An order of the shopper's own, to move along with hostile statuses.
  await send(api.shopper, "POST", "/api/cart/update", json({ cartItems: {} }));
  const placed = await send(
    api.shopper,
    "POST",
    "/api/order/cod",
    json({ items: [{ product: product.id, quantity: 1 }], address: ownAddressId }),
  );
  expect(placed.status, placed.text).toBe(201);
  const orderId = placed.json!.orderId as string;
  const statuses: [Record<string, string>, string, number][] = [
    [{ intent: "status", orderId, status: "Refunded" }, "Unknown status.", 400],
    [{ intent: "status", orderId, status: HTML }, "Unknown status.", 400],
    [{ intent: "status", orderId, status: "Delivered" }, "can only become Shipped or Cancelled", 409],
    [{ intent: "status", orderId, status: "Order Placed" }, "The order is already Order Placed.", 409],
    [{ intent: "status", orderId: "zzzzzzzzzzzzzzzzzzzz", status: "Shipped" }, "Order not found", 404],
    [{ intent: "status", orderId: SQLISH, status: "Shipped" }, "Order not found", 404],
  ];
  for (const [form, message, status] of statuses) {
    expectPageRefusal(
      `order status ${JSON.stringify(form).slice(0, 70)}`,
      await send(api.seller, "POST", "/seller/orders", { form }),
      message,
      status,
    );
  }
  const orders = await send(api.seller, "GET", "/api/order/seller");
  expect((orders.json!.orders as { _id: string; status: string }[]).find((o) => o._id === orderId)?.status).toBe(
    "Order Placed",
  );

  // Visitors and shoppers posting to seller pages are sent to the seller sign-in, and nothing changes.
  for (const who of ["visitor", "shopper"] as const) {
    for (const [path, body] of [
      ["/seller?index", { multipart: { ...good, images: png } }],
      [`/seller/products/${product.id}`, { multipart: { ...good, name: "Hijacked" } }],
      ["/seller/product-list", { form: { intent: "stock", id: product.id, inStock: "false" } }],
      ["/seller/product-list", { form: { intent: "remove", id: product.id } }],
      ["/seller/orders", { form: { intent: "status", orderId, status: "Cancelled" } }],
    ] as [string, Body][]) {
      expectRedirect(`${who} POST ${path}`, await send(api[who], "POST", path, body), /\/seller-login/);
    }
  }
  const listAfter = await productList();
  expect(listAfter.map((p) => p._id).sort()).toEqual(listBefore.map((p) => p._id).sort());
  const mine = listAfter.find((p) => p._id === product.id)!;
  expect(mine.name).toBe(product.name);
  expect(mine.inStock).toBe(true);
  const ordersAfter = await send(api.seller, "GET", "/api/order/seller");
  expect((ordersAfter.json!.orders as { _id: string; status: string }[]).find((o) => o._id === orderId)?.status).toBe(
    "Order Placed",
  );
});

test("pages: POST where there is no form is 405; PUT, PATCH and DELETE never cause a server error", async () => {
  for (const path of [
    "/products",
    "/products/men",
    `/products/men/${product.id}`,
    "/deals",
    "/contact",
    "/loader",
    "/my-orders",
    "/no-such-page",
  ]) {
    const a = await send(api.visitor, "POST", path, { form: { intent: "x" } });
    expect.soft(a.status, `POST ${path}`).toBe(405);
    expect.soft(a.text, `POST ${path}: says so`).toContain("Method Not Allowed");
  }
  for (const who of ["visitor", "shopper", "seller"] as const) {
    for (const path of pagePaths()) {
      for (const method of ["PUT", "PATCH", "DELETE"]) {
        expectHandled(`${who} ${method} ${path}`, await send(api[who], method, path, { form: { intent: "bogus" } }));
      }
    }
  }
  await send(api.shopper, "POST", "/api/user/login", json({ email: shopperEmail, password: PASSWORD }));
  await send(api.seller, "POST", "/api/seller/login", json(SELLER));
});

test("a slow upload over the size limit is refused and the server keeps serving", async () => {
  const base = new URL(test.info().project.use.baseURL!);
  // Sent in chunks with no Content-Length, so the server only finds out while reading.
  const status = await new Promise<number>((resolve, reject) => {
    const request = http.request(
      {
        host: base.hostname,
        port: base.port,
        path: "/api/subscribe",
        method: "POST",
        headers: { "Content-Type": "application/json" },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on("error", reject);
    let sent = 0;
    const timer = setInterval(() => {
      if (sent > 256 * 1024) {
        clearInterval(timer);
        request.end();
        return;
      }
      request.write("x".repeat(16 * 1024));
      sent += 16 * 1024;
    }, 10);
  });
  expect(status).toBe(413);
  // Give the rest of the upload time to arrive, then the server must still answer.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const after = await send(api.visitor, "GET", "/api/product/list");
  expect(after.status).toBe(200);
});

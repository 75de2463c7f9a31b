// A property-based fuzz (fast-check) of every form action and /api route, and the pages' and calls' query
// strings, through the production build's request handler: generated requests
// from a visitor, a shopper and the seller, with known ids and hostile values mixed in, wrong body kinds,
// wrong methods and cross-site headers. Never a 5xx, nothing logged as an error (tests/setup.ts fails on it),
// nothing stored by a refused request (4xx; the stored tables compared through Drizzle, on either engine), and
// on SQLite its integrity_check and foreign_key_check clean at the end (PostgreSQL checks foreign keys as it goes). Each run replays the fixed seeds that once found a bug (FIXED_SEEDS), then one random seed, printed
// before it starts; FUZZ_SEED replays one seed alone (see docs/decisions/0054).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_SECRET_KEY } from "#app/lib/stripe-sandbox-config.server.ts";
import {
  addresses,
  cartDiscountCodes,
  cartItems,
  discountCodes,
  discountUses,
  newsletterSubscribers,
  orderItems,
  orderPayments,
  orders,
  productSizes,
  products,
  refunds,
  reviews,
  savedItems,
  sellers,
  sessions,
  stripeEvents,
  users,
} from "#db/tables.ts";
import { onPostgres } from "../engines.ts";
import { type App, type Body, type Client, json, startApp } from "../helpers/app.ts";
import {
  type Account,
  addAddress,
  addProduct,
  createSellerAccount,
  HTML,
  NUL_EMOJI,
  pngBytes,
  registerShopper,
  SQLISH,
  signIn,
  UNKNOWN_ID,
} from "../helpers/hostile.ts";
import { envCount, expectSoundDatabase } from "../helpers/load.ts";
import { tableRows, writeMark } from "../helpers/table-rows.ts";

/**
 * Seeds that found a bug, each replayed for as many generated requests as it took to reach it, so that an old
 * bug cannot come back unnoticed and a random seed that happens on it again cannot be the first to say so.
 * Each seed starts from accounts of its own (setUp), so that FUZZ_SEED replays it as it ran here.
 */
const FIXED_SEEDS = [
  // Issue 16, point 20: request 6,596 is a Place Order (cash, a usable request key, an unknown address) while
  // the shopper's online checkout is open: the checkout was closed, then the order refused with 400. A rule of
  // the checkout, not of an engine: replayed in the SQLite pass only (see ON_POSTGRES_RUNS).
  { seed: 336615959, runs: 6_600, sqliteOnly: true },
  { seed: 1, runs: 1_000, sqliteOnly: false },
  { seed: 20261125, runs: 1_000, sqliteOnly: false },
];
/**
 * The random seed's requests on PostgreSQL. A request there costs several round trips to the server: on this
 * 2-core machine under a load of 30 to 40, 300 requests of seed 1 took 82 s on PostgreSQL and 46 s on SQLite,
 * and the 6,600-request replay, 244 s on SQLite, did not end within the 10-minute hang guard on PostgreSQL.
 * The PostgreSQL pass checks what the engine changes (a refusal rolls back, no 5xx from the driver) with the
 * two short replays and 1,000 new requests; the SQLite pass keeps the whole depth. FUZZ_RUNS sets both.
 */
const ON_POSTGRES_RUNS = 1_000;
/** FUZZ_SEED: that seed alone, FUZZ_RUNS requests (10,000 unless set); else the fixed seeds, then a random one. */
const REPLAY = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : null;
const RUNS = envCount("FUZZ_RUNS", REPLAY !== null ? 10_000 : onPostgres ? ON_POSTGRES_RUNS : 3_000);
const SEEDS =
  REPLAY === null
    ? [
        ...FIXED_SEEDS.filter((s) => !(onPostgres && s.sqliteOnly)).map(({ seed, runs }) => ({
          seed,
          runs,
          random: false,
        })),
        { seed: Date.now() % 2 ** 31, runs: RUNS, random: true },
      ]
    : [{ seed: REPLAY, runs: RUNS, random: false }];

/**
 * The tables whose rows are what the store keeps: a refused request must leave them as they were. Not here: the
 * throttle's counts (a refused sign-in is counted), the mail outbox (sent in the background), reset and setup
 * tokens, and the catalogue version and settings rows.
 */
const STORED = [
  users,
  sellers,
  sessions,
  addresses,
  cartItems,
  cartDiscountCodes,
  savedItems,
  products,
  productSizes,
  orders,
  orderItems,
  orderPayments,
  refunds,
  reviews,
  discountCodes,
  discountUses,
  newsletterSubscribers,
  stripeEvents,
];

type Who = "visitor" | "shopper" | "seller";
type Kind = "form" | "json" | "multipart" | "get";
type Endpoint = { path: string; kind: Kind; fields: string[] };

let app: App;
let clients: Record<Who, Client>;
let shopperAccount: Account;
let sellerAccount: Account;
const known = { productId: "", addressId: "", orderId: "", sessionId: "cs_test_unknown000", png: new Uint8Array() };

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

/** Fresh accounts for one seed: a seller with a product, a shopper with an address, a cash and an online order. */
async function setUp() {
  sellerAccount = await createSellerAccount();
  const seller = await signIn(app, "seller", sellerAccount);
  known.productId = (await addProduct(seller, "Fuzz Tee")).id;
  const shopper = await registerShopper(app, "Fuzz Shopper");
  shopperAccount = shopper.account;
  known.addressId = await addAddress(shopper.client, "1 Fuzz Lane");
  const cod = await shopper.client.post(
    "/api/order/cod",
    json({ items: [{ product: known.productId, quantity: 1 }], address: known.addressId }),
  );
  known.orderId = String(cod.json!.orderId);
  const online = await shopper.client.post(
    "/api/order/stripe",
    json({ items: [{ product: known.productId, quantity: 1 }], address: known.addressId }),
  );
  known.sessionId = /cs_test_[0-9A-Za-z]+/.exec(String(online.json!.url))![0];
  // An account whose email the fuzz may guess at (the shopper's and seller's own are never generated).
  await app
    .client()
    .post("/api/user/register", json({ name: "Victim", email: "fuzz-victim@example.com", password: "victim-pass-1" }));
  known.png = new Uint8Array(await pngBytes("#d35400"));
  clients = { visitor: app.client(), shopper: shopper.client, seller };
}

const ENDPOINTS: Endpoint[] = [
  // Page forms.
  { path: "/login", kind: "form", fields: ["mode", "name", "email", "password"] },
  { path: "/logout", kind: "form", fields: [] },
  {
    path: "/cart",
    kind: "form",
    fields: ["intent", "productId", "quantity", "redirectTo", "paymentType", "addressId", "requestKey"],
  },
  { path: "/saved", kind: "form", fields: ["intent", "productId", "size", "redirectTo"] },
  {
    path: "/add-address",
    kind: "form",
    fields: ["firstName", "lastName", "email", "street", "city", "state", "zipcode", "country", "phone"],
  },
  { path: "/?index", kind: "form", fields: ["email"] },
  { path: "/seller-login", kind: "form", fields: ["email", "password", "redirectTo"] },
  {
    path: "/seller?index",
    kind: "multipart",
    fields: ["name", "description", "category", "price", "offerPrice", "images"],
  },
  {
    path: "/seller/products/:id",
    kind: "multipart",
    fields: ["name", "description", "category", "price", "offerPrice", "image-0", "remove-1"],
  },
  { path: "/seller/product-list", kind: "form", fields: ["intent", "id", "inStock"] },
  { path: "/seller/orders", kind: "form", fields: ["intent", "orderId", "status"] },
  { path: "/seller/logout", kind: "form", fields: [] },
  { path: "/stripe-sandbox/checkout/:session", kind: "form", fields: ["intent"] },
  {
    path: "/v1/checkout/sessions",
    kind: "form",
    fields: ["mode", "success_url", "cancel_url", "line_items[0][price_data][unit_amount]", "metadata[orderId]"],
  },
  // /api calls.
  { path: "/api/subscribe", kind: "json", fields: ["email"] },
  { path: "/api/user/login", kind: "json", fields: ["email", "password"] },
  { path: "/api/user/register", kind: "json", fields: ["name", "email", "password"] },
  { path: "/api/cart/update", kind: "json", fields: ["cartItems", "cartLines"] },
  { path: "/api/address/add", kind: "json", fields: ["address"] },
  { path: "/api/order/cod", kind: "json", fields: ["items", "address", "userId", "amount"] },
  { path: "/api/order/stripe", kind: "json", fields: ["items", "address"] },
  { path: "/api/stripe/webhook", kind: "json", fields: ["id", "type", "data"] },
  { path: "/api/seller/login", kind: "json", fields: ["email", "password"] },
  { path: "/api/product/add", kind: "multipart", fields: ["productData", "images"] },
  { path: "/api/product/stock", kind: "json", fields: ["id", "inStock"] },
  // Reads, with odd queries and path parts.
  { path: "/", kind: "get", fields: ["login", "q"] },
  { path: "/products/:category", kind: "get", fields: ["q", "page"] },
  { path: "/products/:category/:id", kind: "get", fields: ["image"] },
  { path: "/deals", kind: "get", fields: ["all"] },
  { path: "/loader", kind: "get", fields: ["next", "session_id"] },
  { path: "/cart", kind: "get", fields: ["address", "checkout", "order"] },
  { path: "/my-orders", kind: "get", fields: [] },
  { path: "/saved", kind: "get", fields: [] },
  { path: "/seller/orders", kind: "get", fields: [] },
  { path: "/uploads/:file", kind: "get", fields: [] },
  { path: "/api/product/list", kind: "get", fields: [] },
  { path: "/api/user/is-auth", kind: "get", fields: [] },
  { path: "/api/user/logout", kind: "get", fields: [] },
  { path: "/api/address/get", kind: "get", fields: [] },
  { path: "/api/order/user", kind: "get", fields: [] },
  { path: "/api/order/seller", kind: "get", fields: [] },
  { path: "/api/seller/is-auth", kind: "get", fields: [] },
  { path: "/api/seller/logout", kind: "get", fields: [] },
];

/** Values that mean something to the store, and values that have broken stores before. */
const meaningful = () =>
  fc.constantFrom(
    known.productId,
    known.addressId,
    known.orderId,
    known.sessionId,
    UNKNOWN_ID,
    "fuzz-victim@example.com",
    "victim-pass-1",
    "",
    " ",
    "0",
    "-1",
    "1.999",
    "1e21",
    "NaN",
    "true",
    "null",
    "Men",
    "Winter",
    "COD",
    "Online",
    "Shipped",
    "Delivered",
    "Cancelled",
    "on",
    "login",
    "register",
    "add",
    "buy-now",
    "set-quantity",
    "remove",
    "place-order",
    "stock",
    "restore",
    "status",
    "pay",
    "cancel",
    "fail",
    "expire",
    "payment",
    "my-orders",
    "//evil.example",
    "/.//evil.example",
    "javascript:alert(1)",
    "../../etc/passwd",
    "__proto__",
    "constructor",
    SQLISH,
    HTML,
    NUL_EMOJI,
    "\u202Ereversed\u0000",
    "x".repeat(600),
  );

const text = () =>
  fc.oneof(
    { weight: 4, arbitrary: meaningful() },
    { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
    { weight: 1, arbitrary: fc.emailAddress() },
    { weight: 1, arbitrary: fc.integer({ min: -5, max: 120 }).map(String) },
    { weight: 1, arbitrary: fc.double().map(String) },
  );

const jsonish: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: text() },
  { weight: 2, arbitrary: fc.integer({ min: -3, max: 150 }) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 1e21, -0, 0.5) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 2, arbitrary: fc.constant({ [known.productId]: 2 }) },
  { weight: 2, arbitrary: fc.constant([{ product: known.productId, quantity: 1 }]) },
  {
    weight: 1,
    arbitrary: fc.record({
      firstName: text(),
      street: text(),
      city: text(),
      zipcode: text(),
      country: text(),
      phone: fc.constantFrom("+91 98765 43210", "12", "phone"),
    }),
  },
);

type Generated = {
  who: Who;
  endpoint: Endpoint;
  method: string;
  values: Record<string, unknown>;
  /** How the body is sent: as the endpoint expects, or as something else. */
  bodyAs: Kind | "raw" | "none";
  raw: string;
  withImage: boolean;
  headers: Record<string, string>;
  pathPart: string;
};

const generated: fc.Arbitrary<Generated> = fc.constantFrom(...ENDPOINTS).chain((endpoint) =>
  fc.record({
    who: fc.constantFrom<Who>("visitor", "shopper", "seller"),
    endpoint: fc.constant(endpoint),
    method: fc.oneof(
      { weight: 12, arbitrary: fc.constant(endpoint.kind === "get" ? "GET" : "POST") },
      { weight: 1, arbitrary: fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "HEAD") },
    ),
    values: fc.record(
      Object.fromEntries(
        [...endpoint.fields, "extra"].map((field) => [field, endpoint.kind === "json" ? jsonish : text()]),
      ),
      { requiredKeys: [] },
    ),
    bodyAs: fc.oneof(
      { weight: 10, arbitrary: fc.constant(endpoint.kind) },
      { weight: 1, arbitrary: fc.constantFrom<Kind | "raw" | "none">("form", "json", "multipart", "raw", "none") },
    ),
    raw: fc.string({ unit: "binary", maxLength: 60 }),
    withImage: fc.boolean(),
    headers: fc.oneof(
      { weight: 12, arbitrary: fc.constant({}) },
      {
        weight: 1,
        arbitrary: fc.constantFrom<Record<string, string>>(
          { "Sec-Fetch-Site": "cross-site" },
          { Origin: "https://evil.example" },
          { Origin: "null" },
          { Authorization: `Bearer ${SANDBOX_SECRET_KEY}` },
          { "Stripe-Signature": "t=1,v1=00" },
          { "Idempotency-Key": "fuzz-key" },
        ),
      },
    ),
    pathPart: fc.oneof({ weight: 3, arbitrary: meaningful() }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) }),
  }),
);

/** A generated value as a form field or query parameter carries it. */
const asText = (value: unknown) => (typeof value === "string" ? value : (JSON.stringify(value) ?? ""));

function pathOf(g: Generated): string {
  const part = (fallback: string) => encodeURIComponent(g.pathPart || fallback);
  let path = g.endpoint.path
    .replace(":id", g.who === "seller" && g.pathPart === "" ? known.productId : part(known.productId))
    .replace(":category", part("men"))
    .replace(":session", part(known.sessionId))
    .replace(":file", part("nothere.webp"));
  if (g.bodyAs === "get" || g.method === "GET" || g.method === "HEAD") {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(g.values)) query.set(key, asText(value));
    const search = query.toString();
    if (search) path += (path.includes("?") ? "&" : "?") + search;
  }
  return path;
}

function bodyOf(g: Generated): Body | undefined {
  if (g.method === "GET" || g.method === "HEAD" || g.bodyAs === "none" || g.bodyAs === "get") return undefined;
  const strings = Object.fromEntries(Object.entries(g.values).map(([key, value]) => [key, asText(value)]));
  switch (g.bodyAs) {
    case "form":
      return { form: strings };
    case "json":
      return json(g.values);
    case "raw":
      return {
        raw: g.raw,
        type: g.endpoint.kind === "json" ? "application/json" : "application/x-www-form-urlencoded",
      };
    case "multipart": {
      const parts: Record<string, string | { name: string; mimeType: string; buffer: Uint8Array }> = { ...strings };
      // Sometimes a real picture, so a valid product can get through; else whatever text was made.
      if (g.withImage) parts.images = { name: "photo.png", mimeType: "image/png", buffer: known.png };
      if (g.endpoint.path === "/api/product/add" && g.withImage && typeof g.values.productData !== "string") {
        parts.productData = JSON.stringify({
          name: strings.name ?? "Fuzzed product",
          description: [strings.extra ?? "Line"],
          category: "Kids",
          price: 20,
          offerPrice: 15,
        });
      }
      return { multipart: parts };
    }
  }
}

/** A fingerprint of every stored row (read only when something may have been written: writeMark moved). */
const storedRows = () => tableRows(STORED);

describe.each(SEEDS)("seed $seed", ({ seed, runs, random }) => {
  it(`${runs} generated requests to every form action and /api call: no 5xx, nothing stored when refused`, async ({
    signal,
  }) => {
    if (random) console.log(`fuzz: random seed ${seed} (replay: FUZZ_SEED=${seed} FUZZ_RUNS=${runs})`);
    await setUp();
    await fuzz(seed, runs, signal);
  });
});

/** One seed's run; it stops at once when its test is given up (the hang guard), so the next seed runs alone. */
async function fuzz(seed: number, runs: number, signal: AbortSignal) {
  const statuses = new Map<number, number>();
  const problems: string[] = [];
  let sent = 0;
  /** How many times the stored rows were read (each time the write mark had moved). */
  let snapshots = 1;
  let version = await writeMark();
  let rows = await storedRows();

  /** A signed-in client that was signed out by a fuzzed logout signs in again (from a new address). */
  async function keepSignedIn(who: Who) {
    if (who === "visitor") return;
    const name = who === "shopper" ? "__session=" : "__seller_session=";
    if (clients[who].cookie.includes(name)) return;
    clients[who] = await signIn(app, who, who === "shopper" ? shopperAccount : sellerAccount);
    sent += 1;
    // The new session is not the next request's doing.
    version = await writeMark();
    rows = await storedRows();
  }

  let run = 0;
  await fc.assert(
    fc.asyncProperty(generated, async (g) => {
      if (signal.aborted) throw new Error(`seed ${seed}: stopped at request ${run + 1}, its test was given up`);
      run += 1;
      await keepSignedIn(g.who);
      const path = pathOf(g);
      const answer = await clients[g.who].send(g.method, path, bodyOf(g), g.headers);
      sent += 1;
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const label = `#${run} ${g.who} ${g.method} ${path.slice(0, 80)} (${g.bodyAs})`;
      if (answer.status >= 500) problems.push(`${label}: ${answer.status} ${answer.text.slice(0, 200)}`);
      const now = await writeMark();
      if (now !== version) {
        version = now;
        snapshots += 1;
        const after = await storedRows();
        if (answer.status >= 400 && after !== rows)
          problems.push(`${label}: refused with ${answer.status} but stored something`);
        rows = after;
      }
      return true;
    }),
    { numRuns: runs, seed, endOnFailure: true },
  );

  expect(problems.slice(0, 20), `FUZZ_SEED=${seed} FUZZ_RUNS=${runs}`).toEqual([]);
  expectSoundDatabase();
  const refused = [...statuses].filter(([status]) => status >= 400).reduce((sum, [, n]) => sum + n, 0);
  console.log(
    `fuzz: ${runs} generated requests (${sent} sent in all, seed ${seed}, stored rows read ${snapshots} times): ` +
      `${refused} refused with a 4xx, none 5xx; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
  );
  expect(sent).toBeGreaterThanOrEqual(runs);
  // The fuzz reached past the refusals too: some requests were accepted.
  expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
  expect((statuses.get(303) ?? 0) + (statuses.get(201) ?? 0)).toBeGreaterThan(0);
}

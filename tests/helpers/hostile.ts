// Shared by the tests/integration/hostile-*.test.ts files: bad input across the whole store, sent through the
// production build's request handler as a visitor, a signed-in shopper and a signed-in seller. The rule:
// never a 5xx; a refusal is a 4xx with a message; a refused write leaves nothing behind that the API can
// see. Each test writes down every request that breaks the rule and checks the list at its end, so one run
// names all of them (and thousands of requests stay cheap to check).
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { type Answer, type App, type Client, json, startApp } from "./app.ts";
import { createTestSeller, SELLER_PASSWORD } from "./sellers.ts";

export const K10 = "k".repeat(10_000);
export const MB = "m".repeat(1024 * 1024);
export const NUL_EMOJI = "a\u0000b 😀 \u202Ezyx ß\uFFFD";
export const SQLISH = "' OR '1'='1' --; DROP TABLE users; --";
export const HTML = '<script>alert("x")</script><img src=x onerror=alert(1)>';
export const PASSWORD = "hostile-pass-1";
/** A well-formed id that no row has. */
export const UNKNOWN_ID = "zzzzzzzzzzzzzzzzzzzz";

export type Who = "visitor" | "shopper" | "seller";
export const EVERYONE: Who[] = ["visitor", "shopper", "seller"];

export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

export function decodeHtml(text: string) {
  return text
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

const shown = (a: Answer) => `${a.status} ${a.text.replace(/\s+/g, " ").slice(0, 160)}`;
const is4xx = (status: number) => status >= 400 && status < 500;

/** The rule's checks; what breaks it is collected and checked once at the end of each test. */
export function ruleChecks() {
  let problems: string[] = [];
  beforeEach(() => {
    problems = [];
  });
  afterEach(() => {
    expect(problems, "requests that broke the rule").toEqual([]);
  });
  return {
    /** Never a server error. */
    handled(label: string, a: Answer) {
      if (a.status >= 500) problems.push(`${label}: server error: ${shown(a)}`);
    },
    /** An /api refusal: a 4xx (the given one when named) and `{success: false, message}` saying something. */
    apiRefusal(label: string, a: Answer, status?: number) {
      if (status ? a.status !== status : !is4xx(a.status)) {
        problems.push(`${label}: expected ${status ?? "a 4xx"}, got ${shown(a)}`);
      }
      const said = a.json?.message ?? a.json?.error;
      if (typeof said !== "string" || said.trim() === "" || /unexpected|internal/i.test(said)) {
        problems.push(`${label}: no clear message: ${shown(a)}`);
      }
      if (a.json && "success" in a.json && a.json.success !== false) problems.push(`${label}: success is not false`);
    },
    /** A page refusal: a 4xx page that shows the message. */
    pageRefusal(label: string, a: Answer, message: string, status?: number) {
      if (status ? a.status !== status : !is4xx(a.status)) {
        problems.push(`${label}: expected ${status ?? "a 4xx"}, got ${a.status}`);
      }
      if (!decodeHtml(a.text).includes(message)) problems.push(`${label}: the page does not say "${message}"`);
    },
    /** A redirect (a seller page's answer to a visitor, a form's success), never a 5xx. */
    redirect(label: string, a: Answer, to?: RegExp) {
      if (a.status < 300 || a.status >= 400) problems.push(`${label}: expected a redirect, got ${shown(a)}`);
      else if (to && !to.test(a.headers.location ?? "")) {
        problems.push(`${label}: redirected to ${a.headers.location}, expected ${to}`);
      }
    },
  };
}

export async function pngBytes(colour = "#8e44ad") {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

export type Account = { email: string; password: string };

/** A new shopper registered through POST /api/user/register; the client is signed in. */
export async function registerShopper(app: App, name = "Hostile Tester") {
  const client = app.client();
  const account = { email: `hostile-${unique()}@example.com`, password: PASSWORD };
  const a = await client.post("/api/user/register", json({ name, ...account }));
  expect(a.status, a.text).toBe(201);
  return { client, account };
}

/** A seller account of this file's own (the demo seller exists only in the end-to-end server). */
export async function createSellerAccount(): Promise<Account> {
  const seller = await createTestSeller();
  return { email: seller.email, password: SELLER_PASSWORD };
}

/** A client signed in through the API: /api/user/login for a shopper, /api/seller/login for a seller. */
export async function signIn(app: App, who: "shopper" | "seller", account: Account): Promise<Client> {
  const client = app.client();
  const a = await client.post(`/api/${who === "seller" ? "seller" : "user"}/login`, json(account));
  expect(a.status, a.text).toBe(200);
  return client;
}

/** A product added through POST /api/product/add (in stock), and its prices. */
export async function addProduct(seller: Client, label = "Hostile Test Tee") {
  const name = `${label} ${unique()}`;
  const added = await seller.post("/api/product/add", {
    multipart: {
      productData: JSON.stringify({
        name,
        description: ["For the hostile-input tests"],
        category: "Men",
        price: 40,
        offerPrice: 25,
      }),
      images: { name: "tee.png", mimeType: "image/png", buffer: await pngBytes() },
    },
  });
  expect(added.status, added.text).toBe(201);
  return { id: (added.json!.product as { _id: string })._id, name, price: 40, offerPrice: 25 };
}

/** An address saved through POST /api/address/add; returns its id. */
export async function addAddress(shopper: Client, street: string) {
  const a = await shopper.post(
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

// What the API shows, to check that refused writes left nothing behind.

export async function productList(client: Client) {
  const a = await client.get("/api/product/list");
  expect(a.status).toBe(200);
  return a.json!.products as { _id: string; name: string; inStock: boolean; offerPrice: number }[];
}

export async function savedCart(shopper: Client) {
  const a = await shopper.get("/api/user/is-auth");
  expect(a.status).toBe(200);
  return (a.json!.user as { cartItems: Record<string, number> }).cartItems;
}

export async function orderIds(shopper: Client) {
  const a = await shopper.get("/api/order/user");
  expect(a.status).toBe(200);
  return (a.json!.orders as { _id: string }[]).map((o) => o._id);
}

export async function addressIds(shopper: Client) {
  const a = await shopper.get("/api/address/get");
  expect(a.status).toBe(200);
  return (a.json!.addresses as { _id: string }[]).map((o) => o._id);
}

export async function sellerOrderStatus(seller: Client, orderId: string) {
  const a = await seller.get("/api/order/seller");
  expect(a.status).toBe(200);
  return (a.json!.orders as { _id: string; status: string }[]).find((o) => o._id === orderId)?.status;
}

/**
 * The store of one test file: the app from the production build, a registered shopper and a seller account
 * (made in beforeAll). `clients()` signs in afresh, so what one test does to its sessions (a logout, a
 * cart) never reaches the next.
 */
export function setUpStore() {
  let app: App | undefined;
  let shopper: Account;
  let seller: Account;
  beforeAll(async () => {
    app = await startApp();
    shopper = (await registerShopper(app)).account;
    seller = await createSellerAccount();
  });
  afterAll(async () => {
    await app?.close();
  });
  return {
    get app() {
      return app!;
    },
    get shopper() {
      return shopper;
    },
    get seller() {
      return seller;
    },
    async clients(): Promise<Record<Who, Client>> {
      return {
        visitor: app!.client(),
        shopper: await signIn(app!, "shopper", shopper),
        seller: await signIn(app!, "seller", seller),
      };
    },
  };
}

/**
 * What the shopper-side files start from, made in beforeAll: a product of the store's seller, an address of
 * the store's shopper, and another shopper with an address of their own (which the first must never use).
 */
export function setUpShopping(store: ReturnType<typeof setUpStore>) {
  let product: { id: string; name: string };
  let ownAddressId: string;
  let foreignAddressId: string;
  let otherShopper: Account;
  beforeAll(async () => {
    const { shopper, seller } = await store.clients();
    product = await addProduct(seller);
    ownAddressId = await addAddress(shopper, "1 Own Street");
    const other = await registerShopper(store.app, "Other Shopper");
    otherShopper = other.account;
    foreignAddressId = await addAddress(other.client, "99 Someone Else Road");
  });
  return {
    get product() {
      return product;
    },
    get ownAddressId() {
      return ownAddressId;
    },
    get foreignAddressId() {
      return foreignAddressId;
    },
    get otherShopper() {
      return otherShopper;
    },
  };
}

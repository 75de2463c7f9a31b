// GET /api/product/list without parameters (issue 16, point 2): the spec's whole list, built once per catalogue
// version and kept with its ETag; a 304 for a current copy; unknown or repeated parameters refused with 400.
// Through the production handler (what the answer holds), the catalog module (what is rebuilt), and through `node build/server-entry.js` (encodings,
// HEAD, the headers a client really gets).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "#app/lib/db.server.ts";
import { fullProductList, productListBuilds } from "#app/modules/catalog/index.server.ts";
import { keptEtag } from "#app/routes/api/kept-json.server.ts";
import { productSizes, products } from "#db/tables.ts";
import { appForFile } from "../helpers/app.ts";
import { createProduct } from "../helpers/factories.ts";
import { type RunningServer, startProductionServer } from "../helpers/production-server.ts";
import { decoded, rawRequest } from "../helpers/raw-http.ts";

const site = appForFile();

let clock = 1_700_000_000_000;
let shirt: Awaited<ReturnType<typeof createProduct>>;
let tee: Awaited<ReturnType<typeof createProduct>>;

beforeEach(async () => {
  await db().delete(productSizes);
  await db().delete(products);
  clock += 60_000;
  shirt = await createProduct(
    { name: "Linen Shirt", createdAt: clock, priceCents: 4500, offerPriceCents: 3999 },
    {
      sizes: [
        ["S", 3],
        ["M", 0],
        ["L", null],
      ],
    },
  );
  clock += 60_000;
  tee = await createProduct(
    { name: "Plain Tee", createdAt: clock, inStock: false, images: ["/uploads/tee.webp"] },
    { stock: 7 },
  );
  clock += 60_000;
  await createProduct({ name: "Removed Scarf", createdAt: clock, removedAt: clock });
});

/** The answer as it leaves the store's handler, its body unread. */
const call = (query = "", headers: Record<string, string> = {}) =>
  site.app.fetch(new Request(`http://localhost/api/product/list${query}`, { headers }));

describe("GET /api/product/list without parameters", () => {
  it("answers the spec's list: every product on sale, newest first, prices in dollars, with sizes or a count", async () => {
    const response = await call();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/json");
    expect(response.headers.get("Cache-Control")).toBe("public, no-cache");
    expect(response.headers.get("Vary")).toBe("Accept-Encoding");
    expect(await response.json()).toEqual({
      success: true,
      products: [
        {
          _id: tee.id,
          name: "Plain Tee",
          category: "Men",
          description: ["Soft cotton", "Regular fit"],
          price: 29.99,
          offerPrice: 19.99,
          image: ["/uploads/tee.webp"],
          inStock: false,
          stock: 7,
          rating: null,
          reviewCount: 0,
          createdAt: new Date(tee.createdAt!).toISOString(),
        },
        {
          _id: shirt.id,
          name: "Linen Shirt",
          category: "Men",
          description: ["Soft cotton", "Regular fit"],
          price: 45,
          offerPrice: 39.99,
          image: ["/uploads/test.webp"],
          inStock: true,
          weight: "S, M, L",
          sizes: [
            { size: "S", stock: 3, inStock: true },
            { size: "M", stock: 0, inStock: false },
            { size: "L", stock: null, inStock: true },
          ],
          rating: null,
          reviewCount: 0,
          createdAt: new Date(shirt.createdAt!).toISOString(),
        },
      ],
    });
  });

  it("is built once per catalogue version: a repeat call sends the same bytes and the same ETag", async () => {
    const first = await call();
    const second = await call();
    const third = await call();
    expect(second.headers.get("ETag")).toBe(first.headers.get("ETag"));
    expect(third.headers.get("ETag")).toMatch(/^"[\w-]+"$/);
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(Buffer.from(await second.arrayBuffer()).equals(bytes)).toBe(true);
    expect(Number(first.headers.get("Content-Length"))).toBe(bytes.length);
    // What the route answers from: the catalog module builds the list once and keeps it (the handler's copy
    // of the module counts its own builds; this is the test's copy, on the same database).
    const kept = await fullProductList("USD");
    const builds = productListBuilds();
    expect(await fullProductList("USD")).toBe(kept);
    expect(productListBuilds()).toBe(builds);
    expect(keptEtag(kept.json)).toBe(first.headers.get("ETag"));
  });

  it("changes its ETag and body when a price, a stock count or a product changes", async () => {
    const etags = new Set<string>();
    const look = async () => {
      const response = await call();
      etags.add(response.headers.get("ETag")!);
      return (await response.json()).products as { name: string; offerPrice: number; stock?: number }[];
    };
    await look();
    await db().update(products).set({ offerPriceCents: 1500 }).where(eq(products.id, tee.id));
    expect((await look())[0]!.offerPrice).toBe(15);
    await db().update(productSizes).set({ stock: 2 }).where(eq(productSizes.productId, tee.id));
    expect((await look())[0]!.stock).toBe(2);
    await createProduct({ name: "New Coat", createdAt: clock + 60_000 });
    expect((await look()).map((p) => p.name)).toEqual(["New Coat", "Plain Tee", "Linen Shirt"]);
    await db().update(products).set({ removedAt: Date.now() }).where(eq(products.id, shirt.id));
    expect((await look()).map((p) => p.name)).toEqual(["New Coat", "Plain Tee"]);
    expect(etags.size).toBe(5);
  });

  it("answers 304 without a body when If-None-Match names the current ETag, and the list once it changed", async () => {
    const etag = (await call()).headers.get("ETag")!;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const again = await call("", { "If-None-Match": ifNoneMatch });
      expect(again.status).toBe(304);
      expect(again.headers.get("ETag")).toBe(etag);
      expect(again.headers.get("Cache-Control")).toBe("public, no-cache");
      expect(again.body).toBeNull();
    }
    await db().update(products).set({ name: "Linen Shirt, washed" }).where(eq(products.id, shirt.id));
    const changed = await call("", { "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("ETag")).not.toBe(etag);
    expect((await changed.json()).products.map((p: { name: string }) => p.name)).toContain("Linen Shirt, washed");
  });

  it("refuses unknown or repeated parameters and unusable values with 400 and a message, never the whole list", async () => {
    const refusals: [string, RegExp][] = [
      ["?_=1700000000", /Unknown parameter "_": the list takes page, limit, category, q\./],
      ["?all=1", /Unknown parameter "all"/],
      ["?Page=2", /Unknown parameter "Page"/],
      ["?page=1&page=2", /page may be given only once/],
      ["?q=a&q=b", /q may be given only once/],
      ["?page=0", /page must be a whole number from 1 to/],
      ["?limit=1e3", /limit must be a whole number from 1 to 100/],
      ["?category=shoes", /category must be one of/],
      ["?page=&limit=5", /page must be a whole number/],
    ];
    for (const [query, message] of refusals) {
      const response = await call(query);
      expect(response.status, query).toBe(400);
      const body = await response.json();
      expect(body.success, query).toBe(false);
      expect(body.message, query).toMatch(message);
      expect(body, query).not.toHaveProperty("products");
    }
  });

  it("still answers one page for page, limit, category and q", async () => {
    const response = await call("?page=1&limit=1&category=men&q=shirt");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ success: true, page: 1, limit: 1, total: 1, pages: 1 });
    expect(body.products.map((p: { name: string }) => p.name)).toEqual(["Linen Shirt"]);
    expect(response.headers.get("ETag")).toBeNull();
  });
});

describe("GET /api/product/list through node build/server-entry.js", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startProductionServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("sends the kept list as brotli, gzip or plain as the client asks, the same JSON in each, and HEAD without a body", async () => {
    const url = `${server.origin}/api/product/list`;
    const plain = await rawRequest(url);
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["content-length"]).toBe(String(plain.body.length));
    expect(JSON.parse(plain.body.toString()).products.map((p: { name: string }) => p.name)).toEqual([
      "Plain Tee",
      "Linen Shirt",
    ]);
    for (const [accept, encoding] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
      ["br;q=0, gzip;q=0", undefined],
    ] as const) {
      const answer = await rawRequest(url, { headers: { "Accept-Encoding": accept } });
      expect(answer.status, accept).toBe(200);
      expect(answer.headers["content-encoding"], accept).toBe(encoding);
      expect(answer.headers["content-length"], accept).toBe(String(answer.body.length));
      expect(answer.headers.etag, accept).toBe(plain.headers.etag);
      expect(answer.headers.vary, accept).toBe("Accept-Encoding");
      expect(decoded(answer).equals(plain.body), accept).toBe(true);
    }
    const head = await rawRequest(url, { method: "HEAD", headers: { "Accept-Encoding": "br" } });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers.etag).toBe(plain.headers.etag);
    const current = await rawRequest(url, { headers: { "If-None-Match": String(plain.headers.etag) } });
    expect(current.status).toBe(304);
    expect(current.body.length).toBe(0);
    const unknown = await rawRequest(`${url}?nocache=1`);
    expect(unknown.status).toBe(400);
    expect(JSON.parse(unknown.body.toString()).message).toMatch(/Unknown parameter "nocache"/);
  });
});

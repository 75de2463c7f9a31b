// The list pages' ?page= and ?sort= and GET /api/product/list's page, limit, category and q, through their
// routes through the store's handler: what a page or a client gets for good values, and the 404 / 400 for bad ones (never a 500).
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#app/lib/db.server.ts";
import { productSizes, products } from "#db/tables.ts";
import { appForFile, routeData } from "../helpers/app.ts";
import { createProduct } from "../helpers/factories.ts";

const site = appForFile();

let clock = 1_700_000_000_000;
async function product(overrides: Parameters<typeof createProduct>[0] = {}) {
  clock += 60_000;
  return await createProduct({ createdAt: clock, ...overrides });
}

beforeEach(async () => {
  await db().delete(productSizes);
  await db().delete(products);
  // 30 men's shirts (newest first: Shirt 30 ... Shirt 1), 5 women's dresses, 2 out of stock.
  for (let i = 1; i <= 30; i++) await product({ name: `Shirt ${i}`, category: "Men", offerPriceCents: 1000 + i * 10 });
  for (let i = 1; i <= 5; i++) await product({ name: `Dress ${i}`, category: "Women" });
  await product({ name: "Gone Shirt", inStock: false });
  await product({ name: "Removed Shirt", removedAt: Date.now() });
});

const names = (list: { name: string }[]) => list.map((p) => p.name);

describe("list pages: ?page= and ?sort=", () => {
  type ListPage = { page: number; pageCount: number; total: number; sort: string; products: { name: string }[] };
  /** What the list page's loader gave (its status, and its data when it did not refuse). */
  const load = async (path: string) => {
    const page = await routeData(site.client(), path, "routes/products");
    return { status: page.status, data: page.data as ListPage };
  };

  it("shows 24 products a page, with the page count, in the order asked for", async () => {
    const first = (await load("/products")).data;
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 35, sort: "newest" });
    expect(first.products).toHaveLength(24);
    expect(first.products[0]!.name).toBe("Dress 5");
    const second = (await load("/products?page=2")).data;
    expect(names(second.products)).toEqual(["Shirt 11", ...Array.from({ length: 10 }, (_, i) => `Shirt ${10 - i}`)]);
    const cheapest = (await load("/products/men?sort=price-asc&page=2")).data;
    expect(names(cheapest.products)).toEqual(["Shirt 25", "Shirt 26", "Shirt 27", "Shirt 28", "Shirt 29", "Shirt 30"]);
    // Every word anywhere in the name (decision 0235): "2" is in "Shirt 12" too.
    const search = (await load("/products/men?q=shirt%202&sort=price-desc")).data;
    expect(names(search.products)).toEqual(
      ["Shirt 29", "Shirt 28", "Shirt 27", "Shirt 26", "Shirt 25"].concat([
        "Shirt 24",
        "Shirt 23",
        "Shirt 22",
        "Shirt 21",
        "Shirt 20",
        "Shirt 12",
        "Shirt 2",
      ]),
    );
  });

  it("answers 404 for a page or sort order that does not exist", async () => {
    for (const query of [
      "page=3",
      "page=0",
      "page=-1",
      "page=abc",
      "page=1.5",
      "page=02",
      "page=99999999999",
      "sort=x",
    ]) {
      const response = await load(`/products?${query}`);
      expect(response.status, query).toBe(404);
    }
    // An empty list still has its first page.
    const empty = await load("/products/kids");
    expect(empty.status).toBe(200);
    expect(empty.data).toMatchObject({ total: 0, pageCount: 1, products: [] });
    expect((await load("/products/kids?page=2")).status).toBe(404);
  });
});

describe("GET /api/product/list", () => {
  const call = async (query = "") => {
    const answer = await site.client().get(`/api/product/list${query}`);
    return { status: answer.status, body: answer.json as { products: { name: string }[]; total?: number } };
  };

  it("without parameters lists every product on sale, in stock or not, as the spec has it", async () => {
    const { status, body } = await call();
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["products", "success"]);
    expect(body.products).toHaveLength(36);
    expect(names(body.products)).toContain("Gone Shirt");
    expect(names(body.products)).not.toContain("Removed Shirt");
  });

  it("answers one page with page, limit, category and q", async () => {
    const first = await call("?page=1");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, page: 1, limit: 24, total: 36, pages: 2 });
    expect(first.body.products).toHaveLength(24);
    expect(first.body.products[0]).toMatchObject({ name: "Gone Shirt", inStock: false });
    expect(first.body.products[0]).toHaveProperty("_id");
    const small = await call("?limit=5&page=2");
    expect(small.body).toMatchObject({ page: 2, limit: 5, total: 36, pages: 8 });
    expect(names(small.body.products)).toEqual(["Dress 1", "Shirt 30", "Shirt 29", "Shirt 28", "Shirt 27"]);
    const women = await call("?category=women");
    expect(women.body).toMatchObject({ total: 5, pages: 1 });
    expect(names(women.body.products)).toEqual(["Dress 5", "Dress 4", "Dress 3", "Dress 2", "Dress 1"]);
    // Every word anywhere in the name (decision 0235): Shirt 1, 10 to 19 and 21.
    const search = await call("?q=SHIRT%201&category=Men&limit=100");
    expect(search.body.total).toBe(12);
    expect(names(search.body.products).slice(0, 2)).toEqual(["Shirt 21", "Shirt 19"]);
    const past = await call("?page=9&limit=5");
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ products: [], total: 36, pages: 8 });
  });

  it("refuses values it cannot use with 400 and a message", async () => {
    for (const [query, message] of [
      ["?page=-1", "page must be a whole number from 1 to 100000."],
      ["?page=abc", "page must be a whole number from 1 to 100000."],
      ["?page=", "page must be a whole number from 1 to 100000."],
      ["?limit=10000", "limit must be a whole number from 1 to 100."],
      ["?limit=0", "limit must be a whole number from 1 to 100."],
      ["?category=Shoes", "category must be one of: Men, Women, Footwear, Accessories, Kids, Ethnic, Winter."],
    ]) {
      const { status, body } = await call(query);
      expect(status, query).toBe(400);
      expect(body, query).toEqual({ success: false, message });
    }
    // An unknown parameter is refused too (issue 16: never the whole list under another query); any search
    // text is text.
    expect(await call("?sort=x&page=1")).toEqual({
      status: 400,
      body: { success: false, message: 'Unknown parameter "sort": the list takes page, limit, category, q.' },
    });
    for (const q of ["%", "'\"", "\u0000", "x".repeat(5000), "日本"]) {
      expect((await call(`?q=${encodeURIComponent(q)}`)).status, q).toBe(200);
    }
  });
});

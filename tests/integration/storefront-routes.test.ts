import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#app/lib/db.server.ts";
import { newId } from "#app/lib/ids.ts";
import { sameSitePath } from "#app/lib/safe-redirect.ts";
import { newsletterSubscribers, products } from "#db/tables.ts";
import { appForFile, routeData, submit } from "../helpers/app.ts";
import { createProduct, type StockOptions } from "../helpers/factories.ts";
import { formRequest, jsonRequest } from "../helpers/requests.ts";

const site = appForFile();

type Listed = { name: string };
// Loose shapes of the loaders' data, for reading it in the tests below.
type Page = {
  trending: Listed[];
  category: { path: string; label: string } | null;
  q: string;
  products: Listed[];
  product: Record<string, unknown>;
  related: Listed[];
  next: string | null;
};

/** What a page's loader gave a visitor: its data, or (a 404...) what it threw, as `body`. */
async function page(path: string, routeId: string) {
  const answer = await routeData(site.client(), path, routeId);
  return { status: answer.status, body: (answer.data ?? answer.error?.data) as Page };
}

let clock = 1_700_000_000_000;
async function product(overrides: Parameters<typeof createProduct>[0] = {}, stock: StockOptions = {}) {
  clock += 60_000;
  return await createProduct({ createdAt: clock, ...overrides }, stock);
}

beforeEach(async () => {
  await db().delete(products);
  await db().delete(newsletterSubscribers);
});

describe("home page", () => {
  it("loads up to six in-stock trending products", async () => {
    for (let i = 1; i <= 8; i++) await product({ name: `Tee ${i}` });
    await product({ name: "Sold out", inStock: false });
    const { body } = await page("/", "routes/home");
    expect(body.trending.map((p: { name: string }) => p.name)).toEqual([
      "Tee 8",
      "Tee 7",
      "Tee 6",
      "Tee 5",
      "Tee 4",
      "Tee 3",
    ]);
    expect(Object.keys(body.trending[0]!).sort()).toEqual(
      ["buy", "category", "id", "image", "name", "offerPriceCents", "priceCents", "rating", "reviewCount"].sort(),
    );
    expect(body.trending[0]).toMatchObject({ buy: "add" });
  });

  describe("newsletter form", () => {
    const post = (fields: Record<string, string>) => submit(site.client(), "/?index", fields);

    it("subscribes and redirects (303) with a success toast, so the field comes back empty", async () => {
      const response = await post({ email: "New.Reader@Example.com" });
      expect(response.status).toBe(303);
      expect(response.location).toBe("/#newsletter");
      expect(response.setCookies).toEqual([expect.stringMatching(/^__toast=/)]);
      expect((await db().select().from(newsletterSubscribers)).map((row) => row.email)).toEqual([
        "new.reader@example.com",
      ]);
    });

    it("answers 400 with the message and the typed value for an empty, invalid or known address", async () => {
      await post({ email: "known@example.com" });
      const cases: [Record<string, string>, number, string][] = [
        [{ email: "" }, 400, "Please enter an email."],
        [{}, 400, "Please enter an email."],
        [{ email: "nope" }, 400, "Please enter a valid email address."],
        [{ email: "KNOWN@example.com" }, 409, "This email is already subscribed."],
      ];
      for (const [fields, status, message] of cases) {
        const response = await post(fields);
        expect(response.status).toBe(status);
        // The message next to the field, and what was typed kept in it.
        const reply = response.reply!;
        expect(reply).toMatchObject({ code: status, formError: null, fieldErrors: { email: message } });
        expect(reply.values.email ?? "").toBe(fields.email ?? "");
      }
      expect(await db().select().from(newsletterSubscribers)).toHaveLength(1);
    });

    it("refuses an oversized body with 413, not a 500", async () => {
      const response = await post({ email: `${"a".repeat(70_000)}@example.com` });
      expect(response.status).toBe(413);
      expect(response.reply?.formError).toBe("The request is too large.");
    });
  });
});

describe("products pages", () => {
  const load = (path: string) => page(path, "routes/products");

  it("/products lists every in-stock product", async () => {
    await product({ name: "Tee", category: "Men" });
    await product({ name: "Dress", category: "Women" });
    await product({ name: "Gone", inStock: false });
    const body = (await load("/products")).body;
    expect(body.category).toBeNull();
    expect(body.products.map((p: { name: string }) => p.name)).toEqual(["Dress", "Tee"]);
  });

  it("/products/{category} lists that category (any letter case) and filters by ?q=", async () => {
    await product({ name: "Linen Shirt", category: "Men" });
    await product({ name: "Wool Coat", category: "Men" });
    await product({ name: "Linen Dress", category: "Women" });
    const men = (await load("/products/men")).body;
    expect(men.category).toEqual({ path: "Men", label: "Men's Fashion" });
    expect(men.products.map((p: { name: string }) => p.name)).toEqual(["Wool Coat", "Linen Shirt"]);
    const search = (await load("/products/MEN?q=LINEN")).body;
    expect(search.q).toBe("LINEN");
    expect(search.products.map((p: { name: string }) => p.name)).toEqual(["Linen Shirt"]);
  });

  it("answers 404 for an unknown category", async () => {
    // ("" is /products/, the list of every category.)
    for (const slug of ["shoes", "men/../women", "Mén"]) {
      const response = await load(`/products/${encodeURIComponent(slug)}`);
      expect(response.status).toBe(404);
    }
  });

  it("takes any search text without failing", async () => {
    await product({ name: "100% Linen Shirt" });
    for (const q of ["%", "_", "'\"", "\\", "日本語", "😀", "x".repeat(1000), "%' OR '1'='1"]) {
      const response = await load(`/products?q=${encodeURIComponent(q)}`);
      expect(response.status).toBe(200);
      const body = response.body;
      expect(body.q.length).toBeLessThanOrEqual(100);
      expect(body.products.length).toBe(q === "%" ? 1 : 0);
    }
  });
});

describe("product page", () => {
  const load = (category: string, id: string) =>
    page(`/products/${category}/${encodeURIComponent(id)}`, "routes/product");

  it("loads the product with its sizes and related products", async () => {
    const main = await product({ name: "Main", category: "Women" });
    await product({ name: "Other", category: "Women" });
    await product({ name: "Men's", category: "Men" });
    const response = await load("women", main.id);
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body.product).toMatchObject({ id: main.id, name: "Main", sizes: [], inStock: true, soldOut: false });
    expect(body.related.map((p: { name: string }) => p.name)).toEqual(["Other"]);
  });

  it("shows an out-of-stock product", async () => {
    const soldOut = await createProduct({ category: "Men", inStock: false }, { sizes: [["XL", null]] });
    const body = (await load("men", soldOut.id)).body;
    expect(body.product).toMatchObject({ inStock: false, sizes: [{ size: "XL", available: true, fewLeft: null }] });
  });

  it("offers each size: sold out ones unavailable, 'Only N left' at 5 or fewer; all at 0 is sold out", async () => {
    const shirt = await createProduct(
      { category: "Men" },
      {
        sizes: [
          ["S", 0],
          ["M", 5],
          ["L", 6],
          ["XL", null],
        ],
      },
    );
    expect((await load("men", shirt.id)).body.product).toMatchObject({
      soldOut: false,
      sizes: [
        { size: "S", available: false, fewLeft: null },
        { size: "M", available: true, fewLeft: 5 },
        { size: "L", available: true, fewLeft: null },
        { size: "XL", available: true, fewLeft: null },
      ],
    });
    const gone = await createProduct(
      { category: "Men" },
      {
        sizes: [
          ["S", 0],
          ["M", 0],
        ],
      },
    );
    expect((await load("men", gone.id)).body.product).toMatchObject({ soldOut: true, inStock: true });
    const few = await createProduct({ category: "Men" }, { stock: 2 });
    expect((await load("men", few.id)).body.product).toMatchObject({ sizes: [], fewLeft: 2 });
  });

  it("answers 404 'Product not found' for an unknown, removed or mismatched product", async () => {
    const shirt = await product({ category: "Men" });
    const removed = await product({ category: "Men", removedAt: Date.now() });
    for (const [category, id] of [
      ["men", newId()],
      ["men", removed.id],
      ["women", shirt.id],
      ["men", "' OR 1=1"],
      ["shoes", shirt.id],
    ] as const) {
      const response = await load(category, id);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: "Product not found" });
    }
  });
});

describe("/loader?next=", () => {
  const next = async (value: string | null) => {
    const url = value === null ? "/loader" : `/loader?next=${encodeURIComponent(value)}`;
    return (await page(url, "routes/loader")).body.next;
  };

  it("accepts a path on this site", async () => {
    expect(await next("my-orders")).toBe("/my-orders");
    expect(await next("/cart")).toBe("/cart");
    expect(await next("products/men?q=linen%20shirt")).toBe("/products/men?q=linen%20shirt");
  });

  it("refuses anything that could leave the site", async () => {
    for (const value of [
      null,
      "",
      "//evil.com",
      "///evil.com",
      "https://evil.com",
      "http:evil.com",
      "javascript:alert(1)",
      "\\\\evil.com",
      "/\\evil.com",
      "\\/evil.com",
      "/\t/evil.com",
      "\n//evil.com",
      " //evil.com",
      "my orders",
      "x".repeat(600),
    ]) {
      expect(await next(value), JSON.stringify(value)).toBeNull();
    }
  });

  it("keeps dot segments and encodings on this site, but not encoded slashes in the path", () => {
    expect(sameSitePath("/../../etc/passwd")).toBe("/etc/passwd");
    expect(sameSitePath("/%2F%2Fevil.com")).toBeNull();
    expect(sameSitePath("/products?q=a%2Fb")).toBe("/products?q=a%2Fb");
    expect(sameSitePath('/a"<b>')).toBe("/a%22%3Cb%3E");
  });
});

describe("GET /api/product/list", () => {
  it("lists every product on sale (in stock or not) in the spec's shape", async () => {
    const tee = await product({
      name: "Tee",
      category: "Men",
      priceCents: 2999,
      offerPriceCents: 1999,
      images: ["/uploads/a.webp"],
      description: ["Soft"],
    });
    await product({ name: "Sold out", inStock: false });
    await product({ name: "Removed", removedAt: Date.now() });
    const response = await site.client().get("/api/product/list");
    expect(response.status).toBe(200);
    const body = response.json as { success: boolean; products: Listed[] };
    expect(body.success).toBe(true);
    expect(body.products.map((p: { name: string }) => p.name)).toEqual(["Sold out", "Tee"]);
    expect(body.products[1]).toEqual({
      _id: tee.id,
      name: "Tee",
      category: "Men",
      description: ["Soft"],
      price: 29.99,
      offerPrice: 19.99,
      image: ["/uploads/a.webp"],
      inStock: true,
      stock: null,
      rating: null,
      reviewCount: 0,
      createdAt: new Date(tee.createdAt!).toISOString(),
    });
  });
});

describe("POST /api/subscribe", () => {
  const subscribers = async () => (await db().select().from(newsletterSubscribers)).map((row) => row.email);
  const call = (request: Request) => site.app.fetch(request);

  it("subscribes with {email} and answers {success, message}", async () => {
    const response = await call(jsonRequest("/api/subscribe", { email: "Api.User@Example.com" }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: "You are subscribed to our page!" });
    expect(await subscribers()).toEqual(["api.user@example.com"]);
  });

  it("refuses a known address (any letter case) with 409", async () => {
    await call(jsonRequest("/api/subscribe", { email: "twice@example.com" }));
    const response = await call(jsonRequest("/api/subscribe", { email: "TWICE@example.com" }));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      success: false,
      message: "This email is already subscribed.",
      errors: { email: "This email is already subscribed." },
    });
  });

  it("answers 400 with a message for missing, invalid and malformed input", async () => {
    const cases: [string | object, string][] = [
      [{}, "Please enter an email."],
      [{ email: "" }, "Please enter an email."],
      [{ email: null }, "Please enter an email."],
      [[], "Please enter an email."],
      ["null", "Please enter an email."],
      ['"a@b.co"', "Please enter an email."],
      [{ email: "nope" }, "Please enter a valid email address."],
      [{ email: 12 }, "Please enter a valid email address."],
      [{ email: ["a@b.co"] }, "Please enter a valid email address."],
      ["{not json", "The request body is not valid JSON."],
    ];
    for (const [body, message] of cases) {
      const response = await call(jsonRequest("/api/subscribe", body));
      expect(response.status, JSON.stringify(body)).toBe(400);
      // A refusal of the address names the field; a body that is not JSON has no field to name.
      const errors = message.includes("JSON") ? {} : { errors: { email: message } };
      expect(await response.json()).toEqual({ success: false, message, ...errors });
    }
    expect(await db().select().from(newsletterSubscribers)).toHaveLength(0);
  });

  it("accepts a form-encoded body too", async () => {
    const response = await call(formRequest("/api/subscribe", { email: "form@example.com" }));
    expect(response.status).toBe(200);
    expect(await subscribers()).toEqual(["form@example.com"]);
  });

  it("refuses an oversized body with 413 and a GET with 405", async () => {
    const big = await call(jsonRequest("/api/subscribe", { email: `${"a".repeat(70_000)}@example.com` }));
    expect(big.status).toBe(413);
    expect((await big.json()).success).toBe(false);
    const get = await site.client().get("/api/subscribe");
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe("POST");
  });
});

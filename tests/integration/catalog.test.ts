import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#app/lib/db.server.ts";
import { newId } from "#app/lib/ids.ts";
import {
  getProduct,
  listAllProducts,
  listProducts,
  relatedProducts,
  toApiProduct,
  trendingProducts,
} from "#app/services/catalog.server.ts";
import { orderItems, orders, products, users } from "#db/schema.ts";
import { createProduct, type StockOptions } from "../helpers/factories.ts";

const names = (rows: { name: string }[]) => rows.map((r) => r.name);
let clock = 1_700_000_000_000;
/** Products created one minute apart, so "newest first" is well defined. */
function product(overrides: Parameters<typeof createProduct>[0] = {}, stock: StockOptions = {}) {
  clock += 60_000;
  return createProduct({ createdAt: clock, ...overrides }, stock);
}

beforeEach(async () => {
  db().delete(orderItems).run();
  db().delete(orders).run();
  db().delete(products).run();
});

describe("listProducts", () => {
  it("lists products whose every size sold out, with their sizes, so their cards can say so", async () => {
    product(
      { name: "Gone Tee" },
      {
        sizes: [
          ["S", 0],
          ["M", 0],
        ],
      },
    );
    product(
      { name: "Last Tee" },
      {
        sizes: [
          ["S", 0],
          ["M", 1],
        ],
      },
    );
    const listed = await listProducts();
    expect(listed.map((p) => [p.name, p.sizes])).toEqual([
      [
        "Last Tee",
        [
          { size: "S", stock: 0 },
          { size: "M", stock: 1 },
        ],
      ],
      [
        "Gone Tee",
        [
          { size: "S", stock: 0 },
          { size: "M", stock: 0 },
        ],
      ],
    ]);
  });

  it("lists in-stock products on sale, newest first", async () => {
    product({ name: "Old Tee" });
    product({ name: "Sold Out Tee", inStock: false });
    product({ name: "Removed Tee", removedAt: Date.now() });
    product({ name: "New Dress", category: "Women" });
    expect(names(await listProducts())).toEqual(["New Dress", "Old Tee"]);
  });

  it("filters by category", async () => {
    product({ name: "Tee", category: "Men" });
    product({ name: "Dress", category: "Women" });
    product({ name: "Boots", category: "Footwear" });
    expect(names(await listProducts({ category: "Women" }))).toEqual(["Dress"]);
    expect(await listProducts({ category: "Kids" })).toEqual([]);
  });

  it("searches names case-insensitively, anywhere in the name", async () => {
    product({ name: "Classic Oxford Shirt" });
    product({ name: "Striped T-SHIRT" });
    product({ name: "Denim Jeans" });
    expect(names(await listProducts({ q: "shirt" }))).toEqual(["Striped T-SHIRT", "Classic Oxford Shirt"]);
    expect(names(await listProducts({ q: "  OXF " }))).toEqual(["Classic Oxford Shirt"]);
    expect(names(await listProducts({ q: "" }))).toHaveLength(3);
  });

  it("combines search and category", async () => {
    product({ name: "Linen Shirt", category: "Men" });
    product({ name: "Linen Shirt Dress", category: "Women" });
    expect(names(await listProducts({ category: "Women", q: "linen" }))).toEqual(["Linen Shirt Dress"]);
    expect(await listProducts({ category: "Kids", q: "linen" })).toEqual([]);
  });

  it("treats %, _, quotes and backslashes as plain characters", async () => {
    product({ name: "100% Cotton Tee" });
    product({ name: "Tee_Shirt Special" });
    product({ name: `Kid's "Best" Hoodie` });
    product({ name: "Back\\Slash Cap" });
    product({ name: "Plain Tee" });
    expect(names(await listProducts({ q: "%" }))).toEqual(["100% Cotton Tee"]);
    expect(names(await listProducts({ q: "_" }))).toEqual(["Tee_Shirt Special"]);
    expect(names(await listProducts({ q: "e_s" }))).toEqual(["Tee_Shirt Special"]);
    expect(names(await listProducts({ q: "'s \"best" }))).toEqual([`Kid's "Best" Hoodie`]);
    expect(names(await listProducts({ q: "\\" }))).toEqual(["Back\\Slash Cap"]);
    expect(await listProducts({ q: "'; DROP TABLE products; --" })).toEqual([]);
    expect(await listAllProducts()).toHaveLength(5);
  });

  it("folds the case of any letter, not only ASCII", async () => {
    product({ name: "Café Crème Blouse" });
    product({ name: "ÉTÉ Linen Dress" });
    product({ name: "Écharpe en laine" });
    expect(names(await listProducts({ q: "CAFÉ CRÈME" }))).toEqual(["Café Crème Blouse"]);
    expect(names(await listProducts({ q: "été" }))).toEqual(["ÉTÉ Linen Dress"]);
    expect(names(await listProducts({ q: "ÉCHARPE" }))).toEqual(["Écharpe en laine"]);
    expect(await listProducts({ q: "😀👗" })).toEqual([]);
  });

  it("accepts a very long search text and ignores what lies beyond the cap", async () => {
    product({ name: "Shirt" });
    expect(await listProducts({ q: "x".repeat(1000) })).toEqual([]);
    expect(names(await listProducts({ q: `shirt${" ".repeat(995)}` }))).toEqual(["Shirt"]);
    expect(names(await listProducts({ q: null }))).toEqual(["Shirt"]);
  });
});

describe("getProduct", () => {
  it("finds a product on sale, in stock or not", async () => {
    const inStock = product({ name: "In" });
    const soldOut = product({ name: "Out", inStock: false });
    expect((await getProduct(inStock.id))?.name).toBe("In");
    expect(await getProduct(soldOut.id)).toMatchObject({ name: "Out", inStock: false });
  });

  it("returns null for unknown, malformed and removed ids", async () => {
    const removed = product({ removedAt: Date.now() });
    for (const id of [newId(), "", "../etc/passwd", "' OR 1=1 --", "A".repeat(5000), removed.id]) {
      expect(await getProduct(id)).toBeNull();
    }
  });
});

describe("relatedProducts", () => {
  it("gives up to five other in-stock products of the same category, newest first", async () => {
    const main = product({ name: "Main", category: "Women" });
    for (let i = 1; i <= 7; i++) product({ name: `Women ${i}`, category: "Women" });
    product({ name: "Sold out", category: "Women", inStock: false });
    product(
      { name: "Every size sold", category: "Women" },
      {
        sizes: [
          ["S", 0],
          ["M", 0],
        ],
      },
    );
    product({ name: "Removed", category: "Women", removedAt: Date.now() });
    product({ name: "Men's", category: "Men" });
    expect(names(await relatedProducts(main))).toEqual(["Women 7", "Women 6", "Women 5", "Women 4", "Women 3"]);
    expect(await relatedProducts(main, 2)).toHaveLength(2);
  });
});

describe("trendingProducts", () => {
  function order(lines: { productId: string; quantity: number }[], status: "Order Placed" | "Cancelled") {
    const userId = newId();
    db()
      .insert(users)
      .values({ id: userId, name: "Buyer", email: `${userId}@example.com`, passwordHash: "x" })
      .run();
    const orderId = newId();
    db()
      .insert(orders)
      .values({
        id: orderId,
        userId,
        paymentType: "COD",
        subtotalCents: 1000,
        taxCents: 20,
        amountCents: 1020,
        status,
        address: {
          firstName: "A",
          lastName: "B",
          email: "a@b.co",
          street: "1 Main St",
          city: "Town",
          state: "ST",
          zipcode: "12345",
          country: "US",
          phone: "555",
        },
      })
      .run();
    for (const line of lines) {
      db()
        .insert(orderItems)
        .values({ id: newId(), orderId, productId: line.productId, quantity: line.quantity, unitPriceCents: 100 })
        .run();
    }
  }

  it("gives at most six in-stock products, newest first when nothing has been ordered", async () => {
    for (let i = 1; i <= 8; i++) product({ name: `P${i}` });
    product({ name: "Switched off", inStock: false });
    product(
      { name: "Every size sold" },
      {
        sizes: [
          ["S", 0],
          ["M", 0],
        ],
      },
    );
    product({ name: "Nothing left" }, { stock: 0 });
    expect(names(await trendingProducts())).toEqual(["P8", "P7", "P6", "P5", "P4", "P3"]);
  });

  it("puts the products ordered most first, ignoring cancelled orders and sold-out products", async () => {
    const popular = product({ name: "Popular" });
    const second = product({ name: "Second" });
    const cancelledOnly = product({ name: "Cancelled only" });
    const soldOut = product({ name: "Sold out", inStock: false });
    for (let i = 1; i <= 6; i++) product({ name: `New ${i}` });
    order([{ productId: popular.id, quantity: 5 }], "Order Placed");
    order(
      [
        { productId: second.id, quantity: 2 },
        { productId: soldOut.id, quantity: 9 },
      ],
      "Order Placed",
    );
    order([{ productId: cancelledOnly.id, quantity: 50 }], "Cancelled");
    expect(names(await trendingProducts())).toEqual(["Popular", "Second", "New 6", "New 5", "New 4", "New 3"]);
  });
});

describe("toApiProduct", () => {
  it("gives the spec's JSON shape with decimal prices", async () => {
    const row = product({
      name: "Linen Shirt",
      category: "Men",
      description: ["Pure linen", "Relaxed fit"],
      priceCents: 4999,
      offerPriceCents: 3950,
      images: ["/uploads/abc.webp", "/uploads/def.webp"],
      inStock: false,
    });
    const api = toApiProduct((await getProduct(row.id))!);
    expect(api).toEqual({
      _id: row.id,
      name: "Linen Shirt",
      category: "Men",
      description: ["Pure linen", "Relaxed fit"],
      price: 49.99,
      offerPrice: 39.5,
      image: ["/uploads/abc.webp", "/uploads/def.webp"],
      inStock: false,
      stock: null,
      createdAt: new Date(row.createdAt!).toISOString(),
    });
  });

  it("gives a product with sizes its sizes (each with its count and whether it can be bought) and the weight label", async () => {
    const row = createProduct(
      {},
      {
        sizes: [
          ["S", 0],
          ["M", 3],
          ["L", null],
        ],
      },
    );
    const api = toApiProduct((await getProduct(row.id))!);
    expect(api).toMatchObject({
      inStock: true,
      weight: "S, M, L",
      sizes: [
        { size: "S", stock: 0, inStock: false },
        { size: "M", stock: 3, inStock: true },
        { size: "L", stock: null, inStock: true },
      ],
    });
    expect(api).not.toHaveProperty("stock");
  });

  it("leaves out the weight and sizes when the product has none, and gives its count", async () => {
    const row = createProduct({}, { stock: 7 });
    const api = toApiProduct((await getProduct(row.id))!);
    expect(api).not.toHaveProperty("weight");
    expect(api).not.toHaveProperty("sizes");
    expect(api.stock).toBe(7);
  });
});

import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { CATEGORY_PATHS } from "#app/lib/categories.ts";
import { db } from "#app/lib/db.server.ts";
import { computeTotals, DEFAULT_PRICING } from "#app/lib/money.ts";
import { orderItems, orders, users } from "#db/tables.ts";
import { COMMON_WORD, generateCatalogue, productName, RARE_WORD, seededRandom } from "../../bench/catalogue.ts";
import { appForFile } from "../helpers/app.ts";

const site = appForFile();

type ApiProduct = {
  _id: string;
  name: string;
  category: string;
  price: number;
  offerPrice: number;
  image: string[];
  inStock: boolean;
};

const DAY = 24 * 60 * 60 * 1000;

describe("the benchmark's generated catalogue", () => {
  it("writes N products, shoppers and orders that the store's own routes read", { timeout: 60_000 }, async () => {
    const now = Date.now();
    const summary = await generateCatalogue({ size: 700, seed: 7, now });
    expect(summary.products).toBe(700);

    // The products as the store lists them: every one on sale, in the spec's shape, with sensible values.
    const list = await site.client().get("/api/product/list");
    const listed = (list.json as { products: ApiProduct[] }).products;
    expect(listed).toHaveLength(summary.onSale);
    expect(summary.onSale).toBeGreaterThan(650);
    expect(listed.filter((p) => p.inStock)).toHaveLength(summary.inStock);
    expect(summary.inStock).toBeLessThan(summary.onSale);
    for (const category of CATEGORY_PATHS)
      expect(listed.filter((p) => p.category === category).length).toBeGreaterThan(80);
    for (const p of listed) {
      expect(p.name).toMatch(/^[A-Z][A-Za-z-]+( [A-Za-z-]+){3,}$/);
      expect(p.offerPrice).toBeGreaterThan(0);
      expect(p.offerPrice).toBeLessThanOrEqual(p.price);
      expect(p.image.length).toBeGreaterThanOrEqual(1);
    }

    // A common word matches many names, a rare one few; the summary says how many a search lists.
    const matching = (word: string) =>
      listed.filter((p) => p.inStock && p.name.toLowerCase().includes(word.toLowerCase())).length;
    expect(matching(COMMON_WORD)).toBe(summary.commonWordMatches);
    expect(matching(RARE_WORD)).toBe(summary.rareWordMatches);
    expect(summary.commonWordMatches).toBeGreaterThan(summary.inStock / 20);
    expect(summary.rareWordMatches).toBeLessThan(summary.inStock / 100);

    // Every product has picture files of its own that the uploads route serves as WebP.
    const urls = listed.flatMap((p) => p.image);
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of [urls[0]!, urls[urls.length - 1]!]) {
      const response = await site.app.fetch(new Request(`http://localhost${url}`));
      expect(response.status).toBe(200);
      expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).format).toBe("webp");
    }

    // The samples the bench buys are product pages shoppers can open and buy from.
    expect(summary.samples).toHaveLength(60);
    const sample = summary.samples[0]!;
    const page = await site.client().get(`/products/${sample.category.toLowerCase()}/${sample.id}`);
    expect(page.status).toBe(200);
    expect(listed.find((p) => p._id === sample.id)?.inStock).toBe(true);

    // Orders: a few per 100 products, within the last 90 days, each with its lines and the store's totals.
    expect(await db().select().from(users)).toHaveLength(summary.shoppers);
    const stored = await db().select().from(orders);
    expect(stored).toHaveLength(summary.orders);
    expect(summary.orders).toBe(21);
    const lines = await db().select().from(orderItems);
    expect(lines).toHaveLength(summary.orderLines);
    for (const order of stored) {
      const own = lines.filter((l) => l.orderId === order.id);
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(order.subtotalCents).toBe(computeTotals(own, DEFAULT_PRICING).subtotalCents);
      expect(order.amountCents).toBe(computeTotals(own, DEFAULT_PRICING).totalCents);
      expect(order.createdAt).toBeGreaterThan(now - 90 * DAY);
      expect(order.createdAt).toBeLessThanOrEqual(now);
    }

    await expect(generateCatalogue({ size: 10 })).rejects.toThrow("already has 700 products");
  });

  it("makes the same names from the same seed", () => {
    const names = (seed: number) => {
      const random = seededRandom(seed);
      return Array.from({ length: 50 }, () => productName(random, "Men"));
    };
    expect(names(3)).toEqual(names(3));
    expect(names(3)).not.toEqual(names(4));
  });
});

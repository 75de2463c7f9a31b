import { existsSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { CATEGORY_PATHS } from "#app/lib/categories.ts";
import { db } from "#app/lib/db.server.ts";
import { thumbnailUrl } from "#app/lib/images.ts";
import { listAllProducts, listProducts } from "#app/services/catalog.server.ts";
import { uploadedFilePath } from "#app/services/images.server.ts";
import { products } from "#db/schema.ts";
import { seedDemoCatalogue } from "#db/seed.ts";

const fileOf = (url: string) => uploadedFilePath(url.replace("/uploads/", ""))!;

describe("the demo catalogue", () => {
  it("fills an empty store once, with drawn pictures in every category", async () => {
    const result = await seedDemoCatalogue();
    expect(result.seeded).toBe(true);
    const all = db().select().from(products).all();
    for (const category of CATEGORY_PATHS) {
      expect(all.filter((p) => p.category === category).length, category).toBeGreaterThanOrEqual(8);
      expect((await listProducts({ category })).total, `${category} in stock`).toBeGreaterThanOrEqual(5);
    }
    expect(all.some((p) => !p.inStock)).toBe(true);
    expect(all.some((p) => p.size)).toBe(true);
    expect(new Set(all.map((p) => p.name)).size).toBe(all.length);
    for (const p of all) {
      expect(p.offerPriceCents, p.name).toBeLessThanOrEqual(p.priceCents);
      expect(p.offerPriceCents, p.name).toBeGreaterThan(0);
      expect(p.description.length, p.name).toBeGreaterThanOrEqual(2);
      expect(p.images.length, p.name).toBeGreaterThanOrEqual(1);
      expect(p.images.length, p.name).toBeLessThanOrEqual(4);
    }
    // Every picture exists in both sizes as a real WebP image.
    const urls = all.flatMap((p) => p.images);
    for (const url of urls) {
      expect(existsSync(fileOf(url)), url).toBe(true);
      expect(existsSync(fileOf(thumbnailUrl(url))), url).toBe(true);
    }
    const meta = await sharp(fileOf(urls[0]!)).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBeGreaterThanOrEqual(400);
    // Newest first alternates categories, so the first products shown are varied.
    expect(new Set((await listAllProducts()).slice(0, 7).map((p) => p.category)).size).toBe(7);

    // A second run leaves the store as it is.
    expect(await seedDemoCatalogue()).toEqual({ seeded: false, existing: all.length });
    expect(db().select().from(products).all()).toHaveLength(all.length);
  });
});

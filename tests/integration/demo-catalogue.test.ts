import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { CATEGORY_PATHS } from "#app/lib/categories.ts";
import { config } from "#app/lib/config.server.ts";
import { db, first } from "#app/lib/db.server.ts";
import { listAllProducts, listProducts } from "#app/modules/catalog/index.server.ts";
import { uploadedFilePath } from "#app/modules/inventory/index.server.ts";
import { IMAGE_WIDTHS, imageWidthUrl, THUMBNAIL_WIDTH, thumbnailUrl } from "#app/modules/inventory/shared/images.ts";
import { DEMO_PRODUCTS } from "#db/demo/catalogue.ts";
import { MANIFEST_FILE, PICTURES_DIR, readPictureManifest } from "#db/demo/pictures.ts";
import { DEMO_SHOP } from "#db/demo/shop.ts";
import { seedDemoCatalogue } from "#db/seed.ts";
import { productSizes, products, shopSettings } from "#db/tables.ts";
import { closestCrop, difference, greyOf } from "../helpers/pictures.ts";

const fileOf = (url: string) => uploadedFilePath(url.replace("/uploads/", ""))!;
const sha256 = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");
const seed = () => seedDemoCatalogue();
const manifest = await readPictureManifest();

describe("the demo catalogue", () => {
  it("fills an empty store once, with drawn pictures in every category", async () => {
    // The owner's own words are kept; the demo's fill only what is empty (issue 30).
    await db().update(shopSettings).set({ contactEmail: "owner@shop.example" });
    expect(await first(db().select().from(shopSettings))).toMatchObject({
      demo: false,
      phone: "",
      name: "Online Shop",
    });
    const result = await seed();
    expect(await first(db().select().from(shopSettings))).toMatchObject({
      demo: true,
      name: "Trendora",
      mailSenderName: "Trendora",
      returnDays: 30,
      contactEmail: "owner@shop.example",
      phone: DEMO_SHOP.phone,
      tagline: DEMO_SHOP.tagline,
      shippingPolicy: DEMO_SHOP.shippingPolicy,
    });
    expect(result).toEqual({ seeded: true, products: DEMO_PRODUCTS.length });
    const all = await db().select().from(products);
    for (const category of CATEGORY_PATHS) {
      expect(all.filter((p) => p.category === category).length, category).toBeGreaterThanOrEqual(8);
      expect((await listProducts({ category })).total, `${category} in stock`).toBeGreaterThanOrEqual(5);
    }
    expect(all.some((p) => !p.inStock)).toBe(true);
    // Sizes and counts: clothing XS–XXL, footwear in shoe sizes, accessories free size; some low, a few sold out.
    const stock = await listAllProducts();
    const sizesOf = (name: string) => stock.find((p) => p.name === name)!.sizes.map((l) => l.size);
    expect(sizesOf("Classic Crew Neck Cotton T-Shirt")).toEqual(["XS", "S", "M", "L", "XL", "XXL"]);
    for (const p of stock.filter((p) => p.category === "Footwear")) expect(p.sizes[0]!.size, p.name).toMatch(/^UK \d/);
    for (const p of stock.filter((p) => p.category === "Accessories")) expect(sizesOf(p.name), p.name).toEqual([""]);
    for (const p of stock) for (const line of p.sizes) expect(line.stock, p.name).not.toBeNull();
    const lines = stock.flatMap((p) => p.sizes);
    expect(lines.some((l) => l.stock! > 0 && l.stock! <= 5)).toBe(true);
    const soldOut = stock.filter((p) => p.inStock && p.sizes.every((l) => l.stock === 0)).map((p) => p.name);
    expect(soldOut.sort()).toEqual(["Cat-Eye Sunglasses", "Classic Stiletto Heels", "Linen Blend Summer Shorts"]);
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
    expect(await seed()).toEqual({ seeded: false, existing: all.length });
    expect(await db().select().from(products)).toHaveLength(all.length);
  });

  it("copies the committed pictures: every file the uploads pipeline writes, under new names each seed", async () => {
    // The folder holds what the pipeline writes for one picture: the full size and each width (decision 0265).
    expect(manifest.widths).toEqual([...IMAGE_WIDTHS]);
    await seed();
    const before = await db().select().from(products);
    const filesOf = (urls: string[]) =>
      urls.flatMap((url) => [url, ...IMAGE_WIDTHS.map((width) => imageWidthUrl(url, width))]).map(fileOf);
    const hashesOf = (rows: typeof before) => new Map(rows.map((p) => [p.name, filesOf(p.images).map(sha256)]));
    // Each product's files are the committed files of its pictures, in its order, byte for byte.
    const committed = new Map(
      DEMO_PRODUCTS.map((product) => [
        product.name,
        manifest.products[product.name]!.flatMap((picture) =>
          [picture.name, ...IMAGE_WIDTHS.map((width) => `${picture.name}-${width}`)].map((name) =>
            sha256(path.join(PICTURES_DIR, `${name}.webp`)),
          ),
        ),
      ]),
    );
    expect(hashesOf(before)).toEqual(committed);

    await db().delete(productSizes);
    await db().delete(products);
    expect(await seed()).toEqual({ seeded: true, products: DEMO_PRODUCTS.length });
    const after = await db().select().from(products);
    // Every product has the very same pictures again...
    expect(hashesOf(after)).toEqual(hashesOf(before));
    // ...stored under new upload names, so deleting one product's pictures never touches another's.
    const oldUrls = new Set(before.flatMap((p) => p.images));
    for (const url of after.flatMap((p) => p.images)) expect(oldUrls.has(url), url).toBe(false);
  });

  it("refuses a pictures folder that lacks a product's pictures, before copying anything", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "demo-pictures-"));
    try {
      cpSync(PICTURES_DIR, dir, { recursive: true });
      const [product] = DEMO_PRODUCTS;
      const short = { ...manifest, products: { ...manifest.products, [product!.name]: [] } };
      writeFileSync(path.join(dir, MANIFEST_FILE), JSON.stringify(short));
      await db().delete(productSizes);
      await db().delete(products);
      const uploaded = () => (existsSync(config().uploadsDir) ? readdirSync(config().uploadsDir).length : 0);
      const files = uploaded();
      await expect(seedDemoCatalogue({ picturesDir: dir })).rejects.toThrow(/npm run demo:draw/);
      expect(uploaded()).toBe(files);
      expect(await db().select().from(products)).toHaveLength(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("photographs every product once per view: decodable, at full size, and different pictures", async () => {
    await seed();
    const byName = new Map((await db().select().from(products)).map((p) => [p.name, p]));
    for (const demo of DEMO_PRODUCTS) {
      const stored = byName.get(demo.name)!;
      // One picture per view the product asks for (front first, then back, a close-up...).
      expect(stored.images, demo.name).toHaveLength(demo.pictures);
      expect(manifest.products[demo.name], demo.name).toHaveLength(demo.pictures);
      for (const url of stored.images) {
        const full = await sharp(fileOf(url)).metadata();
        expect([full.format, full.width, full.height], `${demo.name} ${url}`).toEqual([
          "webp",
          manifest.size,
          manifest.size,
        ]);
        const thumb = await sharp(fileOf(thumbnailUrl(url))).metadata();
        expect([thumb.format, thumb.width], `${demo.name} thumbnail`).toEqual(["webp", THUMBNAIL_WIDTH]);
      }
      if (stored.images.length < 2) continue;
      const hashes = stored.images.map((url) =>
        createHash("sha256")
          .update(readFileSync(fileOf(url)))
          .digest("hex"),
      );
      expect(new Set(hashes).size, `${demo.name}: the same bytes twice`).toBe(hashes.length);
      const greys = await Promise.all(stored.images.map((url) => greyOf(fileOf(url), 64)));
      for (let j = 1; j < greys.length; j++) {
        // Not the same drawing again: the decoded pixels differ (the same drawing scores 0)...
        for (let i = 0; i < j; i++) {
          expect(difference(greys[i]!, greys[j]!, 32), `${demo.name}: pictures ${i + 1} and ${j + 1}`).toBeGreaterThan(
            0.15,
          );
        }
        // ...and not the first picture cropped or zoomed (crops score under 5, a magnified redraw about 7).
        expect(
          closestCrop(greys[0]!, greys[j]!),
          `${demo.name}: picture ${j + 1} is a crop or zoom of the first`,
        ).toBeGreaterThan(8);
      }
    }
  });
});

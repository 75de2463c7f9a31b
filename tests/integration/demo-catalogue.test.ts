import { createHash } from "node:crypto";
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { CATEGORY_PATHS } from "#app/lib/categories.ts";
import { db, first } from "#app/lib/db.server.ts";
import { listAllProducts, listProducts } from "#app/modules/catalog/index.server.ts";
import { uploadedFilePath } from "#app/modules/inventory/index.server.ts";
import { IMAGE_WIDTHS, imageWidthUrl, THUMBNAIL_WIDTH, thumbnailUrl } from "#app/modules/inventory/shared/images.ts";
import { DEMO_PRODUCTS } from "#db/demo/catalogue.ts";
import { demoPicture, drawingCodeVersion } from "#db/demo/pictures.ts";
import { DEMO_SHOP } from "#db/demo/shop.ts";
import { demoViews, PICTURE_SIZE, seedDemoCatalogue } from "#db/seed.ts";
import { productSizes, products, shopSettings } from "#db/tables.ts";
import { drawGarment, GARMENT_KINDS, viewsOf } from "#demo-art/draw.ts";
import { studio } from "#demo-art/studio.ts";
import { closestCrop, difference, greyOf } from "../helpers/pictures.ts";

const fileOf = (url: string) => uploadedFilePath(url.replace("/uploads/", ""))!;
const sha256 = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");
/** The picture cache of this file's seeds: empty at first, so the first seed draws every picture. */
const cacheDir = mkdtempSync(path.join(tmpdir(), "demo-pictures-"));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));
const seed = () => seedDemoCatalogue({ cacheDir });
const PICTURES = DEMO_PRODUCTS.reduce((sum, p) => sum + p.pictures, 0);

describe("the demo catalogue", () => {
  it("fills an empty store once, with drawn pictures in every category", async () => {
    // Pictures of an older version of the drawing code are removed.
    mkdirSync(path.join(cacheDir, "0123456789abcdef"));
    writeFileSync(path.join(cacheDir, "0123456789abcdef", "old.webp"), "old");
    // The owner's own words are kept; the demo's fill only what is empty (issue 30).
    await db().update(shopSettings).set({ contactEmail: "owner@shop.example" });
    expect(await first(db().select().from(shopSettings))).toMatchObject({ demo: false, phone: "" });
    const result = await seed();
    expect(await first(db().select().from(shopSettings))).toMatchObject({
      demo: true,
      returnDays: 30,
      contactEmail: "owner@shop.example",
      phone: DEMO_SHOP.phone,
      tagline: DEMO_SHOP.tagline,
      shippingPolicy: DEMO_SHOP.shippingPolicy,
    });
    expect(result).toEqual({ seeded: true, products: DEMO_PRODUCTS.length, drawn: PICTURES });
    expect(readdirSync(cacheDir)).toEqual([await drawingCodeVersion()]);
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

  it("draws each picture once: a later seed copies the same files from the cache, under new names", async () => {
    await seed();
    const before = await db().select().from(products);
    const filesOf = (urls: string[]) =>
      urls.flatMap((url) => [url, ...IMAGE_WIDTHS.map((width) => imageWidthUrl(url, width))]).map(fileOf);
    const hashesOf = (rows: typeof before) => new Map(rows.map((p) => [p.name, filesOf(p.images).map(sha256)]));
    const cache = path.join(cacheDir, await drawingCodeVersion());
    const cached = readdirSync(cache);
    expect(cached).toHaveLength(PICTURES * (1 + IMAGE_WIDTHS.length));
    const cachedHashes = new Set(cached.map((file) => sha256(path.join(cache, file))));

    await db().delete(productSizes);
    await db().delete(products);
    expect(await seed()).toEqual({ seeded: true, products: DEMO_PRODUCTS.length, drawn: 0 });
    const after = await db().select().from(products);
    // Every product has the very same pictures, byte for byte, each file a copy of a cached one...
    expect(hashesOf(after)).toEqual(hashesOf(before));
    for (const file of filesOf(after.flatMap((p) => p.images))) expect(cachedHashes.has(sha256(file)), file).toBe(true);
    // ...stored under new upload names, so deleting one product's pictures never touches another's.
    const oldUrls = new Set(before.flatMap((p) => p.images));
    for (const url of after.flatMap((p) => p.images)) expect(oldUrls.has(url), url).toBe(false);
  });

  it("draws again when the drawing code changes: the cache is keyed by a hash of it", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "drawing-code-"));
    try {
      for (const file of [
        "demo-art",
        "app/modules/inventory/images.server.ts",
        "app/modules/inventory/shared/images.ts",
      ]) {
        cpSync(file, path.join(root, file), { recursive: true });
      }
      const version = await drawingCodeVersion();
      expect(await drawingCodeVersion(root)).toBe(version);
      appendFileSync(path.join(root, "demo-art/kinds/tops.ts"), "\n// a changed drawing\n");
      const changed = await drawingCodeVersion(root);
      expect(changed).not.toBe(version);
      rmSync(path.join(root, "demo-art/kinds/tops.ts"));
      expect(await drawingCodeVersion(root)).not.toBe(version);

      const [product] = DEMO_PRODUCTS;
      const look = { kind: product!.kind, color: product!.color, accent: product!.accent };
      const options = { size: 96, label: product!.name, cacheDir: root };
      expect((await demoPicture(look, "front", { ...options, version })).drawn).toBe(true);
      expect((await demoPicture(look, "front", { ...options, version })).drawn).toBe(false);
      // The same picture under another version of the drawing code is drawn, never copied.
      expect((await demoPicture(look, "front", { ...options, version: changed })).drawn).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("photographs every product once per view: decodable, at full size, and different pictures", async () => {
    await seed();
    const byName = new Map((await db().select().from(products)).map((p) => [p.name, p]));
    for (const demo of DEMO_PRODUCTS) {
      const stored = byName.get(demo.name)!;
      // One picture per view the product asks for (front first, then back, a close-up...).
      expect(stored.images, demo.name).toHaveLength(demo.pictures);
      expect(demoViews(demo), demo.name).toHaveLength(demo.pictures);
      for (const url of stored.images) {
        const full = await sharp(fileOf(url)).metadata();
        expect([full.format, full.width, full.height], `${demo.name} ${url}`).toEqual([
          "webp",
          PICTURE_SIZE,
          PICTURE_SIZE,
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

  it("draws every view of every kind of garment", async () => {
    expect(GARMENT_KINDS).toHaveLength(32);
    expect(new Set(DEMO_PRODUCTS.map((p) => p.kind)).size).toBe(32);
    const pixels = async (svg: string) => {
      const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([96, 96]);
      return data;
    };
    const paper = await pixels(studio([], [], { id: "e", pixels: [96, 96] }));
    for (const kind of GARMENT_KINDS) {
      const views = viewsOf(kind);
      // The whole piece twice (front and back, or side) and a close-up.
      expect(views.length, kind).toBeGreaterThanOrEqual(3);
      expect(views, kind).toContain("detail");
      expect(
        views.some((v) => v === "back" || v === "side"),
        kind,
      ).toBe(true);
      for (const view of views) {
        const drawn = await pixels(
          await drawGarment({ kind, color: "#2563eb", accent: "#f59e0b" }, { view, size: 96 }),
        );
        // Something lies on the paper backdrop: a good part of the picture differs from the empty studio.
        let changed = 0;
        for (let i = 0; i < drawn.length; i += 3) {
          if (Math.abs(drawn[i]! - paper[i]!) + Math.abs(drawn[i + 2]! - paper[i + 2]!) > 40) changed++;
        }
        expect(changed, `${kind} ${view} shows the piece`).toBeGreaterThan(96 * 96 * 0.04);
      }
    }
  });
});

// The committed demo pictures (db/demo/pictures/) are the ones the drawings ask for: the same list of names,
// views and looks as the catalogue and demo-art/ give today, every file of each present and nothing else, drawn
// by this drawing code. Nothing is redrawn here (that takes about 20 s): a failure means `npm run demo:draw`.
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_PRODUCTS } from "#db/demo/catalogue.ts";
import { MANIFEST_FILE, PICTURES_DIR, pictureFiles, readPictureManifest } from "#db/demo/pictures.ts";
import { DEMO_ART, drawingHash, drawingList, PICTURE_SIZE, pictureLookHash, slug } from "./pictures.ts";

const AFTER_A_CHANGE = "the committed pictures are out of date: run `npm run demo:draw`";

describe("the committed demo pictures", () => {
  it("are the drawings' list: each product's views, in order, drawn from its look", async () => {
    const manifest = await readPictureManifest();
    expect(manifest.products, AFTER_A_CHANGE).toEqual(drawingList());
    expect(manifest.size, AFTER_A_CHANGE).toBe(PICTURE_SIZE);
    // One list per product, as many pictures as it asks for, under names no two pictures share.
    expect(Object.keys(manifest.products).sort()).toEqual(DEMO_PRODUCTS.map((p) => p.name).sort());
    for (const product of DEMO_PRODUCTS)
      expect(manifest.products[product.name], product.name).toHaveLength(product.pictures);
    const names = Object.values(manifest.products).flatMap((list) => list.map((picture) => picture.name));
    expect(new Set(names).size).toBe(names.length);
    expect(names).toHaveLength(DEMO_PRODUCTS.reduce((sum, p) => sum + p.pictures, 0));
  });

  it("are every file of every listed picture, and nothing else", async () => {
    const manifest = await readPictureManifest();
    const listed = Object.values(manifest.products)
      .flat()
      .flatMap((picture) => pictureFiles(picture.name, manifest.widths));
    expect(readdirSync(PICTURES_DIR).sort(), AFTER_A_CHANGE).toEqual([MANIFEST_FILE, ...listed].sort());
  });

  it("were drawn by the drawing code as it is now", async () => {
    expect((await readPictureManifest()).drawing, AFTER_A_CHANGE).toBe(drawingHash());
  });

  it("notice a changed drawing, look or list (the checks above can fail)", () => {
    // A changed file of demo-art/ changes the drawing hash; its tests do not count.
    const copy = mkdtempSync(path.join(tmpdir(), "demo-art-"));
    try {
      cpSync(DEMO_ART, copy, { recursive: true });
      expect(drawingHash(copy)).toBe(drawingHash());
      writeFileSync(path.join(copy, "pictures.test.ts"), "// a changed test\n");
      expect(drawingHash(copy)).toBe(drawingHash());
      writeFileSync(path.join(copy, "kinds", "tops.ts"), "// a changed drawing\n", { flag: "a" });
      expect(drawingHash(copy)).not.toBe(drawingHash());
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
    // Another colour, view or size is another picture.
    const look = { kind: "tshirt", color: "#1e3a8a", accent: "#93c5fd" } as const;
    expect(pictureLookHash({ ...look, color: "#1e3a8b" }, "front")).not.toBe(pictureLookHash(look, "front"));
    expect(pictureLookHash(look, "back")).not.toBe(pictureLookHash(look, "front"));
    expect(pictureLookHash(look, "front", 96)).not.toBe(pictureLookHash(look, "front"));
    expect(slug("Classic Crew Neck Cotton T-Shirt")).toBe("classic-crew-neck-cotton-t-shirt");
  });
});

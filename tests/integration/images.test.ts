import { existsSync, rmSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { Refusal } from "#app/lib/refusal.ts";
import { deleteProductImages, storeProductImage, uploadedFilePath } from "#app/modules/inventory/index.server.ts";
import { IMAGE_WIDTHS, imageSrcSet, imageWidthUrl, thumbnailUrl } from "#app/modules/inventory/shared/images.ts";
import { appForFile } from "../helpers/app.ts";

const site = appForFile();
/** A GET through the store's handler, its body unread (a picture's bytes). */
const get = (path: string) => site.app.fetch(new Request(`http://localhost${path}`));

async function png(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: "#c0392b" } })
    .png()
    .toBuffer();
}

function fileOf(url: string) {
  return uploadedFilePath(url.replace("/uploads/", ""))!;
}

describe("storeProductImage", () => {
  it("re-encodes an image to WebP in a full and a thumbnail size", async () => {
    const url = await storeProductImage(await png(2400, 1200));
    expect(url).toMatch(/^\/uploads\/[a-z0-9]+\.webp$/);
    const full = await sharp(fileOf(url)).metadata();
    const thumb = await sharp(fileOf(thumbnailUrl(url))).metadata();
    expect(full).toMatchObject({ format: "webp", width: 1000, height: 500 });
    expect(thumb).toMatchObject({ format: "webp", width: 400, height: 200 });
  });

  it("writes every width of the pages' srcset, never enlarging a small picture", async () => {
    const url = await storeProductImage(await png(1600, 1600));
    for (const width of IMAGE_WIDTHS) {
      expect(await sharp(fileOf(imageWidthUrl(url, width))).metadata()).toMatchObject({ format: "webp", width });
    }
    const small = await storeProductImage(await png(300, 150));
    expect(await sharp(fileOf(imageWidthUrl(small, 800))).metadata()).toMatchObject({ width: 300, height: 150 });
    expect(await sharp(fileOf(imageWidthUrl(small, 200))).metadata()).toMatchObject({ width: 200, height: 100 });
    const widths = [200, 400, 800].map((w) => `${imageWidthUrl(url, w)} ${w}w`).join(", ");
    expect(imageSrcSet(url)).toBe(`${widths}, ${url} 1000w`);
    expect(imageSrcSet("/art/hero.webp")).toBeUndefined();
  });

  it("refuses bytes that are not an image, whatever they claim to be", async () => {
    const fake = Buffer.concat([Buffer.from("\x89PNG\r\n\x1a\n"), Buffer.from("not really a png")]);
    await expect(storeProductImage(fake, "photo.png")).rejects.toThrow(Refusal);
    await expect(storeProductImage(Buffer.from("hello"))).rejects.toThrow("is not an image");
  });

  it("takes exactly the formats the README lists: JPEG, PNG, WebP and AVIF; not SVG, GIF, TIFF or HEIC", async () => {
    const picture = () => sharp({ create: { width: 64, height: 48, channels: 3, background: "#27ae60" } });
    const accepted: [string, Buffer][] = [
      ["JPEG", await picture().jpeg().toBuffer()],
      ["PNG", await picture().png().toBuffer()],
      ["WebP", await picture().webp().toBuffer()],
      ["AVIF", await picture().avif().toBuffer()],
    ];
    for (const [format, bytes] of accepted) {
      const url = await storeProductImage(bytes, format);
      expect((await sharp(fileOf(url)).metadata()).format, format).toBe("webp");
    }
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="red"/></svg>',
    );
    const refused: [string, Buffer][] = [
      ["SVG", svg],
      ["GIF", await picture().gif().toBuffer()],
      ["TIFF", await picture().tiff().toBuffer()],
    ];
    for (const [format, bytes] of refused) {
      await expect(storeProductImage(bytes, `photo.${format.toLowerCase()}`), format).rejects.toThrow(
        `photo.${format.toLowerCase()} is not a JPEG, PNG, WebP or AVIF picture.`,
      );
    }
    // The demo catalogue's own drawings are SVG, stored as pictures.
    expect(await storeProductImage(svg, "Demo drawing", "drawing")).toMatch(/^\/uploads\/[a-z0-9]+\.webp$/);
  });

  it("refuses a truncated image", async () => {
    const whole = await png(300, 300);
    await expect(storeProductImage(whole.subarray(0, whole.length / 2))).rejects.toThrow(Refusal);
  });

  it("deletes every size", async () => {
    const url = await storeProductImage(await png(50, 50));
    await deleteProductImages([url]);
    expect(existsSync(fileOf(url))).toBe(false);
    for (const width of IMAGE_WIDTHS) expect(existsSync(fileOf(imageWidthUrl(url, width)))).toBe(false);
  });
});

describe("GET /uploads/:file", () => {
  it("serves a stored image with a year-long immutable cache", async () => {
    const url = await storeProductImage(await png(20, 20));
    const response = await get(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).format).toBe("webp");
  });

  it("answers a width a picture stored before the widths lacks with the next larger file it has", async () => {
    // Stored before: only the full size and the 400 px one.
    const url = await storeProductImage(await png(1200, 1200));
    for (const width of [200, 800]) rmSync(fileOf(imageWidthUrl(url, width)));
    const widthOf = async (file: string) => {
      const response = await get(`/uploads/${file}`);
      expect(response.status, file).toBe(200);
      return (await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width;
    };
    const name = (u: string) => u.slice("/uploads/".length);
    expect(await widthOf(name(imageWidthUrl(url, 200)))).toBe(400);
    expect(await widthOf(name(imageWidthUrl(url, 400)))).toBe(400);
    expect(await widthOf(name(imageWidthUrl(url, 800)))).toBe(1000);
    // The 400 px one is gone too: the full size answers for it.
    rmSync(fileOf(imageWidthUrl(url, 400)));
    expect(await widthOf(name(imageWidthUrl(url, 200)))).toBe(1000);
  });

  it("answers 404 for unknown or hostile names", async () => {
    // "..%2F": the route's file parameter is "../store.db" (a "/" itself would be another path).
    for (const file of ["nothere.webp", "nothere-200.webp", "..%2Fstore.db", "..%2Fsession-secret", "a.png"]) {
      const response = await get(`/uploads/${file}`);
      expect(response.status, file).toBe(404);
    }
  });
});

// The URLs of a stored picture's widths, and the srcset lists and pages offer: only widths that exist.
import { describe, expect, it } from "vitest";
import {
  CARD_SRCSET,
  FULL_SIZE,
  IMAGE_WIDTHS,
  imageSrcSet,
  imageWidthUrl,
  thumbnailUrl,
} from "#app/modules/inventory/shared/images.ts";

const STORED = "/uploads/abc123.webp";

describe("imageWidthUrl and thumbnailUrl", () => {
  it("name a stored picture's width beside it", () => {
    expect(imageWidthUrl(STORED, 200)).toBe("/uploads/abc123-200.webp");
    expect(thumbnailUrl(STORED)).toBe("/uploads/abc123-400.webp");
  });

  it("leave any other URL as it is: demo art, another site, a width already, a path trick", () => {
    for (const url of [
      "/art/hero-1200.webp",
      "https://cdn.example.com/uploads/abc123.webp",
      "/uploads/abc123-400.webp",
      "/uploads/ABC.webp",
      "/uploads/abc123.png",
      "/uploads/../store.db",
      "/uploads/abc123.webp?x=1",
      "",
    ]) {
      expect(imageWidthUrl(url, 200), url).toBe(url);
      expect(thumbnailUrl(url), url).toBe(url);
    }
  });
});

describe("imageSrcSet", () => {
  it("offers every width and the full size when the picture's width is not known", () => {
    expect(imageSrcSet(STORED)).toBe(
      `/uploads/abc123-200.webp 200w, /uploads/abc123-400.webp 400w, /uploads/abc123-800.webp 800w, ${STORED} ${FULL_SIZE}w`,
    );
  });

  it("never offers a picture as wider than it is", () => {
    expect(imageSrcSet(STORED, 640)).toBe(
      `/uploads/abc123-200.webp 200w, /uploads/abc123-400.webp 400w, ${STORED} 640w`,
    );
    // Exactly a width: that width's file is the picture itself, listed once, as the full size.
    expect(imageSrcSet(STORED, 400)).toBe(`/uploads/abc123-200.webp 200w, ${STORED} 400w`);
    expect(imageSrcSet(STORED, 120)).toBe(`${STORED} 120w`);
    for (const natural of [1, 199, 200, 201, 799, 800, 801, FULL_SIZE]) {
      const widths = imageSrcSet(STORED, natural)!
        .split(", ")
        .map((entry) => Number(entry.split(" ")[1]!.slice(0, -1)));
      expect(Math.max(...widths), String(natural)).toBe(natural);
      expect(new Set(widths).size).toBe(widths.length);
    }
  });

  it("offers a card only the 400 and 800 px pictures (CARD_SRCSET)", () => {
    expect(imageSrcSet(STORED, undefined, CARD_SRCSET)).toBe(
      "/uploads/abc123-400.webp 400w, /uploads/abc123-800.webp 800w",
    );
    // A picture narrower than 400 px: itself, at its own width.
    expect(imageSrcSet(STORED, 300, CARD_SRCSET)).toBe(`${STORED} 300w`);
  });

  it("is undefined for a picture not stored here", () => {
    expect(imageSrcSet("/art/hero-1200.webp")).toBeUndefined();
    expect(imageSrcSet("https://cdn.example.com/uploads/abc123.webp", 500)).toBeUndefined();
  });

  it("lists the widths smallest first", () => {
    expect([...IMAGE_WIDTHS]).toEqual([...IMAGE_WIDTHS].sort((a, b) => a - b));
  });
});

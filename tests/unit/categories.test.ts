// The shop's categories and the two ways a URL names them: a slug in any letter case, and nothing else.
import { describe, expect, it } from "vitest";
import { CATEGORIES, CATEGORY_PATHS, categoryFromSlug, categorySlug } from "#app/lib/categories.ts";
import { categoryPath, productPath, sellerRowId, sellerRowPath } from "#app/lib/product-links.ts";

describe("categoryFromSlug", () => {
  it("finds every category by its own slug, whatever the letter case", () => {
    for (const path of CATEGORY_PATHS) {
      expect(categoryFromSlug(categorySlug(path))).toBe(path);
      expect(categoryFromSlug(path.toUpperCase())).toBe(path);
    }
  });

  it("is undefined for anything that is not a category: empty, a label, paths, near misses, other scripts", () => {
    for (const slug of ["", " men", "men ", "Men's Fashion", "men/women", "../men", "mén", "shoes", "kid", "kidss"]) {
      expect(categoryFromSlug(slug), slug).toBeUndefined();
    }
    // Prototype names are not categories either.
    for (const slug of ["constructor", "__proto__", "toString"]) expect(categoryFromSlug(slug)).toBeUndefined();
  });

  it("has one slug per category and a label for each", () => {
    const slugs = CATEGORY_PATHS.map(categorySlug);
    expect(new Set(slugs).size).toBe(CATEGORIES.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z]+$/);
    for (const { label } of CATEGORIES) expect(label.trim()).not.toBe("");
  });
});

describe("links to products and the seller's rows", () => {
  it("a category's list and a product's page use the lower-case slug", () => {
    expect(categoryPath("Winter")).toBe("/products/winter");
    expect(productPath({ id: "abc123", category: "Kids" })).toBe("/products/kids/abc123");
  });

  it("a row of the seller's list keeps only the query that differs from the defaults, then its #fragment", () => {
    expect(sellerRowId("p1")).toBe("product-p1");
    expect(sellerRowPath("p1")).toBe("/seller/product-list#product-p1");
    expect(sellerRowPath("p1", false, 1)).toBe("/seller/product-list#product-p1");
    expect(sellerRowPath("p1", true)).toBe("/seller/product-list?stock=low#product-p1");
    expect(sellerRowPath("p1", false, 3)).toBe("/seller/product-list?page=3#product-p1");
    expect(sellerRowPath("p1", true, 2)).toBe("/seller/product-list?stock=low&page=2#product-p1");
  });
});

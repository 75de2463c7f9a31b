// The seller's lists a page at a time: where a page starts, what `?page=` means, and the links between pages.
import { describe, expect, it } from "vitest";
import { MAX_PAGE } from "#app/lib/listing.ts";
import { pageWindow, SELLER_PAGE_SIZE, sellerListSearch, sellerPageOf } from "#app/lib/paging.ts";

describe("pageWindow", () => {
  it("gives each page its offset and counts the pages, the last one partly filled", () => {
    expect(pageWindow(120, 1, 50)).toEqual({ page: 1, pageCount: 3, offset: 0 });
    expect(pageWindow(120, 2, 50)).toEqual({ page: 2, pageCount: 3, offset: 50 });
    expect(pageWindow(120, 3, 50)).toEqual({ page: 3, pageCount: 3, offset: 100 });
    expect(pageWindow(100, 2, 50)).toEqual({ page: 2, pageCount: 2, offset: 50 });
    expect(pageWindow(101, 3, 50)).toEqual({ page: 3, pageCount: 3, offset: 100 });
  });

  it("an empty list has one empty page", () => {
    expect(pageWindow(0, 1, 50)).toEqual({ page: 1, pageCount: 1, offset: 0 });
    expect(pageWindow(0, 7, 50)).toEqual({ page: 1, pageCount: 1, offset: 0 });
  });

  it("a page past the end is the last page; below 1 or not whole is brought into range", () => {
    expect(pageWindow(120, 99, 50)).toEqual({ page: 3, pageCount: 3, offset: 100 });
    expect(pageWindow(120, MAX_PAGE, 50).page).toBe(3);
    expect(pageWindow(120, 0, 50).page).toBe(1);
    expect(pageWindow(120, -4, 50).page).toBe(1);
    expect(pageWindow(120, 2.9, 50)).toEqual({ page: 2, pageCount: 3, offset: 50 });
  });

  it("5,000 orders make 100 pages of the seller's size", () => {
    expect(SELLER_PAGE_SIZE).toBe(50);
    expect(pageWindow(5000, 100, SELLER_PAGE_SIZE)).toEqual({ page: 100, pageCount: 100, offset: 4950 });
  });
});

describe("sellerPageOf", () => {
  it("absent is page 1; only a plain whole number from 1 is a page", () => {
    expect(sellerPageOf(null)).toBe(1);
    expect(sellerPageOf(undefined)).toBe(1);
    expect(sellerPageOf("4")).toBe(4);
    for (const bad of ["", "0", "-2", "02", "2.5", "1e2", " 3", "x", String(MAX_PAGE + 1)]) {
      expect(sellerPageOf(bad), bad).toBeNull();
    }
  });
});

describe("sellerListSearch", () => {
  it("writes only what differs from the defaults, stock before page", () => {
    expect(sellerListSearch({})).toBe("");
    expect(sellerListSearch({ lowStock: false, page: 1 })).toBe("");
    expect(sellerListSearch({ page: 2 })).toBe("?page=2");
    expect(sellerListSearch({ lowStock: true })).toBe("?stock=low");
    expect(sellerListSearch({ lowStock: true, page: 5 })).toBe("?stock=low&page=5");
  });
});

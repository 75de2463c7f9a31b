// How the product lists read ?page= and ?sort= from the URL and write them back: one address per page.
import { describe, expect, it } from "vitest";
import { listSearch, MAX_PAGE, pageLinks, parsePage, parseSort } from "#app/lib/listing.ts";

describe("reading the URL", () => {
  it("an absent page is 1; only a plain whole number from 1 to MAX_PAGE is a page", () => {
    expect(parsePage(null)).toBe(1);
    expect(parsePage("2")).toBe(2);
    expect(parsePage(String(MAX_PAGE))).toBe(MAX_PAGE);
    for (const bad of ["0", "-1", "02", "2.0", "+2", "1e3", " 2", "", "abc", String(MAX_PAGE + 1), "9".repeat(20)]) {
      expect(parsePage(bad), bad).toBeNull();
    }
  });

  it("an absent sort is newest; an unknown one is null (refused, not guessed)", () => {
    expect(parseSort(null)).toBe("newest");
    expect(parseSort("price-asc")).toBe("price-asc");
    expect(parseSort("price-desc")).toBe("price-desc");
    expect(parseSort("PRICE-ASC")).toBeNull();
    expect(parseSort("")).toBeNull();
  });
});

it("writes only what differs from the defaults, so each page has one address", () => {
  expect(listSearch({})).toBe("");
  expect(listSearch({ sort: "newest", page: 1 })).toBe("");
  expect(listSearch({ q: "linen shirt", sort: "price-asc", page: 3 })).toBe("?q=linen+shirt&sort=price-asc&page=3");
});

describe("the pagination bar", () => {
  it("links the first, the last and two either side of the current page, with gaps as null", () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageLinks(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
  });

  it("shows a single left-out page as its number rather than a gap", () => {
    expect(pageLinks(5, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

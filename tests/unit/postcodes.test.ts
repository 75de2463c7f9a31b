import { describe, expect, it } from "vitest";
import { formatDate, formatDay } from "#app/lib/locales.ts";
import { checkPostcode, countryByCode, countryOf } from "#app/modules/shop/shared/postcodes.ts";
import { listPriceLabel } from "#app/modules/shop/shared/shop.ts";

describe("postcodes by country", () => {
  it("takes each country's own postcodes, written in capitals with its space", () => {
    expect(checkPostcode("sw1a1aa", "United Kingdom")).toEqual({ postcode: "SW1A 1AA" });
    expect(checkPostcode(" EC1A  1BB ", "uk")).toEqual({ postcode: "EC1A 1BB" });
    expect(checkPostcode("k1a 0b1", "Canada")).toEqual({ postcode: "K1A 0B1" });
    expect(checkPostcode("1012ab", "The Netherlands")).toEqual({ postcode: "1012 AB" });
    expect(checkPostcode("D02X285", "Ireland")).toEqual({ postcode: "D02 X285" });
    expect(checkPostcode("94105", "USA")).toEqual({ postcode: "94105" });
    expect(checkPostcode("94105-1234", "US")).toEqual({ postcode: "94105-1234" });
    expect(checkPostcode("10115", "Deutschland")).toEqual({ postcode: "10115" });
    expect(checkPostcode("600-8001", "Japan")).toEqual({ postcode: "600-8001" });
  });

  it("refuses a postcode of another country, saying what is expected", () => {
    expect(checkPostcode("SW1A 1AA", "Germany")).toEqual({
      error: "Please enter a valid zip code for Germany, e.g. 10115.",
    });
    expect(checkPostcode("12345", "United Kingdom")).toEqual({
      error: "Please enter a valid zip code for the United Kingdom, e.g. SW1A 1AA.",
    });
    expect(checkPostcode("1012", "nl")).toEqual({
      error: "Please enter a valid zip code for the Netherlands, e.g. 1012 AB.",
    });
  });

  it("checks a country it does not know loosely", () => {
    expect(countryOf("Atlantis")).toBeNull();
    expect(checkPostcode("ab 12", "Atlantis")).toEqual({ postcode: "AB 12" });
    expect(checkPostcode("!!", "Atlantis")).toEqual({ error: "Please enter a valid zip code." });
  });

  it("knows where postcodes are digits only (the spec's numeric field)", () => {
    expect(countryByCode("US").digits).toBe(true);
    expect(countryByCode("IN").digits).toBe(true);
    expect(countryByCode("GB").digits).toBe(false);
    expect(countryByCode("CA").digits).toBe(false);
    expect(countryByCode("NL").digits).toBe(false);
    expect(countryByCode("IE").digits).toBe(false);
    expect(countryByCode("??").code).toBe("US");
  });
});

describe("dates in the shop's locale", () => {
  const ms = Date.UTC(2026, 10, 29, 23, 30);
  it("writes a day the shop's way, in UTC unless a time zone is given", () => {
    expect(formatDate(ms, "en-US")).toBe("Nov 29, 2026");
    expect(formatDate(ms, "en-GB")).toBe("29 Nov 2026");
    expect(formatDate(ms, "de-DE", "long")).toBe("29. November 2026");
    expect(formatDate(ms, "en-GB", "date", "Asia/Kolkata")).toBe("30 Nov 2026");
    expect(formatDay("2026-11-29", "en-GB", "day-month")).toBe("29 Nov");
    expect(formatDate(ms, "xx-nonsense")).toBe("Nov 29, 2026");
  });
});

describe("the list price's label", () => {
  it("is MRP in India only", () => {
    expect(listPriceLabel({ country: "IN" })).toBe("MRP");
    expect(listPriceLabel({ country: "GB" })).toBe("List price");
  });
});

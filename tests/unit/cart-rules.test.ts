import { describe, expect, it } from "vitest";
import { computeTotals, DEFAULT_PRICING } from "#app/lib/money.ts";
import { Refusal } from "#app/lib/refusal.ts";
import { safeRedirect } from "#app/lib/safe-redirect.ts";
import { parseProductId, parseQuantity } from "#app/modules/cart/index.server.ts";

/** Where a cart form sends the shopper back to: its redirectTo when it is a path on this site, else /cart. */
const sameSitePath = (value: unknown, fallback = "/cart") => safeRedirect(value, fallback);

describe("parseQuantity", () => {
  it("accepts whole numbers from 1 to 99, from a form field or JSON", () => {
    expect(parseQuantity("1")).toBe(1);
    expect(parseQuantity(" 42 ")).toBe(42);
    expect(parseQuantity(99)).toBe(99);
  });

  it("refuses zero, negative, fractional, huge and non-numeric quantities", () => {
    for (const bad of [
      0,
      -1,
      1.5,
      100,
      1e9,
      Number.NaN,
      "0",
      "-3",
      "2.5",
      "100",
      "1e1",
      "0x10",
      "",
      "ten",
      null,
      [],
      {},
    ]) {
      expect(() => parseQuantity(bad), String(bad)).toThrow(Refusal);
    }
  });
});

describe("parseProductId", () => {
  it("accepts only ids shaped like the ones we generate", () => {
    expect(parseProductId("abc123xyz")).toBe("abc123xyz");
    for (const bad of ["", "ABC", "a b", "a'--", "../x", "x".repeat(41), 12, null]) {
      expect(() => parseProductId(bad)).toThrow("Invalid product id.");
    }
  });
});

describe("safeRedirect (the cart's redirectTo)", () => {
  it("keeps paths on this site, with their query", () => {
    expect(sameSitePath("/products/men?q=shirt")).toBe("/products/men?q=shirt");
    expect(sameSitePath("/")).toBe("/");
  });

  it("falls back for anything that could leave the site", () => {
    for (const bad of [
      "//evil.example",
      "https://evil.example",
      "/\\evil.example",
      "javascript:x",
      "evil",
      "/a\nb",
      5,
    ]) {
      expect(sameSitePath(bad), String(bad)).toBe("/cart");
    }
    expect(sameSitePath("//x", "/")).toBe("/");
  });
});

describe("cart totals", () => {
  it("sum offer price × quantity per line, then 2% tax rounded down once over the whole cart", () => {
    // Three lines whose per-line tax would round differently from the cart's tax.
    const lines = [
      { unitPriceCents: 149, quantity: 1 },
      { unitPriceCents: 149, quantity: 1 },
      { unitPriceCents: 149, quantity: 1 },
    ];
    const totals = computeTotals(lines, DEFAULT_PRICING);
    expect(totals.subtotalCents).toBe(447);
    expect(totals.taxCents).toBe(8); // 8.94 → 8, not 3 × 2 = 6
    expect(totals.totalCents).toBe(455);
  });

  it("handle the largest cart: 50 lines of 99 units at a high price without losing a cent", () => {
    const lines = Array.from({ length: 50 }, () => ({ unitPriceCents: 999_999, quantity: 99 }));
    const totals = computeTotals(lines, DEFAULT_PRICING);
    expect(totals.subtotalCents).toBe(4_949_995_050);
    expect(totals.taxCents).toBe(98_999_901);
    expect(totals.totalCents).toBe(5_048_994_951);
  });
});

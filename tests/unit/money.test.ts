import { describe, expect, it } from "vitest";
import { computeTotals, formatMoney, parseMoneyToCents } from "#app/lib/money.ts";

describe("computeTotals", () => {
  it("sums offer price × quantity and adds 2% tax rounded down to the cent", () => {
    const totals = computeTotals([
      { unitPriceCents: 1999, quantity: 3 },
      { unitPriceCents: 499, quantity: 1 },
    ]);
    expect(totals).toEqual({
      subtotalCents: 6496,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 129,
      totalCents: 6625,
    });
  });

  it("rounds the tax down, never up", () => {
    // 2% of 149 cents is 2.98 cents.
    expect(computeTotals([{ unitPriceCents: 149, quantity: 1 }]).taxCents).toBe(2);
  });

  it("is zero for an empty cart", () => {
    expect(computeTotals([])).toEqual({
      subtotalCents: 0,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 0,
    });
  });

  it("takes a discount off the subtotal before the tax, never more than the subtotal", () => {
    const lines = [{ unitPriceCents: 1999, quantity: 3 }];
    expect(computeTotals(lines, { discountCents: 597 })).toEqual({
      subtotalCents: 5997,
      discountCents: 597,
      shippingCents: 0,
      taxCents: 108,
      totalCents: 5508,
    });
    expect(computeTotals(lines, { discountCents: 9999 })).toMatchObject({
      discountCents: 5997,
      taxCents: 0,
      totalCents: 0,
    });
    expect(() => computeTotals(lines, { discountCents: -1 })).toThrow(TypeError);
    expect(() => computeTotals(lines, { discountCents: 0.5 })).toThrow(TypeError);
  });

  it("refuses fractional cents or quantities", () => {
    expect(() => computeTotals([{ unitPriceCents: 10.5, quantity: 1 }])).toThrow(TypeError);
    expect(() => computeTotals([{ unitPriceCents: 100, quantity: 1.5 }])).toThrow(TypeError);
  });
});

describe("formatMoney and parseMoneyToCents", () => {
  it("formats cents with the currency symbol", () => {
    expect(formatMoney(1999)).toBe("$19.99");
    expect(formatMoney(5)).toBe("$0.05");
  });

  it("parses decimal amounts to cents exactly", () => {
    expect(parseMoneyToCents("19.99")).toBe(1999);
    expect(parseMoneyToCents("0.1")).toBe(10);
    expect(parseMoneyToCents(12)).toBe(1200);
    expect(parseMoneyToCents(" 7.5 ")).toBe(750);
  });

  it("refuses anything that is not a plain non-negative amount", () => {
    for (const bad of ["", "-1", "1.999", "abc", "1e3", "NaN", "12345678", null, undefined, {}]) {
      expect(parseMoneyToCents(bad)).toBeNull();
    }
  });
});

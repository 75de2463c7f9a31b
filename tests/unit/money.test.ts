import { describe, expect, it } from "vitest";
import {
  computeTotals,
  currencySymbol,
  DEFAULT_PRICING,
  formatMoney,
  formatTaxRate,
  minorUnits,
  moneyHint,
  moneyInputProps,
  type Pricing,
  parseMoney,
  parseMoneyToCents,
  shareOut,
  toDecimal,
  toDecimalText,
  toInputText,
} from "#app/lib/money.ts";

describe("computeTotals", () => {
  it("sums offer price × quantity and adds 2% tax rounded down to the cent (the default shop)", () => {
    const totals = computeTotals(
      [
        { unitPriceCents: 1999, quantity: 3 },
        { unitPriceCents: 499, quantity: 1 },
      ],
      DEFAULT_PRICING,
    );
    expect(totals).toEqual({
      subtotalCents: 6496,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 129,
      taxIncluded: false,
      totalCents: 6625,
      lineDiscountCents: [0, 0],
    });
  });

  it("rounds the tax down, never up", () => {
    // 2% of 149 cents is 2.98 cents.
    expect(computeTotals([{ unitPriceCents: 149, quantity: 1 }], DEFAULT_PRICING).taxCents).toBe(2);
  });

  it("is zero for an empty cart, shipping fee or not", () => {
    const pricing: Pricing = { ...DEFAULT_PRICING, shippingFlatCents: 500 };
    expect(computeTotals([], pricing)).toEqual({
      subtotalCents: 0,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 0,
      taxIncluded: false,
      totalCents: 0,
      lineDiscountCents: [],
    });
  });

  it("takes a discount off the subtotal before the tax, never more than the subtotal", () => {
    const lines = [{ unitPriceCents: 1999, quantity: 3 }];
    expect(computeTotals(lines, DEFAULT_PRICING, { discountCents: 597 })).toEqual({
      subtotalCents: 5997,
      discountCents: 597,
      shippingCents: 0,
      taxCents: 108,
      taxIncluded: false,
      totalCents: 5508,
      lineDiscountCents: [597],
    });
    expect(computeTotals(lines, DEFAULT_PRICING, { discountCents: 9999 })).toMatchObject({
      discountCents: 5997,
      taxCents: 0,
      totalCents: 0,
    });
    expect(() => computeTotals(lines, DEFAULT_PRICING, { discountCents: -1 })).toThrow(TypeError);
    expect(() => computeTotals(lines, DEFAULT_PRICING, { discountCents: 0.5 })).toThrow(TypeError);
  });

  it("refuses fractional cents or quantities", () => {
    expect(() => computeTotals([{ unitPriceCents: 10.5, quantity: 1 }], DEFAULT_PRICING)).toThrow(TypeError);
    expect(() => computeTotals([{ unitPriceCents: 100, quantity: 1.5 }], DEFAULT_PRICING)).toThrow(TypeError);
  });

  it("shows an included tax as the part of the prices it is, and adds nothing for it", () => {
    // 10% included in 11000: 11000 × 10 / 110 = 1000.
    const pricing: Pricing = { ...DEFAULT_PRICING, taxRateBasisPoints: 1000, taxIncluded: true };
    expect(computeTotals([{ unitPriceCents: 5500, quantity: 2 }], pricing)).toEqual({
      subtotalCents: 11000,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 1000,
      taxIncluded: true,
      totalCents: 11000,
      lineDiscountCents: [0],
    });
    // 7.5% included in 999: 999 × 750 / 10750 = 69.69… → 69.
    expect(
      computeTotals([{ unitPriceCents: 999, quantity: 1 }], { ...pricing, taxRateBasisPoints: 750 }).taxCents,
    ).toBe(69);
  });

  it("charges the flat shipping fee below the free-shipping threshold and none from it on", () => {
    const pricing: Pricing = { ...DEFAULT_PRICING, shippingFlatCents: 499, freeShippingFromCents: 5000 };
    const below = computeTotals([{ unitPriceCents: 4999, quantity: 1 }], pricing);
    expect(below).toMatchObject({ subtotalCents: 4999, shippingCents: 499, taxCents: 99, totalCents: 4999 + 499 + 99 });
    const at = computeTotals([{ unitPriceCents: 2500, quantity: 2 }], pricing);
    expect(at).toMatchObject({ subtotalCents: 5000, shippingCents: 0, taxCents: 100, totalCents: 5100 });
    // No threshold: always the fee.
    const always = computeTotals([{ unitPriceCents: 100_000, quantity: 1 }], {
      ...pricing,
      freeShippingFromCents: null,
    });
    expect(always.shippingCents).toBe(499);
  });

  it("works in a zero-decimal currency's units the same way (yen)", () => {
    const pricing: Pricing = {
      taxRateBasisPoints: 1000,
      taxIncluded: true,
      shippingFlatCents: 500,
      freeShippingFromCents: null,
    };
    expect(computeTotals([{ unitPriceCents: 3300, quantity: 1 }], pricing)).toEqual({
      subtotalCents: 3300,
      discountCents: 0,
      shippingCents: 500,
      taxCents: 300,
      taxIncluded: true,
      totalCents: 3800,
      lineDiscountCents: [0],
    });
  });
});

describe("each line's share of the discount", () => {
  it("goes to the lines the code applies to, in proportion, adding up to the discount exactly", () => {
    const lines = [
      { unitPriceCents: 10_000, quantity: 1 },
      { unitPriceCents: 6000, quantity: 1 },
    ];
    const limited = computeTotals(lines, DEFAULT_PRICING, { discountCents: 5000, discountableCents: [10_000, 0] });
    expect(limited.lineDiscountCents).toEqual([5000, 0]);
    expect(computeTotals(lines, DEFAULT_PRICING, { discountCents: 1600 }).lineDiscountCents).toEqual([1000, 600]);
    expect(computeTotals(lines, DEFAULT_PRICING).lineDiscountCents).toEqual([0, 0]);
  });

  it("hands the cents lost in rounding to the lines that lost most, the first on a tie", () => {
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareOut(10, [3, 3, 4])).toEqual([3, 3, 4]);
    expect(shareOut(7, [0, 0])).toEqual([0, 0]);
    for (const [amount, weights] of [
      [999, [333, 1, 7, 12_345]],
      [1, [5, 5]],
    ] as const) {
      expect(shareOut(amount, weights).reduce((a, b) => a + b, 0)).toBe(amount);
    }
  });
});

describe("formatMoney, toDecimal and parseMoney", () => {
  it("formats an amount in its currency's minor units", () => {
    expect(formatMoney(1999, "USD")).toBe("$19.99");
    expect(formatMoney(5, "USD")).toBe("$0.05");
    expect(formatMoney(199900, "USD")).toBe("$1999.00");
    expect(formatMoney(1999, "JPY")).toBe("¥1999");
    expect(formatMoney(1999, "EUR")).toBe("€19.99");
    expect(formatMoney(1999, "INR")).toBe("₹19.99");
  });

  it("knows which currencies have no minor unit", () => {
    expect(minorUnits("USD")).toBe(2);
    expect(minorUnits("JPY")).toBe(0);
    expect(minorUnits("KRW")).toBe(0);
    expect(toDecimal(1999, "USD")).toBe(19.99);
    expect(toDecimal(1999, "JPY")).toBe(1999);
    expect(toDecimalText(4080, "USD")).toBe("40.80");
    expect(toDecimalText(4080, "JPY")).toBe("4080");
  });

  it("parses decimal amounts to minor units exactly", () => {
    expect(parseMoneyToCents("19.99")).toBe(1999);
    expect(parseMoneyToCents("0.1")).toBe(10);
    expect(parseMoneyToCents(12)).toBe(1200);
    expect(parseMoneyToCents(" 7.5 ")).toBe(750);
    expect(parseMoney("1500", "JPY")).toBe(1500);
    expect(parseMoney("4.99", "EUR")).toBe(499);
  });

  it("refuses anything that is not a plain non-negative amount (and decimals in yen)", () => {
    for (const bad of ["", "-1", "1.999", "abc", "1e3", "NaN", "12345678", null, undefined, {}]) {
      expect(parseMoneyToCents(bad)).toBeNull();
    }
    expect(parseMoney("15.5", "JPY")).toBeNull();
  });

  it("writes tax rates as percentages", () => {
    expect(formatTaxRate(200)).toBe("2%");
    expect(formatTaxRate(750)).toBe("7.5%");
    expect(formatTaxRate(1925)).toBe("19.25%");
  });
});

describe("money in the shop's own form (its locale)", () => {
  it("writes amounts as the shop's locale does, in the order's currency", () => {
    expect(formatMoney(490, "EUR", "de-DE")).toBe("4,90\u00a0€");
    expect(formatMoney(149000, "EUR", "fr-FR")).toBe("1490,00\u00a0€");
    expect(formatMoney(490, "GBP", "en-GB")).toBe("£4.90");
    expect(formatMoney(1999, "USD")).toBe("$19.99");
    expect(currencySymbol("EUR", "de-DE")).toBe("€");
    expect(currencySymbol("USD")).toBe("$");
  });

  it("takes a decimal comma or point in every shop, never a thousands separator", () => {
    expect(parseMoney("4,90", "EUR")).toBe(490);
    expect(parseMoney("4,9", "EUR")).toBe(490);
    expect(parseMoney("4.90", "EUR")).toBe(490);
    expect(parseMoney("4,90", "USD")).toBe(490);
    for (const bad of ["4,900", "1.490,00", "1,490.00", "4,", ",90", "4,90,1"])
      expect(parseMoney(bad, "EUR")).toBeNull();
    expect(parseMoney("1,500", "JPY")).toBeNull();
  });

  it("says what a money field expects, with the shop's separator", () => {
    expect(moneyHint("EUR", "de-DE")).toBe(
      "an amount in EUR with a comma before the cents, e.g. 4,90 (no thousands separators)",
    );
    expect(moneyHint("USD", "en-US")).toBe(
      "an amount in USD with a point before the cents, e.g. 4.90 (no thousands separators)",
    );
    expect(moneyHint("JPY", "ja-JP")).toBe("a whole number of JPY (it has no decimals), e.g. 1999");
  });

  it("fills a money field with the shop's separator and keeps the spec's number input where it is a point", () => {
    expect(toInputText(490, "EUR", "de-DE")).toBe("4,90");
    expect(toInputText(490, "EUR", "en-IE")).toBe("4.90");
    expect(toInputText(1500, "JPY", "de-DE")).toBe("1500");
    expect(moneyInputProps("EUR", "de-DE")).toEqual({ type: "text", inputMode: "decimal" });
    expect(moneyInputProps("USD")).toMatchObject({ type: "number", step: "0.01" });
    expect(moneyInputProps("JPY")).toMatchObject({ type: "number", step: "1" });
  });
});

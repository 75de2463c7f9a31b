import { describe, expect, it } from "vitest";
import { discountFor } from "#app/modules/discounts/index.server.ts";
import { discountSchema, normaliseCode } from "#app/modules/discounts/shared/discount-schema.ts";

describe("discountFor", () => {
  it("takes a percent off rounded down to the cent", () => {
    // 15% of $33.33 is $4.9995.
    expect(discountFor({ kind: "percent", value: 15 }, 3333)).toBe(499);
    expect(discountFor({ kind: "percent", value: 100 }, 3333)).toBe(3333);
  });

  it("never takes more than the lines it applies to cost", () => {
    expect(discountFor({ kind: "amount", value: 1000 }, 750)).toBe(750);
    expect(discountFor({ kind: "amount", value: 1000 }, 0)).toBe(0);
    expect(discountFor({ kind: "amount", value: 250 }, 750)).toBe(250);
  });
});

describe("the discount form's rules", () => {
  it("stores codes upper-cased and trimmed, and refuses anything else", () => {
    expect(normaliseCode("  summer-10 ")).toBe("SUMMER-10");
    for (const bad of ["ab", "with space", "x".repeat(33), "é-accent", 12, null]) expect(normaliseCode(bad)).toBeNull();
  });

  it("reads a form into whole numbers and UTC days", () => {
    const parsed = discountSchema.parse({
      code: "spring",
      kind: "amount",
      value: "4.99",
      minSubtotal: "50",
      startsOn: "2026-03-01",
      endsOn: "2026-03-31",
      maxUses: "100",
      maxUsesPerShopper: "",
      categories: ["Men", "Kids"],
      productIds: "abc123, def456\nabc123",
    });
    expect(parsed).toEqual({
      code: "SPRING",
      kind: "amount",
      value: 499,
      minSubtotalCents: 5000,
      startsAt: Date.parse("2026-03-01T00:00:00Z"),
      endsAt: Date.parse("2026-04-01T00:00:00Z") - 1,
      maxUses: 100,
      maxUsesPerShopper: null,
      categories: ["Men", "Kids"],
      productIds: ["abc123", "def456"],
    });
  });

  it("refuses a percent over 100, an end before the start, an unknown category", () => {
    const issues = (input: Record<string, unknown>) =>
      discountSchema
        .safeParse({ code: "OK-CODE", kind: "percent", value: "10", ...input })
        .error?.issues.map((i) => i.message);
    expect(issues({ value: "101" })).toEqual(["A percent off is a whole number from 1 to 100."]);
    expect(issues({ startsOn: "2026-03-02", endsOn: "2026-03-01" })).toEqual([
      "The end date must not be before the start date.",
    ]);
    expect(issues({ categories: ["Toys"] })).toEqual(["Choose categories from the list."]);
    expect(issues({ startsOn: "2026-02-30" })).toEqual(["The start date must be a date (YYYY-MM-DD)."]);
  });
});

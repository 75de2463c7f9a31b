import { describe, expect, it } from "vitest";
import { COUNT_MESSAGE } from "#app/modules/inventory/shared/product-schema.ts";
import { MAX_SIZES } from "#app/modules/inventory/shared/sizes.ts";
import { stockCountsInput, stockCountsSchema } from "#app/modules/inventory/shared/stock-counts-schema.ts";

const parse = (fields: [string, string][]) =>
  stockCountsSchema.safeParse(stockCountsInput(new URLSearchParams(fields)));
const refusalOf = (fields: [string, string][]) => {
  const result = parse(fields);
  return result.success ? null : result.error.issues.map((issue) => [issue.path, issue.message]);
};

describe("the product list's count form schema", () => {
  it("gives the changed counts only, with the count each showed; an empty count is not counted", () => {
    const result = parse([
      ["size", "S"],
      ["count", "12"],
      ["was", "3"],
      ["size", "M"],
      ["count", "-2"],
      ["was", "-2"],
      ["size", "L"],
      ["count", ""],
      ["was", "4"],
    ]);
    expect(result.success && result.data).toEqual([
      { size: "S", stock: 12, was: 3 },
      { size: "L", stock: null, was: 4 },
    ]);
  });

  it("refuses bad values with today's messages, about the whole form, the first one only", () => {
    expect(refusalOf([])).toEqual([[[], "Send a count for each size."]]);
    expect(
      refusalOf([
        ["size", "S"],
        ["count", "1"],
      ]),
    ).toEqual([[[], "Send a count for each size."]]);
    expect(
      refusalOf([
        ["size", "S"],
        ["count", "1"],
        ["was", "0"],
        ["size", "S"],
        ["count", "1"],
      ]),
    ).toEqual([[[], "Send a count for each size."]]);
    // One row more than a product may have, each complete.
    const tooMany = Array.from({ length: MAX_SIZES + 1 }, (_, i): [string, string][] => [
      ["size", `S${i}`],
      ["count", "1"],
      ["was", "0"],
    ]).flat();
    expect(refusalOf(tooMany)).toEqual([[[], "Send a count for each size."]]);
    expect(parse(tooMany.slice(3)).success).toBe(true);
    expect(
      refusalOf([
        ["size", "x".repeat(500)],
        ["count", "1"],
        ["was", "0"],
      ]),
    ).toEqual([[[], "Invalid size."]]);
    for (const bad of ["-3", "1.5", "100001", "ten"]) {
      expect(
        refusalOf([
          ["size", "S"],
          ["count", bad],
          ["was", "0"],
          ["size", "M"],
          ["count", "oops"],
          ["was", "0"],
        ]),
        bad,
      ).toEqual([[[], COUNT_MESSAGE]]);
    }
  });
});

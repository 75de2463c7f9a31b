// The size rows of the seller's product form: the row buttons (a preset, add, remove) work the same with and
// without JavaScript, and the rows are read back from the posted fields in order.
import { describe, expect, it } from "vitest";
import { applySizeAction, sizeRowsOf, withSizeRows } from "#app/modules/inventory/shared/size-rows.ts";
import { MAX_SIZES } from "#app/modules/inventory/shared/sizes.ts";

describe("row buttons", () => {
  it("a preset gives its sizes and keeps the count of a size already typed (any case)", () => {
    const rows = applySizeAction(
      [
        { size: " m ", stock: "7" },
        { size: "Tall", stock: "2" },
      ],
      "preset-clothing",
    );
    expect(rows?.map((r) => r.size)).toEqual(["XS", "S", "M", "L", "XL", "XXL"]);
    expect(rows?.[2]).toEqual({ size: "M", stock: "7" });
    expect(rows?.[0]).toEqual({ size: "XS", stock: "" });
  });

  it("add appends an empty row up to the limit; remove takes out the one row", () => {
    expect(applySizeAction([{ size: "S", stock: "1" }], "add")).toEqual([
      { size: "S", stock: "1" },
      { size: "", stock: "" },
    ]);
    const full = Array.from({ length: MAX_SIZES }, (_, i) => ({ size: `S${i}`, stock: "" }));
    expect(applySizeAction(full, "add")).toHaveLength(MAX_SIZES);
    expect(applySizeAction([{ size: "S" }, { size: "M" }, { size: "L" }], "remove-1")).toEqual([
      { size: "S" },
      { size: "L" },
    ]);
  });

  it("anything else is not a row button (null)", () => {
    for (const action of ["", "preset-toString", "preset-nope", "remove-x", "remove-123", "explode"]) {
      expect(applySizeAction([], action), action).toBeNull();
    }
  });
});

it("reads the posted rows in order, and writes changed rows back without the button", () => {
  const posted: [string, string][] = [
    ["name", "Tee"],
    ["sizes[1].size", "M"],
    ["sizes[0].size", "S"],
    ["sizes[0].stock", "3"],
    ["sizes[1].was", "4"],
    ["sizeAction", "add"],
  ];
  expect(sizeRowsOf(posted)).toEqual([
    { size: "S", stock: "3" },
    { size: "M", was: "4" },
  ]);
  expect(withSizeRows(posted, [{ size: "L", stock: "1" }])).toEqual([
    ["name", "Tee"],
    ["sizes[0].size", "L"],
    ["sizes[0].stock", "1"],
  ]);
});

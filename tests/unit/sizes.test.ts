// Sizes and stock counts: the cart's keys for a line, what shows as low or sold out, and what a size label may be.
import { describe, expect, it } from "vitest";
import {
  cartKey,
  hasSizes,
  isAvailable,
  isLow,
  isSizeLabel,
  isSoldOut,
  LOW_STOCK,
  lineName,
  NO_SIZE,
  splitCartKey,
} from "#app/modules/inventory/shared/sizes.ts";

describe("cart keys", () => {
  it("are the product id without a size and '<id>:<size>' with one, and split back the same", () => {
    expect(cartKey("p1", NO_SIZE)).toBe("p1");
    expect(cartKey("p1", "M")).toBe("p1:M");
    for (const [id, size] of [
      ["p1", NO_SIZE],
      ["p1", "M"],
      ["p1", "UK 10"],
    ] as const) {
      expect(splitCartKey(cartKey(id, size))).toEqual({ productId: id, size });
    }
  });

  it("keep a size that itself holds ':' whole (ids never hold one)", () => {
    expect(splitCartKey("p1:EU 40:41")).toEqual({ productId: "p1", size: "EU 40:41" });
  });
});

describe("stock", () => {
  it("an uncounted line is always available and never low; 0 is sold out, not low", () => {
    expect([isAvailable(null), isLow(null)]).toEqual([true, false]);
    expect([isAvailable(0), isLow(0)]).toEqual([false, false]);
    expect([isAvailable(1), isLow(1)]).toEqual([true, true]);
    expect([isLow(LOW_STOCK), isLow(LOW_STOCK + 1)]).toEqual([true, false]);
  });

  it("a product is sold out only when no line can be bought", () => {
    expect(
      isSoldOut([
        { size: "S", stock: 0 },
        { size: "M", stock: 0 },
      ]),
    ).toBe(true);
    expect(
      isSoldOut([
        { size: "S", stock: 0 },
        { size: "M", stock: 2 },
      ]),
    ).toBe(false);
    expect(isSoldOut([{ size: NO_SIZE, stock: null }])).toBe(false);
  });

  it("tells a product with sizes from the one line of a product without", () => {
    expect(hasSizes([{ size: NO_SIZE, stock: 3 }])).toBe(false);
    expect(hasSizes([{ size: "S", stock: 3 }])).toBe(true);
  });
});

it("names a line the way messages show it", () => {
  expect(lineName("Linen Shirt", "M")).toBe("Linen Shirt, M");
  expect(lineName("Linen Shirt", NO_SIZE)).toBe("Linen Shirt");
});

it("takes a size label trimmed, up to 30 characters, without control characters", () => {
  for (const good of ["", "M", "UK 10", "x".repeat(30)]) expect(isSizeLabel(good), good).toBe(true);
  for (const bad of [" M", "M ", "x".repeat(31), "M\n", "a\u0000b", "\u007f", 5, null]) {
    expect(isSizeLabel(bad), JSON.stringify(bad)).toBe(false);
  }
});

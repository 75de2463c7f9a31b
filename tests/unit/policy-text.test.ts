import { describe, expect, it } from "vitest";
import { policyBlocks } from "#app/components/policy-text.tsx";
import { parseTaxRate, shopSettingsSchema } from "#app/modules/shop/shared/shop-settings-schema.ts";

describe("policyBlocks", () => {
  it("reads paragraphs, lists, numbered lists and headings from plain text", () => {
    const text =
      "## Returns\nWithin **30 days**.\nUnworn.\n\n- Tags on\n- Receipt\n1. Write to us\n2. Send it back\n\nThanks";
    expect(policyBlocks(text)).toEqual([
      { kind: "heading", text: "Returns" },
      { kind: "paragraph", lines: ["Within **30 days**.", "Unworn."] },
      { kind: "list", ordered: false, items: ["Tags on", "Receipt"] },
      { kind: "list", ordered: true, items: ["Write to us", "Send it back"] },
      { kind: "paragraph", lines: ["Thanks"] },
    ]);
  });

  it("keeps markup as text: nothing is HTML", () => {
    expect(policyBlocks('<script>alert("x")</script>')).toEqual([
      { kind: "paragraph", lines: ['<script>alert("x")</script>'] },
    ]);
  });
});

describe("the settings form", () => {
  const form = {
    name: " Kumo ",
    country: "JP",
    locale: "ja-JP",
    currency: "JPY",
    lowStockThreshold: "5",
    returnDays: "",
    taxRate: "10",
    taxIncluded: "yes",
    shippingFlat: "500",
    freeShippingFrom: "",
    address: "1 Road\r\nKyoto\u202e",
  };

  it("reads amounts in the chosen currency and the tax rate in basis points", () => {
    const parsed = shopSettingsSchema.parse(form);
    expect(parsed).toMatchObject({
      name: "Kumo",
      currency: "JPY",
      taxRateBasisPoints: 1000,
      taxIncluded: true,
      shippingFlatCents: 500,
      freeShippingFromCents: null,
      address: "1 Road\nKyoto",
    });
    expect(shopSettingsSchema.parse({ ...form, currency: "EUR", shippingFlat: "4.99" }).shippingFlatCents).toBe(499);
  });

  it("refuses decimals in yen, unknown currencies and rates over 100%", () => {
    expect(shopSettingsSchema.safeParse({ ...form, shippingFlat: "4.99" }).success).toBe(false);
    expect(shopSettingsSchema.safeParse({ ...form, currency: "XXX" }).success).toBe(false);
    expect(parseTaxRate("100.01")).toBeNull();
    expect(parseTaxRate("7.25")).toBe(725);
    expect(parseTaxRate("-1")).toBeNull();
  });
});

// What a page tells search engines and link previews (app/routes/seo.ts), from the page's own facts and the
// store's public address as the root loader gives it.
import { describe, expect, it } from "vitest";
import {
  breadcrumbJsonLd,
  pageMeta,
  productJsonLd,
  sellerMeta,
  shortDescription,
  siteOrigin,
} from "#app/routes/seo.ts";

const ORIGIN = "https://shop.example.com";
const SHOP = { name: "Maison Lumière", currency: "USD" };
const matches = [{ id: "root", loaderData: { origin: ORIGIN, shop: SHOP } }, { id: "routes/products" }];

/** A meta list as { key: content }, keys being title, name=…, property=…, link:rel. */
function byKey(meta: ReturnType<typeof pageMeta>) {
  const out: Record<string, unknown> = {};
  for (const item of meta as Record<string, unknown>[]) {
    if ("title" in item) out.title = item.title;
    else if ("name" in item) out[`name=${item.name}`] = item.content;
    else if ("property" in item) out[`property=${item.property}`] = item.content;
    else if (item.tagName === "link") out[`link:${item.rel}`] = item.href;
  }
  return out;
}

describe("siteOrigin", () => {
  it("reads the root's origin from its loaderData or its data, and nothing else", () => {
    expect(siteOrigin(matches)).toBe(ORIGIN);
    expect(siteOrigin([{ id: "root", data: { origin: ORIGIN } }])).toBe(ORIGIN);
    expect(siteOrigin([])).toBe("");
    expect(siteOrigin([undefined, { id: "routes/home", loaderData: { origin: "https://evil.example" } }])).toBe("");
    expect(siteOrigin([{ id: "root", loaderData: { origin: 42 } }])).toBe("");
    expect(siteOrigin([{ id: "root", loaderData: null }])).toBe("");
  });
});

describe("pageMeta", () => {
  it("names the page, its canonical URL and preview tags on the store's own address", () => {
    const meta = byKey(pageMeta(matches, { title: "Men's Fashion", description: "Shirts.", path: "/products/men" }));
    expect(meta).toEqual({
      title: `Men's Fashion | ${SHOP.name}`,
      "name=description": "Shirts.",
      "link:canonical": `${ORIGIN}/products/men`,
      "property=og:site_name": SHOP.name,
      "property=og:type": "website",
      "property=og:title": `Men's Fashion | ${SHOP.name}`,
      "property=og:description": "Shirts.",
      "property=og:url": `${ORIGIN}/products/men`,
      "property=og:image": `${ORIGIN}/art/hero-1200.webp`,
      "name=twitter:card": "summary_large_image",
    });
  });

  it("keeps a whole title, a product's picture and its alt text, noindex, and each JSON-LD object apart", () => {
    const jsonLd = [{ "@type": "Product" }, { "@type": "BreadcrumbList" }];
    const meta = pageMeta(matches, {
      title: "Maison Lumière: fashion",
      fullTitle: true,
      description: "d",
      path: "/",
      image: "/uploads/a.webp",
      imageAlt: "A linen shirt",
      type: "product",
      noindex: true,
      jsonLd,
    });
    const keyed = byKey(meta);
    expect(keyed.title).toBe("Maison Lumière: fashion");
    expect(keyed["property=og:type"]).toBe("product");
    expect(keyed["property=og:image"]).toBe(`${ORIGIN}/uploads/a.webp`);
    expect(keyed["property=og:image:alt"]).toBe("A linen shirt");
    expect(keyed["name=robots"]).toBe("noindex");
    expect(meta.filter((item) => "script:ld+json" in item)).toEqual(
      jsonLd.map((value) => ({ "script:ld+json": value })),
    );
  });

  it("without an origin the URLs are paths on this site, never another host", () => {
    const meta = byKey(pageMeta([], { title: "T", description: "d", path: "/deals" }));
    expect(meta["link:canonical"]).toBe("/deals");
    expect(meta["property=og:image"]).toBe("/art/hero-1200.webp");
  });
});

describe("sellerMeta", () => {
  it("names a seller page and keeps it out of search results", () => {
    expect(byKey(sellerMeta("Orders", matches))).toEqual({
      title: `Orders | ${SHOP.name} Seller`,
      "name=description": `The ${SHOP.name} seller area: products, stock and orders.`,
      "name=robots": "noindex",
    });
  });
});

describe("shortDescription", () => {
  it("keeps a short text, with its runs of white space made one space", () => {
    expect(shortDescription("  Soft\n\nlinen \t shirt ")).toBe("Soft linen shirt");
    expect(shortDescription("")).toBe("");
    expect(shortDescription("x".repeat(160))).toBe("x".repeat(160));
  });

  it("cuts a long one at a word, at most 160 characters with the ellipsis", () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(" ");
    const cut = shortDescription(words);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith("…")).toBe(true);
    expect(words.startsWith(cut.slice(0, -1))).toBe(true);
    expect(words[cut.length - 1]).toBe(" ");
  });

  it("cuts one long word where it must", () => {
    const cut = shortDescription("y".repeat(400));
    expect(cut).toBe(`${"y".repeat(157)}…`);
  });
});

describe("schema.org JSON-LD", () => {
  const product = {
    id: "p1",
    name: "Linen Shirt",
    description: ["Soft.", "Cool."],
    images: ["/uploads/a.webp", "/uploads/b.webp"],
    categoryLabel: "Men's Fashion",
    path: "/products/men/p1",
  };

  it("a product with an offer per size: price in dollars, availability, no invented reviews", () => {
    const ld = productJsonLd(ORIGIN, SHOP, product, [
      { sku: "p1-S", label: "S", priceCents: 1999, available: true },
      { sku: "p1-M", label: "M", priceCents: 100000, available: false },
    ]) as Record<string, unknown> & { offers: Record<string, unknown>[] };
    expect(ld).toMatchObject({
      "@type": "Product",
      "@id": `${ORIGIN}/products/men/p1`,
      description: "Soft. Cool.",
      sku: "p1",
      category: "Men's Fashion",
      image: [`${ORIGIN}/uploads/a.webp`, `${ORIGIN}/uploads/b.webp`],
    });
    expect(ld.offers.map((o) => [o.sku, o.name, o.price, o.availability])).toEqual([
      ["p1-S", "Linen Shirt, S", "19.99", "https://schema.org/InStock"],
      ["p1-M", "Linen Shirt, M", "1000.00", "https://schema.org/OutOfStock"],
    ]);
    expect(ld).not.toHaveProperty("aggregateRating");
    expect(ld).not.toHaveProperty("review");
    // A product without sizes: one offer, named as the product.
    const single = productJsonLd(ORIGIN, SHOP, product, [{ sku: "p1", priceCents: 5, available: true }]) as {
      offers: Record<string, unknown>[];
    };
    expect(single.offers).toHaveLength(1);
    expect(single.offers[0]).not.toHaveProperty("name");
    expect(single.offers[0]!.price).toBe("0.05");
  });

  it("breadcrumbs are numbered from 1 and point at the store's own address", () => {
    expect(
      breadcrumbJsonLd(ORIGIN, [
        { name: "Home", path: "/" },
        { name: "Men", path: "/products/men" },
      ]),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${ORIGIN}/` },
        { "@type": "ListItem", position: 2, name: "Men", item: `${ORIGIN}/products/men` },
      ],
    });
  });
});

// What search engines and link previews read: robots.txt, the streamed sitemap, and each page's title,
// description, canonical URL, Open Graph and Twitter tags and schema.org JSON-LD (through the production build's
// request handler), on the request's origin; with PUBLIC_URL through `node build/server-entry.js` started with it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "#app/lib/db.server.ts";
import { newId } from "#app/lib/ids.ts";
import { sitemapProducts } from "#app/modules/catalog/index.server.ts";
import { products } from "#db/tables.ts";
import { type App, type Client, startApp } from "../helpers/app.ts";
import { createProduct } from "../helpers/factories.ts";
import { startProductionServer } from "../helpers/production-server.ts";

let app: App;
let visitor: Client;
beforeAll(async () => {
  app = await startApp();
  visitor = app.client();
});
afterAll(() => app.close());
beforeEach(async () => {
  await db().delete(products);
});

/** Text as written in HTML, back to what it says. */
const htmlText = (text: string | undefined) =>
  text
    ?.replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&");

/** The title, a <meta>'s content (by name or property), the canonical link and the JSON-LD of a page. */
function head(html: string) {
  const meta = (key: string) =>
    htmlText(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1]);
  const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
  const title = htmlText(/<title>([^<]*)<\/title>/.exec(html)?.[1]);
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
  return { meta, canonical, title, jsonLd };
}

describe("robots.txt", () => {
  it("keeps crawlers out of the personal, seller, payment and API paths and names the sitemap", async () => {
    const answer = await visitor.get("/robots.txt");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const lines = answer.text.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    for (const path of [
      "/seller",
      "/cart",
      "/saved",
      "/my-orders",
      "/add-address",
      "/loader",
      "/stripe-sandbox",
      "/api",
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain("Disallow: /");
    expect(lines).toContain("Sitemap: http://localhost/sitemap.xml");
    // It names the origin asked for: no shared cache may keep it for others.
    expect(answer.headers["cache-control"]).toBe("no-cache");
  });

  it("names the sitemap on PUBLIC_URL when it is set, and so does the sitemap; both may then be shared", async () => {
    const shirt = await createProduct({ category: "Men" });
    const server = await startProductionServer({ PUBLIC_URL: "https://shop.example.com" });
    try {
      const robots = await fetch(`${server.origin}/robots.txt`);
      expect(await robots.text()).toContain("Sitemap: https://shop.example.com/sitemap.xml");
      expect(robots.headers.get("Cache-Control")).toBe("public, max-age=3600");
      const sitemap = await fetch(`${server.origin}/sitemap.xml`);
      expect(sitemap.headers.get("Cache-Control")).toBe("public, max-age=3600");
      expect(await sitemap.text()).toContain(`<loc>https://shop.example.com/products/men/${shirt.id}</loc>`);
    } finally {
      await server.stop();
    }
  });
});

describe("sitemap.xml", () => {
  it("lists the shop's pages, every category and every product in stock, and nothing else", async () => {
    const shirt = await createProduct({ category: "Men", createdAt: Date.UTC(2026, 0, 5) });
    const dress = await createProduct({ category: "Women" });
    const soldOut = await createProduct({ inStock: false });
    const removed = await createProduct({ removedAt: Date.now() });
    const answer = await visitor.get("/sitemap.xml");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(answer.headers["cache-control"]).toBe("no-cache");
    expect(answer.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(answer.text.trimEnd().endsWith("</urlset>")).toBe(true);
    const locs = [...answer.text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    for (const path of ["/", "/products", "/contact"]) expect(locs).toContain(`http://localhost${path}`);
    // A shop that is not the demo has no offers: its /deals is not worth a search engine's visit (issue 30).
    expect(locs).not.toContain("http://localhost/deals");
    for (const slug of ["men", "women", "footwear", "accessories", "kids", "ethnic", "winter"]) {
      expect(locs).toContain(`http://localhost/products/${slug}`);
    }
    expect(locs).toContain(`http://localhost/products/men/${shirt.id}`);
    expect(locs).toContain(`http://localhost/products/women/${dress.id}`);
    expect(answer.text).toContain(`<loc>http://localhost/products/men/${shirt.id}</loc><lastmod>2026-01-05</lastmod>`);
    expect(answer.text).not.toContain(soldOut.id);
    expect(answer.text).not.toContain(removed.id);
    expect(locs).toHaveLength(3 + 7 + 2);
  });

  it("reads the catalogue in pages by id, each once, and streams them: 2,500 products in 3 reads", async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => ({
      id: newId(),
      name: `Bulk Tee ${i}`,
      category: "Men",
      description: [],
      priceCents: 1000,
      offerPriceCents: 900,
      images: [],
      inStock: true,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await db()
        .insert(products)
        .values(rows.slice(i, i + 500));
    const first = await sitemapProducts(null, 1000);
    const second = await sitemapProducts(first.at(-1)!.id, 1000);
    expect(first).toHaveLength(1000);
    expect(second[0]!.id > first.at(-1)!.id).toBe(true);

    const response = await app.fetch(new Request("http://localhost/sitemap.xml"));
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const chunks: string[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      chunks.push(new TextDecoder().decode(read.value));
    }
    // The head, then one chunk per page of products (the last one closing the list).
    expect(chunks).toHaveLength(4);
    const text = chunks.join("");
    const productLocs = text.match(/<loc>http:\/\/localhost\/products\/men\/[0-9a-z]+<\/loc>/g) ?? [];
    expect(productLocs).toHaveLength(2500);
    expect(new Set(productLocs).size).toBe(2500);
  });
});

describe("page heads", () => {
  it("a product page: title, description, canonical, Open Graph with its picture (X reads it), Product and BreadcrumbList JSON-LD", async () => {
    const product = await createProduct({
      name: "Linen Shirt <Summer>",
      category: "Men",
      description: ["Pure linen", "Relaxed fit"],
      priceCents: 4999,
      offerPriceCents: 3999,
      images: ["/uploads/linen-front.webp", "/uploads/linen-back.webp"],
    });
    const url = `http://localhost/products/men/${product.id}`;
    const page = await visitor.get(`/products/men/${product.id}?image=2&login`);
    const { meta, canonical, title, jsonLd } = head(page.text);
    expect(title).toBe("Linen Shirt <Summer> | Online Shop");
    expect(page.text).toContain("<title>Linen Shirt &lt;Summer&gt; | Online Shop</title>");
    expect(meta("description")).toBe("Linen Shirt <Summer> (Men's Fashion), $39.99. Pure linen. Relaxed fit");
    expect(canonical).toBe(url);
    expect(meta("og:type")).toBe("product");
    expect(meta("og:url")).toBe(url);
    expect(meta("og:image")).toBe("http://localhost/uploads/linen-front.webp");
    expect(meta("twitter:card")).toBe("summary_large_image");
    // X takes the title, description and picture from the og: tags: none of them is sent twice.
    expect(meta("twitter:image")).toBeUndefined();
    expect(meta("robots")).toBeUndefined();
    // JSON-LD is escaped so that no text can close the script element.
    expect(page.text).not.toContain("<Summer>");
    const [item, crumbs] = jsonLd;
    expect(item).toMatchObject({
      "@type": "Product",
      name: "Linen Shirt <Summer>",
      sku: product.id,
      image: ["http://localhost/uploads/linen-front.webp", "http://localhost/uploads/linen-back.webp"],
      offers: [
        {
          "@type": "Offer",
          price: "39.99",
          priceCurrency: "USD",
          availability: "https://schema.org/InStock",
          url,
        },
      ],
    });
    expect(item).not.toHaveProperty("aggregateRating");
    expect(crumbs).toMatchObject({
      "@type": "BreadcrumbList",
      itemListElement: [
        { position: 1, name: "Home", item: "http://localhost/" },
        { position: 2, name: "Products", item: "http://localhost/products" },
        { position: 3, name: "Men's Fashion", item: "http://localhost/products/men" },
        { position: 4, name: "Linen Shirt <Summer>", item: url },
      ],
    });

    await db().update(products).set({ inStock: false });
    const soldOut = head((await visitor.get(`/products/men/${product.id}`)).text).jsonLd[0] as {
      offers: { availability: string }[];
    };
    expect(soldOut.offers[0]!.availability).toBe("https://schema.org/OutOfStock");
  });

  it("every page of the route table has its own title and description; personal pages are not indexed", async () => {
    const seen = new Set<string>();
    for (const [path, canonical, indexed] of [
      ["/", "/", true],
      ["/products?q=shirt", "/products", false],
      ["/products/women", "/products/women", true],
      ["/deals?all=1", "/deals", true],
      ["/contact", "/contact", true],
      ["/cart", "/cart", false],
      ["/saved", "/saved", false],
      ["/loader?next=products", "/loader", false],
      ["/seller-login", "/seller-login", false],
      ["/login", "/login", false],
    ] as const) {
      const { meta, canonical: href, title } = head((await visitor.get(path)).text);
      expect(title, path).toBeTruthy();
      expect(seen.has(title!), `${path}: ${title} is another page's title`).toBe(false);
      seen.add(title!);
      expect(meta("description")!.length, path).toBeGreaterThan(20);
      expect(href, path).toBe(`http://localhost${canonical}`);
      expect(meta("og:title"), path).toBe(title);
      expect(meta("robots"), path).toBe(indexed ? undefined : "noindex");
    }
    const missing = head((await visitor.get("/no-such-page")).text);
    expect(missing.title).toBe("Page not found | Online Shop");
    expect(missing.meta("robots")).toBe("noindex");
  });
});

// Smaller pages (issue 22, point 3): the uncompressed HTML of /products, 24 cards of the demo catalogue, for a
// visitor and for a signed-in shopper with a cart, through the production handler. A size is not a timing: the
// same build and data give the same bytes on any machine.
//
// The goal is 50 KB (decisions 0145, 0161, 0165: 78.6 KB → 64.3 KB → under 50 KB signed in), held here so that
// no change makes the page bigger unnoticed.
//
// PAGE_SIZES=1 prints every page's size and what it is made of (head, sprite, header, main, footer,
// React Router's manifest, route modules and hydration data): the figures of decisions 0161 and 0165
// (PAGE_DUMP=<folder> writes each page there too).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/lib/db.server.ts";
import { productPath } from "#app/lib/product-links.ts";
import { seedDemoCatalogue } from "#db/seed.ts";
import { cartItems, productSizes, products } from "#db/tables.ts";
import { type App, dataPath, startApp, submit } from "../helpers/app.ts";
import { createUser, signedInCookie } from "../helpers/shopper.ts";

/** Issue 22's goal: under 50 KB, read as 50,000 bytes (the stricter of its two readings). */
const LIMIT = 50_000;

let site: App;
let shopperCookie: string;
let productPage: string;

beforeAll(async () => {
  await seedDemoCatalogue();
  site = await startApp();
  const user = await createUser({ name: "Amelia Hart" });
  shopperCookie = await signedInCookie(user.id);
  const all = await db().select({ id: products.id, category: products.category }).from(products);
  productPage = productPath(all[0]!);
  // A cart of three products (no size to choose), as a shopper about to buy has.
  const client = site.client();
  client.cookie = shopperCookie;
  const sizeless = await db().select({ id: products.id }).from(products);
  let added = 0;
  for (const { id } of sizeless) {
    const done = await submit(client, "/cart", { intent: "add", productId: id });
    if (done.status === 303 || done.status === 200 || done.status === 204) added++;
    if (added === 3) break;
  }
  // The page the adds redirect to shows their three toasts and clears them: the pages measured are a shopper's
  // usual ones, without a message waiting.
  const shown = await client.get("/");
  expect(shown.text.match(/Added to Cart/g)?.length).toBeGreaterThan(0);
  shopperCookie = client.cookie;
  expect((await page("/", shopperCookie)).includes("Added to Cart")).toBe(false);
}, 120_000);

const bytes = (text: string) => Buffer.byteLength(text, "utf8");

/** The parts of a page by where they are (what is left of the body is `rest`). */
function breakdown(html: string) {
  const part = (pattern: RegExp) => html.match(pattern)?.[0] ?? "";
  const all = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[0]).join("");
  const parts = {
    head: part(/<head>[\s\S]*?<\/head>/),
    sprite: part(/<svg[^>]*aria-hidden[^>]*>[\s\S]*?<\/svg>/),
    header: part(/<header[\s\S]*?<\/header>/),
    main: part(/<main[\s\S]*?<\/main>/),
    cards: part(/<ul class="cards[\s\S]*?<\/ul>/),
    footer: part(/<footer[\s\S]*?<\/footer>/),
    manifest: part(/window\.__reactRouterManifest\s*=[\s\S]*?;<\/script>/),
    hydration: all(/streamController\.enqueue\([\s\S]*?\);/g),
    scripts: all(/<script[\s\S]*?<\/script>/g),
  };
  const sizes = Object.fromEntries(Object.entries(parts).map(([name, text]) => [name, bytes(text)]));
  return { total: bytes(html), ...sizes };
}

async function page(pathAndQuery: string, cookie = "") {
  const client = site.client();
  client.cookie = cookie;
  const answer = await client.get(pathAndQuery);
  expect(answer.status, pathAndQuery).toBe(200);
  return answer.text;
}

describe("the uncompressed HTML of a page", () => {
  it("of /products (24 cards of the demo catalogue) is under 50 KB, signed out and signed in", async () => {
    const signedOut = await page("/products");
    const signedIn = await page("/products", shopperCookie);
    expect(signedOut.match(/<article class="card">/g)).toHaveLength(24);
    expect(signedIn.match(/<article class="card">/g)).toHaveLength(24);
    expect(signedIn).toContain("Amelia Hart");
    expect(bytes(signedOut)).toBeLessThan(LIMIT);
    expect(bytes(signedIn)).toBeLessThan(LIMIT);
  });

  it("of the cart, 20 lines: each line under 1.7 KB (decision 0195: it was 2.9 KB), its data only what a line shows", async () => {
    const user = await createUser({ name: "Cart Twenty" });
    const cookie = await signedInCookie(user.id);
    // The first 20 products, each in its first size (or none), as /api/cart/update would save them.
    const sized = await db()
      .select({ id: products.id, size: productSizes.size })
      .from(products)
      .leftJoin(productSizes, eq(productSizes.productId, products.id));
    const lines = [...new Map(sized.map((row) => [row.id, row.size ?? ""])).entries()].slice(0, 20);
    expect(lines).toHaveLength(20);
    await db()
      .insert(cartItems)
      .values(lines.map(([productId, size]) => ({ userId: user.id, productId, size, quantity: 1 })));
    const html = await page("/cart", cookie);
    const rows = html.split('<li class="cart-line"').slice(1);
    expect(rows).toHaveLength(20);
    // The last line's chunk runs to the end of the page: cut it at its list's end.
    rows[19] = rows[19]!.slice(0, rows[19]!.indexOf("</ul>"));
    for (const row of rows) expect(bytes(row)).toBeLessThan(1700);
    // The page's data carries what a line shows, not its prices again (the line's amount is in the HTML), once:
    // in the page's island, not also in React Router's hydration data (decision 0205).
    const island = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(island).toContain("lineCents");
    expect(island).not.toContain("unitPriceCents");
    const data = html.match(/streamController\.enqueue\([\s\S]*?\);/g)?.join("") ?? "";
    expect(data).not.toContain("lineCents");
  });

  it.runIf(process.env.PAGE_SIZES)("prints every page's size and its parts", async () => {
    const rows: Record<string, unknown>[] = [];
    const pages = {
      home: "/",
      products: "/products",
      product: productPage,
      search: "/products?q=shirt",
      cart: "/cart",
    };
    for (const [name, path] of Object.entries(pages)) {
      for (const [who, cookie] of [
        ["visitor", ""],
        ["signed in", shopperCookie],
      ] as const) {
        const html = await page(path, cookie);
        if (process.env.PAGE_DUMP) {
          const { writeFileSync } = await import("node:fs");
          writeFileSync(`${process.env.PAGE_DUMP}/${name}-${who === "visitor" ? "visitor" : "user"}.html`, html);
        }
        rows.push({ page: name, who, ...breakdown(html) });
      }
      const client = site.client();
      client.cookie = shopperCookie;
      const data = await client.get(dataPath(path));
      rows.push({ page: name, who: "signed in, .data", total: bytes(data.text) });
    }
    console.table(rows);
  });
});

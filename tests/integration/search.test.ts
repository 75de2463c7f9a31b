// Product search through the FTS5 trigram index (app/modules/catalog/sqlite-search.server.ts): on a sample catalogue of
// names in many letter cases and alphabets, every search finds exactly the products the rule in JavaScript finds
// (matchesSearch of app/modules/catalog/search-terms.ts on the folded name), in the same order; the index follows every insert, rename and delete; one- and
// two-character searches look through the newest SHORT_QUERY_SCAN products only.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#app/lib/db.server.ts";
import { listProducts, normalizeSearch } from "#app/modules/catalog/index.server.ts";
import { isIndexed, matchesSearch, searchTerms } from "#app/modules/catalog/search-terms.ts";
import { foldForSearch, SHORT_QUERY_SCAN } from "#app/modules/catalog/sqlite-search.server.ts";
import { productSizes, products } from "#db/tables.ts";
import { seededRandom } from "../../bench/catalogue.ts";
import { createProduct } from "../helpers/factories.ts";

let clock = 1_700_000_000_000;
async function product(name: string, overrides: Parameters<typeof createProduct>[0] = {}) {
  clock += 60_000;
  return await createProduct({ name, createdAt: clock, ...overrides });
}

/** Every name the search finds, through all the pages of the list. */
async function searched(q: string, query: Parameters<typeof listProducts>[0] = {}) {
  const found: string[] = [];
  for (let page = 1; ; page++) {
    const list = await listProducts({ ...query, q, page, pageSize: 10 });
    found.push(...list.products.map((p) => p.name));
    if (page >= list.pageCount) return { found, total: list.total };
  }
}

beforeEach(async () => {
  await db().delete(productSizes);
  await db().delete(products);
});

// Words in several alphabets and letter cases, accents, compatibility forms (full-width letters, ligatures),
// and characters that mean something to SQL or FTS5 queries.
const WORDS = [
  "Shirt",
  "SHIRT",
  "t-shirt",
  "Café",
  "CAFÉ",
  "crème",
  "Écharpe",
  "ÉTÉ",
  "straße",
  "STRASSE",
  "İstanbul",
  "Ελληνικό",
  "ΕΛΛΗΝΙΚΌ",
  "Русский",
  "РУССКИЙ",
  "日本語",
  "한국어",
  "Ｓｈｉｒｔ",
  "ﬁne",
  "naïve",
  "NAÏVE",
  "100%",
  "under_score",
  `"quoted"`,
  "it's",
  "AND",
  "OR",
  "NEAR",
  "col:umn",
  "star*",
  "(paren)",
  "back\\slash",
  "emoji👗",
  "Ǆemal",
  "ǆemal",
];

describe("search through the index", () => {
  it("finds exactly what the rule finds on the folded names, in the same order", async () => {
    const random = seededRandom(11);
    const names: string[] = [];
    for (let i = 0; i < 300; i++) {
      const name = Array.from({ length: random.between(1, 4) }, () => random.pick(WORDS)).join(" ");
      names.push(name);
      await product(name, { inStock: random.next() > 0.1 });
    }
    const listed = (
      await db().select({ name: products.name, inStock: products.inStock, seq: products.seq }).from(products)
    )
      .filter((p) => p.inStock)
      .sort((a, b) => b.seq! - a.seq!);
    // Every word, pieces of words and of names (3 characters and more: the index answers those).
    const queries = new Set<string>();
    for (const word of WORDS) queries.add(word).add(word.toUpperCase()).add(word.toLowerCase());
    for (const name of names.slice(0, 60)) {
      const start = random.between(0, Math.max(0, name.length - 3));
      queries.add(name.slice(start, start + random.between(3, 12)));
    }
    queries.add("no such thing at all");
    // Control characters are left out of a search (a NUL would end FTS5's query string).
    expect((await searched("Shi\u0000rt\n")).found).toEqual((await searched("Shirt")).found);
    let checked = 0;
    for (const q of queries) {
      const folded = normalizeSearch(q);
      const terms = searchTerms(folded);
      if (!terms.some(isIndexed)) continue;
      const expected = listed.filter((p) => matchesSearch(foldForSearch(p.name), terms)).map((p) => p.name);
      const { found, total } = await searched(q);
      expect(found, q).toEqual(expected);
      expect(total, q).toBe(expected.length);
      checked++;
    }
    expect(checked).toBeGreaterThan(80);
    // Any case, any alphabet: these find their products in any letter case.
    expect((await searched("café")).found.length).toBeGreaterThan(0);
    expect((await searched("ελληνικό")).found).toEqual((await searched("ΕΛΛΗΝΙΚΌ")).found);
    expect((await searched("shirt")).found).toEqual((await searched("ＳＨＩＲＴ")).found);
  });

  it("follows every new product, rename, stock change and removal", async () => {
    const tee = await product("Linen Tee");
    expect((await searched("linen")).found).toEqual(["Linen Tee"]);
    await db().update(products).set({ name: "Cotton Tee" }).where(eq(products.id, tee.id));
    expect((await searched("linen")).found).toEqual([]);
    expect((await searched("cotton")).found).toEqual(["Cotton Tee"]);
    await db().update(products).set({ inStock: false }).where(eq(products.id, tee.id));
    expect((await searched("cotton")).found).toEqual([]);
    await db().update(products).set({ inStock: true, removedAt: Date.now() }).where(eq(products.id, tee.id));
    expect((await searched("cotton")).found).toEqual([]);
    await db().delete(productSizes).where(eq(productSizes.productId, tee.id));
    await db().delete(products).where(eq(products.id, tee.id));
    const rows = db().$client.prepare("SELECT count(*) AS n FROM products_search WHERE products_search MATCH ?");
    expect(rows.get('"cotton"')).toEqual({ n: 0 });
  });

  it("sorts matches by price and pages them, and keeps to a category", async () => {
    for (const [i, price] of [700, 300, 500, 300].entries()) {
      await product(`Wool Scarf ${i}`, {
        offerPriceCents: price,
        priceCents: 900,
        category: i === 2 ? "Women" : "Men",
      });
    }
    await product("Wool Cap", { offerPriceCents: 100, priceCents: 900, category: "Accessories" });
    const byPrice = await searched("wool scarf", { sort: "price-asc" });
    expect(byPrice.found).toEqual(["Wool Scarf 1", "Wool Scarf 3", "Wool Scarf 2", "Wool Scarf 0"]);
    expect((await searched("wool scarf", { sort: "price-desc" })).found).toEqual([
      "Wool Scarf 0",
      "Wool Scarf 2",
      "Wool Scarf 3",
      "Wool Scarf 1",
    ]);
    expect((await searched("wool", { category: "Men" })).found).toEqual([
      "Wool Scarf 3",
      "Wool Scarf 1",
      "Wool Scarf 0",
    ]);
  });
});

describe("one- and two-character searches", () => {
  it("look through the newest products only, by the same rule", { timeout: 120_000 }, async () => {
    await product("Old zq Shirt");
    for (let i = 0; i < SHORT_QUERY_SCAN; i++) {
      clock += 1000;
      await createProduct({ name: i === SHORT_QUERY_SCAN - 1 ? "New zq Shirt" : `Filler ${i}`, createdAt: clock });
    }
    expect((await searched("zq")).found).toEqual(["New zq Shirt"]);
    expect((await searched("ZQ")).found).toEqual(["New zq Shirt"]);
    // Three characters go through the index: every product. Without a word of 3 characters, the text as typed.
    expect((await searched("zq s")).found).toEqual(["New zq Shirt", "Old zq Shirt"]);
    // A short word beside a longer one is looked for among every product the longer one finds.
    expect((await searched("shirts zq")).found).toEqual(["New zq Shirt", "Old zq Shirt"]);
    // A short search is still any case and literal.
    await product("Tee_1 %");
    expect((await searched("_1")).found).toEqual(["Tee_1 %"]);
    expect((await searched("%")).found).toEqual(["Tee_1 %"]);
  });
});

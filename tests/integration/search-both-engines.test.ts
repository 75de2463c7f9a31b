// Product search gives exactly the same products, in the same order, on SQLite (FTS5 trigram index,
// app/modules/catalog/sqlite-search.server.ts) and on PostgreSQL (pg_trgm on a folded column, app/modules/catalog/pg-search.server.ts):
// one fixture loaded into both, names in several alphabets, and every query checked against both engines and
// against the rule written in JavaScript (matchesSearch of app/modules/catalog/search-terms.ts: every word of the folded
// search, as written or in its other English number, is in the folded name; a search without a word of 3
// characters or more only among the newest SHORT_QUERY_SCAN products).
import path from "node:path";
import { and, asc, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/lib/db.server.ts";
import { closePostgres, connectPostgres, migratePostgres, type PgDb } from "#app/lib/db-postgres.server.ts";
import * as pgSearch from "#app/modules/catalog/pg-search.server.ts";
import { isIndexed, matchesSearch, searchTerms } from "#app/modules/catalog/search-terms.ts";
import * as sqliteSearch from "#app/modules/catalog/sqlite-search.server.ts";
import { foldForSearch, SHORT_QUERY_SCAN } from "#app/modules/catalog/sqlite-search.server.ts";
import * as pgSchema from "#db/schema.pg.ts";
import * as sqliteSchema from "#db/schema.ts";
import { postgresForFile } from "../helpers/postgres.ts";

const postgres = postgresForFile();

/** Names that test the folding: accents, Cyrillic, Greek (final sigma), CJK, kana (half-width), Devanagari (nukta), full-width Latin, ligatures, Turkish İ, LIKE's own characters. */
const SPECIAL_NAMES = [
  "Qz vintage scarf", // the oldest product: a 2-character search for "qz" must not reach it
  "Café Linen Shirt",
  "CAFÉ CRÈME Blazer",
  "cafe racer jacket",
  "Cafe\u0301 au lait tee", // e + combining acute: NFKC makes it é
  "Платье летнее",
  "ПЛАТЬЕ ВЕЧЕРНЕЕ",
  "платок шёлковый",
  "ΟΔΟΣ φόρεμα",
  "Οδός T-shirt",
  "οδοσ hoodie",
  "ΣΙΣΥΦΟΣ coat",
  "夏季连衣裙",
  "连衣裙 冬季",
  "ワンピース 夏",
  "ﾜﾝﾋﾟｰｽ ｾｰﾙ",
  "कुर्ता सूती",
  "सा\u095Cी रेशमी", // ड़ as one code point (U+095C)
  "सा\u0921\u093Cी सूती", // ड + nukta (U+0921 U+093C)
  "ＴＳＨＩＲＴ ｗｉｄｅ",
  "tshirt slim",
  "ﬁne knit",
  "İSTANBUL bag",
  "istanbul scarf",
  "STRAẞE sneakers",
  "Straße boots",
  "100% Cotton tee",
  "100 Cotton polo",
  "snake_case cap",
  "snakeXcase cap",
  "back\\slash belt",
  "Canvas Sneaker",
  "Summer Dresses",
  "Running Shoe",
  "Slim JEANS",
  "Wool Scarves",
  "Women's Berry Tee",
  "Qz new arrival",
];
const FILLER_WORDS = ["Linen", "Льняная", "Λινό", "亚麻", "लिनन", "Ｗｏｏｌ", "Denim"];
const FILLER_KINDS = ["shirt", "рубашка", "πουκάμισο", "衬衫", "कमीज़", "ｐａｎｔｓ", "jacket"];
const CATEGORIES = ["Men", "Women", "Kids", "Footwear"];

type Fixture = {
  id: string;
  name: string;
  category: string;
  priceCents: number;
  offerPriceCents: number;
  inStock: boolean;
  removedAt: number | null;
  createdAt: number;
};

/** 2,300 products (more than SHORT_QUERY_SCAN), the special names spread from the oldest to the newest. */
function fixture(): Fixture[] {
  const count = SHORT_QUERY_SCAN + 300;
  const special = new Map(
    SPECIAL_NAMES.map((name, i) => [Math.round((i * (count - 1)) / (SPECIAL_NAMES.length - 1)), name]),
  );
  const start = 1_790_000_000_000;
  return Array.from({ length: count }, (_, i) => {
    const offer = 500 + ((i * 7919) % 40) * 100; // many equal prices: the tie-break matters
    return {
      id: `p${String(i).padStart(5, "0")}`,
      name:
        special.get(i) ??
        `${FILLER_WORDS[i % FILLER_WORDS.length]} ${FILLER_KINDS[(i * 3) % FILLER_KINDS.length]} ${i}`,
      category: CATEGORIES[i % CATEGORIES.length]!,
      priceCents: offer + 1000,
      offerPriceCents: offer,
      inStock: i % 11 !== 0,
      removedAt: i % 13 === 0 ? start + i : null,
      // Every 50th product shares its millisecond with the one before: both engines rank them the same way.
      createdAt: start + i * 10 - (i % 50 === 1 ? 10 : 0),
    };
  });
}

const QUERIES = [
  "café",
  "CAFÉ",
  "Cafe\u0301",
  "cafe",
  "caf",
  "платье",
  "ПЛАТ",
  "пла",
  "οδος",
  "ΟΔΟΣ",
  "οδοσ",
  "σισυφος",
  "夏季",
  "连衣裙",
  "冬季",
  "ワンピ",
  "ﾜﾝﾋﾟ",
  "कुर्",
  "सा\u095Cी",
  "सा\u0921\u093Cी",
  "ｔｓｈｉｒｔ",
  "tshirt",
  "fine",
  "ﬁ",
  "İstanbul",
  "istanbul",
  "strasse",
  "straße",
  "100%",
  "%",
  "_",
  "e_c",
  "\\",
  "qz",
  "q",
  "é",
  "夏",
  "λινό",
  "wool",
  "ｗｏ",
  "shirt 1",
  "sneakers",
  "Sneaker",
  "snea",
  "dresses",
  "dress",
  "shoes",
  "jeans",
  "jean",
  "scarves",
  "scarf",
  "berries",
  "woman",
  "sneakers canvas",
  "qz scarf",
  "nothing like this",
];

type Engine = {
  page: (query: pgSearch.MatchQuery) => Promise<number[]>;
  count: (query: Pick<pgSearch.MatchQuery, "folded" | "where">) => Promise<number>;
  where: Record<string, SQL | undefined>;
  orders: Record<string, "newest" | SQL[]>;
};

function conditions(products: typeof sqliteSchema.products | typeof pgSchema.products) {
  return {
    where: {
      none: undefined,
      shop: and(isNull(products.removedAt), eq(products.inStock, true)),
      women: and(isNull(products.removedAt), eq(products.category, "Women")),
    },
    orders: {
      newest: "newest" as const,
      "price-asc": [asc(products.offerPriceCents), asc(products.seq)],
      "price-desc": [desc(products.offerPriceCents), desc(products.seq)],
    },
  };
}

const rows = fixture();
let sqlite: Engine;
let pg: Engine;
let pgDb: PgDb | undefined;
/** The fixture with the seq each product got (the same on both engines, checked below). */
let stored: (Fixture & { seq: number })[] = [];

beforeAll(async () => {
  const file = openDatabase(path.join(process.env.DATA_DIR!, "search-engines.db"));
  for (let i = 0; i < rows.length; i += 200) await file.insert(sqliteSchema.products).values(rows.slice(i, i + 200));
  sqlite = {
    page: async (query) => sqliteSearch.pageOfMatches(file, query),
    count: async (query) => sqliteSearch.countMatches(file, query),
    ...conditions(sqliteSchema.products),
  };
  stored = (await file.select().from(sqliteSchema.products)).map((row) => ({
    ...rows.find((fixtureRow) => fixtureRow.id === row.id)!,
    seq: row.seq!,
  }));

  await migratePostgres(postgres.url());
  pgDb = connectPostgres(postgres.url(), { max: 2 });
  const db = pgDb;
  for (let i = 0; i < rows.length; i += 200) await db.insert(pgSchema.products).values(rows.slice(i, i + 200));
  pg = {
    page: (query) => pgSearch.pageOfMatches(db, query),
    count: (query) => pgSearch.countMatches(db, query),
    ...conditions(pgSchema.products),
  };
});

afterAll(async () => {
  if (pgDb) await closePostgres(pgDb);
});

/** The rule in JavaScript: what a search must find, before `where` and the order. */
function reference(folded: string) {
  const terms = searchTerms(folded);
  const newestFirst = [...stored].sort((a, b) => b.seq - a.seq);
  const window = terms.some(isIndexed) ? newestFirst : newestFirst.slice(0, SHORT_QUERY_SCAN);
  return window.filter((row) => matchesSearch(foldForSearch(row.name), terms));
}

describe("search on SQLite and on PostgreSQL", () => {
  it("stores the fixture with the same seqs on both engines", async () => {
    const fromPg = await pgDb!.select({ id: pgSchema.products.id, seq: pgSchema.products.seq }).from(pgSchema.products);
    expect(Object.fromEntries(fromPg.map((row) => [row.id, row.seq]))).toEqual(
      Object.fromEntries(stored.map((row) => [row.id, row.seq])),
    );
    expect(new Set(stored.map((row) => row.seq)).size).toBe(rows.length);
  });

  it("finds what the rule says, in every alphabet", async () => {
    const names = async (q: string) => {
      const folded = foldForSearch(q);
      const seqs = await pg.page({ folded, where: undefined, order: "newest", limit: 100, offset: 0 });
      return seqs.map((seq) => stored.find((row) => row.seq === seq)!.name);
    };
    expect(await names("CAFÉ")).toEqual(["Cafe\u0301 au lait tee", "CAFÉ CRÈME Blazer", "Café Linen Shirt"]);
    // A final capital sigma folds to ς, as JavaScript folds it: "ΟΔΟΣ" finds "ΟΔΟΣ φόρεμα", not "οδοσ hoodie".
    expect(await names("ΟΔΟΣ")).toEqual(["ΟΔΟΣ φόρεμα"]);
    expect(await names("οδοσ")).toEqual(["οδοσ hoodie"]);
    expect(await names("ﾜﾝﾋﾟ")).toEqual(["ﾜﾝﾋﾟｰｽ ｾｰﾙ", "ワンピース 夏"]);
    expect(await names("सा\u095Cी")).toEqual(["सा\u0921\u093Cी सूती", "सा\u095Cी रेशमी"]);
    expect(await names("ｔｓｈｉｒｔ")).toEqual(["tshirt slim", "ＴＳＨＩＲＴ ｗｉｄｅ"]);
    expect(await names("İstanbul")).toEqual(["İSTANBUL bag"]);
    expect(await names("100%")).toEqual(["100% Cotton tee"]);
    expect(await names("e_c")).toEqual(["snake_case cap"]);
    expect(await names("qz")).toEqual(["Qz new arrival"]);
  });

  it("finds singular and plural, a word's start, and the words in any order, on both engines", async () => {
    for (const engine of [sqlite, pg]) {
      const names = async (q: string) => {
        const seqs = await engine.page({
          folded: foldForSearch(q),
          where: undefined,
          order: "newest",
          limit: 100,
          offset: 0,
        });
        return seqs.map((seq) => stored.find((row) => row.seq === seq)!.name).sort();
      };
      expect(await names("sneakers")).toEqual(["Canvas Sneaker", "STRAẞE sneakers"]);
      expect(await names("Sneaker")).toEqual(["Canvas Sneaker", "STRAẞE sneakers"]);
      expect(await names("snea")).toEqual(["Canvas Sneaker", "STRAẞE sneakers"]);
      expect(await names("sneakers canvas")).toEqual(["Canvas Sneaker"]);
      expect(await names("dresses")).toEqual(["Summer Dresses"]);
      expect(await names("dress")).toEqual(["Summer Dresses"]);
      expect(await names("shoes")).toEqual(["Running Shoe"]);
      expect(await names("jean")).toEqual(["Slim JEANS"]);
      expect(await names("jeans")).toEqual(["Slim JEANS"]);
      expect(await names("scarf")).toEqual(["Qz vintage scarf", "Wool Scarves", "istanbul scarf"]);
      expect(await names("scarves")).toEqual(["Qz vintage scarf", "Wool Scarves", "istanbul scarf"]);
      expect(await names("berries")).toEqual(["Women's Berry Tee"]);
      expect(await names("woman")).toEqual(["Women's Berry Tee"]);
      // A short word beside a longer one is looked for in every product the longer one finds (the oldest too).
      expect(await names("qz scarf")).toEqual(["Qz vintage scarf"]);
    }
  });

  for (const q of QUERIES) {
    it(`"${q}": the same products, in the same order, counted the same`, async () => {
      const folded = foldForSearch(q);
      const expected = reference(folded);
      for (const whereName of Object.keys(sqlite.where)) {
        const count = { sqlite: await sqlite.count({ folded, where: sqlite.where[whereName] }) };
        expect(await pg.count({ folded, where: pg.where[whereName] }), `count, ${whereName}`).toBe(count.sqlite);
        for (const orderName of Object.keys(sqlite.orders)) {
          for (const [limit, offset] of [
            [24, 0],
            [24, 24],
            [5000, 0],
          ] as const) {
            const query = { folded, limit, offset };
            const fromSqlite = await sqlite.page({
              ...query,
              where: sqlite.where[whereName],
              order: sqlite.orders[orderName]!,
            });
            const fromPg = await pg.page({ ...query, where: pg.where[whereName], order: pg.orders[orderName]! });
            expect(fromPg, `${whereName}, ${orderName}, ${limit}+${offset}`).toEqual(fromSqlite);
          }
        }
      }
      // Without conditions, newest first: exactly the rule's products.
      const all = await sqlite.page({ folded, where: undefined, order: "newest", limit: 5000, offset: 0 });
      expect(all).toEqual(expected.map((row) => row.seq));
      expect(await sqlite.count({ folded, where: undefined })).toBe(expected.length);
    });
  }

  it("matches something for most queries (the comparisons above are not of empty lists)", () => {
    const empty = QUERIES.filter((q) => reference(foldForSearch(q)).length === 0);
    // ß is not folded to "ss" (on neither engine), and the products with an é are older than the newest
    // SHORT_QUERY_SCAN, which is all a 1-character search looks through.
    expect(empty).toEqual(["strasse", "é", "nothing like this"]);
  });

  it("answers a search of 3 characters or more from the trigram index", async () => {
    const plan = await pgDb!.transaction(async (tx) => {
      // On 2,300 rows the planner may rightly prefer reading the table: forbid that to see that the index can answer.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return tx.execute(sql`EXPLAIN SELECT seq FROM products WHERE name_folded LIKE ${"%платье%"}`);
    });
    expect(Array.from(plan, (row) => String(row["QUERY PLAN"])).join("\n")).toContain("products_name_folded_trgm_idx");
  });
});

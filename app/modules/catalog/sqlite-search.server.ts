// Product-name search: the one SQLite-specific piece of the data layer (docs/decisions/0009 and 0101). Names
// are matched anywhere, in any letter case and alphabet: both sides are folded by the same function (NFKC +
// lower case, so "CAFÉ" finds "Café"), registered on every connection as store_fold. What a search asks for
// (every word, as written or in its other English number) is search-terms.ts's rule (decision 0235). An FTS5
// trigram index of the folded names (products_search, kept in step with products by the triggers of migration
// 0006) answers the words of 3 characters or more, as one MATCH of their forms; its rowid is the product's
// `seq`, so it hands the matches over newest first and a page stops reading after its last product. Trigrams
// cannot answer 1 or 2 characters: such words are checked on the rows the index gave, and a search with no
// longer word is looked for in the newest SHORT_QUERY_SCAN products only, a bounded scan. Nothing outside
// this module knows how names are matched; another database answers the same functions with its own index.
import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "#app/lib/db.server.ts";
import { FOLD_FUNCTION, foldForSearch, registerSearchFunctions } from "#app/lib/search-fold.server.ts";
import { products } from "#db/schema.ts";
import { isIndexed, MIN_INDEXED_SEARCH, searchTerms } from "./search-terms.ts";

export { foldForSearch, MIN_INDEXED_SEARCH, registerSearchFunctions };
/** A shorter search looks through this many of the newest products. */
export const SHORT_QUERY_SCAN = 2000;

/** A folded form as an FTS5 string: one phrase, so every character is literal. */
function phrase(form: string): string {
  return `"${form.replaceAll('"', '""')}"`;
}

/** The FTS5 query of the indexed terms: each term one of its forms, every term ("sneaker" AND ("scarf" OR "scarve")). */
function ftsQuery(terms: string[][]): string {
  return terms.map((forms) => `(${forms.map(phrase).join(" OR ")})`).join(" AND ");
}

/** The terms the index cannot answer (1 or 2 characters), checked on each row: the name contains the form. */
function containsAll(terms: string[][]): SQL | undefined {
  if (terms.length === 0) return undefined;
  const contains = (form: string) => sql`instr(${sql.raw(FOLD_FUNCTION)}(${products.name}), ${form}) > 0`;
  return sql.join(
    terms.map((forms) => sql`(${sql.join(forms.map(contains), sql` OR `)})`),
    sql` AND `,
  );
}

/** The newest products a short search looks through: those from this seq on. */
const shortSearchFloor = sql`coalesce((SELECT ${products.seq} FROM ${products} ORDER BY ${products.seq} DESC LIMIT 1 OFFSET ${SHORT_QUERY_SCAN - 1}), 0)`;

/** A search split for the index: its MATCH text (null: no term the index answers) and the rest, per row. */
function plan(folded: string): { match: string | null; rest: SQL | undefined } {
  const terms = searchTerms(folded);
  const indexed = terms.filter(isIndexed);
  if (indexed.length === 0) {
    return { match: null, rest: sql`${products.seq} >= ${shortSearchFloor} AND ${containsAll(terms)}` };
  }
  return { match: ftsQuery(indexed), rest: containsAll(terms.filter((term) => !isIndexed(term))) };
}

/**
 * The search index joined to the products it names. CROSS JOIN keeps the index as the outer loop: it yields
 * the matches newest first, so a page stops early.
 */
const matchesJoined = sql`products_search CROSS JOIN ${products} ON ${products.seq} = products_search.rowid`;

export type MatchQuery = {
  /** The search text, already folded (see foldForSearch); not empty. */
  folded: string;
  /** Further conditions on `products` (in stock, category...). */
  where: SQL | undefined;
  /** "newest" (the index's own order), or an ORDER BY on products columns. */
  order: "newest" | SQL[];
  limit: number;
  offset: number;
};

/**
 * The seqs of one page of matching products, in the order asked for. Newest first reads the matches in the
 * index's order and stops at the page; another order (by price) goes through the list's own index in its
 * order, keeping the matches, so it reads all of them once.
 */
export function pageOfMatches(tx: Tx | Db, { folded, where, order, limit, offset }: MatchQuery): number[] {
  const { match, rest } = plan(folded);
  const conditions = [rest, where].filter((condition) => condition !== undefined);
  const and = conditions.length > 0 ? sql`AND ${sql.join(conditions, sql` AND `)}` : sql``;
  const page = sql`LIMIT ${limit} OFFSET ${offset}`;
  let query: SQL;
  if (match === null) {
    const orderBy = order === "newest" ? sql`${products.seq} DESC` : sql.join(order, sql`, `);
    query = sql`SELECT ${products.seq} AS seq FROM ${products} WHERE 1 ${and} ORDER BY ${orderBy} ${page}`;
  } else if (order === "newest") {
    query = sql`SELECT ${products.seq} AS seq FROM ${matchesJoined}
      WHERE products_search MATCH ${match} ${and} ORDER BY products_search.rowid DESC ${page}`;
  } else {
    query = sql`SELECT ${products.seq} AS seq FROM ${products}
      WHERE ${products.seq} IN (SELECT rowid FROM products_search WHERE products_search MATCH ${match}) ${and}
      ORDER BY ${sql.join(order, sql`, `)} ${page}`;
  }
  return tx.all<{ seq: number }>(query).map((row) => row.seq);
}

/** How many products match (and pass `where`). */
export function countMatches(tx: Tx | Db, { folded, where }: Pick<MatchQuery, "folded" | "where">): number {
  const { match, rest } = plan(folded);
  const conditions = [rest, where].filter((condition) => condition !== undefined);
  const and = conditions.length > 0 ? sql`AND ${sql.join(conditions, sql` AND `)}` : sql``;
  const row =
    match === null
      ? tx.get<{ n: number }>(sql`SELECT count(*) AS n FROM ${products} WHERE 1 ${and}`)
      : tx.get<{ n: number }>(
          sql`SELECT count(*) AS n FROM ${matchesJoined} WHERE products_search MATCH ${match} ${and}`,
        );
  return row?.n ?? 0;
}

// Product-name search on the engine this process runs on (issue 18; decision 0146): SQLite's FTS5 trigram
// index (sqlite-search.server.ts) or PostgreSQL's pg_trgm one (pg-search.server.ts), which answer the same
// questions the same way (tests/integration/search-both-engines.test.ts). The catalogue calls these.
import { type Db, engine, type Tx } from "#app/lib/db.server.ts";
import * as pgSearch from "./pg-search.server.ts";
import * as sqliteSearch from "./sqlite-search.server.ts";

export type { MatchQuery } from "./sqlite-search.server.ts";
export { foldForSearch, MIN_INDEXED_SEARCH, SHORT_QUERY_SCAN } from "./sqlite-search.server.ts";

/** The seqs of one page of matching products, in the order asked for. */
export async function pageOfMatches(tx: Tx | Db, query: sqliteSearch.MatchQuery): Promise<number[]> {
  return engine() === "postgres"
    ? pgSearch.pageOfMatches(tx as unknown as pgSearch.PgQueries, query)
    : sqliteSearch.pageOfMatches(tx, query);
}

/** How many products match (and pass `where`). */
export async function countMatches(
  tx: Tx | Db,
  query: Pick<sqliteSearch.MatchQuery, "folded" | "where">,
): Promise<number> {
  return engine() === "postgres"
    ? pgSearch.countMatches(tx as unknown as pgSearch.PgQueries, query)
    : sqliteSearch.countMatches(tx, query);
}

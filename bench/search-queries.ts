// `node --import tsx bench/search-queries.ts <word>...`: the CPU time of a search in the generated store under
// DATA_DIR, the way the store searched before (a scan of every name through the folding function) against the
// search index, for each word; prints JSON on stdout. bench/run.ts runs it pinned to the server's core, with
// no server running. Each query runs for about ROUND_MS of CPU after a first, untimed run.
import { and, eq, isNull, sql } from "drizzle-orm";
import { db } from "#app/lib/db.server.ts";
import { PAGE_SIZE } from "#app/lib/listing.ts";
import { countMatches, foldForSearch, pageOfMatches } from "#app/modules/catalog/sqlite-search.server.ts";
import { products } from "#db/tables.ts";

const ROUND_MS = 1500;

/** CPU milliseconds per run of `query` (user + system of this process). */
function cpuPerRun(query: () => unknown): number {
  query();
  const started = process.cpuUsage();
  let runs = 0;
  let spent = 0;
  do {
    query();
    runs++;
    const used = process.cpuUsage(started);
    spent = (used.user + used.system) / 1000;
  } while (spent < ROUND_MS && runs < 100_000);
  return spent / runs;
}

const listed = and(isNull(products.removedAt), eq(products.inStock, true));

export type SearchCost = {
  word: string;
  matches: number;
  /** As the store searched before: every in-stock match through store_fold + instr, all of them, sorted. */
  scanAll: number;
  /** The same scan cut at one page (LIMIT 24), newest first. */
  scanPage: number;
  /** The search index: one page of matches, newest first. */
  indexPage: number;
  /** The search index: how many matches (a list counts once per catalogue version). */
  indexCount: number;
};

function costs(word: string): SearchCost {
  const folded = foldForSearch(word);
  const scan = (limit: number | null) =>
    db().all(
      sql`SELECT * FROM ${products} WHERE ${listed} AND instr(store_fold(${products.name}), ${folded}) > 0
          ORDER BY ${products.createdAt} DESC, ${products.id} DESC ${limit === null ? sql`` : sql`LIMIT ${limit}`}`,
    );
  return {
    word,
    matches: countMatches(db(), { folded, where: listed }),
    scanAll: cpuPerRun(() => scan(null)),
    scanPage: cpuPerRun(() => scan(PAGE_SIZE)),
    indexPage: cpuPerRun(() =>
      pageOfMatches(db(), { folded, where: listed, order: "newest", limit: PAGE_SIZE, offset: 0 }),
    ),
    indexCount: cpuPerRun(() => countMatches(db(), { folded, where: listed })),
  };
}

process.stdout.write(`${JSON.stringify(process.argv.slice(2).map(costs))}\n`);

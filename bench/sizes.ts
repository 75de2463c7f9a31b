// One catalogue size: generate it, measure every scenario on SQLite and on PostgreSQL (one server, then two),
// the 200-for-5 stock race and the copy tool.
import { randomBytes } from "node:crypto";
import path from "node:path";
import type { TestPostgres } from "../tools/postgres-server.ts";
import { type CatalogueSummary, COMMON_WORD, RARE_WORD } from "./catalogue.ts";
import { measureCopy } from "./copy.ts";
import { type Database, type LoadGenerator, node, Store } from "./fleet.ts";
import { assetMeter, measureTargets, printResult, rounded, sameProducts, selected, staticLimit } from "./measure.ts";
import { pinTree, runToEnd, treeCpuMs } from "./processes.ts";
import { runRace } from "./race.ts";
import { significant } from "./report.ts";
import { PG_TARGETS, targetsFor } from "./scenarios.ts";
import type { SearchCost } from "./search-queries.ts";
import {
  DB_CORE,
  ENGINES,
  type Engine,
  ONLY,
  PG_SERVERS,
  PG_SETTINGS,
  SERVER_CORE,
  type SizeResult,
  type StaticLimit,
} from "./settings.ts";

/** The sample product the 200-for-5 run sells: one with sizes (its second size gets the 5 units). */
export function raceProduct(summary: CatalogueSummary): string {
  const product = summary.samples.find((s) => s.category !== "Accessories");
  if (!product) throw new Error("No sample product with sizes for the 200-for-5 run.");
  return product.id;
}

export async function race(store: Store, env: NodeJS.ProcessEnv, summary: CatalogueSummary, engine: Engine) {
  const started = Date.now();
  const result = await runRace({ origins: store.origins, env, productId: raceProduct(summary) });
  console.log(
    `  200 for 5 on ${engine}, ${result.servers} servers: ${result.sold} sold, ${result.refused} refused` +
      `${Object.keys(result.other).length ? `, other ${JSON.stringify(result.other)}` : ""}; the database: ` +
      `${result.database.stock} left, ${result.database.unitsOrdered} units in ${result.database.orders} orders ` +
      `(${result.ok ? "right" : `WRONG: ${result.problems.join("; ")}`}; ${result.seconds.toFixed(1)} s for the orders, ` +
      `${((Date.now() - started) / 1000).toFixed(0)} s in all)`,
  );
  return result;
}

export type BenchPostgres = TestPostgres & Database & { version: string };

/** A PostgreSQL for the run, with a shop's durability settings, pinned to the load generator's core. */
export async function startBenchPostgres(): Promise<BenchPostgres> {
  const { postgresBinDir, startPostgres } = await import("../tools/postgres-server.ts");
  // It stops by itself, and its folder goes, when this process ends however it ends (its guard's pipe closes).
  const pg = await startPostgres({ settings: PG_SETTINGS });
  pinTree(pg.pid, DB_CORE);
  const version = path.basename(path.dirname(postgresBinDir()));
  return { ...pg, version, cpuMs: () => treeCpuMs(pg.pid) };
}

/** The secrets every server over one PostgreSQL shares (decision 0147): a throw-away pair for the run. */
export const SHARED_SECRETS = {
  SESSION_SECRET: randomBytes(32).toString("hex"),
  MAIL_SEAL_KEY: randomBytes(32).toString("hex"),
};

export async function benchSize(
  size: number,
  buildDir: string,
  work: string,
  loader: LoadGenerator,
  postgresServer: BenchPostgres | undefined,
): Promise<SizeResult> {
  const dataDir = path.join(work, `data-${size}`);
  // The generated store is SQLite's (the PostgreSQL one is copied from it).
  const sqliteEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete sqliteEnv.DATABASE_URL;
  let started = Date.now();
  const generated = await runToEnd(node, ["--import", "tsx", "bench/generate.ts", String(size)], {
    env: sqliteEnv,
  });
  const summary = JSON.parse(generated) as CatalogueSummary;
  const { samples: _samples, ...catalogue } = summary;
  console.log(
    `${size} products: generated in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
      `(${catalogue.orders} orders, ${catalogue.orderLines} lines; "${COMMON_WORD}" ${catalogue.commonWordMatches}, ` +
      `"${RARE_WORD}" ${catalogue.rareWordMatches})`,
  );
  const out: SizeResult = { size, catalogue, search: [], targets: [], engines: [], races: [] };

  if (ENGINES.includes("sqlite")) {
    // One search query's CPU time, on the server's core before the server starts.
    out.search = JSON.parse(
      await runToEnd(node, ["--import", "tsx", "bench/search-queries.ts", COMMON_WORD, RARE_WORD], {
        core: SERVER_CORE,
        env: sqliteEnv,
      }),
    ) as SearchCost[];
    for (const s of out.search) {
      console.log(
        `  search "${s.word}" (${s.matches}): scan ${significant(s.scanAll)} ms (cut at a page ${significant(s.scanPage)} ms), ` +
          `index: a page ${significant(s.indexPage)} ms, the count ${significant(s.indexCount)} ms`,
      );
    }

    const store = new Store(buildDir, dataDir);
    await store.start();
    try {
      const assets = assetMeter(store.origin);
      const results = await measureTargets(store, loader, selected(await targetsFor(store, summary)), assets);
      const category = results.find((r) => r.name === "category");
      const deep = results.find((r) => r.name === "category-page-50");
      if (category?.response && deep?.response && sameProducts(category.response, deep.response)) {
        deep.notes.push("the same products as page 1 (no pagination yet)");
      }
      const products = results.find((r) => r.name === "products")?.response;
      if (!products && ONLY.length === 0) throw new Error("/products did not answer: no static limit to compare with.");
      let limit: StaticLimit | undefined;
      if (products) {
        started = Date.now();
        limit = await staticLimit(loader, work, products);
        printResult("Static limit (same /products bytes)", limit, started);
      }
      out.targets = results.map(({ response: _response, ...r }) => rounded(r, limit));
      if (store.crashes > 0)
        out.targets[0]?.notes.push(`the server crashed ${store.crashes} time(s) and was restarted`);
      out.staticLimit = limit && rounded(limit, limit);
    } finally {
      await store.stop();
    }
    // Two servers over the one SQLite file (several processes on one box), for the 200-for-5 run.
    const pair = new Store(buildDir, dataDir, { cores: [SERVER_CORE, SERVER_CORE] });
    await pair.start();
    try {
      out.races.push({ engine: "sqlite", ...(await race(pair, sqliteEnv, summary, "sqlite")) });
    } finally {
      await pair.stop();
    }
  }

  if (postgresServer) {
    // The PostgreSQL store is the SQLite one moved by the copy tool (what a growing shop does), timed.
    const url = await postgresServer.createDatabase();
    started = Date.now();
    out.copy = await measureCopy({ dataDir, url, core: SERVER_CORE });
    console.log(
      `  db:copy: ${out.copy.rows} rows in ${out.copy.tables} tables, copied in ${out.copy.copySeconds} s ` +
        `(${out.copy.toolSeconds} s with the checks, ${out.copy.wallSeconds.toFixed(1)} s wall clock), ` +
        `at most ${out.copy.peakMb} MB`,
    );
    const pgEnv = { ...SHARED_SECRETS, DATABASE_URL: url, STRIPE_SANDBOX: "off" };
    for (const servers of PG_SERVERS) {
      console.log(`  PostgreSQL, ${servers} app server${servers > 1 ? "s" : ""}:`);
      const store = new Store(buildDir, dataDir, {
        cores: Array.from({ length: servers }, () => SERVER_CORE),
        env: pgEnv,
        database: postgresServer,
      });
      await store.start();
      try {
        const results = await measureTargets(store, loader, selected(await targetsFor(store, summary), PG_TARGETS));
        const targets = results.map(({ response: _response, ...r }) => rounded(r));
        if (store.crashes > 0) targets[0]?.notes.push(`a server crashed ${store.crashes} time(s) and was restarted`);
        out.engines.push({ engine: "postgres", servers, targets });
        if (servers > 1) {
          out.races.push({
            engine: "postgres",
            ...(await race(store, { ...process.env, ...pgEnv, DATA_DIR: dataDir }, summary, "postgres")),
          });
        }
      } finally {
        await store.stop();
      }
    }
  }
  return out;
}

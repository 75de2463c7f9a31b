// `npm run bench`: builds the store, fills a catalogue of each size, serves it with the production server on
// one core and measures every page with autocannon on the other core; compares each page with a static
// copy of /products (the static limit) and each size with the first; writes bench/results/latest.json and the
// "bench" section of docs/performance.md. See README.md ("Performance") and docs/decisions/0100.
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestPostgres } from "../tools/postgres-server.ts";
import { type CatalogueSummary, COMMON_WORD, RARE_WORD } from "./catalogue.ts";
import { type CopyResult, measureCopy } from "./copy.ts";
import { pageAssets } from "./html-assets.ts";
import { ACCEPT_ENCODING, gzipSize, type RawResponse, request } from "./http.ts";
import { combineLoadResults, type LoadRequest, type LoadResult, type LoadTarget, shareOf } from "./load.ts";
import {
  canPin,
  cpuMs,
  freePort,
  pinTree,
  runToEnd,
  start,
  stop,
  temporaryFolder,
  treeCpuMs,
  waitUntilAnswering,
  waitUntilIdle,
} from "./processes.ts";
import { type RaceResult, registerShopper, runRace } from "./race.ts";
import { describeMachine, formatBytes, machine, round, significant, table, writeSection } from "./report.ts";
import type { SearchCost } from "./search-queries.ts";
import { buildStore, startStoreServer } from "./store-server.ts";

function envNumber(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number (got "${value}").`);
  return n;
}

const SECONDS = envNumber("BENCH_SECONDS", 8);
const WARMUP_SECONDS = envNumber("BENCH_WARMUP_SECONDS", 2);
const SIZES = (process.env.BENCH_SIZES ?? "10000,100000").split(",").map((s) => Number(s.trim()));
if (SIZES.some((n) => !Number.isInteger(n) || n < 100)) throw new Error("BENCH_SIZES: whole numbers of 100 or more.");
const CONNECTIONS = 8;
const SERVER_CORE = 0;
const LOAD_CORE = 1;
/** PostgreSQL shares the load generator's core: the app servers keep core 0 to themselves, as on SQLite. */
const DB_CORE = LOAD_CORE;
type Engine = "sqlite" | "postgres";
/** BENCH_ENGINES: which engines to measure (comma-separated: sqlite, postgres); both when unset. */
const ENGINES = (process.env.BENCH_ENGINES ?? "sqlite,postgres").split(",").map((s) => s.trim()) as Engine[];
if (ENGINES.length === 0 || ENGINES.some((e) => e !== "sqlite" && e !== "postgres"))
  throw new Error('BENCH_ENGINES: "sqlite", "postgres" or both, comma-separated.');
/** On PostgreSQL: one app server, then two (the load split evenly over them). */
const PG_SERVERS = [1, 2];
/** The pages measured on PostgreSQL: the catalogue and product pages, the cart, and the two writes. */
const PG_TARGETS = [
  "home",
  "products",
  "category",
  "category-page-50",
  "product",
  "search-common",
  "search-rare",
  "products-rendered",
  "products-deep-rendered",
  "product-rendered",
  "search-common-rendered",
  "cart",
  "add-to-cart",
  "cod-order",
];
/**
 * The bench's PostgreSQL is a throw-away one (tools/postgres-server.ts), but with a shop's durability:
 * fsync and synchronous commits on (SQLite runs with synchronous = FULL), PostgreSQL's default shared_buffers.
 */
const PG_SETTINGS = {
  fsync: "on",
  synchronous_commit: "on",
  full_page_writes: "on",
  shared_buffers: "128MB",
  max_connections: "100",
};
/** A page that takes this long once is measured with a few single requests instead of under load. */
const SLOW_MS = (SECONDS * 1000) / CONNECTIONS;
const SINGLE_BUDGET_MS = 30_000;
const REQUEST_TIMEOUT_MS = 180_000;
const RESULTS_FILE = "bench/results/latest.json";
/** BENCH_ONLY: the names of the targets to measure (e.g. "api-product-list"), comma-separated; all when unset. */
const ONLY = (process.env.BENCH_ONLY ?? "")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);
/** Shortened runs (BENCH_ENGINES, BENCH_SIZES, BENCH_SECONDS, BENCH_WARMUP_SECONDS or BENCH_ONLY set) leave the committed figures alone. */
const FULL_RUN =
  !process.env.BENCH_ENGINES &&
  !process.env.BENCH_SIZES &&
  !process.env.BENCH_SECONDS &&
  !process.env.BENCH_WARMUP_SECONDS &&
  ONLY.length === 0;
const DEV_RESULTS_FILE = "bench/results/dev.json";

type Target = {
  name: string;
  label: string;
  load: LoadTarget;
  /** The status a successful request gets. */
  expect: number;
  /** Note the first request's CPU time apart: the answer is built by it and kept (the full product list). */
  noteFirst?: boolean;
};

type Bytes = { sent: number; gzip: number };
type TargetResult = {
  name: string;
  label: string;
  request: string;
  /** "load": autocannon for the set time; "single": too slow for that, a few requests one after another. */
  mode: "load" | "single";
  rps: number;
  p50: number;
  p99: number;
  /** The server's CPU time per request (all its threads): what the page costs, whatever else runs on the machine. */
  cpuMsPerRequest: number | null;
  /** A separate database server's CPU time per request (PostgreSQL's processes); absent for SQLite. */
  dbCpuMsPerRequest?: number;
  /** 1000 / (cpuMsPerRequest + dbCpuMsPerRequest): the req/s the server would give with its core to itself. */
  perCore?: number;
  /** perCore over the static limit's perCore (rps over the static limit's rps is `vsStatic`). */
  vsStaticPerCore?: number;
  requests: number;
  /** Requests answered with another status than `expect`, or not answered. */
  failed: number;
  statuses: Record<string, number>;
  vsStatic?: number;
  html?: Bytes & { encoding: string; decoded: number };
  css?: Bytes & { files: number };
  js?: Bytes & { files: number };
  notes: string[];
};
type StaticLimit = TargetResult & { bytes: number; encoding: string };
type SizeResult = {
  size: number;
  catalogue: Omit<CatalogueSummary, "samples">;
  /** CPU ms of one search query, the old scan against the search index (bench/search-queries.ts). */
  search: SearchCost[];
  /** Absent when BENCH_ONLY left out /products. */
  staticLimit?: StaticLimit;
  /** On SQLite (empty when BENCH_ENGINES left it out). */
  targets: TargetResult[];
  /** On PostgreSQL, with one app server and with two. */
  engines: { engine: Engine; servers: number; targets: TargetResult[] }[];
  /** 200 buyers over two servers for 5 units, on each engine. */
  races: (RaceResult & { engine: Engine })[];
  /** The copy tool moving this store (SQLite) into the empty PostgreSQL database the PostgreSQL pages then use. */
  copy?: CopyResult;
};

// ── Processes ──────────────────────────────────────────────────────────────────────────────────────────────

const node = process.execPath;
const quiet = { stdio: ["ignore", "pipe", "pipe"] as ("ignore" | "pipe")[] };

class LoadGenerator {
  private child: ChildProcess;
  private next = 0;
  private waiting = new Map<number, { resolve: (r: LoadResult) => void; reject: (e: Error) => void }>();

  constructor() {
    this.child = start(node, ["--import", "tsx", "bench/load.ts"], {
      core: LOAD_CORE,
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    this.child.on("message", (message: { id: number; result?: LoadResult; error?: string }) => {
      const waiter = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      if (message.result) waiter?.resolve(message.result);
      else waiter?.reject(new Error(message.error));
    });
    this.child.on("exit", () => {
      for (const waiter of this.waiting.values()) waiter.reject(new Error("The load generator exited."));
    });
  }

  run(request: LoadRequest): Promise<LoadResult> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.child.send({ id, request });
    });
  }

  close() {
    return stop(this.child);
  }
}

/**
 * The production server: one process, or several over the same database (the load then split over them), each
 * pinned to its core; a process a request made crash is restarted (noted in the results).
 */
class Store implements Server {
  children: ChildProcess[] = [];
  origins: string[] = [];
  crashes = 0;
  /** The first line of each error the servers logged. */
  private logged: string[] = [];
  /** The end of each server's stderr: printed whole when it stopped. */
  private tails: string[] = [];

  constructor(
    private buildDir: string,
    private dataDir: string,
    private options: { cores?: number[]; env?: NodeJS.ProcessEnv; database?: Database } = {},
  ) {}

  get origin() {
    return this.origins[0]!;
  }

  private get cores() {
    return this.options.cores ?? [SERVER_CORE];
  }

  private async startOne(index: number) {
    const server = await startStoreServer({
      buildDir: this.buildDir,
      dataDir: this.dataDir,
      core: this.cores[index],
      env: this.options.env,
      onError: (text) => {
        this.tails[index] = ((this.tails[index] ?? "") + text).slice(-4000);
        const first = text.split("\n").find((line) => line.trim());
        if (first && !/^\s+at /.test(first)) this.logged.push(first.trim());
        // The first lines of each error are enough to see what it was.
        process.stderr.write(`  server: ${text.split("\n").slice(0, 3).join("\n  server: ")}\n`);
      },
    });
    this.children[index] = server.child;
    this.origins[index] = server.origin;
  }

  async start() {
    // One after the other: the first applies what migrations there are to apply.
    for (let i = 0; i < this.cores.length; i++) await this.startOne(i);
  }

  private static running(child: ChildProcess) {
    return child.exitCode === null && child.signalCode === null;
  }

  /** Starts a server again if a request made it stop; says whether it had to. */
  async ensureRunning() {
    let restarted = false;
    for (const [i, child] of this.children.entries()) {
      if (Store.running(child)) continue;
      this.crashes++;
      console.log(
        `  a server had stopped (exit ${child.exitCode ?? child.signalCode}); starting it again. The end of its ` +
          `stderr:\n${(this.tails[i] ?? "").replace(/^/gm, "    | ")}`,
      );
      this.tails[i] = "";
      await this.startOne(i);
      restarted = true;
    }
    return restarted;
  }

  /** The app servers' CPU time, all of them together. */
  cpuMs() {
    let sum = 0;
    for (const child of this.children) {
      const ms = child.pid === undefined ? null : cpuMs(child.pid);
      if (ms === null) return null;
      sum += ms;
    }
    return sum;
  }

  dbCpuMs() {
    return this.options.database ? this.options.database.cpuMs() : null;
  }

  async settle() {
    for (const child of this.children) await settle(child);
  }

  errorsLogged() {
    return this.logged;
  }

  async stop() {
    await Promise.all(this.children.map((child) => stop(child)));
  }
}

/** A database server outside the app's processes (PostgreSQL), whose CPU time is counted apart. */
type Database = { cpuMs(): number | null };

// ── Shoppers for the signed-in pages ───────────────────────────────────────────────────────────────────────

async function json(store: Store, pathname: string, body: unknown, cookie = ""): Promise<RawResponse> {
  const response = await request(`${store.origin}${pathname}`, {
    method: "POST",
    // A script on the store's own pages sends its Origin (a cookie-carrying POST without one is refused).
    headers: { "content-type": "application/json", origin: store.origin, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (response.status >= 400) throw new Error(`POST ${pathname}: ${response.status} ${response.body.toString()}`);
  return response;
}

/** Registers a shopper (bench/race.ts) on the store's first server; its cookie is good on every server. */
function shopper(store: Store, name: string): Promise<{ cookie: string; addressId: string }> {
  return registerShopper(store.origin, name);
}

/** Products on a page of /products (app/lib/listing.ts), for the deep page the bench asks for. */
const PAGE_SIZE = 24;
/** The deep page compared with page 1. */
const DEEP_PAGE = 400;

async function targetsFor(store: Store, { samples, inStock }: CatalogueSummary): Promise<Target[]> {
  const product = samples.find((s) => s.category === "Men") ?? samples[0]!;
  const category = `/products/${product.category.toLowerCase()}`;
  const lines = samples.map(({ id, size }) => ({ id, size }));

  const cartShopper = await shopper(store, "cart");
  // cartLines (docs/api.md): the whole cart, lines with a size included.
  await json(
    store,
    "/api/cart/update",
    {
      cartLines: [...new Map(lines.map((line) => [line.id, line])).values()]
        .slice(0, 20)
        .map(({ id, size }, i) => ({ product: id, ...(size ? { size } : {}), quantity: 1 + (i % 3) })),
    },
    cartShopper.cookie,
  );
  // Adding rotates over 50 products and four shoppers: 4 × 50 × 99 adds before a cart is full.
  const adders = await Promise.all([1, 2, 3, 4].map((n) => shopper(store, `adder${n}`)));

  const page = (name: string, label: string, pathname: string, cookie?: string): Target => ({
    name,
    label,
    load: { kind: "get", path: pathname, ...(cookie ? { cookie } : {}) },
    expect: 200,
  });
  // A shopper who is signed in gets every page rendered for them (a visitor without cookies, a kept copy).
  const visitor = cartShopper.cookie;
  // A full page: page 400, or the last full one where the catalogue has fewer.
  const deep = Math.min(DEEP_PAGE, Math.floor(inStock / PAGE_SIZE));
  const search = (word: string) => `/products?q=${encodeURIComponent(word.toLowerCase())}`;
  return [
    page("home", "Home", "/"),
    page("products", "All products", "/products"),
    page("category", "Category", category),
    page("category-page-50", "Category, page 50", `${category}?page=50`),
    page("product", "Product page", `${category}/${product.id}`),
    page("search-common", `Search "${COMMON_WORD}"`, search(COMMON_WORD)),
    page("search-rare", `Search "${RARE_WORD.toLowerCase()}"`, search(RARE_WORD)),
    page("home-rendered", "Home (signed in)", "/", visitor),
    page("products-rendered", "All products (signed in)", "/products", visitor),
    page("products-deep-rendered", `All products, page ${deep} (signed in)`, `/products?page=${deep}`, visitor),
    page("products-rating-rendered", "All products by rating (signed in)", "/products?sort=rating", visitor),
    page(
      "products-rating-deep-rendered",
      `All products by rating, page ${deep} (signed in)`,
      `/products?sort=rating&page=${deep}`,
      visitor,
    ),
    page("product-rendered", "Product page (signed in)", `${category}/${product.id}`, visitor),
    page("search-common-rendered", `Search "${COMMON_WORD}" (signed in)`, search(COMMON_WORD), visitor),
    page("search-rare-rendered", `Search "${RARE_WORD.toLowerCase()}" (signed in)`, search(RARE_WORD), visitor),
    page("cart", "Cart, 20 lines (signed in)", "/cart", cartShopper.cookie),
    // Built once per catalogue version: the first request builds it, the load run measures the requests after.
    { ...page("api-product-list", "Product list (JSON)", "/api/product/list"), noteFirst: true },
    {
      name: "add-to-cart",
      label: "Add to cart (form post)",
      load: {
        kind: "add-to-cart",
        cookies: adders.map((a) => a.cookie),
        lines: lines.slice(0, 50),
        redirectTo: `${category}/${product.id}`,
      },
      expect: 303,
    },
    // Last: every request stores an order, which the home page's trending products read.
    {
      name: "cod-order",
      label: "Place a COD order (/api/order/cod)",
      load: {
        kind: "cod-order",
        cookie: adders[0]!.cookie,
        addressId: adders[0]!.addressId,
        lines: lines.slice(20),
      },
      expect: 201,
    },
  ];
}

// ── Measuring ──────────────────────────────────────────────────────────────────────────────────────────────

function describeRequest(load: LoadTarget): string {
  if (load.kind === "get") return `GET ${load.path}`;
  return load.kind === "add-to-cart" ? "POST /cart intent=add" : "POST /api/order/cod";
}

/** CSS and JS bytes of a page: each file fetched once per size, as sent and as gzip would make it. */
function assetMeter(origin: string) {
  const cache = new Map<string, Promise<Bytes>>();
  const measureOne = (url: string) => {
    let bytes = cache.get(url);
    if (!bytes) {
      bytes = request(url, { headers: { "accept-encoding": ACCEPT_ENCODING } }).then((r) => {
        if (r.status !== 200) throw new Error(`${url}: ${r.status}`);
        return { sent: r.raw.length, gzip: gzipSize(r.body) };
      });
      cache.set(url, bytes);
    }
    return bytes;
  };
  const sum = async (urls: string[]) => {
    const all = await Promise.all(urls.map(measureOne));
    return { sent: all.reduce((n, b) => n + b.sent, 0), gzip: all.reduce((n, b) => n + b.gzip, 0), files: urls.length };
  };
  return async (html: string, pageUrl: string) => {
    const assets = pageAssets(html, pageUrl);
    const own = (url: string) => url.startsWith(origin);
    return { css: await sum(assets.stylesheets.filter(own)), js: await sum(assets.scripts.filter(own)) };
  };
}

/** Whether two pages link to the same products in the same order. */
function sameProducts(a: RawResponse, b: RawResponse): boolean {
  const links = (r: RawResponse) =>
    [...new Set(r.body.toString().match(/\/products\/[a-z]+\/[0-9a-z]+/g) ?? [])].join(" ");
  return links(a) === links(b);
}

function failedOf(statuses: Record<string, number>, expect: number, errors: number) {
  return Object.entries(statuses).reduce((n, [status, count]) => (Number(status) === expect ? n : n + count), errors);
}

/** Where a target is measured: the store (one server or several), or the static server. */
type Server = {
  /** The first server's origin (the one single requests go to). */
  origin: string;
  /** Every server's origin: load runs are split evenly over them. */
  origins: string[];
  /** CPU time a separate database server has used so far (ms), or null (none, or not readable). */
  dbCpuMs?(): number | null;
  /** CPU time the server process has used so far (ms), or null where that cannot be read. */
  cpuMs(): number | null;
  /** Waits until the server has finished the work a run left behind. */
  settle(): Promise<void>;
  /** The first line of each error the server has logged so far. */
  errorsLogged(): string[];
};

type Measured = TargetResult & { response?: RawResponse };

async function measure(
  server: Server,
  loader: LoadGenerator,
  target: Target,
  assets?: ReturnType<typeof assetMeter>,
): Promise<Measured> {
  const errorsBefore = server.errorsLogged().length;
  const result: Measured = {
    name: target.name,
    label: target.label,
    request: describeRequest(target.load),
    mode: "load",
    rps: 0,
    p50: 0,
    p99: 0,
    cpuMsPerRequest: null,
    requests: 0,
    failed: 0,
    statuses: {},
    notes: [],
  };
  try {
    const { load } = target;
    let oneByOne =
      load.kind === "get" && (await tooSlowForLoad(server, load, target.expect, result, assets, target.noteFirst));
    if (!oneByOne) {
      // Over several servers: one run per server at the same time, the connections shared out evenly.
      const runFor = async (seconds: number) =>
        combineLoadResults(
          await Promise.all(
            server.origins.map((url, i) =>
              loader.run({ url, target: load, connections: shareOf(CONNECTIONS, server.origins.length, i), seconds }),
            ),
          ),
        );
      if (WARMUP_SECONDS > 0) {
        await runFor(WARMUP_SECONDS);
        // Requests the warm-up left unfinished must not be charged to the measured ones.
        await server.settle();
      }
      const cpuBefore = server.cpuMs();
      const dbBefore = server.dbCpuMs?.() ?? null;
      const run = await runFor(SECONDS);
      const cpuAfter = server.cpuMs();
      const dbAfter = server.dbCpuMs?.() ?? null;
      if (dbBefore !== null && dbAfter !== null && run.requests > 0)
        result.dbCpuMsPerRequest = (dbAfter - dbBefore) / run.requests;
      Object.assign(result, {
        rps: run.rps,
        p50: run.p50,
        p99: run.p99,
        cpuMsPerRequest:
          cpuBefore !== null && cpuAfter !== null && run.requests > 0 ? (cpuAfter - cpuBefore) / run.requests : null,
        requests: run.requests,
        statuses: run.statuses,
        failed: failedOf(run.statuses, target.expect, run.errors),
      });
      // The load generator itself can be the limit (a 30 MB page eight times at once): time such a page alone.
      if (load.kind === "get" && run.requests < CONNECTIONS) {
        await server.settle();
        result.notes.push(`the load run finished only ${run.requests} request(s)`);
        oneByOne = true;
      }
    }
    if (oneByOne && load.kind === "get") await timeOneByOne(server, load, target.expect, result);
  } catch (error) {
    result.failed++;
    result.notes.push(`no answer: ${error instanceof Error ? error.message : error}`);
  }
  await server.settle();
  const logged = new Map<string, number>();
  for (const line of server.errorsLogged().slice(errorsBefore)) logged.set(line, (logged.get(line) ?? 0) + 1);
  for (const [line, count] of logged) result.notes.push(`the server logged "${line}" (${count}×)`);
  return result;
}

type GetTarget = Extract<LoadTarget, { kind: "get" }>;

/** One GET as the bench sends it, with the CPU time the server spent meanwhile. */
async function timedGet(server: Server, load: GetTarget) {
  const headers = { "accept-encoding": ACCEPT_ENCODING, ...(load.cookie ? { cookie: load.cookie } : {}) };
  const before = server.cpuMs();
  const dbBefore = server.dbCpuMs?.() ?? null;
  const response = await request(`${server.origin}${load.path}`, { headers, timeoutMs: REQUEST_TIMEOUT_MS });
  const after = server.cpuMs();
  const dbAfter = server.dbCpuMs?.() ?? null;
  return {
    response,
    cpuMs: before !== null && after !== null ? after - before : null,
    dbCpuMs: dbBefore !== null && dbAfter !== null ? dbAfter - dbBefore : null,
  };
}

/**
 * A page's first request: its bytes (when `assets` is given), and whether the page is too slow for the load
 * run (8 connections would not each finish one request in the set time). The first request may be slow only
 * because it is the first (cold caches): then a second one decides.
 */
async function tooSlowForLoad(
  server: Server,
  load: GetTarget,
  expect: number,
  result: Measured,
  assets?: ReturnType<typeof assetMeter>,
  noteFirst = false,
): Promise<boolean> {
  const { response: first, cpuMs: firstCpuMs } = await timedGet(server, load);
  result.response = first;
  if (noteFirst && firstCpuMs !== null)
    result.notes.push(`the first request (builds it): ${significant(firstCpuMs)} ms CPU`);
  if (first.status !== expect) result.notes.push(`answered ${first.status}`);
  if (assets) {
    result.html = {
      sent: first.raw.length,
      encoding: String(first.headers["content-encoding"] ?? "none"),
      decoded: first.body.length,
      gzip: gzipSize(first.body),
    };
    if (String(first.headers["content-type"]).startsWith("text/html")) {
      Object.assign(result, await assets(first.body.toString(), `${server.origin}${load.path}`));
    }
  }
  if (first.ms <= SLOW_MS) return false;
  if (first.ms * 2 > SINGLE_BUDGET_MS) return true;
  return (await timedGet(server, load)).response.ms > SLOW_MS;
}

/** Up to three requests one after another (at most SINGLE_BUDGET_MS): req/s is 1 / their mean time. */
async function timeOneByOne(server: Server, load: GetTarget, expect: number, result: Measured) {
  const times: number[] = [];
  const cpu: number[] = [];
  const dbCpu: number[] = [];
  const statuses: Record<string, number> = {};
  const started = Date.now();
  do {
    const { response, cpuMs, dbCpuMs } = await timedGet(server, load);
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    times.push(response.ms);
    if (cpuMs !== null) cpu.push(cpuMs);
    if (dbCpuMs !== null) dbCpu.push(dbCpuMs);
  } while (times.length < 3 && Date.now() - started + times[times.length - 1]! < SINGLE_BUDGET_MS);
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const sorted = [...times].sort((a, b) => a - b);
  Object.assign(result, {
    mode: "single",
    rps: 1000 / mean(times),
    p50: sorted[Math.floor(sorted.length / 2)]!,
    p99: sorted[sorted.length - 1]!,
    cpuMsPerRequest: cpu.length === times.length ? mean(cpu) : null,
    dbCpuMsPerRequest: dbCpu.length === times.length ? mean(dbCpu) : undefined,
    requests: times.length,
    statuses,
    failed: failedOf(statuses, expect, 0),
  });
  result.notes.push(
    `timed one request at a time (${times.length}): too slow for ${CONNECTIONS} connections in ${SECONDS} s`,
  );
}

/** The same /products bytes from a bare Node server on the store's core, measured like the pages. */
async function staticLimit(loader: LoadGenerator, folder: string, products: RawResponse): Promise<StaticLimit> {
  const file = path.join(folder, "products.html");
  writeFileSync(file, products.raw);
  const port = await freePort();
  const encoding = products.headers["content-encoding"];
  const child = start(
    node,
    [
      "--import",
      "tsx",
      "bench/static-server.ts",
      file,
      String(products.headers["content-type"]),
      ...(encoding ? [encoding] : []),
    ],
    { core: SERVER_CORE, env: { ...process.env, PORT: String(port), HOST: "127.0.0.1" }, ...quiet },
  );
  try {
    const origin = `http://127.0.0.1:${port}`;
    await waitUntilAnswering(`${origin}/`, child);
    const server: Server = {
      origin,
      origins: [origin],
      cpuMs: () => (child.pid === undefined ? null : cpuMs(child.pid)),
      settle: () => settle(child),
      errorsLogged: () => [],
    };
    const target: Target = {
      name: "static",
      label: "Static limit",
      load: { kind: "get", path: "/products" },
      expect: 200,
    };
    const { response: _response, ...measured } = await measure(server, loader, target);
    return { ...measured, bytes: products.raw.length, encoding: encoding ?? "none" };
  } finally {
    await stop(child);
    rmSync(file, { force: true });
  }
}

async function settle(child: ChildProcess) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  if ((await waitUntilIdle(child.pid)) === null) console.log("  the server was still busy after 120 s");
}

function printResult(label: string, r: TargetResult, started: number) {
  const cpu = r.cpuMsPerRequest === null ? "" : `  CPU ${String(significant(r.cpuMsPerRequest)).padStart(7)} ms/req`;
  const db = r.dbCpuMsPerRequest === undefined ? "" : ` + DB ${significant(r.dbCpuMsPerRequest)}`;
  console.log(
    `  ${label.padEnd(36)} ${r.rps.toFixed(1).padStart(8)} req/s  p50 ${r.p50.toFixed(0).padStart(6)} ms` +
      `  p99 ${r.p99.toFixed(0).padStart(6)} ms${cpu}${db}  ${r.failed ? `${r.failed} failed  ` : ""}` +
      `(${((Date.now() - started) / 1000).toFixed(0)} s${r.mode === "single" ? ", one at a time" : ""})`,
  );
}

/** The CPU time a request costs, the app's and (PostgreSQL) the database server's. */
function totalCpuMs(r: TargetResult): number | undefined {
  return r.cpuMsPerRequest ? r.cpuMsPerRequest + (r.dbCpuMsPerRequest ?? 0) : undefined;
}

/** The figures rounded to 3 significant digits, "per core" from the CPU time, and the static limit compared. */
function rounded<T extends TargetResult>(r: T, limit?: StaticLimit): T {
  const perCore = (t: TargetResult) => {
    const total = totalCpuMs(t);
    return total ? 1000 / total : undefined;
  };
  const limitPerCore = limit && perCore(limit);
  return {
    ...r,
    rps: significant(r.rps),
    p50: significant(r.p50),
    p99: significant(r.p99),
    cpuMsPerRequest: r.cpuMsPerRequest === null ? null : significant(r.cpuMsPerRequest),
    dbCpuMsPerRequest: r.dbCpuMsPerRequest === undefined ? undefined : significant(r.dbCpuMsPerRequest),
    perCore: perCore(r) === undefined ? undefined : significant(perCore(r)!),
    vsStatic: limit && limit.rps > 0 ? significant(r.rps / limit.rps) : undefined,
    vsStaticPerCore: perCore(r) && limitPerCore ? significant(perCore(r)! / limitPerCore) : undefined,
  };
}

/** Measures every target on a running store, one after the other. */
async function measureTargets(
  store: Store,
  loader: LoadGenerator,
  targets: Target[],
  assets?: ReturnType<typeof assetMeter>,
): Promise<Measured[]> {
  const results: Measured[] = [];
  for (const target of targets) {
    const started = Date.now();
    await store.ensureRunning();
    const result = await measure(store, loader, target, assets);
    results.push(result);
    printResult(target.label, result, started);
  }
  return results;
}

function selected(targets: Target[], names?: string[]): Target[] {
  const chosen = targets.filter(
    (t) => (ONLY.length === 0 || ONLY.includes(t.name)) && (!names || names.includes(t.name)),
  );
  if (chosen.length === 0) throw new Error(`BENCH_ONLY names no target: ${ONLY.join(", ")}`);
  return chosen;
}

/** The sample product the 200-for-5 run sells: one with sizes (its second size gets the 5 units). */
function raceProduct(summary: CatalogueSummary): string {
  const product = summary.samples.find((s) => s.category !== "Accessories");
  if (!product) throw new Error("No sample product with sizes for the 200-for-5 run.");
  return product.id;
}

async function race(store: Store, env: NodeJS.ProcessEnv, summary: CatalogueSummary, engine: Engine) {
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

type BenchPostgres = TestPostgres & Database & { version: string };

/** A PostgreSQL for the run, with a shop's durability settings, pinned to the load generator's core. */
async function startBenchPostgres(): Promise<BenchPostgres> {
  const { postgresBinDir, startPostgres } = await import("../tools/postgres-server.ts");
  // It stops by itself, and its folder goes, when this process ends however it ends (its guard's pipe closes).
  const pg = await startPostgres({ settings: PG_SETTINGS });
  pinTree(pg.pid, DB_CORE);
  const version = path.basename(path.dirname(postgresBinDir()));
  return { ...pg, version, cpuMs: () => treeCpuMs(pg.pid) };
}

/** The secrets every server over one PostgreSQL shares (decision 0147): a throw-away pair for the run. */
const SHARED_SECRETS = {
  SESSION_SECRET: randomBytes(32).toString("hex"),
  MAIL_SEAL_KEY: randomBytes(32).toString("hex"),
};

async function benchSize(
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

// ── Report ─────────────────────────────────────────────────────────────────────────────────────────────────

function bytesCell(b: Bytes | undefined) {
  return b ? `${formatBytes(b.sent)} (gzip ${formatBytes(b.gzip)})` : "";
}

function markdown(report: Report): string {
  const s = report.settings;
  const lines = [
    `Last run: ${report.date.slice(0, 16).replace("T", " ")} UTC, ${report.totalSeconds} s in all, on ${describeMachine(report.machine)}.`,
    `Server (\`node build/server-entry.js\`, \`NODE_ENV=production\`) ${s.pinned ? `pinned to core ${SERVER_CORE}, autocannon to core ${LOAD_CORE}` : "not pinned (no taskset)"}; ` +
      `${s.connections} connections, no pipelining, ${s.warmupSeconds} s warm-up then ${s.seconds} s per page; requests ask for \`Accept-Encoding: ${ACCEPT_ENCODING}\`. ` +
      `"CPU ms" is the server's CPU time per request; "per core" = 1000 / CPU ms, the req/s it would give with a core to itself; ` +
      `"× static" compares that with a bare Node server sending the same /products bytes. ` +
      `Bytes: as sent, and in brackets gzipped (level 6) by the bench. Full figures: \`${RESULTS_FILE}\`.`,
  ];
  for (const size of report.sizes) {
    if (size.targets.length === 0) continue;
    const c = size.catalogue;
    lines.push(
      "",
      `### ${size.size.toLocaleString("en")} products`,
      "",
      `${c.onSale.toLocaleString("en")} on sale (${c.inStock.toLocaleString("en")} in stock), ${c.orders.toLocaleString("en")} orders with ` +
        `${c.orderLines.toLocaleString("en")} lines; "${COMMON_WORD}" matches ${c.commonWordMatches.toLocaleString("en")}, ` +
        `"${RARE_WORD.toLowerCase()}" ${c.rareWordMatches}.`,
      "",
      "Search queries alone (CPU ms per query, on the server's core): the scan the store did before (every name " +
        "through the folding function, every match read and sorted; and the same scan cut at one page) against " +
        "the search index (one page, and the count the page numbers need, made once per catalogue version).",
      "",
      table(
        ["Word", "matches", "scan: all", "scan: a page", "index: a page", "index: count", "scan ÷ (page + count)"],
        size.search.map((q) => [
          `"${q.word.toLowerCase()}"`,
          q.matches.toLocaleString("en"),
          significant(q.scanAll),
          significant(q.scanPage),
          significant(q.indexPage),
          significant(q.indexCount),
          significant(q.scanAll / (q.indexPage + q.indexCount)),
        ]),
      ),
      "",
      table(
        ["Page", "req/s", "p50 ms", "p99 ms", "CPU ms", "per core", "× static", "HTML", "CSS", "JS", "Notes"],
        [...size.targets, ...(size.staticLimit ? [size.staticLimit] : [])].map((t) => [
          t.name === "static"
            ? `Static limit: the same /products bytes (${formatBytes(size.staticLimit!.bytes)}) from a bare Node server`
            : `${t.label} \`${t.request}\``,
          t.rps,
          t.p50,
          t.p99,
          t.cpuMsPerRequest ?? "",
          t.perCore ?? "",
          t.vsStaticPerCore ?? "",
          bytesCell(t.html),
          bytesCell(t.css),
          bytesCell(t.js),
          [...t.notes, ...(t.failed ? [`${t.failed} failed (${JSON.stringify(t.statuses)})`] : [])].join("; "),
        ]),
      ),
    );
  }
  if (report.scaling.length > 0) {
    const [small, large] = [report.sizes[0]!.size, report.sizes[report.sizes.length - 1]!.size].map((n) =>
      n.toLocaleString("en"),
    );
    lines.push(
      "",
      `### ${large} products over ${small} (goal: 0.8 or more)`,
      "",
      table(
        ["Page", `${small}: per core`, `${large}: per core`, "ratio", `${small}: req/s`, `${large}: req/s`, "ratio"],
        report.scaling.map((r) => [
          r.label,
          r.small.perCore ?? "",
          r.large.perCore ?? "",
          r.perCoreRatio ?? "",
          r.small.rps,
          r.large.rps,
          r.ratio,
        ]),
      ),
    );
  }
  return lines.join("\n");
}

/** The PostgreSQL figures, the 200-for-5 runs and the copy tool: the "bench-engines" section. */
function enginesMarkdown(report: Report): string {
  const s = report.settings;
  const lines = [
    `Last run: ${report.date.slice(0, 16).replace("T", " ")} UTC, on ${describeMachine(report.machine)}.`,
    `PostgreSQL ${s.postgres ?? "(not run)"} (Debian's, started by the bench in a temporary folder) with fsync and ` +
      "synchronous commits on, as SQLite runs with `synchronous = FULL`. " +
      (s.pinned
        ? `App servers pinned to core ${SERVER_CORE}; PostgreSQL and autocannon to core ${DB_CORE}. With two app servers both ` +
          `are on core ${SERVER_CORE}: on two cores there is no third for them, so "two servers" shows what splitting the ` +
          'load over two processes costs, not what a second machine adds (that is one more "per core" figure). '
        : "Not pinned (no taskset). ") +
      `The load (${s.connections} connections) is split evenly over the servers; with two, p50 is the mean of each ` +
      "server's p50 weighted by its requests and p99 the higher of the two. \"App CPU\" is the app servers' CPU ms " +
      'per request (both together), "DB CPU" PostgreSQL\'s (all its processes); "per core" = 1000 / (app + DB CPU): ' +
      "what the pair would serve with one core to itself. On SQLite the database's work is inside the app's CPU.",
  ];
  const key = (servers: number) => (servers === 1 ? "PostgreSQL, 1 server" : `PostgreSQL, ${servers} servers`);
  for (const size of report.sizes) {
    if (size.engines.length === 0 && size.races.length === 0) continue;
    const engines = size.targets.length > 0 ? "SQLite and PostgreSQL" : "PostgreSQL";
    lines.push("", `### ${size.size.toLocaleString("en")} products: ${engines}`, "");
    const names = [...new Set([...size.engines.flatMap((e) => e.targets.map((t) => t.name))])];
    if (names.length > 0) {
      const header = ["Page"];
      if (size.targets.length > 0) header.push("SQLite: req/s", "p99", "per core");
      for (const e of size.engines) header.push(`${key(e.servers)}: req/s`, "p99", "app CPU", "DB CPU", "per core");
      header.push("Notes");
      const rows = names.map((name) => {
        const sqlite = size.targets.find((t) => t.name === name);
        const label = sqlite?.label ?? size.engines.flatMap((e) => e.targets).find((t) => t.name === name)!.label;
        const row: (string | number)[] = [label];
        if (size.targets.length > 0) row.push(sqlite?.rps ?? "", sqlite?.p99 ?? "", sqlite?.perCore ?? "");
        const notes: string[] = [];
        for (const e of size.engines) {
          const t = e.targets.find((x) => x.name === name);
          row.push(t?.rps ?? "", t?.p99 ?? "", t?.cpuMsPerRequest ?? "", t?.dbCpuMsPerRequest ?? "", t?.perCore ?? "");
          if (t && (t.failed || t.notes.length)) {
            notes.push(
              `${key(e.servers)}: ${[...t.notes, ...(t.failed ? [`${t.failed} failed (${JSON.stringify(t.statuses)})`] : [])].join("; ")}`,
            );
          }
        }
        row.push(notes.join(" · "));
        return row;
      });
      lines.push(table(header, rows), "");
      const cod = (targets: TargetResult[]) => targets.find((t) => t.name === "cod-order");
      const checkouts = [
        ...(cod(size.targets) ? [["SQLite", cod(size.targets)!] as const] : []),
        ...size.engines.flatMap((e) => (cod(e.targets) ? [[key(e.servers), cod(e.targets)!] as const] : [])),
      ];
      if (checkouts.length > 0) {
        lines.push(
          "Checkouts per second (cash-on-delivery orders of three lines through `/api/order/cod`, each its own " +
            `request key): ${checkouts.map(([engine, t]) => `${engine} **${t.rps}**/s (per core ${t.perCore ?? "?"})`).join(", ")}.`,
          "",
        );
      }
    }
    if (size.races.length > 0) {
      lines.push(
        "200 buyers, each signed up on one of two servers (100 on each), order the same size with 5 units at the " +
          "same moment, each through its own server; then the database itself is read.",
        "",
        table(
          [
            "Engine",
            "sold (201)",
            "refused (409)",
            "other",
            "units left",
            "units in orders",
            "orders",
            "seconds",
            "right",
          ],
          size.races.map((r) => [
            `${r.engine === "sqlite" ? "SQLite (one file)" : "PostgreSQL"}, ${r.servers} servers`,
            r.sold,
            r.refused,
            Object.entries(r.other)
              .map(([status, n]) => `${n}× ${status}`)
              .join(", ") || "none",
            r.database.stock ?? "not counted",
            r.database.unitsOrdered,
            r.database.orders,
            significant(r.seconds),
            r.ok ? "yes" : `NO: ${r.problems.join("; ")}`,
          ]),
        ),
        "",
        `Refusals: ${[...new Set(size.races.flatMap((r) => Object.keys(r.messages)))].map((m) => `"${m}"`).join(", ")}.`,
        "",
      );
    }
    if (size.copy) {
      const c = size.copy;
      lines.push(
        `\`npm run db:copy\` of this store (the SQLite file ${size.races.some((r) => r.engine === "sqlite") ? "after the SQLite runs above" : "as generated"}) into an empty PostgreSQL ` +
          `database, the database only (pictures stay files): ${c.rows.toLocaleString("en")} rows in ${c.tables} tables ` +
          `copied in ${c.copySeconds} s, ${c.toolSeconds} s with every table read back and compared (count and ` +
          `SHA-256), ${significant(c.wallSeconds)} s for the whole command; at most ${c.peakMb} MB of memory. The ` +
          "PostgreSQL figures above are measured on that copy.",
      );
    }
  }
  return lines.join("\n");
}

type Report = {
  date: string;
  totalSeconds: number;
  machine: ReturnType<typeof machine>;
  settings: {
    seconds: number;
    warmupSeconds: number;
    connections: number;
    pinned: boolean;
    sizes: number[];
    engines: Engine[];
    /** PostgreSQL's version, when it ran. */
    postgres?: string;
  };
  sizes: SizeResult[];
  scaling: {
    name: string;
    label: string;
    small: { rps: number; perCore?: number };
    large: { rps: number; perCore?: number };
    ratio: number;
    perCoreRatio?: number;
  }[];
};

function scaling(sizes: SizeResult[]): Report["scaling"] {
  if (sizes.length < 2) return [];
  const small = sizes[0]!;
  const large = sizes[sizes.length - 1]!;
  return small.targets.map((t) => {
    const other = large.targets.find((o) => o.name === t.name);
    const [a, b] = [t.perCore, other?.perCore];
    return {
      name: t.name,
      label: t.label,
      small: { rps: t.rps, perCore: a },
      large: { rps: other?.rps ?? 0, perCore: b },
      ratio: t.rps > 0 ? significant((other?.rps ?? 0) / t.rps) : 0,
      perCoreRatio: a && b ? significant(b / a) : undefined,
    };
  });
}

// ── Main ───────────────────────────────────────────────────────────────────────────────────────────────────

async function main() {
  const started = Date.now();
  const info = machine();
  if (!canPin) console.log("taskset is not available: the server and autocannon share the cores.");
  const work = temporaryFolder("trendora-bench-");
  console.log("Building ...");
  const buildDir = await buildStore();
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(0)} s.`);

  const loader = new LoadGenerator();
  const sizes: SizeResult[] = [];
  const postgresServer = ENGINES.includes("postgres") ? await startBenchPostgres() : undefined;
  try {
    for (const size of SIZES) sizes.push(await benchSize(size, buildDir, work, loader, postgresServer));
  } finally {
    await loader.close();
    await postgresServer?.stop();
  }

  info.loadAverage.end = round(os.loadavg()[0]!, 2);
  const report: Report = {
    date: new Date().toISOString(),
    totalSeconds: Math.round((Date.now() - started) / 1000),
    machine: info,
    settings: {
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      connections: CONNECTIONS,
      pinned: canPin,
      sizes: SIZES,
      engines: ENGINES,
      postgres: postgresServer?.version,
    },
    sizes,
    scaling: scaling(sizes),
  };
  const file = FULL_RUN ? RESULTS_FILE : DEV_RESULTS_FILE;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  const section = markdown(report);
  const engines = enginesMarkdown(report);
  if (FULL_RUN) {
    writeSection("bench", section);
    writeSection("bench-engines", engines);
  }
  const wrote = FULL_RUN
    ? `${file} and docs/performance.md`
    : `${file} (a shortened run: docs/performance.md unchanged)`;
  console.log(`\n${section}\n\n${engines}\n\nWrote ${wrote} in ${report.totalSeconds} s.`);
}

await main();

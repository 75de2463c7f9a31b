// The benchmark's settings (BENCH_* environment variables, cores, PostgreSQL's durability) and the shapes of
// its results. Part of `npm run bench` (bench/run.ts, the runner).
import type { CatalogueSummary } from "./catalogue.ts";
import type { CopyResult } from "./copy.ts";
import type { LoadTarget } from "./load.ts";
import type { RaceResult } from "./race.ts";
import type { machine } from "./report.ts";
import type { SearchCost } from "./search-queries.ts";

export function envNumber(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number (got "${value}").`);
  return n;
}

export const SECONDS = envNumber("BENCH_SECONDS", 8);
export const WARMUP_SECONDS = envNumber("BENCH_WARMUP_SECONDS", 2);
export const SIZES = (process.env.BENCH_SIZES ?? "10000,100000").split(",").map((s) => Number(s.trim()));
if (SIZES.some((n) => !Number.isInteger(n) || n < 100)) throw new Error("BENCH_SIZES: whole numbers of 100 or more.");
export const CONNECTIONS = 8;
export const SERVER_CORE = 0;
export const LOAD_CORE = 1;
/** PostgreSQL shares the load generator's core: the app servers keep core 0 to themselves, as on SQLite. */
export const DB_CORE = LOAD_CORE;
export type Engine = "sqlite" | "postgres";
/** BENCH_ENGINES: which engines to measure (comma-separated: sqlite, postgres); both when unset. */
export const ENGINES = (process.env.BENCH_ENGINES ?? "sqlite,postgres").split(",").map((s) => s.trim()) as Engine[];
if (ENGINES.length === 0 || ENGINES.some((e) => e !== "sqlite" && e !== "postgres"))
  throw new Error('BENCH_ENGINES: "sqlite", "postgres" or both, comma-separated.');
/** On PostgreSQL: one app server, then two (the load split evenly over them). */
export const PG_SERVERS = [1, 2];
/**
 * The bench's PostgreSQL is a throw-away one (tools/postgres-server.ts), but with a shop's durability:
 * fsync and synchronous commits on (SQLite runs with synchronous = FULL), PostgreSQL's default shared_buffers.
 */
export const PG_SETTINGS = {
  fsync: "on",
  synchronous_commit: "on",
  full_page_writes: "on",
  shared_buffers: "128MB",
  max_connections: "100",
};
/** A page that takes this long once is measured with a few single requests instead of under load. */
export const SLOW_MS = (SECONDS * 1000) / CONNECTIONS;
export const SINGLE_BUDGET_MS = 30_000;
export const REQUEST_TIMEOUT_MS = 180_000;
export const RESULTS_FILE = "bench/results/latest.json";
/** BENCH_ONLY: the names of the targets to measure (e.g. "api-product-list"), comma-separated; all when unset. */
export const ONLY = (process.env.BENCH_ONLY ?? "")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);
/** Shortened runs (BENCH_ENGINES, BENCH_SIZES, BENCH_SECONDS, BENCH_WARMUP_SECONDS or BENCH_ONLY set) leave the committed figures alone. */
export const FULL_RUN =
  !process.env.BENCH_ENGINES &&
  !process.env.BENCH_SIZES &&
  !process.env.BENCH_SECONDS &&
  !process.env.BENCH_WARMUP_SECONDS &&
  ONLY.length === 0;
export const DEV_RESULTS_FILE = "bench/results/dev.json";

export type Target = {
  name: string;
  label: string;
  load: LoadTarget;
  /** The status a successful request gets. */
  expect: number;
  /** Note the first request's CPU time apart: the answer is built by it and kept (the full product list). */
  noteFirst?: boolean;
};

export type Bytes = { sent: number; gzip: number };
export type TargetResult = {
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
export type StaticLimit = TargetResult & { bytes: number; encoding: string };
export type SizeResult = {
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

/** Where a target is measured: the store (one server or several), or the static server. */
export type Server = {
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

export type Report = {
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

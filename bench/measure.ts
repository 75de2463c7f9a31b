// Measuring one scenario on a running store: under load for the set time, or a few single requests for a page
// too slow for that; its CPU time per request, bytes, assets and errors; and the static limit (/products from a
// bare Node server) every page is compared with.
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type LoadGenerator, node, quiet, type Store, settle } from "./fleet.ts";
import { pageAssets } from "./html-assets.ts";
import { ACCEPT_ENCODING, gzipSize, type RawResponse, request } from "./http.ts";
import { combineLoadResults, type LoadTarget, shareOf } from "./load.ts";
import { cpuMs, freePort, start, stop, waitUntilAnswering } from "./processes.ts";
import { significant } from "./report.ts";
import {
  type Bytes,
  CONNECTIONS,
  ONLY,
  REQUEST_TIMEOUT_MS,
  SECONDS,
  SERVER_CORE,
  type Server,
  SINGLE_BUDGET_MS,
  SLOW_MS,
  type StaticLimit,
  type Target,
  type TargetResult,
  WARMUP_SECONDS,
} from "./settings.ts";

export function describeRequest(load: LoadTarget): string {
  if (load.kind === "get") return `GET ${load.path}`;
  return load.kind === "add-to-cart" ? "POST /cart intent=add" : "POST /api/order/cod";
}

/** CSS and JS bytes of a page: each file fetched once per size, as sent and as gzip would make it. */
export function assetMeter(origin: string) {
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
export function sameProducts(a: RawResponse, b: RawResponse): boolean {
  const links = (r: RawResponse) =>
    [...new Set(r.body.toString().match(/\/products\/[a-z]+\/[0-9a-z]+/g) ?? [])].join(" ");
  return links(a) === links(b);
}

export function failedOf(statuses: Record<string, number>, expect: number, errors: number) {
  return Object.entries(statuses).reduce((n, [status, count]) => (Number(status) === expect ? n : n + count), errors);
}

export type Measured = TargetResult & { response?: RawResponse };

export async function measure(
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

export type GetTarget = Extract<LoadTarget, { kind: "get" }>;

/** One GET as the bench sends it, with the CPU time the server spent meanwhile. */
export async function timedGet(server: Server, load: GetTarget) {
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
export async function tooSlowForLoad(
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
export async function timeOneByOne(server: Server, load: GetTarget, expect: number, result: Measured) {
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
export async function staticLimit(loader: LoadGenerator, folder: string, products: RawResponse): Promise<StaticLimit> {
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

export function printResult(label: string, r: TargetResult, started: number) {
  const cpu = r.cpuMsPerRequest === null ? "" : `  CPU ${String(significant(r.cpuMsPerRequest)).padStart(7)} ms/req`;
  const db = r.dbCpuMsPerRequest === undefined ? "" : ` + DB ${significant(r.dbCpuMsPerRequest)}`;
  console.log(
    `  ${label.padEnd(36)} ${r.rps.toFixed(1).padStart(8)} req/s  p50 ${r.p50.toFixed(0).padStart(6)} ms` +
      `  p99 ${r.p99.toFixed(0).padStart(6)} ms${cpu}${db}  ${r.failed ? `${r.failed} failed  ` : ""}` +
      `(${((Date.now() - started) / 1000).toFixed(0)} s${r.mode === "single" ? ", one at a time" : ""})`,
  );
}

/** The CPU time a request costs, the app's and (PostgreSQL) the database server's. */
export function totalCpuMs(r: TargetResult): number | undefined {
  return r.cpuMsPerRequest ? r.cpuMsPerRequest + (r.dbCpuMsPerRequest ?? 0) : undefined;
}

/** The figures rounded to 3 significant digits, "per core" from the CPU time, and the static limit compared. */
export function rounded<T extends TargetResult>(r: T, limit?: StaticLimit): T {
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
export async function measureTargets(
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

export function selected(targets: Target[], names?: string[]): Target[] {
  const chosen = targets.filter(
    (t) => (ONLY.length === 0 || ONLY.includes(t.name)) && (!names || names.includes(t.name)),
  );
  if (chosen.length === 0) throw new Error(`BENCH_ONLY names no target: ${ONLY.join(", ")}`);
  return chosen;
}

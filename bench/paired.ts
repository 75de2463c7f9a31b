// `node --import tsx bench/paired.ts name=buildDir,dataDir,summary.json ...`: two (or more) builds of the store
// served at the same time and measured in interleaved rounds, for comparing builds on a shared, busy machine.
// Each build runs its production server on core 0 with its own catalogue (made by that build's
// `bench/generate.ts`, whose JSON summary names the sample product); this process drives autocannon from core 1.
// A round measures every page on every build, the builds' order changing from round to round; a page's figure is
// the server's CPU time (utime + stime, /proc) over a fixed number of requests after a third as many of warm-up.
// What a request costs in CPU is what the bench's `cpuMsPerRequest` is; other processes on the machine slow the
// requests down but add little to it. Prints every round and the medians, with the load average at each round.
// Options: PAIRED_ROUNDS (5), PAIRED_REQUESTS (600), PAIRED_PAGES (comma-separated names, all when unset).
import { readFileSync } from "node:fs";
import os from "node:os";
import autocannon from "autocannon";
import type { CatalogueSummary } from "./catalogue.ts";
import { ACCEPT_ENCODING } from "./http.ts";
import { cpuMs, stop, waitUntilIdle } from "./processes.ts";
import { registerShopper } from "./race.ts";
import { type StoreServer, startStoreServer } from "./store-server.ts";

const ROUNDS = Number(process.env.PAIRED_ROUNDS ?? 5);
const REQUESTS = Number(process.env.PAIRED_REQUESTS ?? 600);
const ONLY = (process.env.PAIRED_PAGES ?? "").split(",").filter(Boolean);
const CONNECTIONS = 8;

type Build = { name: string; server: StoreServer; pages: Map<string, { path: string; cookie?: string }> };

async function postJson(origin: string, path: string, body: unknown, cookie: string) {
  const response = await fetch(`${origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, cookie },
    body: JSON.stringify(body),
  });
  if (response.status >= 400) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
}

async function startBuild(spec: string): Promise<Build> {
  const [name, rest] = spec.split("=");
  const [buildDir, dataDir, summaryFile] = (rest ?? "").split(",");
  if (!name || !buildDir || !dataDir || !summaryFile) throw new Error(`name=buildDir,dataDir,summary.json: ${spec}`);
  const summary = JSON.parse(readFileSync(summaryFile, "utf8")) as CatalogueSummary;
  const server = await startStoreServer({ buildDir, dataDir, core: 0 });
  // The bench's signed-in shopper (bench/run.ts): a 20-line cart.
  const { cookie } = await registerShopper(server.origin, "paired");
  const lines = [...new Map(summary.samples.map((s) => [s.id, s])).values()].slice(0, 20);
  await postJson(
    server.origin,
    "/api/cart/update",
    {
      cartLines: lines.map(({ id, size }, i) => ({ product: id, ...(size ? { size } : {}), quantity: 1 + (i % 3) })),
    },
    cookie,
  );
  const product = summary.samples.find((s) => s.category === "Men") ?? summary.samples[0]!;
  const productPath = `/products/${product.category.toLowerCase()}/${product.id}`;
  const pages = new Map<string, { path: string; cookie?: string }>([
    ["home", { path: "/" }],
    ["products", { path: "/products" }],
    ["product", { path: productPath }],
    ["home-rendered", { path: "/", cookie }],
    ["products-rendered", { path: "/products", cookie }],
    ["product-rendered", { path: productPath, cookie }],
  ]);
  for (const key of [...pages.keys()]) if (ONLY.length > 0 && !ONLY.includes(key)) pages.delete(key);
  return { name, server, pages };
}

async function load(url: string, cookie: string | undefined, amount: number) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    amount,
    headers: { "accept-encoding": ACCEPT_ENCODING, ...(cookie ? { cookie } : {}) },
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) throw new Error(`${url}: ${bad} requests failed`);
}

async function measure(build: Build, page: string): Promise<number> {
  const { path, cookie } = build.pages.get(page)!;
  const url = `${build.server.origin}${path}`;
  const pid = build.server.child.pid!;
  await load(url, cookie, Math.round(REQUESTS / 3));
  await waitUntilIdle(pid);
  const before = cpuMs(pid)!;
  await load(url, cookie, REQUESTS);
  await waitUntilIdle(pid);
  return (cpuMs(pid)! - before) / REQUESTS;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

const builds: Build[] = [];
for (const spec of process.argv.slice(2)) builds.push(await startBuild(spec));
try {
  const pages = [...builds[0]!.pages.keys()];
  const figures = new Map<string, number[]>();
  for (let round = 1; round <= ROUNDS; round++) {
    const loadAverage = os.loadavg()[0]!.toFixed(1);
    const order = round % 2 ? builds : [...builds].reverse();
    for (const page of pages) {
      const row: string[] = [];
      for (const build of order) {
        const ms = await measure(build, page);
        const key = `${page} ${build.name}`;
        figures.set(key, [...(figures.get(key) ?? []), ms]);
        row.push(`${build.name} ${ms.toFixed(3)}`);
      }
      console.log(`round ${round} (load ${loadAverage}) ${page}: ${row.join(", ")}`);
    }
  }
  console.log(
    `\nmedians of ${ROUNDS} rounds, ${REQUESTS} requests each (CPU ms a request; ratio to ${builds[0]!.name})`,
  );
  for (const page of pages) {
    const base = median(figures.get(`${page} ${builds[0]!.name}`)!);
    const cells = builds.map((b) => {
      const mine = figures.get(`${page} ${b.name}`)!;
      const m = median(mine);
      // The median of the rounds' own ratios too: each round's builds ran under the same load.
      const ratios = mine.map((x, i) => x / figures.get(`${page} ${builds[0]!.name}`)![i]!);
      return `${b.name} ${m.toFixed(3)} (${(m / base).toFixed(3)}x; by round ${median(ratios).toFixed(3)}x)`;
    });
    console.log(`${page.padEnd(18)} ${cells.join("  ")}`);
  }
  console.log(
    `load average now: ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")}`,
  );
} finally {
  for (const build of builds) await stop(build.server.child);
}

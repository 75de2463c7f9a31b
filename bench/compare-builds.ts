// `node --import tsx bench/compare-builds.ts <buildA> <buildB> [...]`: the CPU time a page costs on two (or more)
// builds of the store, served side by side, measured in interleaved rounds.
// Page after page, each round sends COMPARE_BATCH requests to A, then to B (B first in odd rounds), over 4
// connections, and reads each server's CPU time (user + system) before and after: CPU ms per request is what
// that page cost that server; rounds this short and interleaved put whatever else the machine does on both
// alike. Prints one line per page: the median of the rounds for each build (each round's figure in brackets)
// and the change from the first build. Builds: folders inside the project (`BUILD_DIR=build-base npm run
// build`), so their server finds node_modules.
// The builds share one generated catalogue (one SQLite file), unless a build is given as `<build>=<dataDir>`:
// then it runs on a catalogue of its own, made by bench/generate.ts of the checkout it was built from into that
// empty folder (`DATA_DIR=<dataDir> node --import tsx bench/generate.ts 10000 > <dataDir>/summary.json`): for
// builds whose schemas differ. The signed-in pages are the bench's shopper's (20 cart lines); `*-visitor` pages
// are asked for without a cookie (the visitors' kept pages).
// COMPARE_SIZE (10000 products), COMPARE_ROUNDS (20), COMPARE_BATCH (40), COMPARE_PAGES (names, comma-separated),
// COMPARE_DATA_DIR (the shared catalogue: a folder bench/generate.ts has filled, its summary made when missing).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { type CatalogueSummary, COMMON_WORD } from "./catalogue.ts";
import { ACCEPT_ENCODING, request } from "./http.ts";
import { atExit, cpuMs, runToEnd, stop, temporaryFolder } from "./processes.ts";
import { registerShopper } from "./race.ts";
import { startStoreServer } from "./store-server.ts";

const specs = process.argv.slice(2).map((arg) => {
  const [build, ownData] = arg.split("=");
  return { buildDir: path.resolve(build!), ownData: ownData ? path.resolve(ownData) : null };
});
if (specs.length < 2) throw new Error("Usage: bench/compare-builds.ts <buildA>[=<dataDir>] <buildB>[=<dataDir>] [...]");
const SIZE = Number(process.env.COMPARE_SIZE ?? 10_000);
const ROUNDS = Number(process.env.COMPARE_ROUNDS ?? 20);
const BATCH = Number(process.env.COMPARE_BATCH ?? 40);
const CONNECTIONS = 4;

/** BATCH requests for `url` over CONNECTIONS connections; resolves once every answer is in. */
async function runBatch(url: string, cookie: string | undefined) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    amount: BATCH,
    headers: { "accept-encoding": ACCEPT_ENCODING, ...(cookie ? { cookie } : {}) },
  });
  return { requests: result.requests.total, non2xx: result.non2xx, errors: result.errors };
}

async function summaryOf(dataDir: string, generate: boolean): Promise<CatalogueSummary> {
  const summaryFile = path.join(dataDir, "summary.json");
  if (!existsSync(summaryFile)) {
    if (!generate) throw new Error(`${summaryFile} is missing: fill ${dataDir} with that build's bench/generate.ts`);
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    writeFileSync(
      summaryFile,
      await runToEnd(process.execPath, ["--import", "tsx", "bench/generate.ts", String(SIZE)], { env }),
    );
  }
  return JSON.parse(readFileSync(summaryFile, "utf8")) as CatalogueSummary;
}

/** The bench's signed-in shopper on `origin`, with a 20-line cart; their cookie. */
async function cartShopper(origin: string, summary: CatalogueSummary): Promise<string> {
  const { cookie } = await registerShopper(origin, "compare");
  const lines = [...new Map(summary.samples.map((s) => [s.id, s])).values()].slice(0, 20);
  const filled = await request(`${origin}/api/cart/update`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, cookie },
    body: JSON.stringify({
      cartLines: lines.map(({ id, size }, i) => ({ product: id, ...(size ? { size } : {}), quantity: 1 + (i % 3) })),
    }),
  });
  if (filled.status >= 400) throw new Error(`cart: ${filled.status} ${filled.body.toString()}`);
  return cookie;
}

/** The pages measured, by name: signed in unless the name ends in `-visitor`. */
function pagesOf(summary: CatalogueSummary): Record<string, string> {
  const product = summary.samples.find((s) => s.category === "Men") ?? summary.samples[0]!;
  const productPath = `/products/${product.category.toLowerCase()}/${product.id}`;
  return {
    home: "/",
    products: "/products",
    deep: `/products?page=${Math.min(400, Math.floor(summary.inStock / 24))}`,
    product: productPath,
    search: `/products?q=${COMMON_WORD.toLowerCase()}`,
    cart: "/cart",
    "home-visitor": "/",
    "products-visitor": "/products",
    "product-visitor": productPath,
  };
}

// The shared catalogue, when some build has none of its own. Servers on one SQLite file share a session secret,
// so one shopper's cookie is good on each.
const sharedData = specs.some((spec) => !spec.ownData)
  ? process.env.COMPARE_DATA_DIR
    ? path.resolve(process.env.COMPARE_DATA_DIR)
    : path.join(temporaryFolder("compare-"), "data")
  : null;
const servers: (Awaited<ReturnType<typeof startStoreServer>> & {
  name: string;
  cookie: string;
  pages: Record<string, string>;
})[] = [];
let sharedCookie: string | null = null;
for (const { buildDir, ownData } of specs) {
  const dataDir = ownData ?? (sharedData as string);
  const summary = await summaryOf(dataDir, !ownData);
  const server = await startStoreServer({ buildDir, dataDir, env: { SESSION_SECRET: "compare-builds-secret" } });
  atExit(() => server.child.kill());
  if (!ownData && !sharedCookie) sharedCookie = await cartShopper(server.origin, summary);
  const cookie = ownData ? await cartShopper(server.origin, summary) : (sharedCookie as string);
  servers.push({ name: path.basename(buildDir), ...server, cookie, pages: pagesOf(summary) });
}

const ALL_PAGES = Object.keys(servers[0]!.pages);
const chosen = process.env.COMPARE_PAGES?.split(",").map((p) => p.trim()) ?? ALL_PAGES;
for (const page of chosen) if (!ALL_PAGES.includes(page)) throw new Error(`COMPARE_PAGES: no page ${page}`);
const results: Record<string, number[][]> = Object.fromEntries(chosen.map((p) => [p, servers.map(() => [])]));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const names = servers.map((s) => s.name);
console.log(`${SIZE} products, ${ROUNDS} rounds of ${BATCH} requests over ${CONNECTIONS} connections`);
console.log(
  `page | ${names.map((n) => `${n} CPU ms/request`).join(" | ")} | change from ${names[0]} | requests/s per core`,
);

for (const page of chosen) {
  // One batch each first, not measured: the page's code is compiled and its queries prepared before counting.
  const cookieOf = (server: (typeof servers)[number]) => (page.endsWith("-visitor") ? undefined : server.cookie);
  for (const server of servers) await runBatch(`${server.origin}${server.pages[page]}`, cookieOf(server));
  for (let round = 0; round < ROUNDS; round++) {
    // A, B, C..., then the other way round in the next round: whatever the machine does meanwhile falls on all alike.
    const forward = servers.map((_, i) => i);
    const order = round % 2 === 0 ? forward : forward.reverse();
    for (const i of order) {
      const server = servers[i]!;
      const pid = server.child.pid!;
      const before = cpuMs(pid)!;
      const load = await runBatch(`${server.origin}${server.pages[page]}`, cookieOf(server));
      const spent = cpuMs(pid)! - before;
      if (load.non2xx > 0 || load.errors > 0) throw new Error(`${page} on ${server.name}: ${JSON.stringify(load)}`);
      results[page]![i]!.push(spent / load.requests);
    }
  }
  const medians = results[page]!.map(median);
  const cells = results[page]!.map((r, i) => `${medians[i]!.toFixed(2)} (${r.map((v) => v.toFixed(1)).join(" ")})`);
  const changes = medians.slice(1).map((m) => `${(((m - medians[0]!) / medians[0]!) * 100).toFixed(1)} %`);
  const perCore = medians.map((m) => (1000 / m).toFixed(0));
  console.log(`${page} | ${cells.join(" | ")} | ${changes.join(", ")} | ${perCore.join(", ")}`);
}
console.log(
  `load average at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
for (const server of servers) await stop(server.child);

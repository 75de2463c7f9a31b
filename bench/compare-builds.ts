// `node --import tsx bench/compare-builds.ts <buildA> <buildB>`: the CPU time a signed-in page costs on two
// builds of the store, served side by side over one generated catalogue, measured in interleaved rounds.
// Page after page, each round sends COMPARE_BATCH requests to A, then to B (B first in odd rounds), over 4
// connections, and reads each server's CPU time (user + system) before and after: CPU ms per request is what
// that page cost that server; rounds this short and interleaved put whatever else the machine does on both
// alike. Prints one line per page: the median of the rounds for each build (each round's figure in brackets)
// and the change from the first build. More than two builds take turns the same way. Builds: folders inside the project
// (`BUILD_DIR=build-base npm run build`), so their server finds node_modules.
// COMPARE_SIZE (10000 products), COMPARE_ROUNDS (20), COMPARE_BATCH (40), COMPARE_PAGES (names, comma-separated).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { type CatalogueSummary, COMMON_WORD } from "./catalogue.ts";
import { ACCEPT_ENCODING, request } from "./http.ts";
import { atExit, cpuMs, runToEnd, stop, temporaryFolder } from "./processes.ts";
import { registerShopper } from "./race.ts";
import { startStoreServer } from "./store-server.ts";

const builds = process.argv.slice(2).map((dir) => path.resolve(dir));
if (builds.length < 2) throw new Error("Usage: bench/compare-builds.ts <buildA> <buildB> [<buildC> ...]");
const SIZE = Number(process.env.COMPARE_SIZE ?? 10_000);
const ROUNDS = Number(process.env.COMPARE_ROUNDS ?? 20);
const BATCH = Number(process.env.COMPARE_BATCH ?? 40);
const CONNECTIONS = 4;

/** BATCH requests for `url` over CONNECTIONS connections; resolves once every answer is in. */
async function runBatch(url: string, cookie: string) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    amount: BATCH,
    headers: { cookie, "accept-encoding": ACCEPT_ENCODING },
  });
  return { requests: result.requests.total, non2xx: result.non2xx, errors: result.errors };
}

// COMPARE_DATA_DIR: a store bench/generate.ts has filled, with its summary in <dir>/summary.json (made here when
// missing), so that several runs need not generate the catalogue again.
const dataDir = process.env.COMPARE_DATA_DIR
  ? path.resolve(process.env.COMPARE_DATA_DIR)
  : path.join(temporaryFolder("compare-"), "data");
const summaryFile = path.join(dataDir, "summary.json");
if (!existsSync(summaryFile)) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const generated = await runToEnd(process.execPath, ["--import", "tsx", "bench/generate.ts", String(SIZE)], { env });
  writeFileSync(summaryFile, generated);
}
const summary = JSON.parse(readFileSync(summaryFile, "utf8")) as CatalogueSummary;

// The servers over the same SQLite file and DATA_DIR (one session secret: a cookie is good on both).
const servers = [];
for (const buildDir of builds) {
  const server = await startStoreServer({ buildDir, dataDir, env: { SESSION_SECRET: "compare-builds-secret" } });
  atExit(() => server.child.kill());
  servers.push({ name: path.basename(buildDir), ...server });
}
const origin = servers[0]!.origin;
const shopper = await registerShopper(origin, "compare");
const lines = [...new Map(summary.samples.map((s) => [s.id, s])).values()].slice(0, 20);
const filled = await request(`${origin}/api/cart/update`, {
  method: "POST",
  headers: { "content-type": "application/json", origin, cookie: shopper.cookie },
  body: JSON.stringify({
    cartLines: lines.map(({ id, size }, i) => ({ product: id, ...(size ? { size } : {}), quantity: 1 + (i % 3) })),
  }),
});
if (filled.status >= 400) throw new Error(`cart: ${filled.status} ${filled.body.toString()}`);

const product = summary.samples.find((s) => s.category === "Men") ?? summary.samples[0]!;
const deep = Math.min(400, Math.floor(summary.inStock / 24));
const ALL_PAGES: Record<string, string> = {
  home: "/",
  products: "/products",
  deep: `/products?page=${deep}`,
  product: `/products/${product.category.toLowerCase()}/${product.id}`,
  search: `/products?q=${COMMON_WORD.toLowerCase()}`,
  cart: "/cart",
};
const chosen = process.env.COMPARE_PAGES?.split(",").map((p) => p.trim()) ?? Object.keys(ALL_PAGES);
const results: Record<string, number[][]> = Object.fromEntries(chosen.map((p) => [p, builds.map(() => [])]));
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
  for (const server of servers) await runBatch(`${server.origin}${ALL_PAGES[page]}`, shopper.cookie);
  for (let round = 0; round < ROUNDS; round++) {
    // A, B, C..., then the other way round in the next round: whatever the machine does meanwhile falls on all alike.
    const forward = servers.map((_, i) => i);
    const order = round % 2 === 0 ? forward : forward.reverse();
    for (const i of order) {
      const server = servers[i]!;
      const pid = server.child.pid!;
      const before = cpuMs(pid)!;
      const load = await runBatch(`${server.origin}${ALL_PAGES[page]}`, shopper.cookie);
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

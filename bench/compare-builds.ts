// `node --import tsx bench/compare-builds.ts <buildA> <buildB>`: the CPU time a signed-in page costs on two
// builds of the store, served side by side over one generated catalogue, measured in interleaved rounds.
// Each round loads every page on A, then on B (B first in odd rounds), for COMPARE_SECONDS at 8 connections,
// and reads each server's CPU time (user + system) before and after: CPU ms per request is what that page cost
// that server, whatever else the machine was doing (a loaded machine makes both slower alike). Prints one
// line per page: the median of the rounds for each build and B's change. Builds: folders inside the project
// (`BUILD_DIR=build-base npm run build`), so their server finds node_modules.
// COMPARE_SIZE (10000 products), COMPARE_ROUNDS (3), COMPARE_SECONDS (3), COMPARE_PAGES (names, comma-separated).
import path from "node:path";
import { type CatalogueSummary, COMMON_WORD } from "./catalogue.ts";
import { request } from "./http.ts";
import { runLoad } from "./load.ts";
import { atExit, cpuMs, runToEnd, stop, temporaryFolder, waitUntilIdle } from "./processes.ts";
import { registerShopper } from "./race.ts";
import { startStoreServer } from "./store-server.ts";

const [buildA, buildB] = process.argv.slice(2).map((dir) => path.resolve(dir));
if (!buildA || !buildB) throw new Error("Usage: bench/compare-builds.ts <buildA> <buildB>");
const SIZE = Number(process.env.COMPARE_SIZE ?? 10_000);
const ROUNDS = Number(process.env.COMPARE_ROUNDS ?? 3);
const SECONDS = Number(process.env.COMPARE_SECONDS ?? 3);
const CONNECTIONS = 8;

const work = temporaryFolder("compare-");
const dataDir = path.join(work, "data");
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
delete env.DATABASE_URL;
const summary = JSON.parse(
  await runToEnd(process.execPath, ["--import", "tsx", "bench/generate.ts", String(SIZE)], { env }),
) as CatalogueSummary;

// Both servers over the same SQLite file and DATA_DIR (one session secret: a cookie is good on both).
const servers = [];
for (const buildDir of [buildA, buildB]) {
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
const results: Record<string, number[][]> = Object.fromEntries(chosen.map((p) => [p, [[], []]]));

for (let round = 0; round < ROUNDS; round++) {
  for (const page of chosen) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const i of order) {
      const server = servers[i]!;
      const pid = server.child.pid!;
      await waitUntilIdle(pid);
      const before = cpuMs(pid)!;
      const load = await runLoad({
        url: `${server.origin}${ALL_PAGES[page]}`,
        target: { kind: "get", path: ALL_PAGES[page]!, cookie: shopper.cookie },
        connections: CONNECTIONS,
        seconds: SECONDS,
      });
      await waitUntilIdle(pid);
      const spent = cpuMs(pid)! - before;
      const bad = Object.entries(load.statuses).filter(([status]) => status !== "200");
      if (bad.length > 0 || load.errors > 0) throw new Error(`${page} on ${server.name}: ${JSON.stringify(load)}`);
      results[page]![i]!.push(spent / load.requests);
    }
  }
  console.error(`round ${round + 1} of ${ROUNDS} done`);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const [a, b] = servers.map((s) => s.name);
console.log(
  `${SIZE} products, ${ROUNDS} rounds of ${SECONDS} s at ${CONNECTIONS} connections; load ${(await import("node:os"))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
console.log(`page | ${a} CPU ms/request | ${b} CPU ms/request | change | ${b} requests/s per core`);
for (const page of chosen) {
  const [ma, mb] = results[page]!.map(median) as [number, number];
  const all = results[page]!.map((r) => r.map((v) => v.toFixed(2)).join(" "));
  console.log(
    `${page} | ${ma.toFixed(2)} (${all[0]}) | ${mb.toFixed(2)} (${all[1]}) | ${(((mb - ma) / ma) * 100).toFixed(1)} % | ${(1000 / mb).toFixed(0)}`,
  );
}
for (const server of servers) await stop(server.child);

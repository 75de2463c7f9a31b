// `npm run bench`: builds the store, fills a catalogue of each size, serves it with the production server on
// one core and measures every page with autocannon on the other core; compares each page with a static
// copy of /products (the static limit) and each size with the first; writes bench/results/latest.json and the
// "bench" section of docs/performance.md. See README.md ("Performance") and docs/decisions/0100. This is the
// runner: the scenarios are the table of bench/scenarios.ts, measured by bench/measure.ts one catalogue size at
// a time (bench/sizes.ts) and reported by bench/markdown.ts (decision 0266).
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { LoadGenerator } from "./fleet.ts";
import { enginesMarkdown, markdown, scaling } from "./markdown.ts";
import { canPin, temporaryFolder } from "./processes.ts";
import { machine, round, writeSection } from "./report.ts";
import {
  CONNECTIONS,
  DEV_RESULTS_FILE,
  ENGINES,
  FULL_RUN,
  RESULTS_FILE,
  type Report,
  SECONDS,
  SIZES,
  type SizeResult,
  WARMUP_SECONDS,
} from "./settings.ts";
import { benchSize, startBenchPostgres } from "./sizes.ts";
import { buildStore } from "./store-server.ts";

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

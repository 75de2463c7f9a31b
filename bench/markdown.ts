// The report: the "bench" and "bench-engines" sections of docs/performance.md, made from a run's results.
import { COMMON_WORD, RARE_WORD } from "./catalogue.ts";
import { ACCEPT_ENCODING } from "./http.ts";
import { describeMachine, formatBytes, significant, table } from "./report.ts";
import {
  type Bytes,
  DB_CORE,
  LOAD_CORE,
  RESULTS_FILE,
  type Report,
  SERVER_CORE,
  type SizeResult,
  type TargetResult,
} from "./settings.ts";

export function bytesCell(b: Bytes | undefined) {
  return b ? `${formatBytes(b.sent)} (gzip ${formatBytes(b.gzip)})` : "";
}

export function markdown(report: Report): string {
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
export function enginesMarkdown(report: Report): string {
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

export function scaling(sizes: SizeResult[]): Report["scaling"] {
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

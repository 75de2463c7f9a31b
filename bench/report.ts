// Where the figures go: the machine they came from, and a generated section of docs/performance.md that each
// run rewrites (between <!-- name:begin --> and <!-- name:end -->), leaving the rest of the page alone.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";

export const PERFORMANCE_DOC = "docs/performance.md";

export type Machine = {
  cpu: string;
  cores: number;
  memoryGb: number;
  node: string;
  platform: string;
  /** Load average (1 minute) when the run started and ended: above 0 means other work shared the machine. */
  loadAverage: { start: number; end?: number };
  note?: string;
};

export function machine(): Machine {
  let cpu = os.cpus()[0]?.model ?? "unknown";
  if (existsSync("/proc/cpuinfo")) {
    const model = /^model name\s*:\s*(.+)$/m.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1];
    if (model) cpu = model.trim();
  }
  return {
    cpu,
    cores: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    loadAverage: { start: round(os.loadavg()[0]!, 2) },
    ...(process.env.BENCH_NOTE ? { note: process.env.BENCH_NOTE } : {}),
  };
}

export function describeMachine(m: Machine): string {
  const load = `load average ${m.loadAverage.start}${m.loadAverage.end === undefined ? "" : ` → ${m.loadAverage.end}`}`;
  return `${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, ${m.platform}, Node ${m.node}; ${load}${m.note ? `. ${m.note}` : ""}`;
}

/** Replaces the generated section `name` of a Markdown page, or appends it when the page has none yet. */
export function replaceSection(doc: string, name: string, content: string): string {
  const begin = `<!-- ${name}:begin -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${begin}\n${content.trim()}\n${end}`;
  const from = doc.indexOf(begin);
  const to = doc.indexOf(end);
  if (from === -1 || to < from) return `${doc.trimEnd()}\n\n${block}\n`;
  return doc.slice(0, from) + block + doc.slice(to + end.length);
}

/** Rewrites one generated section of docs/performance.md. */
export function writeSection(name: string, content: string, file = PERFORMANCE_DOC) {
  const doc = existsSync(file) ? readFileSync(file, "utf8") : "# Performance\n";
  writeFileSync(file, replaceSection(doc, name, content));
}

export function round(value: number, digits = 0): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** A figure to `digits` significant digits (0.01634 → 0.0163, 542.61 → 543, 12.345 → 12.3). */
export function significant(value: number, digits = 3): number {
  if (value === 0 || !Number.isFinite(value)) return value;
  return Number(value.toPrecision(digits));
}

/** 1234 → "1.2 KB", 3456789 → "3.3 MB" (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}

/** A Markdown table. */
export function table(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.map((c) => String(c).replace(/\|/g, "\\|")).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

// The copy tool's time in `npm run bench` (issue 18, point 6): `npm run db:copy` (scripts/db-copy.ts) moves the
// bench's SQLite store into an empty PostgreSQL database, database only (the pictures stay in DATA_DIR/uploads,
// which the PostgreSQL servers then use). The wall clock around the tool, and what it says itself: rows, tables,
// the copy's own seconds, and its peak memory (maxRSS).
import { runToEnd } from "./processes.ts";

export type CopyResult = {
  rows: number;
  tables: number;
  /** The copy itself (read, insert, commit), as the tool reports it. */
  copySeconds: number;
  /** With the read-back and checksums of every table. */
  toolSeconds: number;
  /** The whole command (Node's start and the target's migrations included). */
  wallSeconds: number;
  peakMb: number;
};

/** The figures from the tool's closing line ("Copied N rows in T tables in S s; ... (A s in all, at most M MB ..."). */
export function parseCopyOutput(stdout: string): Omit<CopyResult, "wallSeconds"> {
  const match =
    /Copied (\d+) rows in (\d+) tables in ([\d.]+) s; every count and checksum matches \(([\d.]+) s in all, at most (\d+) MB of memory\)/.exec(
      stdout,
    );
  if (!match) throw new Error(`db:copy did not report a complete copy:\n${stdout.slice(-2000)}`);
  const [, rows, tables, copySeconds, toolSeconds, peakMb] = match.map(Number);
  return { rows: rows!, tables: tables!, copySeconds: copySeconds!, toolSeconds: toolSeconds!, peakMb: peakMb! };
}

/** Copies the SQLite store under `dataDir` into the empty PostgreSQL database at `url`, pinned to `core`. */
export async function measureCopy({
  dataDir,
  url,
  core,
}: {
  dataDir: string;
  url: string;
  core?: number;
}): Promise<CopyResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const started = Date.now();
  const stdout = await runToEnd(process.execPath, ["--import", "tsx", "scripts/db-copy.ts", url], { core, env });
  return { ...parseCopyOutput(stdout), wallSeconds: (Date.now() - started) / 1000 };
}

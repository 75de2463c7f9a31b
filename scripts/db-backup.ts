// `npm run db:backup -- DIR`: an online backup of the store while it runs. DIR (new, or empty) receives
// store.db (a consistent copy made with SQLite's backup API, checked with integrity_check), uploads/ (the
// product pictures) and session-secret (so restored sessions stay valid). See README "Backups" to restore.
// Never mail-seal-key: it opens the reset links sealed in mail_outbox, and a backup must not hold both
// (docs/decisions/0062-password-reset.md).
// `npm run db:backup -- --into ROOT --keep N` (the scheduled backups of docs/deploy.md): the backup goes into a
// new folder ROOT/<UTC time> (20261127T031500.000Z), then only the newest N such folders of ROOT are kept;
// nothing else in ROOT is ever touched.
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { config } from "#app/lib/config.server.ts";

/** Copies the live database into `file` page by page, under one read snapshot; returns its page count. */
async function backUpDatabase(source: string, file: string): Promise<number> {
  const live = new Database(source, { fileMustExist: true });
  try {
    live.pragma("busy_timeout = 5000");
    // After the first small step, everything else in one step: a write from the server between two steps
    // would make SQLite start the copy over, again and again under steady load.
    const { totalPages } = await live.backup(file, { progress: () => 0x7fffffff });
    return totalPages;
  } finally {
    live.close();
  }
}

/** Makes the copy one self-contained file (no -wal or -shm beside it) and checks it. */
function finishCopy(file: string) {
  const copy = new Database(file, { fileMustExist: true });
  try {
    // The server switches it back to WAL when it opens a restored copy.
    copy.pragma("journal_mode = DELETE");
    const result = copy.pragma("integrity_check", { simple: true });
    if (result !== "ok") throw new Error(`The backup failed its integrity check: ${String(result)}`);
  } finally {
    copy.close();
  }
}

/** A folder `--into` made: the UTC time of the backup, and nothing else. */
const TIMED_FOLDER = /^\d{8}T\d{6}\.\d{3}Z$/;

/** Keeps the newest `keep` timed backup folders of `root` (named by time, so by name); returns the removed. */
function pruneBackups(root: string, keep: number): string[] {
  const timed = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && TIMED_FOLDER.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  const old = timed.slice(0, Math.max(0, timed.length - keep));
  for (const name of old) rmSync(path.join(root, name), { recursive: true, force: true });
  return old;
}

const USAGE = "Usage: npm run db:backup -- DIR   (DIR new or empty)\n       npm run db:backup -- --into ROOT --keep N";

/** DIR, or ROOT/<time> and how many to keep. */
function parseArguments(args: string[]): { destination: string; root: string | null; keep: number | null } {
  if (args.length === 1 && !args[0]!.startsWith("--"))
    return { destination: path.resolve(args[0]!), root: null, keep: null };
  const into = args.indexOf("--into");
  const keepAt = args.indexOf("--keep");
  const root = into >= 0 ? args[into + 1] : undefined;
  const keep = keepAt >= 0 ? Number(args[keepAt + 1]) : Number.NaN;
  if (args.length !== 4 || !root || root.startsWith("--") || !Number.isInteger(keep) || keep < 1) {
    console.error(USAGE);
    process.exit(2);
  }
  const stamp = new Date().toISOString().replace(/[-:]/g, "");
  return { destination: path.join(path.resolve(root), stamp), root: path.resolve(root), keep };
}

async function main() {
  const { destination, root, keep } = parseArguments(process.argv.slice(2));
  if (root) mkdirSync(root, { recursive: true });
  if (existsSync(destination) && readdirSync(destination).length > 0) {
    console.error(`${destination} is not empty: choose a new folder for the backup.`);
    process.exit(2);
  }
  const c = config();
  if (!existsSync(c.dbFile)) {
    console.error(`No database at ${c.dbFile} (DATA_DIR=${c.dataDir}).`);
    process.exit(2);
  }

  // Written beside the destination and renamed at the end, so a half-made backup never looks complete.
  const partial = `${destination}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  try {
    const pages = await backUpDatabase(c.dbFile, path.join(partial, "store.db"));
    finishCopy(path.join(partial, "store.db"));
    // Pictures after the database: a product row is written only after its pictures are in place, so every
    // picture the copied database names is already there. Names are never reused, so no file changes.
    if (existsSync(c.uploadsDir)) {
      cpSync(c.uploadsDir, path.join(partial, "uploads"), {
        recursive: true,
        filter: (file) => !file.endsWith(".tmp"),
      });
    } else {
      mkdirSync(path.join(partial, "uploads"));
    }
    const secret = path.join(c.dataDir, "session-secret");
    if (existsSync(secret)) cpSync(secret, path.join(partial, "session-secret"));
    rmSync(destination, { recursive: true, force: true });
    renameSync(partial, destination);
    const pictures = readdirSync(path.join(destination, "uploads")).length;
    console.log(`Backed up ${c.dbFile} (${pages} pages, integrity ok) and ${pictures} pictures to ${destination}`);
    // Only after this backup is complete: a failed one never costs an older one.
    if (root && keep) {
      const removed = pruneBackups(root, keep);
      if (removed.length > 0) console.log(`Kept the newest ${keep} backups in ${root}; removed ${removed.join(", ")}`);
    }
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

await main();

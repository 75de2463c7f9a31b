// `npm run db:backup -- DIR`: an online backup of the store while it runs. DIR (new, or empty) receives
// store.db (a consistent copy made with SQLite's backup API, checked with integrity_check), uploads/ (the
// product pictures) and session-secret (so restored sessions stay valid). See README "Backups" to restore.
// Never mail-seal-key: it opens the reset links sealed in mail_outbox, and a backup must not hold both
// (docs/decisions/0062-password-reset.md).
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

async function main() {
  const target = process.argv[2];
  if (!target) {
    console.error("Usage: npm run db:backup -- DIR   (DIR must be new or empty)");
    process.exit(2);
  }
  const destination = path.resolve(target);
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
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

await main();

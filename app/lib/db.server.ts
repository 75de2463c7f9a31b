// The one SQLite connection (better-sqlite3 is synchronous; one connection per process is the norm).
import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { type BetterSQLite3Database, drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "#db/schema.ts";
import { config } from "./config.server.ts";
import { registerSearchFunctions } from "./sqlite-search.server.ts";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
/** A transaction of `db().transaction(...)`, for helpers that work inside the caller's transaction. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The committed migrations (db/migrations): applied when the database opens, checked by /readyz. */
export const MIGRATIONS_DIR = path.resolve(process.env.MIGRATIONS_DIR ?? "db/migrations");

let instance: Db | undefined;

/** Opens (and migrates) a database file. */
export function openDatabase(file: string): Db {
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  try {
    return prepare(sqlite);
  } catch (error) {
    // Not left open: a file that is not a database is tried again on the next use (/readyz asks every few seconds).
    sqlite.close();
    throw error;
  }
}

function prepare(sqlite: Database.Database): Db {
  sqlite.pragma("journal_mode = WAL");
  // FULL: an acknowledged order survives a power cut.
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("busy_timeout = 5000");
  // 32 MB of page cache (the default is 2 MB): a catalogue of 100,000 products is tens of MB of tables and indexes,
  // and a page not in the cache is read from the OS again, a system call and a copy each time.
  sqlite.pragma("cache_size = -32768");
  // Before the migrations: the search index's triggers (and its first filling) fold names with it.
  registerSearchFunctions(sqlite);
  const db = drizzle(sqlite, { schema }) as Db;
  // SQLite changes a table's shape by copying it into a new table; with foreign keys on, dropping the old
  // one would cascade into the rows that point at it. So migrations run with them off (the PRAGMA is a no-op
  // inside the migration's own transaction), and every reference is checked before they are turned on.
  sqlite.pragma("foreign_keys = OFF");
  migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  const broken = sqlite.pragma("foreign_key_check") as unknown[];
  if (broken.length > 0)
    throw new Error(`A migration left ${broken.length} broken references: ${JSON.stringify(broken[0])}`);
  sqlite.pragma("foreign_keys = ON");
  return db;
}

/** The store's database under DATA_DIR, opened on first use. */
export function db(): Db {
  instance ??= openDatabase(config().dbFile);
  return instance;
}

/**
 * THE way a change reaches the database: one synchronous transaction that takes the write lock at its start
 * (`immediate`), so two writers never both read and then collide (a deferred one gets SQLITE_BUSY under load).
 * An async callback would not roll back: `change` is synchronous by type.
 */
export function transaction<T>(change: (tx: Tx) => T): T {
  return db().transaction(change, { behavior: "immediate" });
}

export function closeDb() {
  instance?.$client.close();
  instance = undefined;
}

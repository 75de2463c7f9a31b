// The store's database, on one of two engines chosen once at start (issue 18; decisions 0140, 0146):
// - SQLite (the default): the file in DATA_DIR, one connection for reads (db()) and one for writes
//   (transaction()), one transaction at a time;
// - PostgreSQL when DATABASE_URL is a postgres:// URL: one pool (app/lib/db-postgres.server.ts) for both, with
//   the tables of db/schema.pg.ts (the modules import their tables from #db/tables.ts, which chose the same way).
// better-sqlite3 is synchronous; the services are written async so the same code runs on both.
import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { type SQL, sql } from "drizzle-orm";
import { type BetterSQLite3Database, drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { usesPostgres } from "#db/engine.ts";
import * as schema from "#db/schema.ts";
import { config, isProduction } from "./config.server.ts";
import {
  closePostgres,
  connectPostgres,
  migratePostgres,
  type PgDb,
  transactionPostgres,
} from "./db-postgres.server.ts";
import { registerSearchFunctions } from "./search-fold.server.ts";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
/** What a transaction body gets: the writer connection, inside BEGIN IMMEDIATE … COMMIT. */
export type Tx = Omit<Db, "$client">;

/** The committed migrations (db/migrations): applied when the database opens, checked by /readyz. */
export const MIGRATIONS_DIR = path.resolve(process.env.MIGRATIONS_DIR ?? "db/migrations");

type Store = { reader: Db; writer: Db };
let instance: Store | undefined;
let pool: PgDb | undefined;

/** Which engine this process stores its data in (DATABASE_URL; chosen once). */
export function engine(): "sqlite" | "postgres" {
  return usesPostgres() ? "postgres" : "sqlite";
}

/** The PostgreSQL pool, made on first use (DATABASE_URL, DATABASE_POOL_MAX connections at most). */
function postgresPool(): PgDb {
  if (pool) return pool;
  const { DATABASE_URL, DATABASE_POOL_MAX } = config();
  if (!DATABASE_URL) throw new Error("DATABASE_URL is not set");
  pool = connectPostgres(DATABASE_URL, { max: DATABASE_POOL_MAX });
  return pool;
}

/**
 * Opens the database and brings it up to date before the first request: on SQLite the file is opened and
 * migrated (what the first db() would do); on PostgreSQL the migrations of db/migrations-pg are applied (by
 * one process at a time: an advisory lock) and the pool is made. The server, the seed and the scripts await it.
 */
export async function prepareDatabase(): Promise<void> {
  if (engine() === "sqlite") {
    store();
    return;
  }
  await migratePostgres(config().DATABASE_URL!);
  postgresPool();
}

function connect(file: string): Database.Database {
  const sqlite = new Database(file);
  try {
    sqlite.pragma("journal_mode = WAL");
    // FULL: an acknowledged order survives a power cut.
    sqlite.pragma("synchronous = FULL");
    sqlite.pragma("busy_timeout = 5000");
    // 32 MB of page cache (the default is 2 MB): a catalogue of 100,000 products is tens of MB of tables and
    // indexes, and a page not in the cache is read from the OS again, a system call and a copy each time.
    sqlite.pragma("cache_size = -32768");
    // The search index's triggers (and its first filling) fold names with it; searches call it too.
    registerSearchFunctions(sqlite);
    return sqlite;
  } catch (error) {
    // Not left open: a file that is not a database is tried again on the next use (/readyz asks every few seconds).
    sqlite.close();
    throw error;
  }
}

/** Opens (and migrates) a database file: one connection, for tools and tests that work on a file of their own. */
export function openDatabase(file: string): Db {
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = connect(file);
  try {
    return migrated(sqlite);
  } catch (error) {
    sqlite.close();
    throw error;
  }
}

function migrated(sqlite: Database.Database): Db {
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

function store(): Store {
  if (instance) return instance;
  const writer = openDatabase(config().dbFile);
  try {
    const sqlite = connect(config().dbFile);
    sqlite.pragma("foreign_keys = ON");
    instance = { reader: drizzle(sqlite, { schema }) as Db, writer };
  } catch (error) {
    writer.$client.close();
    throw error;
  }
  return instance;
}

/**
 * The store's database under DATA_DIR for reads, opened (and migrated) on first use. It sees committed data
 * only, as a PostgreSQL pool would: every write goes through `transaction()`.
 */
export function db(): Db {
  if (engine() === "sqlite") return store().reader;
  // Inside a transaction, its own connection: a body waiting for a second pooled connection while holding one
  // could wait for ever once every connection is held that way.
  return (insideTransaction.getStore() as Db | undefined) ?? (postgresPool() as unknown as Db);
}

// The transaction a body runs in: on PostgreSQL for db() above, and on both engines to refuse a transaction
// started inside another (on SQLite it would wait for the one it is inside for ever). On SQLite it is kept only
// outside production (the tests, `npm start` without NODE_ENV): on Node 20 an AsyncLocalStorage, once run,
// costs every promise of the process a hook (a loop of awaits ran 2.7 times slower), which was most of what this
// layer cost the SQLite store (decision 0140). So the tests find such a call on both engines.
const insideTransaction = new AsyncLocalStorage<Tx>();
const NESTED = "transaction() inside a transaction: give the helper the body's tx instead";

// SQLite: one transaction at a time on the writer connection, in the order they were asked for: a body that
// awaits must not let another body's statements into its transaction.
let queue: Promise<unknown> = Promise.resolve();
let pending = 0;

/**
 * THE way a change reaches the database: BEGIN IMMEDIATE (the write lock at the start, so two writers never both
 * read and then collide) … COMMIT, or ROLLBACK when `change` throws. Always await it. Never start one inside
 * another's body (give the helper the body's `tx`): it is refused (on SQLite outside production only,
 * where it would otherwise wait for the one it is inside for ever).
 */
export function transaction<T>(change: (tx: Tx) => T | Promise<T>): Promise<T> {
  if (insideTransaction.getStore()) return Promise.reject(new Error(NESTED));
  if (engine() === "postgres") {
    // No queue: PostgreSQL takes row locks; a serialisation failure or a deadlock runs the body again.
    return transactionPostgres(postgresPool(), (tx) =>
      insideTransaction.run(tx as unknown as Tx, async () => change(tx as unknown as Tx)),
    );
  }
  const writer = store().writer;
  const run = isProduction()
    ? () => runIn(writer, change)
    : () => insideTransaction.run(writer, () => runIn(writer, change));
  // Nothing queued: no hop through the queue.
  const result = pending === 0 ? run() : queue.then(run, run);
  pending++;
  queue = result.then(
    () => pending--,
    () => pending--,
  );
  return result;
}

async function runIn<T>(writer: Db, change: (tx: Tx) => T | Promise<T>): Promise<T> {
  const sqlite = writer.$client;
  sqlite.prepare("BEGIN IMMEDIATE").run();
  try {
    const result = await change(writer);
    sqlite.prepare("COMMIT").run();
    return result;
  } catch (error) {
    if (sqlite.inTransaction) sqlite.prepare("ROLLBACK").run();
    throw error;
  }
}

/**
 * Makes transactions that name the same key take turns from here to their end, for a rule that counts rows and
 * then inserts one (a throttle): on SQLite nothing to do, BEGIN IMMEDIATE already runs one writer at a time; on
 * PostgreSQL, whose read committed transactions would not see each other's new rows, a transaction-scoped
 * advisory lock per key, taken in sorted order so two transactions never wait for each other.
 */
export async function takeTurnsOn(tx: Tx, keys: string[]): Promise<void> {
  if (engine() === "sqlite") return;
  const pg = tx as unknown as { execute: (query: SQL) => Promise<unknown> };
  for (const key of [...new Set(keys)].sort()) {
    await pg.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  }
}

/**
 * A query asked on (nearly) every request, prepared once per connection: the returned function gives its rows on
 * the connection it is given, with the values of its placeholders (`sql.placeholder(name)`). `build` ends with
 * `.prepare()`; `execute()` runs it on every engine. Drizzle then neither builds its SQL again nor has the engine
 * parse it again on every request.
 */
export function preparedRowsPerConnection<Row, Params extends Record<string, unknown> = Record<string, never>>(
  build: (connection: Db) => { execute: (params?: Params) => PromiseLike<Row[]> },
) {
  const prepared = new WeakMap<Db, { execute: (params?: Params) => PromiseLike<Row[]> }>();
  return (connection: Db, params?: Params): PromiseLike<Row[]> => {
    let query = prepared.get(connection);
    if (!query) {
      query = build(connection);
      prepared.set(connection, query);
    }
    return query.execute(params);
  };
}

/** The same for a query of one row: the returned function gives its first row. */
export function preparedPerConnection<Row, Params extends Record<string, unknown> = Record<string, never>>(
  build: (connection: Db) => { execute: (params?: Params) => PromiseLike<Row[]> },
) {
  const rows = preparedRowsPerConnection(build);
  return async (connection: Db, params?: Params): Promise<Row | undefined> => (await rows(connection, params))[0];
}

/** The first row a query gives, or undefined: what `.get()` was, on any engine. */
export async function first<Row>(query: PromiseLike<Row[]>): Promise<Row | undefined> {
  return (await query)[0];
}

/** Closes the database (SQLite's connections, or PostgreSQL's pool after the queries under way). */
export async function closeDb(): Promise<void> {
  instance?.reader.$client.close();
  instance?.writer.$client.close();
  instance = undefined;
  const closing = pool;
  pool = undefined;
  if (closing) await closePostgres(closing);
}

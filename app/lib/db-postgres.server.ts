// The store on PostgreSQL (issue 18; decisions 0141, 0142): the connection pool and Drizzle instance over
// db/schema.pg.ts, and the migrations of db/migrations-pg applied by exactly one process at a time.
// app/lib/db.server.ts chooses this when DATABASE_URL is a postgres:// URL (docs/postgresql.md, "The switch").
import path from "node:path";
import type { PgTransactionConfig } from "drizzle-orm/pg-core";
import { drizzle, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "#db/schema.pg.ts";

export type PgDb = PostgresJsDatabase<typeof schema> & { $client: postgres.Sql };

/** PostgreSQL's committed migrations (generated from db/schema.pg.ts by drizzle.pg.config.ts, plus hand-written SQL). */
export const PG_MIGRATIONS_DIR = path.resolve(process.env.PG_MIGRATIONS_DIR ?? "db/migrations-pg");

/** Where Drizzle records the migrations applied (its defaults, spelled out: the migration tests read it). */
export const PG_MIGRATIONS_TABLE = { schema: "drizzle", table: "__drizzle_migrations" } as const;

/**
 * The session advisory lock held while migrating: any 64-bit number no other program on the database uses
 * ("store-migrations" spelled in hex digits, more or less).
 */
export const MIGRATION_LOCK = 0x5707e_0001n;

export { isPostgresUrl } from "#db/engine.ts";

export type PoolOptions = {
  /** Connections this process opens at most (postgres.js' `max`); the server's max_connections is shared by all. */
  max?: number;
  /** false behind a pooler in transaction mode (PgBouncer): no named prepared statements. */
  prepare?: boolean;
};

/**
 * A pool of connections to `url` and the Drizzle instance over it (db/schema.pg.ts, so `db.query.*` works). One
 * per process; `close()` ends its connections (after the queries under way).
 */
export function connectPostgres(url: string, { max = 10, prepare = true }: PoolOptions = {}): PgDb {
  const client = postgres(url, {
    max,
    prepare,
    // Connections idle this long are closed, and none lives for ever (a restarted or failed-over server).
    idle_timeout: 60,
    max_lifetime: 60 * 30,
    // NOTICEs (e.g. "schema already exists, skipping") are not errors: the store's log stays quiet.
    onnotice: () => {},
  });
  return drizzle({ client, schema }) as PgDb;
}

export async function closePostgres(db: PgDb): Promise<void> {
  await db.$client.end();
}

/** What a transaction body gets on PostgreSQL. */
export type PgTx = Parameters<Parameters<PgDb["transaction"]>[0]>[0];

/** SQLSTATEs after which the whole transaction may simply be run again: serialisation failure, deadlock. */
const RETRYABLE = new Set(["40001", "40P01"]);

/** How many times a transaction is tried in all before its serialisation or deadlock error is given up on. */
export const MAX_TRANSACTION_ATTEMPTS = 5;

/** Whether an error (or what it wraps: Drizzle wraps the driver's) is one a new attempt can cure. */
export function isRetryable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string" && RETRYABLE.has(code)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

export type TransactionOptions = {
  /** Default: read committed (guarded updates and claim-first inserts need no more; see decision 0142 on seq). */
  isolationLevel?: PgTransactionConfig["isolationLevel"];
  attempts?: number;
  /** Called before each new attempt (a log line, a counter). */
  onRetry?: (error: unknown, attempt: number) => void;
};

/**
 * Runs `change` in a transaction (BEGIN … COMMIT on one pooled connection, ROLLBACK when it throws), again
 * after a serialisation failure or a deadlock, at most `attempts` times in all, with a short random pause in
 * between so the two parties do not collide again. The body must be safe to run again: only database work
 * (nothing sent, no payment made) until it returns. Any other error is thrown at once.
 */
export async function transactionPostgres<T>(
  db: PgDb,
  change: (tx: PgTx) => Promise<T>,
  { isolationLevel = "read committed", attempts = MAX_TRANSACTION_ATTEMPTS, onRetry }: TransactionOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(change, { isolationLevel });
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
      onRetry?.(error, attempt);
      // 2, 4, 8... ms at most, jittered.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 ** attempt));
    }
  }
}

/**
 * Applies the migrations of db/migrations-pg that `url`'s database has not had yet, holding a session advisory
 * lock: when several servers start together, one migrates and the others wait for it, then find nothing to
 * do. The lock goes with the connection, so a migrator that dies releases it. Resolves with how many
 * migrations this call applied.
 */
export async function migratePostgres(url: string, migrationsFolder = PG_MIGRATIONS_DIR): Promise<number> {
  // One connection: the lock, the migrations and the unlock must share a session.
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client`SELECT pg_advisory_lock(${MIGRATION_LOCK.toString()}::bigint)`;
    try {
      const before = await appliedCount(client);
      await migrate(drizzle({ client }), {
        migrationsFolder,
        migrationsSchema: PG_MIGRATIONS_TABLE.schema,
        migrationsTable: PG_MIGRATIONS_TABLE.table,
      });
      return (await appliedCount(client)) - before;
    } finally {
      await client`SELECT pg_advisory_unlock(${MIGRATION_LOCK.toString()}::bigint)`;
    }
  } finally {
    await client.end();
  }
}

/** How many migrations the database has recorded (0 before the first). */
async function appliedCount(client: postgres.Sql): Promise<number> {
  const table = `${PG_MIGRATIONS_TABLE.schema}.${PG_MIGRATIONS_TABLE.table}`;
  const [found] = await client`SELECT to_regclass(${table}) IS NOT NULL AS present`;
  if (!found?.present) return 0;
  const [row] = await client.unsafe(`SELECT count(*)::int AS n FROM ${table}`);
  return Number(row?.n ?? 0);
}

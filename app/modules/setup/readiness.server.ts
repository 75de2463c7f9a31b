// /readyz (server.ts, docs/deploy.md): the database answers and every committed migration is applied, on
// either engine (db/migrations on SQLite, db/migrations-pg on PostgreSQL). Cheap: the journal is read once, then
// each check is two small queries on the open connection (or the pool).
import { readFileSync } from "node:fs";
import path from "node:path";
import type Database from "better-sqlite3";
import { sql } from "drizzle-orm";
import { db, engine, MIGRATIONS_DIR } from "#app/lib/db.server.ts";
import { PG_MIGRATIONS_DIR, PG_MIGRATIONS_TABLE } from "#app/lib/db-postgres.server.ts";

export type Readiness = { ready: true } | { ready: false; reason: string };

type JournalEntry = { when: number; tag: string };

const journals = new Map<string, JournalEntry[]>();

/** The migrations this build ships (their folder's journal), read once per folder. */
function shippedMigrations(dir: string): JournalEntry[] {
  const known = journals.get(dir);
  if (known) return known;
  const parsed = JSON.parse(readFileSync(path.join(dir, "meta", "_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  const entries = parsed.entries.map(({ when, tag }) => ({ when, tag }));
  if (dir === MIGRATIONS_DIR || dir === PG_MIGRATIONS_DIR) journals.set(dir, entries);
  return entries;
}

/** The verdict once the applied migrations' journal times are known. */
function verdict(shipped: JournalEntry[], appliedAt: Iterable<unknown>): Readiness {
  const applied = new Set(Array.from(appliedAt, Number));
  const missing = shipped.filter((entry) => !applied.has(entry.when)).map((entry) => entry.tag);
  if (missing.length > 0) return { ready: false, reason: `migrations not applied: ${missing.join(", ")}` };
  return { ready: true };
}

/**
 * Whether the connection `sqlite` answers and has applied every migration of `migrationsDir` (drizzle records
 * each applied migration in __drizzle_migrations with its journal time as created_at).
 */
export function migrationState(sqlite: Database.Database, migrationsDir = MIGRATIONS_DIR): Readiness {
  const shipped = shippedMigrations(migrationsDir);
  sqlite.prepare("SELECT 1").get();
  const hasTable = sqlite
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'")
    .get();
  if (!hasTable) return { ready: false, reason: "no migration has been applied" };
  const rows = sqlite.prepare("SELECT created_at AS at FROM __drizzle_migrations").all() as { at: number }[];
  return verdict(
    shipped,
    rows.map((row) => row.at),
  );
}

/** The same on PostgreSQL: every migration of db/migrations-pg is recorded in drizzle.__drizzle_migrations. */
async function postgresMigrationState(): Promise<Readiness> {
  const shipped = shippedMigrations(PG_MIGRATIONS_DIR);
  const table = `${PG_MIGRATIONS_TABLE.schema}.${PG_MIGRATIONS_TABLE.table}`;
  const pg = db() as unknown as { execute: (query: ReturnType<typeof sql>) => Promise<Record<string, unknown>[]> };
  const [found] = await pg.execute(sql`SELECT to_regclass(${table}) IS NOT NULL AS present`);
  if (!found?.present) return { ready: false, reason: "no migration has been applied" };
  const rows = await pg.execute(sql`SELECT created_at AS at FROM ${sql.raw(table)}`);
  return verdict(
    shipped,
    rows.map((row) => row.at),
  );
}

/** The store's own database (on SQLite opened, and so migrated, on first use): ready, or why not. Never throws. */
export async function readiness(): Promise<Readiness> {
  try {
    return engine() === "postgres" ? await postgresMigrationState() : migrationState(db().$client);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ready: false, reason: `the database does not answer (${message.replace(/\s+/g, " ").slice(0, 200)})` };
  }
}

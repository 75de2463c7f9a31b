// /readyz (server.ts, docs/deploy.md): the database answers and every committed migration is applied. Cheap:
// the journal is read once, then each check is two small queries on the open connection.
import { readFileSync } from "node:fs";
import path from "node:path";
import type Database from "better-sqlite3";
import { db, MIGRATIONS_DIR } from "#app/lib/db.server.ts";

export type Readiness = { ready: true } | { ready: false; reason: string };

type JournalEntry = { when: number; tag: string };

let journal: JournalEntry[] | undefined;

/** The migrations this build ships (their folder's journal), read once. */
function shippedMigrations(dir: string): JournalEntry[] {
  if (dir === MIGRATIONS_DIR && journal) return journal;
  const parsed = JSON.parse(readFileSync(path.join(dir, "meta", "_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  const entries = parsed.entries.map(({ when, tag }) => ({ when, tag }));
  if (dir === MIGRATIONS_DIR) journal = entries;
  return entries;
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
  const applied = new Set(
    (sqlite.prepare("SELECT created_at AS at FROM __drizzle_migrations").all() as { at: number }[]).map((row) =>
      Number(row.at),
    ),
  );
  const missing = shipped.filter((entry) => !applied.has(entry.when)).map((entry) => entry.tag);
  if (missing.length > 0) return { ready: false, reason: `migrations not applied: ${missing.join(", ")}` };
  return { ready: true };
}

/** The store's own database (opened, and so migrated, on first use): ready, or why not. Never throws. */
export function readiness(): Readiness {
  try {
    return migrationState(db().$client);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ready: false, reason: `the database does not answer (${message.replace(/\s+/g, " ").slice(0, 200)})` };
  }
}

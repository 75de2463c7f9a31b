// Engine-neutral snapshots of stored rows, for a test that must show a request stored nothing (the fuzz): every
// row of some tables read through Drizzle (#db/tables.ts), the same on SQLite and on PostgreSQL, and a cheap
// mark that moves whenever something may have been written, so the rows are only read again when it moved.
import { sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { db, engine } from "#app/lib/db.server.ts";

/**
 * Every row of `tables`, as one string: rows as JSON, sorted, so two snapshots are equal exactly when the
 * tables hold the same rows (PostgreSQL gives no order without ORDER BY, and an updated row may move).
 */
export async function tableRows(tables: readonly SQLiteTable[]): Promise<string> {
  // All at once: on PostgreSQL each read is a round trip, and the pool runs several together.
  const dumps = await Promise.all(
    tables.map(async (table) => {
      // The tables are typed as SQLite's (#db/tables.ts) on either engine.
      const rows: unknown[] = await db().select().from(table);
      return rows
        .map((row) => JSON.stringify(row))
        .sort()
        .join("\n");
    }),
  );
  return dumps.join("\n--\n");
}

/**
 * A mark that changes whenever a transaction may have committed since it was last read (it may also change when
 * nothing in these tables did): SQLite's data_version on the read connection (it moves on every commit by
 * another connection: the store writes through its own), PostgreSQL's write-ahead log insert position (every
 * committed write is logged; the position is the whole server's, so other files' databases move it too).
 */
export async function writeMark(): Promise<string> {
  if (engine() === "sqlite") return String(db().$client.pragma("data_version", { simple: true }));
  const pg = db() as unknown as { execute: (query: ReturnType<typeof sql>) => Promise<{ lsn: string }[]> };
  const [row] = await pg.execute(sql`SELECT pg_current_wal_insert_lsn()::text AS lsn`);
  return row!.lsn;
}

// The column helpers db/schema/tables.ts builds the SQLite tables with (db/schema.ts): SQLite has one integer type
// (64 bits), booleans and JSON are stored as integer and text. db/schema/pg.ts is the same set for PostgreSQL.
import { type SQL, sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const sqliteColumns = {
  table: sqliteTable,
  text: (name: string) => text(name),
  /** Counts, positions, quantities, versions, ids of one-row tables. */
  int: (name: string) => integer(name, { mode: "number" }),
  /** Unix milliseconds, and `seq` (derived from one: created_at × 1024). */
  time: (name: string) => integer(name, { mode: "number" }),
  /** Money in minor units (an order's sums can pass 2^31). */
  money: (name: string) => integer(name, { mode: "number" }),
  bool: (name: string) => integer(name, { mode: "boolean" }),
  real: (name: string) => real(name),
  json: <T>(name: string) => text(name, { mode: "json" }).$type<T>(),
  /** A JSON column's default, written as a JSON literal. */
  jsonDefault: (json: string): SQL => sql.raw(`'${json}'`),
  check,
  index,
  primaryKey,
  uniqueIndex,
};

/** What db/schema/tables.ts is written against: SQLite's helpers, or PostgreSQL's standing in for them. */
export type Columns = typeof sqliteColumns;

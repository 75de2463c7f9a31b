// The column helpers db/schema/tables.ts builds the PostgreSQL tables with (db/schema.pg.ts; decision 0250). Each
// gives the app the same JS value as SQLite's helper of the same name (db/schema/sqlite.ts), checked below:
// - times (Unix ms), `seq` (created_at × 1024) and money amounts (sums can pass 2^31) → bigint, mode "number";
// - other integers (counts, positions, quantities, versions) → integer;
// - booleans → boolean; real → double precision; JSON → jsonb; text → text.
import { type SQL, sql, type Table } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import type { SQLiteColumn, SQLiteTableWithColumns } from "drizzle-orm/sqlite-core";
import type { Columns } from "./sqlite.ts";

const pgColumns = {
  table: pg.pgTable,
  text: (name: string) => pg.text(name),
  int: (name: string) => pg.integer(name),
  time: (name: string) => pg.bigint(name, { mode: "number" }),
  money: (name: string) => pg.bigint(name, { mode: "number" }),
  bool: (name: string) => pg.boolean(name),
  real: (name: string) => pg.doublePrecision(name),
  json: <T>(name: string) => pg.jsonb(name).$type<T>(),
  jsonDefault: (json: string): SQL => sql.raw(`'${json}'::jsonb`),
  check: pg.check,
  index: pg.index,
  primaryKey: pg.primaryKey,
  uniqueIndex: pg.uniqueIndex,
};

// The check: the JS type of each helper's column is the same as SQLite's (tsc fails on a `false` here).
type Value<F> = F extends (name: string) => { _: { data: infer D } } ? D : never;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Helper = "text" | "int" | "time" | "money" | "bool" | "real";
const same: { [K in Helper]: Same<Value<(typeof pgColumns)[K]>, Value<Columns[K]>> } = {
  text: true,
  int: true,
  time: true,
  money: true,
  bool: true,
  real: true,
};
void same;

/**
 * PostgreSQL's helpers typed as SQLite's, so the tables are written once and the app's queries type-check once
 * (db/tables.ts); at run time they build PgTables, which drizzle-kit and postgres.js see.
 */
export const pgAsColumns = pgColumns as unknown as Columns;

/** What a table built with pgAsColumns is: the PostgreSQL twin of the SQLite table type it is written as. */
type PgTwin<T> =
  T extends SQLiteTableWithColumns<infer C>
    ? pg.PgTableWithColumns<{
        name: C["name"];
        schema: undefined;
        dialect: "pg";
        columns: { [K in keyof C["columns"]]: C["columns"][K] extends SQLiteColumn<infer X> ? pg.PgColumn<X> : never };
      }>
    : never;
/** The tables of db/schema/tables.ts as PostgreSQL's, for code that queries PostgreSQL alone (scripts, tests). */
export type PgTables<T extends Record<string, Table>> = { [K in keyof T]: PgTwin<T[K]> };

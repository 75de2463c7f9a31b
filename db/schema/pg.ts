// The column helpers db/schema/tables.ts builds the PostgreSQL tables with (db/schema.pg.ts; decision 0250). Each
// gives the app the same JS value as SQLite's helper of the same name (db/schema/sqlite.ts), checked below:
// - times (Unix ms), `seq` (created_at × 1024) and money amounts (sums can pass 2^31) → bigint, mode "number";
// - other integers (counts, positions, quantities, versions) → integer;
// - booleans → boolean; real → double precision; JSON → jsonb; text → text.

import type { Table } from "drizzle-orm";
import { type SQL, sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  type PgColumn,
  type PgTableWithColumns,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { SQLiteColumn, SQLiteTableWithColumns } from "drizzle-orm/sqlite-core";
import type { Columns } from "./sqlite.ts";

const pgColumns = {
  table: pgTable,
  text: (name: string) => text(name),
  int: (name: string) => integer(name),
  time: (name: string) => bigint(name, { mode: "number" }),
  money: (name: string) => bigint(name, { mode: "number" }),
  bool: (name: string) => boolean(name),
  real: (name: string) => doublePrecision(name),
  json: <T>(name: string) => jsonb(name).$type<T>(),
  jsonDefault: (json: string): SQL => sql.raw(`'${json}'::jsonb`),
  check,
  index,
  primaryKey,
  uniqueIndex,
};

/** The helpers that make a column: each must hand the app the same JS type on both engines. */
type ValueHelpers = "text" | "int" | "time" | "money" | "bool" | "real";
type Value<F> = F extends (name: string) => { _: { data: infer D } } ? D : never;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameValues: { [K in ValueHelpers]: Same<Value<(typeof pgColumns)[K]>, Value<Columns[K]>> } = {
  text: true,
  int: true,
  time: true,
  money: true,
  bool: true,
  real: true,
};
void sameValues;

/**
 * PostgreSQL's helpers typed as SQLite's, so the tables are written once and the app's queries type-check once
 * (db/tables.ts); at run time they build PgTables, which drizzle-kit and postgres.js see.
 */
export const pgAsColumns = pgColumns as unknown as Columns;

/** What a table built with pgAsColumns is: the PostgreSQL twin of the SQLite table type it is written as. */
type PgTwin<T> =
  T extends SQLiteTableWithColumns<infer C>
    ? PgTableWithColumns<{
        name: C["name"];
        schema: undefined;
        dialect: "pg";
        columns: { [K in keyof C["columns"]]: C["columns"][K] extends SQLiteColumn<infer X> ? PgColumn<X> : never };
      }>
    : never;
/** The tables of db/schema/tables.ts as PostgreSQL's, for code that queries PostgreSQL alone (scripts, tests). */
export type PgTables<T extends Record<string, Table>> = { [K in keyof T]: PgTwin<T[K]> };

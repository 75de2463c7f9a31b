// The PostgreSQL schema (db/schema.pg.ts) must describe the same tables as the SQLite one (db/schema.ts):
// same exports, tables, columns (name, not null, primary key, default, unique, type family), composite primary
// keys, indexes, foreign keys, unique and check constraints (by name). Each side is reduced to one plain
// description and the two are compared whole, so the failure shows the difference.
import { type Column, is, type Table } from "drizzle-orm";
import {
  PgTable,
  getTableConfig as pgConfig,
  index as pgIndex,
  integer as pgInteger,
  pgTable,
  text as pgText,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  SQLiteTable,
  getTableConfig as sqliteConfig,
  index as sqliteIndex,
  integer as sqliteInteger,
  sqliteTable,
  text as sqliteText,
} from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as pgSchema from "#db/schema.pg.ts";
import * as sqliteSchema from "#db/schema.ts";

/** What kind of value a column holds, whatever the engine calls its type. */
const FAMILIES: Record<string, string> = {
  SQLiteInteger: "integer",
  SQLiteTimestamp: "integer",
  PgInteger: "integer",
  PgSmallInt: "integer",
  PgBigInt53: "integer",
  SQLiteBoolean: "boolean",
  PgBoolean: "boolean",
  SQLiteText: "text",
  PgText: "text",
  PgVarchar: "text",
  SQLiteTextJson: "json",
  PgJson: "json",
  PgJsonb: "json",
  SQLiteReal: "real",
  PgDoublePrecision: "real",
  PgReal: "real",
};

function family(column: Column): string {
  const found = FAMILIES[column.columnType];
  // A type this test does not know yet must be placed in a family on purpose, not compared loosely.
  if (!found) throw new Error(`Column ${column.name}: no type family for ${column.columnType} (add it to FAMILIES)`);
  return found;
}

type Config = ReturnType<typeof sqliteConfig> | ReturnType<typeof pgConfig>;

const byName = <T extends { name: string }>(list: T[]) => [...list].sort((a, b) => a.name.localeCompare(b.name));
const names = (columns: { name: string }[]) => columns.map((column) => column.name);

function describeTable(config: Config) {
  return {
    name: config.name,
    columns: byName(
      (config.columns as Column[]).map((column) => ({
        name: column.name,
        family: family(column),
        /** What the app gets: number, boolean, string, json. */
        dataType: column.dataType,
        notNull: column.notNull,
        primary: column.primary,
        hasDefault: column.default !== undefined || column.defaultFn !== undefined,
        unique: column.isUnique ? (column.uniqueName ?? true) : false,
      })),
    ),
    primaryKeys: config.primaryKeys.map((key) => names(key.columns)),
    indexes: byName(
      config.indexes.map((index) => ({
        name: index.config.name ?? "",
        columns: (index.config.columns as { name?: string }[]).map((column) => column.name ?? "(expression)"),
        unique: index.config.unique ?? false,
      })),
    ),
    foreignKeys: config.foreignKeys
      .map((key) => {
        const reference = key.reference();
        return {
          columns: names(reference.columns),
          table: getName(reference.foreignTable),
          foreignColumns: names(reference.foreignColumns),
          onDelete: key.onDelete ?? "no action",
          onUpdate: key.onUpdate ?? "no action",
        };
      })
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    uniqueConstraints: config.uniqueConstraints
      .map((constraint) => ({ name: constraint.name ?? "", columns: names(constraint.columns) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    checks: config.checks.map((constraint) => constraint.name).sort(),
  };
}

function getName(table: Table): string {
  return is(table, SQLiteTable) ? sqliteConfig(table).name : pgConfig(table as PgTable).name;
}

/** Every table a schema module exports, by export name. */
function describeSchema(module: Record<string, unknown>) {
  const tables: Record<string, ReturnType<typeof describeTable>> = {};
  for (const [exportName, value] of Object.entries(module)) {
    if (is(value, SQLiteTable)) tables[exportName] = describeTable(sqliteConfig(value));
    else if (is(value, PgTable)) tables[exportName] = describeTable(pgConfig(value));
  }
  return tables;
}

describe("the PostgreSQL schema mirrors the SQLite one", () => {
  const sqlite = describeSchema(sqliteSchema);
  const pg = describeSchema(pgSchema);

  it("has the same tables under the same export names", () => {
    expect(Object.keys(sqlite).length).toBeGreaterThan(20);
    expect(Object.keys(pg).sort()).toEqual(Object.keys(sqlite).sort());
  });

  for (const exportName of Object.keys(sqlite)) {
    it(`${exportName}: same columns, keys, indexes and constraints`, () => {
      expect(pg[exportName]).toEqual(sqlite[exportName]);
    });
  }

  it("exports the same constants and functions", () => {
    const plain = (module: Record<string, unknown>) =>
      Object.keys(module)
        .filter((key) => !is(module[key], SQLiteTable) && !is(module[key], PgTable))
        .sort();
    expect(plain(pgSchema)).toEqual(plain(sqliteSchema));
  });
});

describe("the comparison itself", () => {
  // Tables that differ from the reference in one thing each: their descriptions must differ, or the test above
  // could pass on schemas that drifted.
  const reference = describeTable(
    sqliteConfig(
      sqliteTable("t", { id: sqliteText("id").primaryKey(), n: sqliteInteger("n").notNull().default(0) }, (t) => [
        sqliteIndex("t_n_idx").on(t.n),
      ]),
    ),
  );
  const id = () => pgText("id").primaryKey();

  it("sees a missing column, a nullable column, a lost default, a changed type and a renamed index", () => {
    const variants = [
      pgTable("t", { id: id() }),
      pgTable("t", { id: id(), n: pgInteger("n").default(0) }, (t) => [pgIndex("t_n_idx").on(t.n)]),
      pgTable("t", { id: id(), n: pgInteger("n").notNull() }, (t) => [pgIndex("t_n_idx").on(t.n)]),
      pgTable("t", { id: id(), n: pgText("n").notNull().default("0") }, (t) => [pgIndex("t_n_idx").on(t.n)]),
      pgTable("t", { id: id(), n: pgInteger("n").notNull().default(0) }, (t) => [pgIndex("t_n_index").on(t.n)]),
      pgTable("t", { id: id(), n: pgInteger("n").notNull().default(0) }, (t) => [uniqueIndex("t_n_idx").on(t.n)]),
    ];
    for (const variant of variants) expect(describeTable(pgConfig(variant))).not.toEqual(reference);
  });

  it("finds the same table the same on both engines", () => {
    const same = pgTable("t", { id: id(), n: pgInteger("n").notNull().default(0) }, (t) => [
      pgIndex("t_n_idx").on(t.n),
    ]);
    expect(describeTable(pgConfig(same))).toEqual(reference);
  });
});

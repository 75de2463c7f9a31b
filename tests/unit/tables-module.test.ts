// db/tables.ts hands the modules the tables of the engine they run on. A table it does not name would reach them
// through its `export * from "./schema.ts"`, as SQLite's table, also on PostgreSQL: every table is named.
import { readFileSync } from "node:fs";
import { is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as pg from "#db/schema.pg.ts";
import * as sqlite from "#db/schema.ts";

describe("db/tables.ts", () => {
  it("names every table of both schemas, each taken from the engine's set", () => {
    const source = readFileSync("db/tables.ts", "utf8");
    const tableNames = Object.entries(sqlite)
      .filter(([, value]) => is(value, SQLiteTable))
      .map(([name]) => name);
    expect(tableNames.length).toBeGreaterThan(20);
    const missing = tableNames.filter((name) => !source.includes(`export const ${name} = chosen.${name};`));
    expect(missing).toEqual([]);
    expect(tableNames.filter((name) => !(name in pg))).toEqual([]);
  });
});

// db/tables.ts and both engines' entries (db/schema.ts, db/schema.pg.ts) list the tables db/schema/tables.ts
// defines by name: a table one of them leaves out would be missing from that engine's migrations or queries.
import { is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { usesPostgres } from "#db/engine.ts";
import { sqliteColumns } from "#db/schema/sqlite.ts";
import { defineTables } from "#db/schema/tables.ts";
import * as pg from "#db/schema.pg.ts";
import * as sqlite from "#db/schema.ts";
import * as tables from "#db/tables.ts";

describe("the tables' entries", () => {
  const defined = Object.keys(defineTables(sqliteColumns));

  it("export every table defined, each built for its engine", () => {
    expect(defined.length).toBeGreaterThan(20);
    expect(defined.filter((name) => !is((sqlite as Record<string, unknown>)[name], SQLiteTable))).toEqual([]);
    expect(defined.filter((name) => !is((pg as Record<string, unknown>)[name], PgTable))).toEqual([]);
  });

  it("hand the modules every table, from the set of the engine they run on", () => {
    const chosen: Record<string, unknown> = usesPostgres() ? pg : sqlite;
    expect(defined.filter((name) => (tables as Record<string, unknown>)[name] !== chosen[name])).toEqual([]);
  });
});

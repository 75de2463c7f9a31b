// PostgreSQL's migrations (db/migrations-pg, decision 0142): a fresh database gets every table and column of
// db/schema.pg.ts, and several processes starting together migrate it exactly once (an advisory lock).
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { migratePostgres, PG_MIGRATIONS_DIR, PG_MIGRATIONS_TABLE } from "#app/lib/db-postgres.server.ts";
import * as schema from "#db/schema.pg.ts";
import { startPostgres, type TestPostgres } from "../helpers/postgres.ts";

const journal = JSON.parse(readFileSync(path.join(PG_MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as {
  entries: { tag: string }[];
};
const MIGRATIONS = journal.entries.length;

let server: TestPostgres | undefined;
const clients: postgres.Sql[] = [];
async function database() {
  server ??= await startPostgres();
  const url = await server.createDatabase();
  const sql = postgres(url, { onnotice: () => {} });
  clients.push(sql);
  return { url, sql };
}
afterAll(async () => {
  await Promise.all(clients.map((sql) => sql.end()));
  await server?.stop();
});

/** Runs migratePostgres in a process of its own, as a starting server does. */
function migrateInChild(url: string): Promise<{ code: number | null; applied?: number; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/helpers/pg-migrate-child.ts", url], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) =>
    child.on("close", (code) => {
      const line = stdout.trim();
      resolve({ code, applied: line ? (JSON.parse(line) as { applied: number }).applied : undefined, stderr });
    }),
  );
}

describe("PostgreSQL migrations", () => {
  it("give a fresh database every table and column of db/schema.pg.ts", async () => {
    const { url, sql } = await database();
    expect(await migratePostgres(url)).toBe(MIGRATIONS);
    const rows = await sql<{ table_name: string; column_name: string; is_nullable: string }[]>`
      SELECT table_name, column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public'`;
    const inDatabase = new Map<string, string[]>();
    for (const row of rows) {
      // The search column is PostgreSQL's own (like SQLite's FTS5 table): not part of the shared schema.
      if (row.table_name === "products" && row.column_name === "name_folded") continue;
      const columns = inDatabase.get(row.table_name) ?? [];
      columns.push(`${row.column_name}${row.is_nullable === "NO" ? " not null" : ""}`);
      inDatabase.set(row.table_name, columns);
    }
    const inSchema = new Map<string, string[]>();
    for (const value of Object.values(schema)) {
      if (!is(value, PgTable)) continue;
      const config = getTableConfig(value);
      inSchema.set(
        config.name,
        config.columns.map((column) => `${column.name}${column.notNull ? " not null" : ""}`),
      );
    }
    const sorted = (map: Map<string, string[]>) =>
      Object.fromEntries(
        [...map].sort(([a], [b]) => a.localeCompare(b)).map(([table, columns]) => [table, columns.sort()]),
      );
    expect(inSchema.size).toBeGreaterThan(20);
    expect(sorted(inDatabase)).toEqual(sorted(inSchema));
    // The rows SQLite's migrations make: the catalogue's version and the shop's settings.
    expect(await sql`SELECT id, version FROM catalogue_version`).toEqual([{ id: 1, version: 1 }]);
    expect(await sql`SELECT name, currency FROM shop_settings`).toEqual([{ name: "Trendora", currency: "USD" }]);
    // A second start finds nothing to do.
    expect(await migratePostgres(url)).toBe(0);
  });

  it("are applied once when three processes start together", async () => {
    const { url, sql } = await database();
    const results = await Promise.all([migrateInChild(url), migrateInChild(url), migrateInChild(url)]);
    for (const result of results) expect(result, result.stderr).toMatchObject({ code: 0 });
    // One of them migrated everything; the others waited for it and found nothing to do.
    expect(results.map((result) => result.applied).sort()).toEqual([0, 0, MIGRATIONS]);
    const recorded = await sql.unsafe<{ hash: string }[]>(
      `SELECT hash FROM ${PG_MIGRATIONS_TABLE.schema}.${PG_MIGRATIONS_TABLE.table}`,
    );
    expect(recorded).toHaveLength(MIGRATIONS);
    expect(new Set(recorded.map((row) => row.hash)).size).toBe(MIGRATIONS);
  });
});

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
    expect(await sql`SELECT name, currency FROM shop_settings`).toEqual([{ name: "Online Shop", currency: "USD" }]);
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

describe("what PostgreSQL's hand-written migration does (SQLite's triggers of 0006)", () => {
  const product = (id: string, createdAt: number) =>
    ({
      id,
      name: `Shirt ${id}`,
      category: "Men",
      price_cents: 1000,
      offer_price_cents: 900,
      created_at: createdAt,
    }) as const;

  it("gives products made in the same millisecond by two connections at once different seqs, in commit order", async () => {
    const { url, sql } = await database();
    await migratePostgres(url);
    const other = postgres(url, { onnotice: () => {} });
    clients.push(other);
    const at = 1_790_000_000_000;
    // The first inserts and holds its transaction open; the second inserts in the same millisecond meanwhile.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted!: () => void;
    const firstInserted = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const first = sql.begin(async (tx) => {
      await tx`INSERT INTO products ${tx(product("a", at))}`;
      inserted();
      await held;
    });
    await firstInserted;
    const second = other.begin((tx) => tx`INSERT INTO products ${tx(product("b", at))}`);
    // The second waits on the seq trigger's lock until the first ends.
    await waitForLockWaiter(sql);
    release();
    await Promise.all([first, second]);
    const rows = await sql`SELECT id, seq FROM products ORDER BY seq`;
    expect(rows.map((row) => [row.id, Number(row.seq)])).toEqual([
      ["a", at * 1024],
      ["b", at * 1024 + 1],
    ]);
  });

  it("raises the catalogue's version once per committed change to products or sizes, never for a rolled-back one", async () => {
    const { url, sql } = await database();
    await migratePostgres(url);
    const version = async () => (await sql`SELECT version FROM catalogue_version WHERE id = 1`)[0]?.version as number;
    const start = await version();
    await sql.begin(async (tx) => {
      await tx`INSERT INTO products ${tx(product("c", 1_790_000_000_100))}`;
      await tx`INSERT INTO product_sizes ${tx([
        { product_id: "c", size: "S", position: 0, stock: 3 },
        { product_id: "c", size: "M", position: 1, stock: 3 },
      ])}`;
      // Not raised before the commit (seen from another connection).
      expect(await version()).toBe(start);
    });
    expect(await version()).toBe(start + 1);
    await sql`UPDATE product_sizes SET stock = stock - 1 WHERE product_id = 'c'`;
    expect(await version()).toBe(start + 2);
    await sql`UPDATE products SET name = 'Renamed' WHERE id = 'c'`;
    expect(await version()).toBe(start + 3);
    await expect(
      sql.begin(async (tx) => {
        await tx`DELETE FROM products WHERE id = 'c'`;
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await version()).toBe(start + 3);
    await sql`DELETE FROM products WHERE id = 'c'`;
    expect(await version()).toBe(start + 4);
    // Other tables leave it alone.
    await sql`UPDATE shop_settings SET name = 'Other' WHERE id = 1`;
    expect(await version()).toBe(start + 4);
  });
});

/** Resolves once a session waits for a lock (polled: the wait starts on another connection). */
async function waitForLockWaiter(sql: postgres.Sql) {
  for (;;) {
    const [row] = await sql`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted`;
    if (row?.n === 1) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

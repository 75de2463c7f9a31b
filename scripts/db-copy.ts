// `npm run db:copy -- postgres://user@host/db [--from FILE] [--uploads-to DIR]`: moves a shop from its SQLite
// file to an EMPTY PostgreSQL database (issue 18 point 6, decision 0144, docs/postgresql.md "Moving a shop").
//
// - The source is DATA_DIR/store.db (or FILE, e.g. a backup's store.db), read in ONE read transaction: a
//   consistent snapshot, so a running store can be copied (its writes after the snapshot are not copied).
// - The target is migrated first (migratePostgres), then must hold no row of the store (the two rows its own
//   migration writes, catalogue_version and the untouched shop_settings, excepted): otherwise exit 2, nothing done.
// - Every table of db/schema.ts, in foreign-key order, rows streamed from SQLite and inserted 1,000 at a time
//   through db/schema.pg.ts's tables, all in ONE PostgreSQL transaction: a failure leaves the target empty.
// - Values are kept exactly: ids, times, products' seq (given, so the seq trigger keeps it), booleans, JSON,
//   money (integers past 2^53 too), and the catalogue's version (its commit-time bump is switched off).
// - Then each table is read back from PostgreSQL and compared with what was read from SQLite: row count and a
//   SHA-256 over the rows in primary-key order, each value normalised the same way on both sides. Exit 0 only
//   when every table matches.
// - Pictures stay files: --uploads-to DIR copies the uploads folder there (the shared directory every server
//   mounts as DATA_DIR/uploads) and checks every picture the database names arrived; without it the tool says
//   what to copy.
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { is, sql } from "drizzle-orm";
import { PgTable, getTableConfig as pgTableConfig } from "drizzle-orm/pg-core";
import { SQLiteTable, getTableConfig as sqliteTableConfig } from "drizzle-orm/sqlite-core";
import postgres from "postgres";
import { config } from "#app/lib/config.server.ts";
import { MIGRATIONS_DIR } from "#app/lib/db.server.ts";
import {
  closePostgres,
  connectPostgres,
  isPostgresUrl,
  migratePostgres,
  type PgTx,
} from "#app/lib/db-postgres.server.ts";
import { migrationState } from "#app/modules/setup/index.server.ts";
import * as pgSchema from "#db/schema.pg.ts";
import * as sqliteSchema from "#db/schema.ts";

/** Rows per INSERT: 1,000 rows of the widest table stay far below PostgreSQL's 65,535 parameters. */
export const BATCH_ROWS = 1000;

const USAGE = "Usage: npm run db:copy -- postgres://USER@HOST:PORT/DATABASE [--from FILE] [--uploads-to DIR]";

/** A refusal or failure the operator can act on: its message is the whole story (no stack trace). */
class CopyError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2,
  ) {
    super(message);
  }
}

// ---------------------------------------------------------------------------------------------------------
// The tables: every table of db/schema.ts, its twin in db/schema.pg.ts, in foreign-key order.

type Kind = "integer" | "boolean" | "real" | "text" | "json";

type Column = { key: string; name: string; kind: Kind };

type TablePlan = {
  name: string;
  pgTable: PgTable;
  columns: Column[];
  /** The primary key's columns (the order rows are read and hashed in on both sides). */
  primaryKey: Column[];
  references: string[];
};

const KINDS: Record<string, Kind> = {
  SQLiteInteger: "integer",
  SQLiteBoolean: "boolean",
  SQLiteReal: "real",
  SQLiteText: "text",
  SQLiteTextJson: "json",
};

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

function tablePlans(): TablePlan[] {
  const plans: TablePlan[] = [];
  for (const [key, table] of Object.entries(sqliteSchema)) {
    if (!is(table, SQLiteTable)) continue;
    const twin = (pgSchema as Record<string, unknown>)[key];
    if (!is(twin, PgTable)) throw new Error(`db/schema.pg.ts has no table ${key} (the drift test should have said)`);
    const own = sqliteTableConfig(table);
    const theirs = pgTableConfig(twin);
    const pgNames = new Set(theirs.columns.map((c) => c.name));
    const columns = own.columns.map((column) => {
      const kind = KINDS[column.columnType];
      if (!kind)
        throw new Error(`${own.name}.${column.name}: db:copy does not know the column type ${column.columnType}`);
      if (!pgNames.has(column.name)) throw new Error(`${own.name}.${column.name} is missing from db/schema.pg.ts`);
      const jsKey = Object.entries(table).find(([, value]) => value === column)?.[0];
      if (!jsKey) throw new Error(`${own.name}.${column.name}: no property of the table`);
      return { key: jsKey, name: column.name, kind };
    });
    const byName = new Map(columns.map((c) => [c.name, c]));
    const keyNames = own.columns.filter((c) => c.primary).map((c) => c.name);
    if (keyNames.length === 0 && own.primaryKeys[0]) keyNames.push(...own.primaryKeys[0].columns.map((c) => c.name));
    if (keyNames.length === 0) throw new Error(`${own.name} has no primary key: db:copy cannot compare it row by row`);
    plans.push({
      name: own.name,
      pgTable: twin,
      columns,
      primaryKey: keyNames.map((name) => byName.get(name)!),
      references: own.foreignKeys
        .map((fk) => sqliteTableConfig(fk.reference().foreignTable).name)
        .filter((name) => name !== own.name),
    });
  }
  // Foreign-key order: a table after every table it points at (schema order otherwise).
  const ordered: TablePlan[] = [];
  const placed = new Set<string>();
  while (ordered.length < plans.length) {
    const next = plans.find((p) => !placed.has(p.name) && p.references.every((r) => placed.has(r)));
    if (!next) throw new Error("The tables' foreign keys form a cycle: db:copy cannot order them");
    ordered.push(next);
    placed.add(next.name);
  }
  return ordered;
}

// ---------------------------------------------------------------------------------------------------------
// Values: SQLite's stored value → the JS value Drizzle's pg table takes; and one normal form for the checksum.

/** Where a value came from, for messages. */
type Where = { table: string; column: string; key: () => string };

const place = (where: Where) => `${where.table}.${where.column} of the row ${where.key()}`;

function hasNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === "object")
    return Object.entries(value).some(([key, inner]) => key.includes("\u0000") || hasNul(inner));
  return false;
}

function nulRefused(where: Where): CopyError {
  return new CopyError(
    `${place(where)} contains a NUL character (U+0000), which PostgreSQL cannot store in text or JSON. The store ` +
      "removes control characters from what it is sent, so this row was written some other way: remove the " +
      "character in the SQLite store (or delete the row) and copy again.",
    1,
  );
}

/** A value read from SQLite (raw, integers as BigInt) as the value to insert on PostgreSQL. */
function fromSqlite(value: unknown, kind: Kind, where: Where): unknown {
  if (value === null) return null;
  if (Buffer.isBuffer(value)) throw new CopyError(`${place(where)} holds binary data (a BLOB): not a ${kind}`, 1);
  switch (kind) {
    case "integer":
      if (typeof value === "bigint") return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
      if (typeof value === "number" && Number.isInteger(value)) return value;
      throw new CopyError(`${place(where)} is ${JSON.stringify(value)}, not a whole number`, 1);
    case "boolean":
      // As Drizzle reads SQLite's booleans: 0 is false, any other number true.
      if (typeof value === "bigint" || typeof value === "number") return Number(value) !== 0;
      throw new CopyError(`${place(where)} is ${JSON.stringify(value)}, not a boolean (0 or 1)`, 1);
    case "real":
      if (typeof value === "bigint" || typeof value === "number") return Number(value);
      throw new CopyError(`${place(where)} is ${JSON.stringify(value)}, not a number`, 1);
    case "text":
      if (typeof value !== "string") throw new CopyError(`${place(where)} is a number, not text`, 1);
      if (hasNul(value)) throw nulRefused(where);
      return value;
    case "json": {
      if (typeof value !== "string") throw new CopyError(`${place(where)} is a number, not JSON text`, 1);
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        throw new CopyError(`${place(where)} is not valid JSON: ${value.slice(0, 80)}`, 1);
      }
      if (hasNul(parsed)) throw nulRefused(where);
      return parsed;
    }
  }
}

/** JSON with every object's keys sorted (jsonb keeps its own key order, so both sides are sorted). */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * One value's normal form, for the checksum: the same for SQLite's value (after fromSqlite) and PostgreSQL's
 * (as postgres.js gives it: int8 as a string, int4 and float8 as numbers, booleans, jsonb parsed, text).
 */
function normal(value: unknown, kind: Kind): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case "integer":
      return String(value);
    case "boolean":
      return value === true || value === "t" ? "t" : "f";
    case "real":
      return String(Number(value));
    case "text":
      return value;
    case "json":
      return stableJson(value);
  }
}

type Digest = { rows: number; sha256: string };

class TableHash {
  private hash = createHash("sha256");
  rows = 0;
  add(values: unknown[]) {
    this.hash.update(JSON.stringify(values));
    this.hash.update("\n");
    this.rows++;
  }
  digest(): Digest {
    return { rows: this.rows, sha256: this.hash.digest("hex") };
  }
}

// ---------------------------------------------------------------------------------------------------------
// The source: one read transaction over the SQLite file.

function openSource(file: string): Database.Database {
  if (!existsSync(file)) throw new CopyError(`No SQLite store at ${file} (set DATA_DIR, or --from FILE).`, 2);
  const source = new Database(file, { fileMustExist: true });
  source.pragma("busy_timeout = 5000");
  // This tool never writes to the store.
  source.pragma("query_only = ON");
  // The snapshot: every read below sees the database as it was at the first one (WAL keeps the server's
  // writes out of it until COMMIT), so a running store can be copied.
  source.exec("BEGIN");
  const state = migrationState(source, MIGRATIONS_DIR);
  if (!state.ready)
    throw new CopyError(
      `The SQLite store at ${file} is not up to date (${state.reason}): start the store once with this version ` +
        "(it migrates at start) and copy again.",
      2,
    );
  return source;
}

// ---------------------------------------------------------------------------------------------------------
// The target.

/** Tables that hold rows of the shop: a table the migrations never fill must be empty; the two they fill untouched. */
async function storeRowsIn(run: (query: string) => Promise<Record<string, unknown>[]>, plans: TablePlan[]) {
  const found: string[] = [];
  for (const plan of plans) {
    const [present] = await run(`SELECT to_regclass('${quote(plan.name)}') IS NOT NULL AS present`);
    if (!present?.present) continue;
    // The target's own migration writes catalogue_version (a counter, replaced by the copy's) and the shop's
    // default settings (version 1, never saved); anything else is a shop's data.
    const condition =
      plan.name === "catalogue_version"
        ? "false"
        : plan.name === "shop_settings"
          ? "version <> 1 OR updated_at IS NOT NULL"
          : "true";
    const [row] = await run(`SELECT count(*)::int AS n FROM ${quote(plan.name)} WHERE ${condition}`);
    if (Number(row?.n ?? 0) > 0) found.push(`${plan.name} (${row!.n})`);
  }
  return found;
}

async function missingTables(url: string, plans: TablePlan[]): Promise<string[]> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const missing: string[] = [];
    for (const plan of plans) {
      const [row] = await client.unsafe(`SELECT to_regclass('${quote(plan.name)}') IS NULL AS missing`);
      if (row?.missing) missing.push(plan.name);
    }
    return missing;
  } finally {
    await client.end();
  }
}

function refuseNonEmpty(found: string[]): CopyError {
  return new CopyError(
    `The target database is not empty: ${found.join(", ")}. db:copy only copies into an empty database (it never ` +
      "merges or overwrites): create a new one (createdb -E UTF8 -O store store_new) or drop this one first.",
    2,
  );
}

async function insertBatch(tx: PgTx, plan: TablePlan, batch: Record<string, unknown>[], first: number) {
  try {
    // biome-ignore lint/suspicious/noExplicitAny: rows built per column of this table, at run time.
    await tx.insert(plan.pgTable as any).values(batch);
  } catch (error) {
    type Reason = { message?: string; detail?: string };
    const cause: Reason = (error as { cause?: Reason }).cause ?? (error as Reason);
    const detail = cause.detail ? ` (${cause.detail})` : "";
    throw new CopyError(
      `PostgreSQL refused the rows ${first + 1}–${first + batch.length} of ${plan.name}: ${cause.message}${detail}`,
      1,
    );
  }
}

type Copied = { plan: TablePlan; source: Digest; pictures: Set<string> };

/** Copies every table in one transaction; resolves with what was read from SQLite, per table. */
async function copyTables(source: Database.Database, url: string, plans: TablePlan[], log: (line: string) => void) {
  const pg = connectPostgres(url, { max: 1 });
  const pictures = new Set<string>();
  const results: Copied[] = [];
  try {
    await pg.transaction(async (tx) => {
      // Nobody writes to these tables until the copy commits (a second db:copy waits here, then is refused).
      await tx.execute(sql.raw(`LOCK TABLE ${plans.map((p) => quote(p.name)).join(", ")} IN EXCLUSIVE MODE`));
      const found = await storeRowsIn(async (query) => Array.from(await tx.execute(sql.raw(query))), plans);
      if (found.length > 0) throw refuseNonEmpty(found);
      // The migration's own rows make way for the shop's.
      await tx.execute(sql`DELETE FROM catalogue_version`);
      await tx.execute(sql`DELETE FROM shop_settings`);
      // The catalogue's version is copied as it is: its commit-time bump (migration 0001) is off for this
      // transaction (the trigger's own once-per-transaction flag).
      await tx.execute(sql`SELECT set_config('store.catalogue_bumped', 'on', true)`);
      for (const plan of plans) {
        const started = Date.now();
        const hash = new TableHash();
        const columns = plan.columns.map((c) => quote(c.name)).join(", ");
        const order = plan.primaryKey.map((c) => quote(c.name)).join(", ");
        const statement = source
          .prepare(`SELECT ${columns} FROM ${quote(plan.name)} ORDER BY ${order}`)
          .raw(true)
          .safeIntegers(true);
        let batch: Record<string, unknown>[] = [];
        let first = 0;
        for (const raw of statement.iterate() as IterableIterator<unknown[]>) {
          const row: Record<string, unknown> = {};
          const values: unknown[] = [];
          const key = () =>
            plan.primaryKey.map((c) => `${c.name}=${String(raw[plan.columns.indexOf(c)]).slice(0, 60)}`).join(", ");
          plan.columns.forEach((column, i) => {
            const value = fromSqlite(raw[i], column.kind, { table: plan.name, column: column.name, key });
            row[column.key] = value;
            values.push(normal(value, column.kind));
          });
          hash.add(values);
          collectPictures(plan.name, row, pictures);
          batch.push(row);
          if (batch.length === BATCH_ROWS) {
            await insertBatch(tx, plan, batch, first);
            first += batch.length;
            batch = [];
          }
        }
        if (batch.length > 0) await insertBatch(tx, plan, batch, first);
        const digest = hash.digest();
        results.push({ plan, source: digest, pictures });
        log(`  ${plan.name}: ${digest.rows} rows (${Date.now() - started} ms)`);
      }
    });
  } finally {
    await closePostgres(pg);
  }
  return { copied: results, pictures };
}

/** The picture files the database names (/uploads/<file>): products' images and the shop's logo. */
function collectPictures(table: string, row: Record<string, unknown>, into: Set<string>) {
  const urls =
    table === "products" ? (row.images as unknown[]) : table === "shop_settings" ? [row.logoUrl as unknown] : [];
  for (const url of urls ?? []) {
    if (typeof url === "string" && url.startsWith("/uploads/")) into.add(url.slice("/uploads/".length));
  }
}

/** Each table as PostgreSQL now holds it, read and normalised as the SQLite side was. */
async function targetDigests(url: string, plans: TablePlan[]): Promise<Map<string, Digest>> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  const digests = new Map<string, Digest>();
  try {
    for (const plan of plans) {
      const hash = new TableHash();
      const columns = plan.columns.map((c) => quote(c.name)).join(", ");
      // SQLite orders text by its bytes (UTF-8): so does the "C" collation, whatever the database's locale.
      const order = plan.primaryKey
        .map((c) => (c.kind === "text" ? `${quote(c.name)} COLLATE "C"` : quote(c.name)))
        .join(", ");
      const cursor = client.unsafe(`SELECT ${columns} FROM ${quote(plan.name)} ORDER BY ${order}`).cursor(BATCH_ROWS);
      for await (const rows of cursor) {
        for (const row of rows) hash.add(plan.columns.map((c) => normal(row[c.name], c.kind)));
      }
      digests.set(plan.name, hash.digest());
    }
  } finally {
    await client.end();
  }
  return digests;
}

// ---------------------------------------------------------------------------------------------------------
// Pictures.

function copyPictures(from: string, to: string, named: Set<string>): string[] {
  mkdirSync(to, { recursive: true });
  if (existsSync(from)) {
    // Names are never reused, so a file already there is the same picture: never overwritten.
    cpSync(from, to, { recursive: true, force: false, errorOnExist: false, filter: (f) => !f.endsWith(".tmp") });
  }
  return [...named].filter((name) => !existsSync(path.join(to, name)));
}

// ---------------------------------------------------------------------------------------------------------

type Options = { url: string; from: string | null; uploadsTo: string | null };

function parseArguments(args: string[]): Options {
  let url: string | null = null;
  let from: string | null = null;
  let uploadsTo: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--from" || arg === "--uploads-to") {
      const value = args[++i];
      if (!value || value.startsWith("--")) throw new CopyError(`${arg} needs a value.\n${USAGE}`, 2);
      if (arg === "--from") from = path.resolve(value);
      else uploadsTo = path.resolve(value);
    } else if (isPostgresUrl(arg) && !url) {
      url = arg;
    } else {
      throw new CopyError(`Unexpected argument ${JSON.stringify(arg)}.\n${USAGE}`, 2);
    }
  }
  if (!url) throw new CopyError(`Which PostgreSQL database? Give its postgres:// URL.\n${USAGE}`, 2);
  return { url, from, uploadsTo };
}

/** The URL without its password, for the log. */
const shown = (url: string) => url.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:***@");

function pad(text: string, width: number) {
  return text.length >= width ? text : text + " ".repeat(width - text.length);
}

/** Whether the copy's transaction committed (what a failure message may say about the target). */
let committed = false;

async function main(): Promise<number> {
  const { url, from, uploadsTo } = parseArguments(process.argv.slice(2));
  const file = from ?? config().dbFile;
  const uploadsFrom = path.join(path.dirname(file), "uploads");
  const plans = tablePlans();
  const started = Date.now();

  const source = openSource(file);
  try {
    // Refused before anything is written, migrations included, when the target already holds a shop.
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const found = await storeRowsIn(async (query) => Array.from(await admin.unsafe(query)), plans);
      if (found.length > 0) throw refuseNonEmpty(found);
    } finally {
      await admin.end();
    }
    const applied = await migratePostgres(url);
    const missing = await missingTables(url, plans);
    if (missing.length > 0)
      throw new CopyError(
        `The target database lacks the table${missing.length > 1 ? "s" : ""} ${missing.join(", ")} although its ` +
          "migrations are recorded as applied: it was changed by hand. Copy into a new empty database.",
        2,
      );
    console.log(`Copying ${file} into ${shown(url)} (${applied} migrations applied to it first)`);
    const { copied, pictures } = await copyTables(source, url, plans, (line) => console.log(line));
    committed = true;
    const copySeconds = (Date.now() - started) / 1000;

    const target = await targetDigests(url, plans);
    console.log("");
    console.log(
      `${pad("table", 24)} ${pad("SQLite rows", 12)} ${pad("PostgreSQL rows", 16)} sha256 (SQLite · PostgreSQL)`,
    );
    let allSame = true;
    for (const { plan, source: digest } of copied) {
      const there = target.get(plan.name)!;
      const same = there.rows === digest.rows && there.sha256 === digest.sha256;
      allSame &&= same;
      console.log(
        `${pad(plan.name, 24)} ${pad(String(digest.rows), 12)} ${pad(String(there.rows), 16)} ` +
          `${digest.sha256.slice(0, 16)} · ${there.sha256.slice(0, 16)} ${same ? "same" : "DIFFERENT"}`,
      );
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log("");
    if (!allSame) {
      console.error(
        "The copy differs from the SQLite store (see DIFFERENT above): do not switch to it. Drop the target " +
          "database, create it again and copy again; report the tables that differed.",
      );
      return 1;
    }
    const rows = copied.reduce((sum, c) => sum + c.source.rows, 0);
    console.log(
      `Copied ${rows} rows in ${copied.length} tables in ${copySeconds.toFixed(1)} s; every count and checksum ` +
        `matches (${seconds} s in all, at most ${Math.round(process.resourceUsage().maxRSS / 1024)} MB of memory).`,
    );

    // Pictures stay files (decision 0144).
    if (uploadsTo) {
      const missing = copyPictures(uploadsFrom, uploadsTo, pictures);
      const files = readdirSync(uploadsTo).length;
      if (missing.length > 0) {
        console.error(
          `Copied the pictures of ${uploadsFrom} to ${uploadsTo} (${files} files), but ${missing.length} pictures ` +
            `the database names are not there (${missing.slice(0, 5).join(", ")}${missing.length > 5 ? ", …" : ""}).`,
        );
        return 1;
      }
      console.log(
        `Pictures: copied ${uploadsFrom} to ${uploadsTo} (${files} files; all ${pictures.size} named ones there).`,
      );
    } else {
      const missing = [...pictures].filter((name) => !existsSync(path.join(uploadsFrom, name)));
      console.log(
        `Pictures stay files: copy ${uploadsFrom}/ to the shared directory every server mounts as DATA_DIR/uploads, ` +
          `e.g. rsync -a ${uploadsFrom}/ /srv/store/uploads/ (or run again on an empty database with --uploads-to DIR). ` +
          `The database names ${pictures.size} pictures` +
          (missing.length > 0 ? `; ${missing.length} of them are missing from ${uploadsFrom} already.` : "."),
      );
    }
    const dataDir = path.dirname(file);
    const secrets = [
      ["SESSION_SECRET", "session-secret", "signed-in shoppers and sellers stay signed in"],
      ["MAIL_SEAL_KEY", "mail-seal-key", "password-reset mail still waiting in the outbox can be sent"],
    ].filter(([, name]) => existsSync(path.join(dataDir, name!)));
    for (const [variable, name, why] of secrets) {
      console.log(
        `Set ${variable} on every server to the contents of ${path.join(dataDir, name!)} (unless it is set already), so ${why}.`,
      );
    }
    return 0;
  } finally {
    if (source.inTransaction) source.exec("COMMIT");
    source.close();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  if (error instanceof CopyError) {
    console.error(error.message);
    if (error.exitCode === 1 && !committed)
      console.error("Nothing was copied: the target database holds no row of the store (the copy was rolled back).");
    process.exitCode = error.exitCode;
  } else {
    console.error(error);
    console.error(
      committed
        ? "db:copy failed after the copy was committed: drop the target database, create it again and copy again."
        : "db:copy failed; the target database holds no row of the store (the copy was rolled back).",
    );
    process.exitCode = 1;
  }
}

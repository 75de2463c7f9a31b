// The catalogue's version: a number the database raises with every change to a product (triggers of migration
// 0006), so anything made from the catalogue can be kept until it changes: the pages cached for visitors without
// a session (server/page-cache.js) and the list counts below.
import { eq, sql } from "drizzle-orm";
import { type Db, db, first, preparedPerConnection, type Tx } from "#app/lib/db.server.ts";
import { catalogueVersion as versionTable } from "#db/tables.ts";

export async function catalogueVersionIn(tx: Tx | Db): Promise<number> {
  const row = await first(
    tx.select({ version: versionTable.version }).from(versionTable).where(eq(versionTable.id, 1)),
  );
  return row?.version as number;
}

/** Prepared once per connection: server.ts asks for the version on every request it may answer from memory. */
const versionOn = preparedPerConnection((connection) =>
  connection.select({ version: versionTable.version }).from(versionTable).where(eq(versionTable.id, 1)).prepare(),
);

/** The catalogue's current version. */
export async function catalogueVersion(): Promise<number> {
  return (await versionOn(db()))?.version as number;
}

const MAX_REMEMBERED = 500;
let rememberedAt = -1;
const remembered = new Map<string, number>();

/**
 * A number computed from the catalogue (how many products a list holds), computed once per catalogue version and
 * `key`; up to MAX_REMEMBERED keys are kept, the least recently used go first.
 */
export async function countOnce(tx: Tx | Db, key: string, count: () => Promise<number>): Promise<number> {
  const version = await catalogueVersionIn(tx);
  if (version !== rememberedAt) {
    remembered.clear();
    rememberedAt = version;
  }
  const known = remembered.get(key);
  if (known !== undefined) {
    remembered.delete(key);
    remembered.set(key, known);
    return known;
  }
  const value = await count();
  // The kept counts moved to another version while this one was counted (reads are async): given, not kept.
  if (rememberedAt !== version) return value;
  remembered.set(key, value);
  if (remembered.size > MAX_REMEMBERED) remembered.delete(remembered.keys().next().value as string);
  return value;
}

/**
 * Raises the catalogue's version inside the caller's transaction: for a change outside the products that the
 * catalogue pages show (the shop settings: name, currency, tax wording).
 */
export async function bumpCatalogueVersion(tx: Tx): Promise<void> {
  await tx
    .update(versionTable)
    .set({ version: sql`${versionTable.version} + 1` })
    .where(eq(versionTable.id, 1));
}

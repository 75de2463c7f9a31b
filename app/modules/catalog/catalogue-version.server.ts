// The catalogue's version: a number the database raises with every change to a product (triggers of migration
// 0006), so anything made from the catalogue can be kept until it changes: the pages cached for visitors without
// a session (server/page-store.ts) and the list counts below, each in a VersionedLru (app/lib/versioned-lru.ts).
import { eq, sql } from "drizzle-orm";
import { type Db, db, first, preparedPerConnection, type Tx } from "#app/lib/db.server.ts";
import { VersionedLru } from "#app/lib/versioned-lru.ts";
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

/**
 * A store of values made from the catalogue and kept until its version moves: `keep(version, key, make)` gives
 * the value kept under `key` for that version, or makes it (and keeps it unless `worthKeeping` says no). Up to
 * `max` keys are kept, the least recently used go first. A value made while the kept ones moved on to another
 * version (reads are async) is given, not kept. The values are shared by every caller: nothing may change them.
 */
export function keptPerCatalogueVersion<T>(max: number, worthKeeping: (value: T) => boolean = () => true) {
  let keptAt = -1;
  const kept = new VersionedLru<{ version: number; bytes: number; value: T }>({
    maxEntries: max,
    maxBytes: Number.POSITIVE_INFINITY,
  });
  return async (version: number, key: string, make: () => Promise<T>): Promise<T> => {
    if (version !== keptAt) {
      kept.clear();
      keptAt = version;
    }
    const known = kept.get(key, version);
    if (known) return known.value;
    const value = await make();
    if (keptAt !== version || !worthKeeping(value)) return value;
    kept.set(key, { version, bytes: 0, value });
    return value;
  };
}

const counts = keptPerCatalogueVersion<number>(500);

/**
 * A number computed from the catalogue (how many products a list holds), computed once per catalogue version and
 * `key` (up to 500 keys).
 */
export async function countOnce(tx: Tx | Db, key: string, count: () => Promise<number>): Promise<number> {
  return counts(await catalogueVersionIn(tx), key, count);
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

// Shipping addresses: saved per shopper, checked field by field (app/modules/identity/shared/address-schema.ts).
import { asc, count, eq, sql } from "drizzle-orm";
import { db, first, preparedRowsPerConnection, takeTurnsOn, transaction } from "#app/lib/db.server.ts";
import { newId } from "#app/lib/ids.ts";
import { parseOrRefuse, Refusal } from "#app/lib/refusal.ts";
import { ADDRESS_FIELDS, addressSchema } from "#app/modules/identity/shared/address-schema.ts";
import { type AddressSnapshot, addresses } from "#db/tables.ts";

/** Most addresses one shopper may keep. */
export const MAX_ADDRESSES = 20;

export type Address = typeof addresses.$inferSelect;

/** Validates an address (a form's fields or the /api body's `address` object). */
export function parseAddress(input: unknown): AddressSnapshot {
  if (typeof input !== "object" || input === null || Array.isArray(input)) throw new Refusal("Please send an address.");
  return parseOrRefuse(addressSchema, input);
}

/** Saves a new address for the shopper. */
export async function addAddress(userId: string, input: unknown): Promise<Address> {
  const fields = parseAddress(input);
  return transaction(async (tx) => {
    // Two saves at once count each other's address (PostgreSQL needs the turn; SQLite has one writer).
    await takeTurnsOn(tx, [`addresses:${userId}`]);
    const row = await first(tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId)));
    if ((row?.n ?? 0) >= MAX_ADDRESSES) throw new Refusal(`You can save at most ${MAX_ADDRESSES} addresses.`, 409);
    const [address] = await tx
      .insert(addresses)
      .values({ id: newId(), userId, ...fields })
      .returning();
    return address!;
  });
}

/** The shopper's addresses, oldest first (the first saved one is the default). */
export async function listAddresses(userId: string): Promise<Address[]> {
  return addressesOn(db(), { userId });
}

/** The cart page asks on every view: prepared once per connection. */
const addressesOn = preparedRowsPerConnection((connection) =>
  connection
    .select()
    .from(addresses)
    .where(eq(addresses.userId, sql.placeholder("userId")))
    .orderBy(asc(addresses.createdAt), asc(addresses.id))
    .prepare(),
);

/** The address an order keeps: the fields as they are at the time of ordering. */
export function addressSnapshot(address: Address): AddressSnapshot {
  return Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, address[field]])) as AddressSnapshot;
}

/** One line for a picker: street, city, state, country. */
export function addressLabel(a: Pick<Address, "street" | "city" | "state" | "country">): string {
  return [a.street, a.city, a.state, a.country].filter(Boolean).join(", ");
}

// Shipping addresses. The form has no required marks (as the spec says), but an address a courier
// could not use is refused here, field by field.
import { and, asc, count, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "#app/lib/db.server.ts";
import { fieldErrors } from "#app/lib/http.server.ts";
import { ID_PATTERN, newId } from "#app/lib/ids.ts";
import { type AddressSnapshot, addresses } from "#db/schema.ts";

export const ADDRESS_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "street",
  "city",
  "state",
  "zipcode",
  "country",
  "phone",
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** Most addresses one shopper may keep. */
export const MAX_ADDRESSES = 20;

export type Address = typeof addresses.$inferSelect;

export class AddressError extends Error {
  constructor(
    message: string,
    readonly status = 400,
    readonly fieldErrors: Partial<Record<AddressField, string>> = {},
  ) {
    super(message);
  }
}

// JSON clients may send the zip code as a number.
const text = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "number" && Number.isFinite(v) ? String(v) : (v ?? "")),
    z.string({ error: "Please enter text." }).trim().max(max, `Please keep this under ${max} characters.`),
  );
const required = (max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === "number" && Number.isFinite(v) ? String(v) : (v ?? "")),
    z.string({ error: message }).trim().min(1, message).max(max, `Please keep this under ${max} characters.`),
  );

const addressSchema = z.object({
  firstName: required(100, "Please enter a first name."),
  lastName: text(100),
  email: text(254).refine((e) => e === "" || z.email().safeParse(e).success, "Please enter a valid email address."),
  street: required(200, "Please enter the street."),
  city: required(100, "Please enter the city."),
  state: text(100),
  zipcode: required(30, "Please enter the zip code.").refine(
    (z) => /^[0-9A-Za-z][0-9A-Za-z -]{1,10}$/.test(z),
    "Please enter a valid zip code.",
  ),
  country: required(100, "Please enter the country."),
  phone: required(30, "Please enter a phone number.").refine(
    (p) => /^\+?[0-9 ()./-]+$/.test(p) && (p.match(/\d/g)?.length ?? 0) >= 6 && (p.match(/\d/g)?.length ?? 0) <= 15,
    "Please enter a valid phone number.",
  ),
});

/** Validates an address (a form's fields or the /api body's `address` object). */
export function parseAddress(input: unknown): AddressSnapshot {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw new AddressError("Please send an address.");
  }
  const result = addressSchema.safeParse(input);
  if (!result.success) {
    const errors = fieldErrors(result.error) as Partial<Record<AddressField, string>>;
    throw new AddressError(Object.values(errors)[0] ?? "Please check the address.", 400, errors);
  }
  const email = result.data.email.toLowerCase();
  return { ...result.data, email };
}

/** Saves a new address for the shopper. */
export function addAddress(userId: string, input: unknown): Address {
  const fields = parseAddress(input);
  return db().transaction(
    (tx) => {
      const row = tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId)).get();
      if ((row?.n ?? 0) >= MAX_ADDRESSES) {
        throw new AddressError(`You can save at most ${MAX_ADDRESSES} addresses.`, 409);
      }
      return tx
        .insert(addresses)
        .values({ id: newId(), userId, ...fields })
        .returning()
        .get();
    },
    { behavior: "immediate" },
  );
}

/** The shopper's addresses, oldest first (the first saved one is the default). */
export function listAddresses(userId: string): Address[] {
  return db()
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.createdAt), sql`rowid`)
    .all();
}

/** One of the shopper's own addresses, or null (another shopper's id finds nothing). */
export function findAddress(userId: string, addressId: string): Address | null {
  if (!ID_PATTERN.test(addressId)) return null;
  return (
    db()
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      .get() ?? null
  );
}

/** The address an order keeps: the fields as they are at the time of ordering. */
export function addressSnapshot(address: Address): AddressSnapshot {
  const { firstName, lastName, email, street, city, state, zipcode, country, phone } = address;
  return { firstName, lastName, email, street, city, state, zipcode, country, phone };
}

/** An address as /api JSON shows it. */
export function addressJson(address: Address) {
  const { id, userId, createdAt, ...fields } = address;
  return { _id: id, userId, ...fields, createdAt: new Date(createdAt).toISOString() };
}

// Seller accounts and the seller's sign-in. Passwords are hashed with argon2id (passwords.server.ts);
// emails are stored lower-cased. The seller session is its own cookie (see sessions.server.ts), separate
// from a shopper's.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { isProduction } from "#app/lib/config.server.ts";
import { type Db, db, first, type Tx, takeTurnsOn, transaction } from "#app/lib/db.server.ts";
import { newId } from "#app/lib/ids.ts";
import { parseOrRefuse, Refusal } from "#app/lib/refusal.ts";
import { safeRedirect } from "#app/lib/safe-redirect.ts";
import { emailField, newPasswordField, sellerLoginSchema } from "#app/modules/identity/shared/account-schema.ts";
import { sellers, sessions } from "#db/tables.ts";
import { hashPassword, verifyPassword } from "./passwords.server.ts";
import { sessionSeller, startSession } from "./sessions.server.ts";
import { throttled } from "./throttle.server.ts";

/** For local use only: never created when NODE_ENV=production (the README gives these). */
export const DEMO_SELLER = { email: "seller@trendora.test", password: "trendora-seller" } as const;

/** A seller account; `name` is what the seller area greets them by ('' when none was given). */
export type Seller = { id: string; email: string; name: string };

const newSellerSchema = z.object({ email: emailField(), password: newPasswordField });

/** Creates a seller account; a bad email, a short password or a taken email is a Refusal. */
export async function createSeller(email: string, password: string): Promise<Seller> {
  const fields = parseOrRefuse(newSellerSchema, { email, password });
  const passwordHash = await hashPassword(fields.password);
  const seller = { id: newId(), email: fields.email, name: "" };
  // The unique index decides between two simultaneous sign-ups with the same email.
  const [inserted] = await transaction(async (tx) =>
    tx
      .insert(sellers)
      .values({ ...seller, passwordHash })
      .onConflictDoNothing({ target: sellers.email })
      .returning({ id: sellers.id }),
  );
  if (!inserted) throw new Refusal(`A seller with the email ${seller.email} already exists.`, 409);
  return seller;
}

/** Whether the store has any seller account (none: the first-run setup link is offered, app/modules/setup/). */
export async function hasSeller(tx: Tx | Db = db()): Promise<boolean> {
  return (await first(tx.select({ id: sellers.id }).from(sellers).limit(1))) !== undefined;
}

/**
 * Adds the first seller inside the caller's transaction (the setup page's, which also uses up its link): the
 * email already checked and lower-cased, the password already hashed (hashPassword).
 */
export async function addFirstSeller(tx: Tx, email: string, passwordHash: string, name = ""): Promise<Seller> {
  // Two setup forms at once: the second sees the first's seller (PostgreSQL needs the turn; SQLite has one writer).
  await takeTurnsOn(tx, ["first-seller"]);
  if (await hasSeller(tx)) throw new Refusal("The store has a seller already.", 409);
  const seller = { id: newId(), email, name };
  await tx.insert(sellers).values({ ...seller, passwordHash });
  return seller;
}

/**
 * Sets a new password for an existing seller (`npm run seller:add -- --reset EMAIL`, on the store's own box)
 * and ends every session of theirs. An unknown email or a short password is a Refusal.
 */
export async function resetSellerPassword(email: string, password: string): Promise<Seller> {
  const fields = parseOrRefuse(newSellerSchema, { email, password });
  const passwordHash = await hashPassword(fields.password);
  const seller = await transaction(async (tx) => {
    const [updated] = await tx
      .update(sellers)
      .set({ passwordHash })
      .where(eq(sellers.email, fields.email))
      .returning({ id: sellers.id, email: sellers.email, name: sellers.name });
    if (updated) await tx.delete(sessions).where(eq(sessions.sellerId, updated.id));
    return updated;
  });
  if (!seller) throw new Refusal(`There is no seller with the email ${fields.email}.`, 404);
  return seller;
}

/**
 * Signs the seller in from the sign-in form's fields (or the /api body), sent from the address `client`: a
 * Refusal for missing fields or wrong credentials (429 after too many, see throttle.server.ts); on success the
 * Set-Cookie value of the new seller session.
 */
export function signInSeller(input: unknown, client: string): Promise<string> {
  const email = typeof input === "object" && input !== null ? (input as { email?: unknown }).email : undefined;
  return throttled("seller-sign-in", { email, client }, () => checkSellerCredentials(input));
}

async function checkSellerCredentials(input: unknown): Promise<string> {
  const { email, password } = parseOrRefuse(sellerLoginSchema, input);
  const row = await first(
    db().select({ id: sellers.id, passwordHash: sellers.passwordHash }).from(sellers).where(eq(sellers.email, email)),
  );
  // A wrong email takes as long to check as a wrong password.
  const ok = await verifyPassword(row?.passwordHash, password);
  if (!row || !ok) throw new Refusal("Invalid credentials", 401);
  return startSession("seller", row.id);
}

/** The signed-in seller, or null (read once per request by the identity middleware). */
export function getSeller(request: Request): Promise<Seller | null> {
  return sessionSeller(request);
}

/** Creates the demo seller for local use, unless it exists or NODE_ENV=production. */
export async function ensureDemoSeller(): Promise<"created" | "exists" | "skipped"> {
  if (isProduction()) return "skipped";
  const existing = await first(
    db().select({ id: sellers.id }).from(sellers).where(eq(sellers.email, DEMO_SELLER.email)),
  );
  if (existing) return "exists";
  await createSeller(DEMO_SELLER.email, DEMO_SELLER.password);
  return "created";
}

/** Where to go after signing in: a seller page named by the form, else /seller (never another site). */
export function sellerRedirectTarget(value: unknown): string {
  const path = safeRedirect(value, "/seller");
  return /^\/seller(\/[A-Za-z0-9_-]+)*\/?$/.test(path) ? path : "/seller";
}

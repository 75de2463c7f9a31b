// Seller accounts and the seller's sign-in. Passwords are hashed with argon2id (the library's
// defaults are OWASP's minimum); emails are stored lower-cased. The seller session is its own
// cookie (see sessions.server.ts), separate from a shopper's.
import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { z } from "zod";
import { isProduction } from "#app/lib/config.server.ts";
import { db } from "#app/lib/db.server.ts";
import { newId } from "#app/lib/ids.ts";
import { sellers } from "#db/schema.ts";
import { hashPassword, verifyPassword } from "./passwords.server.ts";
import { readSession } from "./sessions.server.ts";

export const MIN_SELLER_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 200;

/** For local use only: never created when NODE_ENV=production (the README gives these). */
export const DEMO_SELLER = { email: "seller@trendora.test", password: "trendora-seller" } as const;

export type Seller = { id: string; email: string };

export class SellerAccountError extends Error {}

const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "The email address is too long.")
  .pipe(z.email("Enter a valid email address."));

/** Creates a seller account; throws SellerAccountError for a bad email, a short password or a taken email. */
export async function createSeller(email: string, password: string): Promise<Seller> {
  const parsedEmail = emailSchema.safeParse(email);
  if (!parsedEmail.success) throw new SellerAccountError(parsedEmail.error.issues[0]?.message ?? "Invalid email.");
  if (password.length < MIN_SELLER_PASSWORD_LENGTH) {
    throw new SellerAccountError(`The password must be at least ${MIN_SELLER_PASSWORD_LENGTH} characters long.`);
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new SellerAccountError(`The password must be at most ${MAX_PASSWORD_LENGTH} characters long.`);
  }
  const normalized = parsedEmail.data;
  const passwordHash = await hashPassword(password);
  const seller = { id: newId(), email: normalized };
  // The unique index decides between two simultaneous sign-ups with the same email.
  const inserted = db()
    .insert(sellers)
    .values({ ...seller, passwordHash })
    .onConflictDoNothing({ target: sellers.email })
    .returning({ id: sellers.id })
    .get();
  if (!inserted) throw new SellerAccountError(`A seller with the email ${normalized} already exists.`);
  return seller;
}

/** The seller for this email and password, or null when either is wrong. */
export async function verifySellerLogin(email: string, password: string): Promise<Seller | null> {
  if (typeof email !== "string" || typeof password !== "string") return null;
  if (password.length === 0 || password.length > MAX_PASSWORD_LENGTH || email.length > 254) return null;
  const row = db()
    .select({ id: sellers.id, email: sellers.email, passwordHash: sellers.passwordHash })
    .from(sellers)
    .where(eq(sellers.email, email.trim().toLowerCase()))
    .get();
  const ok = await verifyPassword(row?.passwordHash, password);
  return row && ok ? { id: row.id, email: row.email } : null;
}

/** The signed-in seller, or null (a shopper's session never counts). */
export async function getSeller(request: Request): Promise<Seller | null> {
  const session = await readSession("seller", request);
  if (!session) return null;
  const row = db()
    .select({ id: sellers.id, email: sellers.email })
    .from(sellers)
    .where(eq(sellers.id, session.subjectId))
    .get();
  return row ?? null;
}

/** The signed-in seller; anyone else is sent to the seller sign-in page (a 303, nothing else is done). */
export async function requireSeller(request: Request): Promise<Seller> {
  const seller = await getSeller(request);
  if (!seller) throw redirect("/seller-login", 303);
  return seller;
}

/** Creates the demo seller for local use, unless it exists or NODE_ENV=production. */
export async function ensureDemoSeller(): Promise<"created" | "exists" | "skipped"> {
  if (isProduction()) return "skipped";
  const existing = db().select({ id: sellers.id }).from(sellers).where(eq(sellers.email, DEMO_SELLER.email)).get();
  if (existing) return "exists";
  await createSeller(DEMO_SELLER.email, DEMO_SELLER.password);
  return "created";
}

/** Where to go after signing in: a seller page named by the form, else /seller (never another site). */
export function sellerRedirectTarget(value: unknown): string {
  if (typeof value !== "string" || value.length > 200) return "/seller";
  return /^\/seller(\/[A-Za-z0-9_-]+)*\/?$/.test(value) ? value : "/seller";
}

export const sellerLoginSchema = z.object({
  email: z.string("Email is required.").trim().min(1, "Email is required.").max(254, "The email address is too long."),
  password: z
    .string("Password is required.")
    .min(1, "Password is required.")
    .max(MAX_PASSWORD_LENGTH, "Invalid credentials"),
});

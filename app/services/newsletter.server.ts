// Newsletter sign-up: one row per address, stored lower-cased so "Ann@x.com" and "ann@x.com" are the same.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "#app/lib/db.server.ts";
import { newId } from "#app/lib/ids.ts";
import { newsletterSubscribers } from "#db/schema.ts";

export const NEWSLETTER_MESSAGES = {
  empty: "Please enter an email.",
  invalid: "Please enter a valid email address.",
  duplicate: "This email is already subscribed.",
  subscribed: "You are subscribed to our page!",
} as const;

/** RFC 5321 caps an address at 254 characters. */
const MAX_EMAIL_LENGTH = 254;
const emailSchema = z.email();

export type SubscribeResult =
  | { ok: true; message: string }
  | { ok: false; reason: "empty" | "invalid" | "duplicate"; message: string };

/** Subscribes an address; `email` is whatever the form or JSON body held. */
export function subscribe(email: unknown): SubscribeResult {
  if (email === undefined || email === null || (typeof email === "string" && email.trim() === "")) {
    return { ok: false, reason: "empty", message: NEWSLETTER_MESSAGES.empty };
  }
  const address = typeof email === "string" ? email.trim().toLowerCase() : "";
  if (address.length > MAX_EMAIL_LENGTH || !emailSchema.safeParse(address).success) {
    return { ok: false, reason: "invalid", message: NEWSLETTER_MESSAGES.invalid };
  }
  const inserted = db()
    .insert(newsletterSubscribers)
    .values({ id: newId(), email: address })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .run();
  if (inserted.changes === 0) return { ok: false, reason: "duplicate", message: NEWSLETTER_MESSAGES.duplicate };
  return { ok: true, message: NEWSLETTER_MESSAGES.subscribed };
}

/** Whether an address is subscribed (any letter case). */
export function isSubscribed(email: string): boolean {
  const row = db()
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email.trim().toLowerCase()))
    .get();
  return row !== undefined;
}

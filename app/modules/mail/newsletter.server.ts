// Newsletter sign-up: one row per address (app/modules/mail/shared/newsletter-schema.ts says what an address must be).
import { eq } from "drizzle-orm";
import { db, first, transaction } from "#app/lib/db.server.ts";
import { newId } from "#app/lib/ids.ts";
import { parseOrRefuse, Refusal } from "#app/lib/refusal.ts";
import { NEWSLETTER_MESSAGES, newsletterSchema } from "#app/modules/mail/shared/newsletter-schema.ts";
import { newsletterSubscribers } from "#db/tables.ts";

/** Subscribes an address (`input` is the form's fields or the JSON body); says so, or refuses. */
export async function subscribe(input: unknown): Promise<string> {
  const { email } = parseOrRefuse(newsletterSchema, input);
  const [inserted] = await transaction((tx) =>
    tx
      .insert(newsletterSubscribers)
      .values({ id: newId(), email })
      .onConflictDoNothing({ target: newsletterSubscribers.email })
      .returning({ id: newsletterSubscribers.id }),
  );
  if (!inserted) throw new Refusal(NEWSLETTER_MESSAGES.duplicate, 409, { email: NEWSLETTER_MESSAGES.duplicate });
  return NEWSLETTER_MESSAGES.subscribed;
}

/** Whether an address is subscribed (any letter case). */
export async function isSubscribed(email: string): Promise<boolean> {
  const row = await first(
    db()
      .select({ id: newsletterSubscribers.id })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email.trim().toLowerCase())),
  );
  return row !== undefined;
}

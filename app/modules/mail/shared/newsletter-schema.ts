// The newsletter sign-up form (home page) and POST /api/subscribe.

import { MAX_EMAIL_LENGTH, z } from "#app/lib/zod.ts";

export const NEWSLETTER_MESSAGES = {
  empty: "Please enter an email.",
  invalid: "Please enter a valid email address.",
  duplicate: "This email is already subscribed.",
  subscribed: "You are subscribed to our page!",
} as const;

const emailFormat = z.email();

export const newsletterSchema = z.object({
  // Stored lower-cased, so "Ann@x.com" and "ann@x.com" are one subscriber.
  email: z.unknown().transform((value, ctx) => {
    if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) {
      ctx.addIssue({ code: "custom", message: NEWSLETTER_MESSAGES.empty });
      return z.NEVER;
    }
    const address = typeof value === "string" ? value.trim().toLowerCase() : "";
    if (address.length > MAX_EMAIL_LENGTH || !emailFormat.safeParse(address).success) {
      ctx.addIssue({ code: "custom", message: NEWSLETTER_MESSAGES.invalid });
      return z.NEVER;
    }
    return address;
  }),
});

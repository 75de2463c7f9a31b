// A shopper's review (the product page's form) and the seller's reply (/seller/reviews): one set of field rules.
import { INVISIBLE_EXCEPT_BREAKS, textField, z } from "#app/lib/zod.ts";

export const REVIEW_TITLE_MAX = 100;
export const REVIEW_BODY_MAX = 2000;
export const REPLY_MAX = 1000;

/** Multi-line text as kept: line breaks as \n (at most two in a row), other control and bidi characters removed. */
export function cleanMultiline(value: string): string {
  return value
    .replace(/\r\n?|[\u2028\u2029]/g, "\n")
    .replace(/\t/g, " ")
    .replace(INVISIBLE_EXCEPT_BREAKS, "")
    .replace(/\n{3,}/g, "\n\n");
}

const multiline = (max: number, label: string) =>
  z
    .string()
    .optional()
    .transform((value) => cleanMultiline(value ?? "").trim())
    .refine((value) => value.length <= max, `${label} can be at most ${max.toLocaleString("en-US")} characters.`);

export const REVIEW_MESSAGES = {
  rating: "Please choose from 1 to 5 stars.",
} as const;

export const reviewSchema = z.object({
  rating: z.unknown().transform((value, ctx) => {
    const n = typeof value === "string" && /^[1-5]$/.test(value.trim()) ? Number(value.trim()) : value;
    if (typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= 5) return n;
    ctx.addIssue({ code: "custom", message: REVIEW_MESSAGES.rating });
    return z.NEVER;
  }),
  title: textField()
    .optional()
    .transform((value) => (value ?? "").trim())
    .refine((value) => value.length <= REVIEW_TITLE_MAX, `The title can be at most ${REVIEW_TITLE_MAX} characters.`),
  body: multiline(REVIEW_BODY_MAX, "Your review"),
});
export type ReviewInput = z.output<typeof reviewSchema>;

export const replySchema = z.object({
  reply: multiline(REPLY_MAX, "The reply"),
});

// The seller's refund form (/seller/orders/:id/refund): how much goes back, and whether units go back to stock.

import { DEFAULT_LOCALE } from "#app/lib/locales.ts";
import { DEFAULT_CURRENCY, moneyHint, parseMoney } from "#app/lib/money.ts";
import { z } from "#app/lib/zod.ts";

export const REFUND_KINDS = ["cancel", "full", "lines", "amount"] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];

export const REFUND_REASONS = ["requested_by_customer", "duplicate", "fraudulent"] as const;

/** `qty-0`, `qty-1`...: the units of each line (by its place in the order) to refund. */
export const lineField = (index: number) => `qty-${index}`;

/** The refund form for an order in `currency` (its amount in that currency's minor units). */
export const refundFormSchema = (currency: string = DEFAULT_CURRENCY, locale: string = DEFAULT_LOCALE) =>
  z.object({
    requestKey: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/, "This form has expired. Please open it again."),
    kind: z.enum(REFUND_KINDS, { message: "Choose how much to refund." }),
    amount: z
      .string()
      .max(20)
      .optional()
      .transform((value, context) => {
        if (value === undefined || value.trim() === "") return null;
        const cents = parseMoney(value, currency);
        if (cents === null || cents <= 0) {
          context.addIssue({ code: "custom", message: `The amount must be ${moneyHint(currency, locale)}.` });
          return z.NEVER;
        }
        return cents;
      }),
    lines: z.array(z.number().int().min(0).max(100_000)).max(500),
    restock: z.boolean(),
    reason: z.enum(REFUND_REASONS).nullable(),
  });

export type RefundForm = z.infer<ReturnType<typeof refundFormSchema>>;

/** The form's fields as the schema reads them (the quantities by their index, the checkbox as a boolean). */
export function refundFormInput(form: { get(name: string): unknown }, lineCount: number) {
  const lines: unknown[] = [];
  for (let index = 0; index < Math.min(lineCount, 500); index++) {
    const value = form.get(lineField(index));
    const text = typeof value === "string" ? value.trim() : "";
    lines.push(text === "" ? 0 : /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN);
  }
  const reason = form.get("reason");
  return {
    requestKey: form.get("requestKey") ?? undefined,
    kind: form.get("kind") ?? undefined,
    amount: form.get("amount") ?? undefined,
    lines,
    restock: form.get("restock") === "on",
    reason: reason === "" || reason === null ? null : reason,
  };
}

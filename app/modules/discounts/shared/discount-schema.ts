// A discount code as the seller enters it (/seller/discounts): one set of field rules for the page and the
// module. Dates are calendar days (YYYY-MM-DD, UTC): a code is valid from the start of its first day to the
// end of its last.
import { CATEGORY_PATHS } from "#app/lib/categories.ts";
import { ID_PATTERN } from "#app/lib/ids.ts";
import { DEFAULT_LOCALE } from "#app/lib/locales.ts";
import { DEFAULT_CURRENCY, moneyHint, parseMoney } from "#app/lib/money.ts";
import { z } from "#app/lib/zod.ts";

export const CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;
export const CODE_MESSAGE = "A code is 3 to 32 letters, digits, - or _.";
const MAX_COUNT = 1_000_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What a shopper or the seller typed, as codes are stored: trimmed and upper-cased (case-insensitive). */
export function normaliseCode(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const code = value.trim().toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** An optional whole number from 1 up ("5" from a form, 5 from JSON); blank: null (no limit). */
function optionalCount(label: string) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      if (blank(value)) return null;
      const n = typeof value === "string" && /^\d{1,7}$/.test(value.trim()) ? Number(value.trim()) : value;
      if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > MAX_COUNT) {
        ctx.addIssue({
          code: "custom",
          message: `${label} must be a whole number from 1 (leave it empty for no limit).`,
        });
        return z.NEVER;
      }
      return n;
    });
}

/** An optional day (YYYY-MM-DD) as Unix ms of its start (UTC); blank: null. */
function optionalDay(label: string) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      if (blank(value)) return null;
      const text = typeof value === "string" ? value.trim() : "";
      const ms = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : Number.NaN;
      if (!Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 10) !== text) {
        ctx.addIssue({ code: "custom", message: `${label} must be a date (YYYY-MM-DD).` });
        return z.NEVER;
      }
      return ms;
    });
}

/** A list field: repeated form fields, or ids separated by commas, spaces or lines. */
function list(value: unknown): string[] {
  const items = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return [
    ...new Set(
      items.flatMap((item) => (typeof item === "string" ? item.split(/[\s,]+/) : [item])).filter((s) => s !== ""),
    ),
  ] as string[];
}

/** The discount code form in the shop's currency (amounts in its minor units: none for JPY). */
export const discountSchemaFor = (currency: string, locale: string = DEFAULT_LOCALE) =>
  z
    .object({
      code: z
        .unknown()
        .optional()
        .transform((value, ctx) => {
          const code = normaliseCode(value);
          if (!code) {
            ctx.addIssue({ code: "custom", message: CODE_MESSAGE });
            return z.NEVER;
          }
          return code;
        }),
      kind: z.enum(["percent", "amount"], { message: "Choose percent off or an amount off." }),
      value: z.unknown().optional(),
      minSubtotal: z
        .unknown()
        .optional()
        .transform((value, ctx) => {
          if (blank(value)) return null;
          const cents = parseMoney(value, currency);
          if (cents === null) {
            ctx.addIssue({ code: "custom", message: `The minimum must be ${moneyHint(currency, locale)}.` });
            return z.NEVER;
          }
          return cents === 0 ? null : cents;
        }),
      startsOn: optionalDay("The start date"),
      endsOn: optionalDay("The end date"),
      maxUses: optionalCount("Total uses"),
      maxUsesPerShopper: optionalCount("Uses per shopper"),
      categories: z
        .unknown()
        .optional()
        .transform((value, ctx) => {
          const items = list(value);
          const unknown = items.find((item) => !(CATEGORY_PATHS as string[]).includes(item));
          if (unknown !== undefined) {
            ctx.addIssue({ code: "custom", message: "Choose categories from the list." });
            return z.NEVER;
          }
          return items;
        }),
      productIds: z
        .unknown()
        .optional()
        .transform((value, ctx) => {
          const items = list(value);
          if (items.length > 200 || items.some((item) => !ID_PATTERN.test(item))) {
            ctx.addIssue({ code: "custom", message: "Product ids are the ids in the product list, at most 200." });
            return z.NEVER;
          }
          return items;
        }),
    })
    .transform((input, ctx) => {
      let value: number | null = null;
      if (input.kind === "percent") {
        const text = typeof input.value === "string" ? input.value.trim() : input.value;
        const n = typeof text === "string" && /^\d{1,3}$/.test(text) ? Number(text) : text;
        if (typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= 100) value = n;
        else
          ctx.addIssue({ code: "custom", path: ["value"], message: "A percent off is a whole number from 1 to 100." });
      } else {
        const cents = parseMoney(input.value, currency);
        if (cents !== null && cents > 0) value = cents;
        else
          ctx.addIssue({
            code: "custom",
            path: ["value"],
            message: `An amount off must be more than 0: ${moneyHint(currency, locale)}.`,
          });
      }
      const endsAt = input.endsOn === null ? null : input.endsOn + DAY_MS - 1;
      if (input.startsOn !== null && endsAt !== null && endsAt < input.startsOn) {
        ctx.addIssue({ code: "custom", path: ["endsOn"], message: "The end date must not be before the start date." });
      }
      if (value === null) return z.NEVER;
      return {
        code: input.code,
        kind: input.kind,
        value,
        minSubtotalCents: input.minSubtotal,
        startsAt: input.startsOn,
        endsAt,
        maxUses: input.maxUses,
        maxUsesPerShopper: input.maxUsesPerShopper,
        categories: input.categories,
        productIds: input.productIds,
      };
    });

/** The form as today's default shop (US dollars) reads it. */
export const discountSchema = discountSchemaFor(DEFAULT_CURRENCY);

export type DiscountInput = z.output<typeof discountSchema>;

/** A stored day (start or end, Unix ms) as the date field shows it. */
export function dayOf(ms: number | null): string {
  return ms === null ? "" : new Date(ms).toISOString().slice(0, 10);
}

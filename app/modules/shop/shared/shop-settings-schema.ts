// The shop settings form (/seller/settings): identity, money and policies. Amounts are typed in the chosen
// currency (no decimals for a zero-decimal one such as JPY) and stored in its minor units.

import { LOCALE_CODES } from "#app/lib/locales.ts";
import { moneyHint, parseMoney } from "#app/lib/money.ts";
import { textField, z } from "#app/lib/zod.ts";
import { MAX_STOCK } from "#app/modules/inventory/shared/sizes.ts";
import { CURRENCY_CODES } from "./currencies.ts";
import { COUNTRY_CODES } from "./postcodes.ts";

/** The longest shop name: the setup page and the settings page take the same (decision 0218). */
export const SHOP_NAME_MAX = 80;
const LOW_STOCK_MESSAGE = `The low-stock mark is a whole number of units from 0 to ${MAX_STOCK.toLocaleString("en-US")}.`;
export const POLICY_MAX = 20_000;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed
const INVISIBLE_BUT_LINES = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
/** Text of several lines: line breaks kept (as \n), every other control or bidi override character removed. */
export function cleanLines(value: string): string {
  return value.replace(/\r\n?|[\u2028\u2029]/g, "\n").replace(INVISIBLE_BUT_LINES, "");
}

const asText = (v: unknown) => v ?? "";
const line = (max: number, required?: string) =>
  z.preprocess(
    asText,
    required
      ? textField({ error: required }).trim().min(1, required).max(max, `Please keep this under ${max} characters.`)
      : textField().trim().max(max, `Please keep this under ${max} characters.`),
  );
const lines = (max: number) =>
  z.preprocess(
    asText,
    z
      .string()
      .overwrite(cleanLines)
      .trim()
      .max(max, `Please keep this under ${max.toLocaleString("en-US")} characters.`),
  );

/** A tax rate in percent with at most two decimals, 0 to 100 → basis points. */
export function parseTaxRate(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ""] = text.split(".");
  const basisPoints = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return basisPoints <= 10_000 ? basisPoints : null;
}

/** The form's fields as typed (the page validates these in the browser; the amounts are read by the schema below). */
export const shopSettingsFields = z.object({
  name: line(SHOP_NAME_MAX, "Please enter the shop's name."),
  tagline: line(120),
  contactEmail: z.preprocess(asText, z.union([z.literal(""), z.email("Please enter a valid email address.").max(200)])),
  phone: line(40),
  address: lines(400),
  openingHours: lines(400),
  mailSenderName: line(SHOP_NAME_MAX),
  removeLogo: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
  country: z.enum(COUNTRY_CODES, { error: "Please choose the shop's country from the list." }),
  locale: z.enum(LOCALE_CODES, { error: "Please choose how dates and amounts are written from the list." }),
  currency: z.enum(CURRENCY_CODES, { error: "Please choose a currency from the list." }),
  taxRate: z.unknown().transform((value, ctx) => {
    const basisPoints = parseTaxRate(value ?? "");
    if (basisPoints === null) {
      ctx.addIssue({ code: "custom", message: "The tax rate is a percentage from 0 to 100, e.g. 2 or 7.5." });
      return z.NEVER;
    }
    return basisPoints;
  }),
  taxIncluded: z.enum(["yes", "no"], { error: "Please say whether prices include tax." }),
  shippingFlat: z.unknown().optional(),
  freeShippingFrom: z.unknown().optional(),
  returnDays: z.unknown().transform((value, ctx) => {
    const text = typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";
    if (text === "") return null;
    const days = /^\d{1,3}$/.test(text) ? Number(text) : 0;
    if (days < 1 || days > 365) {
      ctx.addIssue({
        code: "custom",
        message: "The days to return an item are a whole number from 1 to 365, or empty for none.",
      });
      return z.NEVER;
    }
    return days;
  }),
  lowStockThreshold: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string({ error: LOW_STOCK_MESSAGE })
      .regex(/^\d{1,6}$/, LOW_STOCK_MESSAGE)
      .transform(Number)
      .refine((n) => n <= MAX_STOCK, LOW_STOCK_MESSAGE),
  ),
  shippingPolicy: lines(POLICY_MAX),
  returnsPolicy: lines(POLICY_MAX),
  privacyPolicy: lines(POLICY_MAX),
  termsPolicy: lines(POLICY_MAX),
});

/** The whole form: the amounts are read in the currency chosen in the same form. */
export const shopSettingsSchema = shopSettingsFields.transform((form, ctx) => {
  const amount = (value: unknown, path: string, label: string, optional: boolean): number | null => {
    const text = typeof value === "string" ? value.trim() : value;
    if (text === undefined || text === null || text === "") {
      if (optional) return null;
      return 0;
    }
    const parsed = parseMoney(text, form.currency);
    if (parsed === null) {
      ctx.addIssue({
        code: "custom",
        path: [path],
        message: `${label} must be ${moneyHint(form.currency, form.locale)}.`,
      });
      return z.NEVER as never;
    }
    return parsed;
  };
  const { shippingFlat, freeShippingFrom, taxRate, taxIncluded, ...rest } = form;
  return {
    ...rest,
    taxRateBasisPoints: taxRate,
    taxIncluded: taxIncluded === "yes",
    shippingFlatCents: amount(shippingFlat, "shippingFlat", "The shipping fee", false) ?? 0,
    freeShippingFromCents: amount(freeShippingFrom, "freeShippingFrom", "The free-shipping threshold", true),
  };
});

export type ShopSettingsInput = z.output<typeof shopSettingsSchema>;

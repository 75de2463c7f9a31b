// A product as the seller enters it (add and edit pages, POST /api/product/add): one set of field rules.

import { CATEGORY_PATHS } from "#app/lib/categories.ts";
import { DEFAULT_LOCALE } from "#app/lib/locales.ts";
import { DEFAULT_CURRENCY, moneyHint, parseMoney } from "#app/lib/money.ts";
import { cleanText, textField, z } from "#app/lib/zod.ts";
import { DESCRIPTION_LINE_MAX_LENGTH, DESCRIPTION_MAX_LINES, NAME_MAX_LENGTH } from "./product-limits.ts";
import { sizeRowsOf } from "./size-rows.ts";
import { isSizeLabel, MAX_SIZE_LENGTH, MAX_SIZES, MAX_STOCK, NO_SIZE } from "./sizes.ts";

/**
 * A price typed in the shop's currency (at most its decimals: none for JPY), in its minor units. An optional
 * one left blank is null.
 */
function money(label: string, currency: string, locale: string, optional: true): z.ZodType<number | null, unknown>;
function money(label: string, currency: string, locale: string, optional?: false): z.ZodType<number, unknown>;
function money(label: string, currency: string, locale: string, optional = false): z.ZodType<number | null, unknown> {
  // Zod refuses a missing key unless the schema says it may be missing.
  return (optional ? z.unknown().optional() : z.unknown()).transform((value, ctx): number | null => {
    if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) {
      if (optional) return null;
      ctx.addIssue({ code: "custom", message: `${label} is required.` });
      return z.NEVER;
    }
    const cents = parseMoney(value, currency);
    if (cents === null) {
      ctx.addIssue({
        code: "custom",
        message: `${label} must be ${moneyHint(currency, locale)}.`,
      });
      return z.NEVER;
    }
    if (cents === 0) {
      ctx.addIssue({ code: "custom", message: `${label} must be more than 0.` });
      return z.NEVER;
    }
    return cents;
  });
}

const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** Units left: a whole number from 0 to 100,000 ("12" from a form, 12 from JSON), or blank/null: not counted. */
export const COUNT_MESSAGE = `Counts are whole numbers from 0 to ${MAX_STOCK.toLocaleString("en-US")} (leave it empty if you do not count it).`;
export function parseCount(value: unknown): number | null | undefined {
  if (blank(value)) return null;
  const n = typeof value === "string" && /^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : value;
  return typeof n === "number" && Number.isInteger(n) && n >= 0 && n <= MAX_STOCK ? n : undefined;
}
const count = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
    const n = parseCount(value);
    if (n === undefined) {
      ctx.addIssue({ code: "custom", message: COUNT_MESSAGE });
      return z.NEVER;
    }
    return n;
  });
/** The count a form showed when it was loaded (absent for a new line): see saveStockLines. */
const shownCount = z
  .unknown()
  .optional()
  .transform((value) => (value === undefined ? undefined : (parseCount(value) ?? null)));

const sizeRow = z.object({
  size: z
    .unknown()
    .optional()
    .transform((value) => (typeof value === "string" ? value.trim() : value))
    .pipe(
      z
        .union([z.literal(""), z.undefined(), z.null(), z.string()])
        .refine(
          (value) => value === undefined || value === null || isSizeLabel(value),
          `A size name can be at most ${MAX_SIZE_LENGTH} characters.`,
        ),
    ),
  stock: count,
  was: shownCount,
});

/**
 * The size rows of the form (or productData.sizes): rows left blank are dropped; a count needs a size name;
 * each size is listed once (whatever its letter case).
 */
const sizeRows = z
  .array(sizeRow, "The sizes must be a list.")
  .max(MAX_SIZES, `A product can have at most ${MAX_SIZES} sizes.`)
  .optional()
  .transform((rows, ctx) => {
    const seen = new Set<string>();
    const kept: { size: string; stock: number | null; was?: number | null }[] = [];
    (rows ?? []).forEach((row, i) => {
      const size = row.size ?? "";
      if (size === NO_SIZE) {
        if (row.stock !== null)
          ctx.addIssue({ code: "custom", path: [i, "size"], message: "Enter the size name, e.g. M." });
        return;
      }
      if (seen.has(size.toLowerCase())) {
        ctx.addIssue({ code: "custom", path: [i, "size"], message: `${size} is listed twice.` });
        return;
      }
      seen.add(size.toLowerCase());
      kept.push({ size, stock: row.stock, ...(row.was === undefined ? {} : { was: row.was }) });
    });
    return kept;
  });

/** A textarea (one bullet per line) or a list of lines, each cleaned like every stored text; blank lines are dropped. */
function toLines(value: string | string[] | undefined): string[] {
  const lines = typeof value === "string" ? value.split(/\r\n|\r|\n/) : (value ?? []);
  return lines.map((line) => cleanText(line).trim()).filter((line) => line.length > 0);
}

const schemas = new Map<string, ReturnType<typeof productSchemaFor>>();
/** The product fields with prices typed in `currency` (the shop's), their messages in the shop's `locale`. */
export function productFieldsSchemaIn(currency: string, locale: string = DEFAULT_LOCALE) {
  const key = `${currency}|${locale}`;
  let schema = schemas.get(key);
  if (!schema) {
    schema = productSchemaFor(currency, locale);
    schemas.set(key, schema);
  }
  return schema;
}

function productSchemaFor(currency: string, locale: string) {
  return z
    .object({
      name: textField("Product name is required.")
        .trim()
        .min(1, "Product name is required.")
        .max(NAME_MAX_LENGTH, `The product name can be at most ${NAME_MAX_LENGTH} characters.`),
      description: z
        .union([z.string(), z.array(z.string())], "The description must be text.")
        .optional()
        .transform(toLines)
        .pipe(
          z
            .array(
              z
                .string()
                .max(
                  DESCRIPTION_LINE_MAX_LENGTH,
                  `Each description line can be at most ${DESCRIPTION_LINE_MAX_LENGTH} characters.`,
                ),
            )
            .max(DESCRIPTION_MAX_LINES, `The description can have at most ${DESCRIPTION_MAX_LINES} lines.`),
        ),
      category: z.enum(CATEGORY_PATHS, "Select a category."),
      price: money("Product price", currency, locale),
      // Only for a product on sale: left blank, the product sells at its price (decision 0233).
      offerPrice: money("Offer price", currency, locale, true),
      /** The sizes with their counts; none: a product without sizes, counted by `stock`. */
      sizes: sizeRows,
      stock: count,
      stockWas: shownCount,
    })
    .superRefine((product, ctx) => {
      if (product.offerPrice !== null && product.offerPrice > product.price) {
        ctx.addIssue({
          code: "custom",
          path: ["offerPrice"],
          message: "The offer price cannot be above the product price.",
        });
      }
    });
}

/** The product fields in the default currency (US dollars): the type every currency's schema shares. */
export const productFieldsSchema = productFieldsSchemaIn(DEFAULT_CURRENCY);

export type ProductFields = z.infer<typeof productFieldsSchema>;

/** What a product sells at: its offer price, or its price when it has none (not on sale). */
export function sellingPrice(fields: Pick<ProductFields, "price" | "offerPrice">): number {
  return fields.offerPrice ?? fields.price;
}

/**
 * The form's flat fields as the schema reads them: `sizes[0].size`, `sizes[0].stock`, `sizes[0].was` …
 * become `sizes: [{ size, stock, was }]` (Conform's naming, which the page's fields use).
 */
export function productFormInput(fields: Iterable<[string, string]>): Record<string, unknown> {
  const list = [...fields];
  const input: Record<string, unknown> = {};
  for (const [name, value] of list) if (!name.startsWith("sizes[")) input[name] ??= value;
  input.sizes = sizeRowsOf(list);
  return input;
}

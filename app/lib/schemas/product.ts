// A product as the seller enters it (add and edit pages, POST /api/product/add): one set of field rules.

import { CATEGORY_PATHS } from "../categories.ts";
import { parseMoneyToCents } from "../money.ts";
import { DESCRIPTION_LINE_MAX_LENGTH, DESCRIPTION_MAX_LINES, NAME_MAX_LENGTH } from "../product-limits.ts";
import { cleanText, textField, z } from "./zod.ts";

function money(label: string) {
  return z.unknown().transform((value, ctx) => {
    if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) {
      ctx.addIssue({ code: "custom", message: `${label} is required.` });
      return z.NEVER;
    }
    const cents = parseMoneyToCents(value);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: `${label} must be a number with at most two decimals, e.g. 19.99.` });
      return z.NEVER;
    }
    if (cents === 0) {
      ctx.addIssue({ code: "custom", message: `${label} must be more than 0.` });
      return z.NEVER;
    }
    return cents;
  });
}

/** A textarea (one bullet per line) or a list of lines, each cleaned like every stored text; blank lines are dropped. */
function toLines(value: string | string[] | undefined): string[] {
  const lines = typeof value === "string" ? value.split(/\r\n|\r|\n/) : (value ?? []);
  return lines.map((line) => cleanText(line).trim()).filter((line) => line.length > 0);
}

export const productFieldsSchema = z
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
    price: money("Product price"),
    offerPrice: money("Offer price"),
  })
  .superRefine((product, ctx) => {
    if (product.offerPrice > product.price) {
      ctx.addIssue({
        code: "custom",
        path: ["offerPrice"],
        message: "The offer price cannot be above the product price.",
      });
    }
  });

export type ProductFields = z.infer<typeof productFieldsSchema>;

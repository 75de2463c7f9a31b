// The seller's product list count form (one number per size): repeated fields `size`, `count` and `was` (the
// count the form showed). Each refusal is about the whole form (the list shows it above the table).

import { z } from "#app/lib/zod.ts";
import { COUNT_MESSAGE, parseCount } from "./product-schema.ts";
import { isSizeLabel, MAX_SIZES } from "./sizes.ts";

export const COUNTS_FOR_EACH_SIZE = "Send a count for each size.";
export const INVALID_SIZE = "Invalid size.";

/** The form's fields as a browser sends them: each repeated field in the order of the sizes. */
export const stockCountsSchema = z
  .object({ size: z.array(z.string()), count: z.array(z.string()), was: z.array(z.string()) })
  .transform(({ size: sizes, count: counts, was: shown }, ctx) => {
    const refused = (message: string) => {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    const rows = sizes.length;
    if (rows === 0 || rows > MAX_SIZES || counts.length !== rows || shown.length !== rows) {
      return refused(COUNTS_FOR_EACH_SIZE);
    }
    const changes: { size: string; stock: number | null; was: number | null }[] = [];
    for (const [i, size] of sizes.entries()) {
      if (!isSizeLabel(size)) return refused(INVALID_SIZE);
      // A count left as it was is not checked nor written (an oversold size may show below zero).
      if (counts[i]!.trim() === shown[i]!.trim()) continue;
      const stock = parseCount(counts[i]);
      if (stock === undefined) return refused(COUNT_MESSAGE);
      changes.push({ size, stock, was: parseCount(shown[i]) ?? null });
    }
    return changes;
  });

/** The schema's input from a posted form. */
export const stockCountsInput = (form: URLSearchParams) => ({
  size: form.getAll("size"),
  count: form.getAll("count"),
  was: form.getAll("was"),
});

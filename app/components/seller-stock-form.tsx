import { Form } from "react-router";
import { PageField } from "#app/components/seller/pager.tsx";
import { PRODUCT_LIST_INTENTS } from "#app/lib/intents.ts";
import {
  FREE_SIZE,
  isBelowThreshold,
  MAX_STOCK,
  NO_SIZE,
  type SizeStock,
} from "#app/modules/inventory/shared/sizes.ts";

/** Units left of a product: the counted sizes added up ("Not counted" when none is counted). */
export function unitsLeft(sizes: readonly SizeStock[]): string {
  const counted = sizes.filter((line) => line.stock !== null);
  if (counted.length === 0) return "Not counted";
  const total = counted.reduce((sum, line) => sum + (line.stock ?? 0), 0);
  return counted.length < sizes.length ? `${total} left (some sizes not counted)` : `${total} left`;
}

/**
 * The product list's count form: one number per size (a product without sizes has one), each with the count
 * it showed (`was`), so a count left alone is not written and one changed is applied to the count as it is
 * now. An empty count means not counted. A plain form post; the list reloads after it.
 */
export function StockCountsForm({
  productId,
  name,
  sizes,
  lowStockList,
  lowStockAt,
  page,
}: {
  productId: string;
  name: string;
  sizes: SizeStock[];
  /** Shown in the low-stock list, which the form comes back to. */
  lowStockList: boolean;
  /** The shop's low-stock threshold: a count at or below it is highlighted so the seller restocks it. */
  lowStockAt: number;
  /** The list's page, which the form comes back to. */
  page: number;
}) {
  return (
    <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value={PRODUCT_LIST_INTENTS.counts} />
      <input type="hidden" name="id" value={productId} />
      {lowStockList ? <input type="hidden" name="list" value="low" /> : null}
      <PageField page={page} />
      {sizes.map((line) => {
        const label = line.size === NO_SIZE ? FREE_SIZE : line.size;
        const low = isBelowThreshold(line.stock, lowStockAt);
        return (
          <label key={line.size} className="flex flex-col text-xs text-gray-600" data-low={low || undefined}>
            <span className={low ? "font-semibold text-amber-700 wrap-anywhere" : "wrap-anywhere"}>
              {label}
              {low ? <span className="sr-only"> (low stock)</span> : null}
            </span>
            <input type="hidden" name="size" value={line.size} />
            <input type="hidden" name="was" value={line.stock ?? ""} />
            <input
              type="number"
              name="count"
              defaultValue={line.stock ?? ""}
              key={`${line.size}:${line.stock}`}
              min={0}
              max={MAX_STOCK}
              step={1}
              inputMode="numeric"
              placeholder="—"
              aria-label={`Units in stock of ${name}, ${label}`}
              className={`w-16 rounded border px-1.5 py-1 text-sm ${low ? "border-amber-500 bg-amber-50" : "border-gray-300"}`}
            />
          </label>
        );
      })}
      <button
        type="submit"
        aria-label={`Save counts: ${name}`}
        className="rounded border border-primary px-2 py-1 text-xs text-primary hover:bg-primary/10"
      >
        Save
      </button>
    </Form>
  );
}

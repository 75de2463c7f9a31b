// The seller's lists (products, orders) a page at a time: offset paging, newest first, `?page=N` links that
// work without JavaScript. See docs/decisions/0031-product-uploads-and-inventory.md.
import { parsePage } from "./listing.ts";

/** Rows on one page of the seller's product list and orders list. */
export const SELLER_PAGE_SIZE = 50;

/** One page of a list: its rows, the number of rows in the whole list, and where this page is in it. */
export type Page<T> = { rows: T[]; total: number; page: number; pageCount: number };

/**
 * Where page `page` of `total` rows starts. A page past the end is the last page (a list that shrank since
 * its link was made, e.g. after a change on its last row, still shows that row's neighbours); an empty list
 * has one empty page.
 */
export function pageWindow(total: number, page: number, limit: number) {
  const pageCount = Math.max(1, Math.ceil(total / limit));
  const shown = Math.min(Math.max(1, Math.floor(page)), pageCount);
  return { page: shown, pageCount, offset: (shown - 1) * limit };
}

/** `?page=` of a seller list (or the `page` field of its forms): absent is 1; anything but a plain whole number is null. */
export const sellerPageOf = (value: string | null | undefined) => parsePage(value ?? null);

/** A seller list's query string: `?stock=low` and `?page=N` when they differ from the defaults. */
export function sellerListSearch({ lowStock = false, page = 1 }: { lowStock?: boolean; page?: number }): string {
  const params = new URLSearchParams();
  if (lowStock) params.set("stock", "low");
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

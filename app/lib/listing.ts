// How the product lists are paged and sorted through the URL (`?page=N`, `?sort=...`), for the loaders that
// read it and the links and forms that write it. See docs/decisions/0101-catalogue-pages-and-search.md.

/** Products on one page of /products, a category or a search. */
export const PAGE_SIZE = 24;
/** /api/product/list: at most this many products per page. */
export const MAX_API_LIMIT = 100;
/** No list goes deeper than this page (a bound on what a number in the URL can ask for). */
export const MAX_PAGE = 100_000;

export const SORTS = [
  { value: "newest", label: "Newest" },
  { value: "price-asc", label: "Price: low to high" },
  { value: "price-desc", label: "Price: high to low" },
  { value: "rating", label: "Rating: best first" },
] as const;
export type SortOrder = (typeof SORTS)[number]["value"];
export const DEFAULT_SORT: SortOrder = "newest";

/** `?sort=`: absent means newest; an unknown value is null. */
export function parseSort(value: string | null): SortOrder | null {
  if (value === null) return DEFAULT_SORT;
  return SORTS.find((sort) => sort.value === value)?.value ?? null;
}

/** A whole number from 1 to `max` written plainly ("2", not "02", "2.0" or "+2"), or null. */
export function parsePositive(value: string, max: number): number | null {
  if (!/^[1-9]\d{0,8}$/.test(value)) return null;
  const n = Number(value);
  return n <= max ? n : null;
}

/** `?page=`: absent means 1; anything but a plain whole number from 1 to MAX_PAGE is null. */
export function parsePage(value: string | null): number | null {
  return value === null ? 1 : parsePositive(value, MAX_PAGE);
}

/** The query string of a list's URL: only what differs from the defaults, so each page has one address. */
export function listSearch({ q, sort, page }: { q?: string; sort?: SortOrder; page?: number }): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (sort && sort !== DEFAULT_SORT) params.set("sort", sort);
  if (page && page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/**
 * The page numbers a pagination bar links to: the first, the last, and two either side of the current one;
 * null where numbers are left out (shown as "…").
 */
export function pageLinks(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount]);
  for (let n = page - 2; n <= page + 2; n++) if (n >= 1 && n <= pageCount) wanted.add(n);
  const sorted = [...wanted].sort((a, b) => a - b);
  const links: (number | null)[] = [];
  sorted.forEach((n, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && n - previous === 2) links.push(previous + 1);
    else if (previous !== undefined && n - previous > 2) links.push(null);
    links.push(n);
  });
  return links;
}

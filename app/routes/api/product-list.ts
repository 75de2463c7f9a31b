import { apiAnswer, getOnly } from "#app/lib/api.server.ts";
import { CATEGORY_PATHS, categoryFromSlug } from "#app/lib/categories.ts";
import { MAX_API_LIMIT, MAX_PAGE, PAGE_SIZE, parsePositive } from "#app/lib/listing.ts";
import { refuse } from "#app/lib/refusal.ts";
import { listAllProducts, listProductsOnSale, toApiProduct } from "#app/services/catalog.server.ts";
import type { Route } from "./+types/product-list";

/** The parameters that make the answer one page of the list. */
const PAGE_PARAMETERS = ["page", "limit", "category", "q"];

// GET /api/product/list: every product on sale (in stock or not) in the spec's JSON shape. With any of `page`,
// `limit` (at most 100), `category` or `q` it answers one page instead: {success, products, page, limit, total,
// pages}. A value it cannot use is refused with 400; a page past the end is an empty page.
export function loader({ request }: Route.LoaderArgs) {
  return apiAnswer(async () => {
    const search = new URL(request.url).searchParams;
    if (!PAGE_PARAMETERS.some((name) => search.has(name))) {
      return Response.json({ success: true, products: (await listAllProducts()).map(toApiProduct) });
    }
    const number = (name: string, fallback: number, max: number) => {
      const value = search.get(name);
      if (value === null) return fallback;
      return parsePositive(value, max) ?? refuse(`${name} must be a whole number from 1 to ${max}.`);
    };
    const page = number("page", 1, MAX_PAGE);
    const limit = number("limit", PAGE_SIZE, MAX_API_LIMIT);
    const categoryParam = search.get("category");
    const category = categoryParam === null ? undefined : categoryFromSlug(categoryParam);
    if (categoryParam !== null && !category) refuse(`category must be one of: ${CATEGORY_PATHS.join(", ")}.`);
    const list = await listProductsOnSale({ category, q: search.get("q"), page, pageSize: limit });
    return Response.json({
      success: true,
      products: list.products.map(toApiProduct),
      page,
      limit,
      total: list.total,
      pages: list.pageCount,
    });
  });
}

export const action = getOnly;

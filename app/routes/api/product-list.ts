import { apiAnswer, getOnly } from "#app/lib/api.server.ts";
import { CATEGORY_PATHS, categoryFromSlug } from "#app/lib/categories.ts";
import { MAX_API_LIMIT, MAX_PAGE, PAGE_SIZE, parsePositive } from "#app/lib/listing.ts";
import { refuse } from "#app/lib/refusal.ts";
import { fullProductList, listProductsOnSale } from "#app/modules/catalog/index.server.ts";
import { shopSettings } from "#app/modules/shop/index.server.ts";
import { toApiProduct } from "#app/routes/api/api-shapes.server.ts";
import type { Route } from "./+types/product-list";
import { keptEtag, keptJsonBody, matchesEtag } from "./kept-json.server.ts";

/** The parameters that make the answer one page of the list; no other is taken. */
const PAGE_PARAMETERS = ["page", "limit", "category", "q"];
/**
 * The whole list is public data that names no origin (pictures are paths): any cache may keep it, but must
 * ask again each time (stock changes), which costs a 304 while nothing changed.
 */
const FULL_LIST_CACHING = "public, no-cache";

// GET /api/product/list: every product on sale (in stock or not) in the spec's JSON shape, built once per
// catalogue version (app/modules/catalog/product-list.server.ts), with an ETag (kept-json.server.ts). With any
// of `page`, `limit` (at most 100), `category` or `q` it answers one page instead: {success, products, page,
// limit, total, pages}. An unknown or repeated parameter, or a value it cannot use, is refused with 400; a page
// past the end is empty.
export function loader({ request }: Route.LoaderArgs) {
  return apiAnswer(async () => {
    const search = new URL(request.url).searchParams;
    const names = [...search.keys()];
    for (const name of names) {
      if (!PAGE_PARAMETERS.includes(name)) {
        refuse(`Unknown parameter "${name.slice(0, 40)}": the list takes ${PAGE_PARAMETERS.join(", ")}.`);
      }
      if (search.getAll(name).length > 1) refuse(`${name} may be given only once.`);
    }
    if (names.length === 0) return fullListAnswer(request);
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
    const { currency } = await shopSettings();
    return Response.json({
      success: true,
      products: list.products.map((row) => toApiProduct(row, currency)),
      page,
      limit,
      total: list.total,
      pages: list.pageCount,
    });
  });
}

/** The kept whole list: a 304 when the client's copy is current, else its bytes in the encoding it takes. */
async function fullListAnswer(request: Request) {
  const list = await fullProductList((await shopSettings()).currency);
  const etag = keptEtag(list.json);
  const headers = new Headers({ ETag: etag, Vary: "Accept-Encoding", "Cache-Control": FULL_LIST_CACHING });
  if (matchesEtag(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
  const { encoding, body } = keptJsonBody(list.json, request.headers.get("Accept-Encoding"));
  headers.set("Content-Type", "application/json");
  headers.set("Content-Length", String(body.length));
  if (encoding) headers.set("Content-Encoding", encoding);
  // A stream of the kept bytes: a body given as bytes would be copied for every answer.
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(body);
      controller.close();
    },
  });
  return new Response(stream, { headers });
}

export const action = getOnly;

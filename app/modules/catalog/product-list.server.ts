// GET /api/product/list without parameters: every product on sale, built once per catalogue version and kept
// (docs/decisions/0101). The JSON is made on the first call after a change to any product, size or stock count
// (each raises the catalogue version). One list is kept: a new version replaces it. Its ETag and its gzip and
// brotli bytes are HTTP's, made once per kept list by the route (app/routes/api/kept-json.server.ts).
import { toApiProduct } from "./api-product.server.ts";
import { listAllProducts } from "./catalog.server.ts";
import { catalogueVersion } from "./catalogue-version.server.ts";

export type KeptProductList = {
  /** The catalogue version it was built at (read before building: a change meanwhile only means a rebuild). */
  version: number;
  json: Buffer;
};

let kept: KeptProductList | null = null;
let builds = 0;

/** How many times the list was built since the process started (tests check that a repeat call builds nothing). */
export function productListBuilds(): number {
  return builds;
}

/**
 * The whole list as the spec has it, as kept for the current catalogue version (built now when it is not), its
 * prices in `currency` (the shop's: a change of it raises the catalogue version).
 */
export async function fullProductList(currency: string): Promise<KeptProductList> {
  const version = await catalogueVersion();
  if (kept?.version === version) return kept;
  const products = (await listAllProducts()).map((row) => toApiProduct(row, currency));
  const json = Buffer.from(JSON.stringify({ success: true, products }));
  builds += 1;
  kept = { version, json };
  return kept;
}

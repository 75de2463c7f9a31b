import { getOnly } from "#app/lib/api.server.ts";
import { listAllProducts, toApiProduct } from "#app/services/catalog.server.ts";

// GET /api/product/list: every product on sale (in stock or not) in the spec's JSON shape.
export async function loader() {
  return Response.json({ success: true, products: (await listAllProducts()).map(toApiProduct) });
}

export const action = getOnly;

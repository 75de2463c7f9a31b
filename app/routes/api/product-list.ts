import { methodNotAllowed } from "#app/lib/http.server.ts";
import { listAllProducts, toApiProduct } from "#app/services/catalog.server.ts";

// GET /api/product/list: every product on sale (in stock or not) in the spec's JSON shape.
export function loader() {
  return Response.json({ success: true, products: listAllProducts().map(toApiProduct) });
}

/** A POST, PUT, PATCH or DELETE here is refused with 405: the call is a GET. */
export function action() {
  return methodNotAllowed("GET");
}

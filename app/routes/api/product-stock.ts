import { apiError, apiHandler, methodNotAllowed } from "#app/lib/http.server.ts";
import { setStock } from "#app/services/inventory.server.ts";
import { getSeller } from "#app/services/sellers.server.ts";
import type { Route } from "./+types/product-stock";
import { readJsonObject } from "./shopper-api.server.ts";

// POST /api/product/stock {id, inStock} → {success, message}
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  if (!(await getSeller(request))) return apiError("Not authorized", 401);
  return apiHandler(async () => {
    // JSON only: a cross-site HTML form cannot send it without the browser asking first.
    const { id, inStock } = await readJsonObject(request);
    if (typeof id !== "string" || id === "") return apiError("id is required.", 400);
    if (typeof inStock !== "boolean") return apiError("inStock must be true or false.", 400);
    if (!setStock(id, inStock)) return apiError("Product not found", 404);
    return Response.json({ success: true, message: "Stock Updated" });
  });
}

/** A GET (or HEAD, OPTIONS) here is refused with 405: the call is a POST. */
export function loader() {
  return methodNotAllowed("POST");
}

import { apiAnswer, postOnly } from "#app/lib/api.server.ts";
import { readJsonObject } from "#app/lib/http.server.ts";
import { refuse } from "#app/lib/refusal.ts";
import { sellerForApi } from "#app/middleware/identity.server.ts";
import { setInStock } from "#app/modules/inventory/index.server.ts";
import type { Route } from "./+types/product-stock";

// POST /api/product/stock {id, inStock} → {success, message}
export function action({ request, context }: Route.ActionArgs) {
  return apiAnswer(async () => {
    sellerForApi(context);
    // JSON only: a cross-site HTML form cannot send it without the browser asking first.
    const { id, inStock } = await readJsonObject(request);
    if (typeof id !== "string" || id === "") refuse("id is required.");
    if (typeof inStock !== "boolean") refuse("inStock must be true or false.");
    await setInStock(id, inStock);
    return Response.json({ success: true, message: "Stock Updated" });
  });
}

export const loader = postOnly;

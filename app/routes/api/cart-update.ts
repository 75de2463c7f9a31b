import { apiAnswer, postOnly } from "#app/lib/api.server.ts";
import { readJsonObject } from "#app/lib/http.server.ts";
import { shopperForApi } from "#app/middleware/identity.server.ts";
import { updateSavedCartFromApi } from "#app/modules/cart/index.server.ts";
import type { Route } from "./+types/cart-update";

// POST /api/cart/update { cartItems: { "<productId>": quantity } } (the spec's: replaces the lines without a size)
// or { cartLines: [{ product, size?, quantity }] } (replaces the whole cart) → { success, message }. See docs/api.md.
export function action({ request, context }: Route.ActionArgs) {
  return apiAnswer(async () => {
    const shopper = shopperForApi(context);
    await updateSavedCartFromApi(shopper.id, await readJsonObject(request));
    return Response.json({ success: true, message: "Cart Updated" });
  });
}

export const loader = postOnly;

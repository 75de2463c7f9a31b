import { apiAnswer, postOnly } from "#app/lib/api.server.ts";
import { readJsonObject } from "#app/lib/http.server.ts";
import { shopperForApi } from "#app/middleware/identity.server.ts";
import { replaceSavedCart } from "#app/services/cart.server.ts";
import type { Route } from "./+types/cart-update";

// POST /api/cart/update { cartItems: { "<productId>" or "<productId>:<size>": quantity } } → { success, message }
export function action({ request, context }: Route.ActionArgs) {
  return apiAnswer(async () => {
    const shopper = shopperForApi(context);
    const { cartItems } = await readJsonObject(request);
    await replaceSavedCart(shopper.id, cartItems);
    return Response.json({ success: true, message: "Cart Updated" });
  });
}

export const loader = postOnly;

import { getUser } from "#app/services/accounts.server.ts";
import { replaceSavedCart } from "#app/services/cart.server.ts";
import type { Route } from "./+types/cart-update";
import { notSignedIn, readJsonObject, shopperApi } from "./shopper-api.server.ts";

// POST /api/cart/update { cartItems: { <productId>: quantity } } → { success, message }
export function action({ request }: Route.ActionArgs) {
  return shopperApi(async () => {
    const user = await getUser(request);
    if (!user) return notSignedIn();
    const body = await readJsonObject(request);
    replaceSavedCart(user.id, body.cartItems);
    return Response.json({ success: true, message: "Cart Updated" });
  });
}

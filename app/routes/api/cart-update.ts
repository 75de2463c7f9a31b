import { methodNotAllowed } from "#app/lib/http.server.ts";
import { replaceSavedCart } from "#app/services/cart.server.ts";
import type { Route } from "./+types/cart-update";
import { signedInShopperPost } from "./shopper-api.server.ts";

// POST /api/cart/update { cartItems: { <productId>: quantity } } → { success, message }
export async function action({ request }: Route.ActionArgs) {
  return signedInShopperPost(request, (user, body) => {
    replaceSavedCart(user.id, body.cartItems);
    return Response.json({ success: true, message: "Cart Updated" });
  });
}

/** A GET (or HEAD, OPTIONS) here is refused with 405: the call is a POST. */
export function loader() {
  return methodNotAllowed("POST");
}

import { methodNotAllowed } from "#app/lib/http.server.ts";
import { getUser } from "#app/services/accounts.server.ts";
import { cartItemsObject, readSavedCart } from "#app/services/cart.server.ts";
import type { Route } from "./+types/user-is-auth";
import { notSignedIn, shopperApi } from "./shopper-api.server.ts";

// GET /api/user/is-auth → { success, user: { _id, name, email, cartItems } }
export function loader({ request }: Route.LoaderArgs) {
  return shopperApi(async () => {
    const user = await getUser(request);
    if (!user) return notSignedIn();
    const cartItems = cartItemsObject(readSavedCart(user.id));
    return Response.json({ success: true, user: { _id: user.id, name: user.name, email: user.email, cartItems } });
  });
}

/** A POST, PUT, PATCH or DELETE here is refused with 405: the call is a GET. */
export function action() {
  return methodNotAllowed("GET");
}

import { apiAnswer, getOnly } from "#app/lib/api.server.ts";
import { shopperForApi } from "#app/middleware/identity.server.ts";
import { apiCartItems } from "#app/services/cart.server.ts";
import type { Route } from "./+types/user-is-auth";

// GET /api/user/is-auth → { success, user: { _id, name, email, cartItems } }; cartItems maps "<productId>" or
// "<productId>:<size>" to a quantity, for products on sale (the ones GET /api/product/list lists).
export function loader({ context }: Route.LoaderArgs) {
  return apiAnswer(async () => {
    const shopper = shopperForApi(context);
    const cartItems = await apiCartItems(shopper.id);
    return Response.json({
      success: true,
      user: { _id: shopper.id, name: shopper.name, email: shopper.email, cartItems },
    });
  });
}

export const action = getOnly;

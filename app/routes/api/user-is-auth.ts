import { apiAnswer, getOnly } from "#app/lib/api.server.ts";
import { shopperForApi } from "#app/middleware/identity.server.ts";
import { apiCart } from "#app/modules/cart/index.server.ts";
import { userJson } from "#app/routes/api/api-shapes.server.ts";
import type { Route } from "./+types/user-is-auth";

// GET /api/user/is-auth → { success, user: { _id, name, email, cartItems, cartLines } }: cartItems (the spec's)
// maps product ids to quantities for the lines without a size; cartLines (added) lists every line with its size;
// both only for products on sale (the ones GET /api/product/list lists). See docs/api.md.
export function loader({ context }: Route.LoaderArgs) {
  return apiAnswer(async () => {
    const shopper = shopperForApi(context);
    const cart = await apiCart(shopper.id);
    return Response.json({
      success: true,
      user: userJson(shopper, cart),
    });
  });
}

export const action = getOnly;

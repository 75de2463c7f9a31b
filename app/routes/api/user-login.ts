import { authenticate, signIn } from "#app/services/accounts.server.ts";
import { cartItemsObject, readSavedCart } from "#app/services/cart.server.ts";
import type { Route } from "./+types/user-login";
import { readJsonObject, shopperApi } from "./shopper-api.server.ts";

// POST /api/user/login { email, password } → { success, message, user }
export function action({ request }: Route.ActionArgs) {
  return shopperApi(async () => {
    const body = await readJsonObject(request);
    const user = await authenticate("login", body, request);
    const headers = new Headers();
    for (const cookie of await signIn(request, user)) headers.append("Set-Cookie", cookie);
    const cartItems = cartItemsObject(readSavedCart(user.id));
    return Response.json(
      {
        success: true,
        message: "Logged in successfully",
        user: { _id: user.id, name: user.name, email: user.email, cartItems },
      },
      { status: 200, headers },
    );
  });
}

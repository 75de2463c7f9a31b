import { methodNotAllowed } from "#app/lib/http.server.ts";
import { authenticate, signIn } from "#app/services/accounts.server.ts";
import { cartItemsObject, readSavedCart } from "#app/services/cart.server.ts";
import type { Route } from "./+types/user-login";
import { readJsonObject, shopperApi } from "./shopper-api.server.ts";

// POST /api/user/login { email, password } → { success, message, user }
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
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

/** A GET (or HEAD, OPTIONS) here is refused with 405: the call is a POST. */
export function loader() {
  return methodNotAllowed("POST");
}

// POST /api/order/stripe { items: [{ product, quantity }], address } → { success, url, message }
// The same checks and amounts as a cash order (placeOrder recomputes everything from the database); the
// order is stored as Online and unpaid, and the client sends the browser to `url` (the Checkout page).
// An `Idempotency-Key` header makes a retried request answer with the first order's session.
import { methodNotAllowed } from "#app/lib/http.server.ts";
import { startOnlineCheckout } from "#app/services/payments.server.ts";
import type { Route } from "./+types/order-stripe";
import { orderLinesFromBody, signedInShopperPost } from "./shopper-api.server.ts";

export async function action({ request }: Route.ActionArgs) {
  return signedInShopperPost(request, async (user, body) => {
    const { url } = await startOnlineCheckout({
      userId: user.id,
      addressId: typeof body.address === "string" ? body.address : null,
      items: orderLinesFromBody(body),
      requestKey: request.headers.get("Idempotency-Key"),
      origin: new URL(request.url).origin,
    });
    return Response.json({ success: true, url, message: "Redirecting to payment" });
  });
}

/** A GET (or HEAD, OPTIONS) here is refused with 405: the call is a POST. */
export function loader() {
  return methodNotAllowed("POST");
}

// POST /api/order/stripe { items: [{ product, quantity }], address } → { success, url, message }
// The same checks and amounts as a cash order (placeOrder recomputes everything from the database); the
// order is stored as Online and unpaid, and the client sends the browser to `url` (the Checkout page).
// An `Idempotency-Key` header makes a retried request answer with the first order's session.
import { methodNotAllowed } from "#app/lib/http.server.ts";
import { getUser } from "#app/services/accounts.server.ts";
import { OrderError, type OrderLineInput } from "#app/services/orders.server.ts";
import { startOnlineCheckout } from "#app/services/payments.server.ts";
import type { Route } from "./+types/order-stripe";
import { notSignedIn, readJsonObject, shopperApi } from "./shopper-api.server.ts";

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return shopperApi(async () => {
    const user = await getUser(request);
    if (!user) return notSignedIn();
    const body = await readJsonObject(request);
    if (!Array.isArray(body.items)) throw new OrderError("The order items must be a list.");
    const items: OrderLineInput[] = body.items.map((item: unknown) => {
      const { product, quantity } = (item ?? {}) as { product?: unknown; quantity?: unknown };
      return { productId: product as string, quantity: quantity as number };
    });
    const { url } = await startOnlineCheckout({
      userId: user.id,
      addressId: typeof body.address === "string" ? body.address : null,
      items,
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

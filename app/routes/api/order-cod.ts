import { methodNotAllowed } from "#app/lib/http.server.ts";
import { placeOrder } from "#app/services/orders.server.ts";
import type { Route } from "./+types/order-cod";
import { orderLinesFromBody, signedInShopperPost } from "./shopper-api.server.ts";

// POST /api/order/cod { items: [{ product, quantity }], address } → { success, message, orderId }
// The order is for the signed-in shopper: a userId in the body is ignored, as are any prices.
// An `Idempotency-Key` header makes a retried request answer with the first order instead of a second.
export async function action({ request }: Route.ActionArgs) {
  return signedInShopperPost(request, (user, body) => {
    const { order, created } = placeOrder({
      userId: user.id,
      addressId: typeof body.address === "string" ? body.address : null,
      items: orderLinesFromBody(body),
      paymentType: "COD",
      requestKey: request.headers.get("Idempotency-Key"),
    });
    return Response.json(
      {
        success: true,
        message: created ? "Order Placed Successfully" : "This order has already been placed.",
        orderId: order.id,
      },
      { status: created ? 201 : 200 },
    );
  });
}

/** A GET (or HEAD, OPTIONS) here is refused with 405: the call is a POST. */
export function loader() {
  return methodNotAllowed("POST");
}

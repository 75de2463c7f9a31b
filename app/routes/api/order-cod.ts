import { apiAnswer, postOnly } from "#app/lib/api.server.ts";
import type { Route } from "./+types/order-cod";
import { placeApiOrder } from "./place-order.server.ts";

// POST /api/order/cod { items: [{ product, quantity }], address, discountCode?, expectedAmount? } → { success, message, orderId }
// The order is for the signed-in shopper: a userId in the body is ignored, as are any prices.
// An `Idempotency-Key` header makes a retried request answer with the first order instead of a second.
export function action({ request, context }: Route.ActionArgs) {
  return apiAnswer(async () => {
    const placed = await placeApiOrder(request, context, "COD");
    const created = placed.paymentType === "COD" && placed.created;
    return Response.json(
      {
        success: true,
        message: created ? "Order Placed Successfully" : "This order has already been placed.",
        orderId: placed.orderId,
      },
      { status: created ? 201 : 200 },
    );
  });
}

export const loader = postOnly;

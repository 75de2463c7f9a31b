// POST /api/order/stripe { items: [{ product, quantity }], address, discountCode?, expectedAmount? } → { success, url, message }
// The same checks and amounts as a cash order; the order is stored as Online and unpaid, and the client
// sends the browser to `url` (the Checkout page). An `Idempotency-Key` header makes a retried request answer
// with the first order's session.
import { apiAnswer, postOnly } from "#app/lib/api.server.ts";
import type { Route } from "./+types/order-stripe";
import { placeApiOrder } from "./place-order.server.ts";

export function action({ request, context }: Route.ActionArgs) {
  return apiAnswer(async () => {
    const placed = await placeApiOrder(request, context, "Online");
    const url = placed.paymentType === "Online" ? placed.url : "/my-orders";
    // An order discounted to nothing is placed paid: there is no payment page to go to.
    const free = placed.paymentType === "Online" && placed.paid;
    return Response.json({
      success: true,
      url,
      message: free ? "Order Placed Successfully" : "Redirecting to payment",
      ...(free && { orderId: placed.orderId }),
    });
  });
}

export const loader = postOnly;

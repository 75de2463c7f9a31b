// POST /api/order/stripe { items: [{ product, quantity }], address, discountCode?, expectedAmount? } → { success, url, message }
// The same checks and amounts as a cash order; the order is stored as Online and unpaid, and the client
// sends the browser to `url` (the Checkout page). An `Idempotency-Key` header makes a retried request answer
// with the first order's session.
import { apiAnswer, postOnly } from "#app/lib/api.server.ts";
import { readJsonObject } from "#app/lib/http.server.ts";
import { clientAddressOf } from "#app/lib/request-client.server.ts";
import { shopperForApi } from "#app/middleware/identity.server.ts";
import { placeCartOrder } from "#app/modules/checkout/index.server.ts";
import type { Route } from "./+types/order-stripe";
import { orderItemsOf } from "./order-items.ts";

export function action({ request, context }: Route.ActionArgs) {
  return apiAnswer(async () => {
    const shopper = shopperForApi(context);
    const body = await readJsonObject(request);
    const placed = await placeCartOrder({
      shopperId: shopper.id,
      paymentType: "Online",
      addressId: body.address,
      items: orderItemsOf(body),
      // Optional: a discount code, checked and its use taken as on the cart page.
      discountCode: body.discountCode,
      codeTyped: true,
      client: clientAddressOf(context),
      // Optional: the total the client showed (a decimal); the order is refused (409) if it would cost more.
      shownTotal: body.expectedAmount,
      requestKey: request.headers.get("Idempotency-Key"),
      origin: new URL(request.url).origin,
    });
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

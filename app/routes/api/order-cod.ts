import { apiAnswer, postOnly } from "#app/lib/api.server.ts";
import { readJsonObject } from "#app/lib/http.server.ts";
import { clientAddressOf } from "#app/lib/request-client.server.ts";
import { shopperForApi } from "#app/middleware/identity.server.ts";
import { placeCartOrder } from "#app/modules/checkout/index.server.ts";
import type { Route } from "./+types/order-cod";
import { orderItemsOf } from "./order-items.ts";

// POST /api/order/cod { items: [{ product, quantity }], address, discountCode?, expectedAmount? } → { success, message, orderId }
// The order is for the signed-in shopper: a userId in the body is ignored, as are any prices.
// An `Idempotency-Key` header makes a retried request answer with the first order instead of a second.
export function action({ request, context }: Route.ActionArgs) {
  return apiAnswer(async () => {
    const shopper = shopperForApi(context);
    const body = await readJsonObject(request);
    const placed = await placeCartOrder({
      shopperId: shopper.id,
      paymentType: "COD",
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

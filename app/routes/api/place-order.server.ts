// What POST /api/order/cod and /api/order/stripe share: the signed-in shopper, the spec's body
// `{ items: [{ product, quantity }], address, discountCode?, expectedAmount? }` and the checkout service; they
// differ only in the payment and in what they answer. A userId in the body is ignored, as are any prices; an
// `Idempotency-Key` header makes a retried request answer with the first order instead of a second.
import type { RouterContextProvider } from "react-router";
import { readJsonObject } from "#app/lib/http.server.ts";
import { clientAddressOf } from "#app/lib/request-client.server.ts";
import { shopperForApi } from "#app/middleware/identity.server.ts";
import { placeCartOrder } from "#app/modules/checkout/index.server.ts";
import { orderItemsOf } from "./order-items.ts";

export async function placeApiOrder(
  request: Request,
  context: Readonly<RouterContextProvider>,
  paymentType: "COD" | "Online",
) {
  const shopper = shopperForApi(context);
  const body = await readJsonObject(request);
  return placeCartOrder({
    shopperId: shopper.id,
    paymentType,
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
}

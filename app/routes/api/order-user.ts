import { methodNotAllowed } from "#app/lib/http.server.ts";
import { centsToDecimal } from "#app/lib/money.ts";
import { getUser } from "#app/services/accounts.server.ts";
import { listUserOrders } from "#app/services/orders.server.ts";
import type { Route } from "./+types/order-user";
import { notSignedIn, shopperApi } from "./shopper-api.server.ts";

// GET /api/order/user → { success, orders } (newest first; prices as decimals, ids as _id)
export function loader({ request }: Route.LoaderArgs) {
  return shopperApi(async () => {
    const user = await getUser(request);
    if (!user) return notSignedIn();
    const orders = listUserOrders(user.id).map((order) => ({
      _id: order.id,
      userId: order.userId,
      items: order.lines.map((line) => ({
        product: {
          _id: line.productId,
          name: line.name,
          category: line.category,
          image: line.image ? [line.image] : [],
          offerPrice: centsToDecimal(line.unitPriceCents),
        },
        quantity: line.quantity,
        amount: centsToDecimal(line.lineCents),
      })),
      amount: centsToDecimal(order.amountCents),
      address: order.address,
      status: order.status,
      paymentType: order.paymentType,
      isPaid: order.isPaid,
      createdAt: new Date(order.createdAt).toISOString(),
    }));
    return Response.json({ success: true, orders });
  });
}

/** A POST, PUT, PATCH or DELETE here is refused with 405: the call is a GET. */
export function action() {
  return methodNotAllowed("GET");
}

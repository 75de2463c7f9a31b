import { apiAnswer, getOnly } from "#app/lib/api.server.ts";
import { centsToDecimal } from "#app/lib/money.ts";
import { shopperForApi } from "#app/middleware/identity.server.ts";
import { listUserOrders, orderAddressId } from "#app/modules/orders/index.server.ts";
import type { Route } from "./+types/order-user";
import { orderAddressJson } from "./order-items.ts";

// GET /api/order/user → { success, orders } (newest first; prices as decimals, ids as _id; a line of a product
// with sizes carries its `size`; the address its `_id`). See docs/api.md.
export function loader({ context }: Route.LoaderArgs) {
  return apiAnswer(async () => {
    const shopper = shopperForApi(context);
    const orders = (await listUserOrders(shopper.id)).map((order) => ({
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
        ...(line.size ? { size: line.size } : {}),
        quantity: line.quantity,
        amount: centsToDecimal(line.lineCents),
      })),
      amount: centsToDecimal(order.amountCents),
      address: orderAddressJson(orderAddressId(order), order.address),
      status: order.status,
      paymentType: order.paymentType,
      isPaid: order.isPaid,
      createdAt: new Date(order.createdAt).toISOString(),
    }));
    return Response.json({ success: true, orders });
  });
}

export const action = getOnly;

import { apiAnswer, getOnly } from "#app/lib/api.server.ts";
import { shopperForApi } from "#app/middleware/identity.server.ts";
import { listUserOrders, orderAddressId } from "#app/modules/orders/index.server.ts";
import { moneyFactsOf } from "#app/modules/refunds/index.server.ts";
import { orderMoneyJson, userOrderJson } from "#app/routes/api/api-shapes.server.ts";
import type { Route } from "./+types/order-user";

// GET /api/order/user → { success, orders } (newest first; prices as decimals, ids as _id; a line of a product
// with sizes carries its `size`; the address its `_id`). See docs/api.md.
export function loader({ context }: Route.LoaderArgs) {
  return apiAnswer(async () => {
    const shopper = shopperForApi(context);
    const list = await listUserOrders(shopper.id);
    const money = await moneyFactsOf(list);
    const orders = list.map((order) => ({
      ...userOrderJson(order, orderAddressId(order)),
      ...orderMoneyJson(money.get(order.id), order.currency),
    }));
    return Response.json({ success: true, orders });
  });
}

export const action = getOnly;

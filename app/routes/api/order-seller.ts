import { apiAnswer, getOnly } from "#app/lib/api.server.ts";
import { sellerForApi } from "#app/middleware/identity.server.ts";
import { listSellerOrders } from "#app/modules/orders/index.server.ts";
import { moneyFactsOf } from "#app/modules/refunds/index.server.ts";
import { shopSettings } from "#app/modules/shop/index.server.ts";
import { orderMoneyJson, sellerOrderJson } from "#app/routes/api/api-shapes.server.ts";
import type { Route } from "./+types/order-seller";

// GET /api/order/seller → {success, orders}: every cash order and every paid online order, newest first.
export function loader({ context }: Route.LoaderArgs) {
  return apiAnswer(async () => {
    sellerForApi(context);
    const { currency } = await shopSettings();
    const list = await listSellerOrders();
    const money = await moneyFactsOf(list);
    const orders = list.map((order) => ({
      ...sellerOrderJson(order, currency),
      ...orderMoneyJson(money.get(order.id), order.currency),
    }));
    return Response.json({ success: true, orders, message: orders.length === 0 ? "No orders found" : "" });
  });
}

export const action = getOnly;

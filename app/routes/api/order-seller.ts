import { apiAnswer, getOnly } from "#app/lib/api.server.ts";
import { centsToDecimal } from "#app/lib/money.ts";
import { sellerForApi } from "#app/middleware/identity.server.ts";
import { listSellerOrders } from "#app/modules/orders/index.server.ts";
import type { Route } from "./+types/order-seller";
import { orderAddressJson } from "./order-items.ts";

// GET /api/order/seller → {success, orders}: every cash order and every paid online order, newest first.
export function loader({ context }: Route.LoaderArgs) {
  return apiAnswer(async () => {
    sellerForApi(context);
    const orders = (await listSellerOrders()).map((order) => ({
      _id: order.id,
      items: order.items.map((item) => ({
        product: item.product
          ? {
              _id: item.product.id,
              name: item.product.name,
              category: item.product.category,
              image: item.product.image ? [item.product.image] : [],
              offerPrice: centsToDecimal(item.product.offerPriceCents),
            }
          : null,
        name: item.name,
        ...(item.size ? { size: item.size } : {}),
        quantity: item.quantity,
      })),
      amount: centsToDecimal(order.amountCents),
      address: orderAddressJson(order.addressId, order.address),
      status: order.status,
      paymentType: order.paymentType,
      isPaid: order.isPaid,
      paymentLabel: order.paymentLabel,
      createdAt: new Date(order.createdAt).toISOString(),
    }));
    return Response.json({ success: true, orders, message: orders.length === 0 ? "No orders found" : "" });
  });
}

export const action = getOnly;

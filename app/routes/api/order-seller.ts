import { apiError, methodNotAllowed } from "#app/lib/http.server.ts";
import { centsToDecimal } from "#app/lib/money.ts";
import { listSellerOrders } from "#app/services/seller-orders.server.ts";
import { getSeller } from "#app/services/sellers.server.ts";
import type { Route } from "./+types/order-seller";

// GET /api/order/seller → {success, orders}: every cash order and every paid online order, newest first.
export async function loader({ request }: Route.LoaderArgs) {
  if (!(await getSeller(request))) return apiError("Not authorized", 401);
  const orders = listSellerOrders().map((order) => ({
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
      quantity: item.quantity,
    })),
    amount: centsToDecimal(order.amountCents),
    address: order.address,
    status: order.status,
    paymentType: order.paymentType,
    isPaid: order.isPaid,
    paymentLabel: order.paymentLabel,
    createdAt: new Date(order.createdAt).toISOString(),
  }));
  return Response.json({ success: true, orders, message: orders.length === 0 ? "No orders found" : "" });
}

/** A POST, PUT, PATCH or DELETE here is refused with 405: the call is a GET. */
export function action() {
  return methodNotAllowed("GET");
}

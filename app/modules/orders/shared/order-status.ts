// How an order's status looks, as the spec says: Delivered green, Cancelled red, Shipped blue, anything else
// (the initial 'Order Placed') yellow. My Orders shows a pill, the seller's list coloured text.
const TONES: Record<string, { pill: string; text: string }> = {
  Delivered: { pill: "bg-green-100 text-green-700", text: "text-green-600" },
  Cancelled: { pill: "bg-red-100 text-red-700", text: "text-red-600" },
  Shipped: { pill: "bg-blue-100 text-blue-700", text: "text-blue-600" },
};
const PENDING = { pill: "bg-yellow-100 text-yellow-800", text: "text-yellow-600" };

export function statusTone(status: string): { pill: string; text: string } {
  return TONES[status] ?? PENDING;
}

/** An order's refund state (Refunded, Partly refunded, Refund pending, Refund failed) as a pill's colours. */
export function refundTone(label: string): string {
  if (label === "Refund failed") return "bg-red-100 text-red-700";
  if (label === "Refund pending") return "bg-yellow-100 text-yellow-800";
  return "bg-gray-100 text-gray-800";
}

/** My Orders opened right after an order was placed: the page shows that order first (decision 0231). */
export const PLACED_PARAM = "placed";
export function placedOrderPath(orderId: string): string {
  return `/my-orders?${PLACED_PARAM}=${encodeURIComponent(orderId)}`;
}

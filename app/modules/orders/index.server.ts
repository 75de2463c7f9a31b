// The orders module's front door: routes and other modules import from here only.

export {
  markCashPaid,
  markCashPaymentsExported,
  recordPaymentIntent,
  undoCashPaid,
} from "./cash-payments.server.ts";
export { deliveredSizesIn, hasDelivered, keptDeliveryOf } from "./delivered.server.ts";
export { listUserOrders, orderAddressId, type UserOrder } from "./my-orders.server.ts";
export { checkOrderRequest, type Order, type PlaceOrderInput, placedOrderCondition } from "./order-checks.server.ts";
export { MISSING_PRODUCT_NAME, type OrderLine, orderLinesIn } from "./order-lines.server.ts";
export { enqueueOrderPlacedMail, enqueuePaymentNotCompletedMail, enqueueRefundMail } from "./order-mail.server.ts";
export { placeOrder } from "./place-order.server.ts";
export {
  cancelForRefund,
  listSellerOrders,
  listSellerOrdersPage,
  NEXT_STATUSES,
  type SellerOrder,
  setOrderStatus,
} from "./seller-orders.server.ts";

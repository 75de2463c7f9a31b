// The checkout module's front door: routes and other modules import from here only.

export { placeCartOrder } from "./checkout.server.ts";
export {
  cancelCheckout,
  checkoutReturnNotice,
  confirmCheckoutReturn,
  PAYMENT_NOTICES,
} from "./checkout-return.server.ts";
export { startOnlineCheckout } from "./online-checkout.server.ts";
export {
  isSandboxMode,
  ONLINE_PAYMENT_OFF,
  ONLINE_PAYMENT_TOO_SMALL,
  ONLINE_PAYMENT_UNAVAILABLE,
  onlinePaymentAvailable,
  STRIPE_CURRENCY,
  stripeClient,
  webhookSecret,
} from "./stripe.server.ts";
export {
  cancelOrderForSession,
  claimStripeEvent,
  expireStaleOnlineOrders,
  fulfilCheckoutSession,
  handleStripeEvent,
} from "./stripe-payment-events.server.ts";

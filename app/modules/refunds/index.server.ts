// The refunds module's front door: refunds of paid online orders through Stripe (the `refunds` ledger), returns,
// and what lists and /api show about an order's money. Routes import from here only.
export { type MoneyFacts, moneyFactsOf, type RefundPage, refundPage } from "./refund-page.server.ts";
export { markReturned, parseRefundForm, requestRefund, retryRefund } from "./refund-requests.server.ts";
export { needsRetry, type RefundLabel, type RefundRow } from "./refund-rules.server.ts";
export { handleRefundEvent, REFUND_EVENT_TYPES } from "./stripe-refund-events.server.ts";

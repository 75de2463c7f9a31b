// The refunds module's front door: refunds of paid online orders through Stripe (the `refunds` ledger), returns,
// and what lists and /api show about an order's money. Routes import from here only.
export {
  handleRefundEvent,
  type MoneyFacts,
  markReturned,
  moneyFactsOf,
  needsRetry,
  parseRefundForm,
  REFUND_EVENT_TYPES,
  type RefundLabel,
  type RefundPage,
  type RefundRow,
  refundPage,
  requestRefund,
  retryRefund,
} from "./refunds.server.ts";

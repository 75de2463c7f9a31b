// The constants and types of the store's tables (db/schema/tables.ts), the same on both engines: what the app
// imports from #db/tables.ts besides the tables themselves.

let lastTick = 0;
/**
 * Unix milliseconds, strictly increasing within this process, so rows made in the same millisecond keep the
 * order they were made in when sorted by time. The app sets creation times itself, so the schema needs no
 * database-specific default.
 */
export function tick(): number {
  const now = Date.now();
  lastTick = now > lastTick ? now : lastTick + 1;
  return lastTick;
}

/** An address's fields (all text), as an order copies them. */
export type AddressSnapshot = Record<
  "firstName" | "lastName" | "email" | "street" | "city" | "state" | "zipcode" | "country" | "phone",
  string
>;

/** An order's copy of its address: the fields at the time of ordering and the id of the address copied. */
export type OrderAddress = AddressSnapshot & { id?: string };

export const ORDER_STATUSES = ["Order Placed", "Shipped", "Delivered", "Cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type PaymentType = "COD" | "Online";

export const MAIL_STATES = ["pending", "sending", "sent", "failed"] as const;
export type MailState = (typeof MAIL_STATES)[number];

export const REVIEW_STATUSES = ["published", "pending", "hidden"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REFUND_STATES = ["pending", "succeeded", "failed", "canceled"] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/** One refunded line of an order: which line (its position), how many units. */
export type RefundLine = { position: number; quantity: number };

export const DISCOUNT_KINDS = ["percent", "amount"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const DISCOUNT_USE_STATES = ["held", "used", "released"] as const;
export type DiscountUseState = (typeof DISCOUNT_USE_STATES)[number];

// Stripe's object shapes, as far as the sandbox fills them (the SDK's types describe the rest), and Stripe-
// style ids.
import { randomBytes } from "node:crypto";

export type SandboxLineItem = {
  id: string;
  object: "item";
  amount_discount: number;
  amount_subtotal: number;
  amount_tax: number;
  amount_total: number;
  currency: string;
  description: string;
  metadata: Record<string, string>;
  price: {
    id: string;
    object: "price";
    active: boolean;
    currency: string;
    livemode: false;
    product: string;
    type: "one_time";
    unit_amount: number;
    unit_amount_decimal: string;
  };
  quantity: number;
};

export type SandboxSession = {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: null;
  customer_email: string | null;
  /** The coupon taken off (`discounts[0][coupon]`), as Stripe lists it. */
  discounts: { coupon: string }[];
  expires_at: number;
  livemode: false;
  locale: null;
  metadata: Record<string, string>;
  mode: "payment";
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: "paid" | "unpaid";
  status: "open" | "complete" | "expired";
  success_url: string;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  ui_mode: "hosted";
  url: string | null;
};

/** One webhook the sandbox sent for a session: its HTTP status, or why it did not arrive. */
export type DeliveryLog = { eventId: string; type: string; at: number; status: number | null; error: string | null };

/** What the sandbox stores per session. */
export type SessionRecord = { session: SandboxSession; lineItems: SandboxLineItem[]; deliveries: DeliveryLog[] };

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A Stripe-style id: `cs_test_…`, `evt_…`, `pi_…`. */
export function stripeId(prefix: string, length = 24): string {
  let id = "";
  for (const byte of randomBytes(length)) id += BASE62[byte % 62];
  return `${prefix}_${id}`;
}

export const SESSION_ID_PATTERN = /^cs_test_[0-9A-Za-z]{1,100}$/;

export const nowSeconds = () => Math.floor(Date.now() / 1000);

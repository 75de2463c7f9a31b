// The Checkout Session's life, as on Stripe: created 'open'; then exactly once either 'complete' (paid, or
// unpaid when a delayed payment method failed) or 'expired' (by the API, the page's test button, or when
// its time is up), each with the webhooks Stripe would send. Cancel on the page leaves it open.
import { redeemCoupon } from "./coupons.server.ts";
import { noSuchSession, StripeApiError } from "./errors.server.ts";
import { nowSeconds, type SandboxSession, type SessionRecord, stripeId } from "./objects.server.ts";
import { recordPayment } from "./refunds.server.ts";
import type { NewSessionInput } from "./session-params.server.ts";
import { CHECKOUT_PAGE_PATH } from "./settings.server.ts";
import { loadRecord, saveRecord } from "./store.server.ts";
import { deliverEvent } from "./webhooks.server.ts";

export function createSession(input: NewSessionInput): SessionRecord {
  const id = stripeId("cs_test", 58);
  const session: SandboxSession = {
    id,
    object: "checkout.session",
    amount_subtotal: input.subtotal,
    amount_total: input.total,
    cancel_url: input.cancelUrl,
    client_reference_id: input.clientReferenceId,
    created: input.created,
    currency: input.currency,
    customer: null,
    customer_email: input.customerEmail,
    discounts: input.couponId ? [{ coupon: input.couponId }] : [],
    expires_at: input.expiresAt,
    livemode: false,
    locale: null,
    metadata: input.metadata,
    mode: "payment",
    payment_intent: null,
    payment_method_types: input.paymentMethodTypes,
    payment_status: "unpaid",
    status: "open",
    success_url: input.successUrl,
    total_details: { amount_discount: input.discount, amount_shipping: 0, amount_tax: 0 },
    ui_mode: "hosted",
    // The hosted page is served by the store that asked for the session, next to its success URL.
    url: new URL(`${CHECKOUT_PAGE_PATH}${id}`, new URL(input.successUrl).origin).href,
  };
  const record: SessionRecord = { session, lineItems: input.lineItems, deliveries: [] };
  saveRecord(record);
  return record;
}

/** Reads a session, expiring it first (with its webhook) if its time is up, as Stripe does. */
export async function currentRecord(id: string): Promise<SessionRecord | null> {
  const record = loadRecord(id);
  if (record && record.session.status === "open" && nowSeconds() >= record.session.expires_at) {
    const expired = closeOpenSession(id, expire);
    if (!expired) return loadRecord(id) ?? record;
    await deliverEvent(expired.session, "checkout.session.expired");
    return expired;
  }
  return record;
}

/** `POST /v1/checkout/sessions/:id/expire`: only an open session can be expired, once. */
export async function expireThroughApi(id: string): Promise<SessionRecord> {
  if (!(await currentRecord(id))) throw noSuchSession(id);
  // Of two requests expiring one session at once, only one succeeds (as on Stripe): the store relies
  // on that to put a cancelled checkout's items back in the cart once.
  const expired = closeOpenSession(id, expire);
  if (!expired) {
    throw new StripeApiError(400, `Only Checkout Sessions with a status of 'open' can be expired.`, {
      param: "session",
    });
  }
  await deliverEvent(expired.session, "checkout.session.expired");
  return expired;
}

export type CheckoutAction = "pay" | "cancel" | "fail" | "expire";
export const CHECKOUT_ACTIONS: readonly CheckoutAction[] = ["pay", "cancel", "fail", "expire"];

export const successRedirect = (session: SandboxSession) =>
  session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id);
const pagePath = (session: SandboxSession) => `${CHECKOUT_PAGE_PATH}${session.id}`;

/**
 * Acts on a checkout session as the hosted page's buttons do, delivering the webhooks Stripe would send,
 * and returns where the browser goes next (null for an unknown session). Tests call it directly too.
 * - pay: complete + paid, `checkout.session.completed`, then the success URL.
 * - fail: complete + unpaid (a delayed payment method), `checkout.session.completed` and
 *   `checkout.session.async_payment_failed`, then the success URL (as Stripe redirects for delayed methods).
 * - expire: expired, `checkout.session.expired`, then back to the page (which says so).
 * - cancel: the session stays open, as on Stripe; the browser goes to the cancel URL.
 * A session that is no longer open only sends the browser back to its page.
 */
export async function actOnCheckoutSession(id: string, action: CheckoutAction): Promise<{ redirectTo: string } | null> {
  const record = await currentRecord(id);
  if (!record) return null;
  if (action === "cancel" && record.session.status === "open") {
    return { redirectTo: record.session.cancel_url ?? pagePath(record.session) };
  }
  const closed = action === "cancel" ? null : closeOpenSession(id, CLOSING_CHANGES[action]);
  if (!closed) {
    // No longer open (perhaps just now, by another request): only back to where the session stands.
    const session = loadRecord(id)?.session ?? record.session;
    return {
      redirectTo: session.status === "complete" && action === "pay" ? successRedirect(session) : pagePath(session),
    };
  }
  const { session } = closed;
  switch (action) {
    case "pay":
      await deliverEvent(session, "checkout.session.completed");
      return { redirectTo: successRedirect(session) };
    case "fail":
      await deliverEvent(session, "checkout.session.completed");
      await deliverEvent(session, "checkout.session.async_payment_failed");
      return { redirectTo: successRedirect(session) };
    default:
      await deliverEvent(session, "checkout.session.expired");
      return { redirectTo: pagePath(session) };
  }
}

/** pay: complete and paid; fail: complete and unpaid (a delayed payment method that then failed). */
function complete(session: SandboxSession, paymentStatus: "paid" | "unpaid") {
  session.status = "complete";
  session.payment_status = paymentStatus;
  // A paid session has a payment intent and a charge that can be refunded; an unpaid one only an id.
  session.payment_intent =
    paymentStatus === "paid" ? recordPayment(session.amount_total, session.currency, session.metadata) : stripeId("pi");
  session.url = null;
}

function expire(session: SandboxSession) {
  session.status = "expired";
  session.url = null;
}

const CLOSING_CHANGES: Record<Exclude<CheckoutAction, "cancel">, (session: SandboxSession) => void> = {
  pay: (session) => {
    complete(session, "paid");
    for (const { coupon } of session.discounts ?? []) redeemCoupon(coupon);
  },
  fail: (session) => complete(session, "unpaid"),
  expire,
};

/**
 * Moves a session out of 'open', atomically: it is read, changed and saved with no `await` in between
 * (the store's file access is synchronous), so of two requests racing on one open session (Pay in one
 * tab, an expiry in another) exactly one wins. Returns the saved record, or null when the session is not
 * open (any more).
 */
function closeOpenSession(id: string, change: (session: SandboxSession) => void): SessionRecord | null {
  const latest = loadRecord(id);
  if (latest?.session.status !== "open") return null;
  change(latest.session);
  saveRecord(latest);
  return latest;
}

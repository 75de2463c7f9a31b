// Online payment with Stripe Checkout through the official SDK. One code path for real Stripe and for the
// built-in sandbox: only the SDK's host, port and protocol differ (see app/stripe-sandbox/). Which of
// the two, or none, is `config().paymentMode` ("stripe" | "sandbox" | "off"); every rule below derives from
// it here. In "off" mode (production without a key) online payment is simply not offered.
//
// An online order is placed as unpaid ('Order Placed', isPaid false, hidden from My Orders and the seller
// until paid), then a Checkout Session is created for exactly its total. The order becomes paid through ONE
// idempotent function, `fulfilCheckoutSession`, run by the verified webhook and by the shopper's return
// through /loader, whichever comes first. Webhook event ids are recorded in the same transaction as their
// effect, so Stripe's retries and replays change nothing.
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import Stripe from "stripe";
import { config } from "#app/lib/config.server.ts";
import { db } from "#app/lib/db.server.ts";
import { ID_PATTERN } from "#app/lib/ids.ts";
import { SANDBOX_SECRET_KEY, sandboxBaseUrl, sandboxWebhookSecret } from "#app/lib/stripe-sandbox-config.server.ts";
import type { Toast } from "#app/lib/toast.ts";
import { orderItems, orders, stripeEvents } from "#db/schema.ts";
import { addToSavedCart } from "./cart.server.ts";
import { OrderError, type OrderLineInput, placeOrder } from "./orders.server.ts";

export const STRIPE_CURRENCY = "usd";
/** How long a shopper has to pay; then the session expires and the order is cancelled. */
export const CHECKOUT_SESSION_SECONDS = 60 * 60;
/** An unpaid online order older than this is cancelled when next looked at (expiry plus a late webhook). */
const STALE_ONLINE_ORDER_MS = (CHECKOUT_SESSION_SECONDS + 15 * 60) * 1000;
export const CHECKOUT_SESSION_ID_PATTERN = /^cs_(test|live)_[0-9A-Za-z]{1,200}$/;

export const ONLINE_PAYMENT_UNAVAILABLE =
  "Online payment could not be started. Please try again in a moment or choose Cash on Delivery.";
/** The refusal when online payment is off (production without STRIPE_SECRET_KEY and without the sandbox). */
export const ONLINE_PAYMENT_OFF = "Online payment is not available at the moment. Please choose Cash on Delivery.";
export const ONLINE_PAYMENT_TOO_SMALL =
  "Online payment needs an order total of at least $0.50. Please choose Cash on Delivery.";

/** What the shopper is told when coming back from the checkout page. */
export const PAYMENT_NOTICES = {
  paid: "Payment received. Your order is placed.",
  failed: "Your payment did not go through. Your order was not placed.",
  pending: "Your payment is not complete yet. Your order will be placed once it is paid.",
  cancelled: "Payment cancelled. Your items are back in your cart.",
} as const;

/** True when payments go to the built-in sandbox: online payment works and no real money is taken. */
export function isSandboxMode(): boolean {
  return config().paymentMode === "sandbox";
}

/** False in "off" mode: the cart offers Cash on Delivery only and every online checkout is refused. */
export function onlinePaymentAvailable(): boolean {
  return config().paymentMode !== "off";
}

let client: { cacheKey: string; stripe: Stripe } | undefined;

/**
 * The Stripe SDK: api.stripe.com with STRIPE_SECRET_KEY, or the sandbox this store serves. Every caller
 * checks `onlinePaymentAvailable()` first; in "off" mode there is nothing to talk to.
 */
export function stripeClient(): Stripe {
  const { paymentMode, STRIPE_SECRET_KEY } = config();
  if (paymentMode === "off") throw new Error("Online payment is off: there is no Stripe to talk to.");
  const secretKey = paymentMode === "stripe" && STRIPE_SECRET_KEY ? STRIPE_SECRET_KEY : SANDBOX_SECRET_KEY;
  const sandbox = paymentMode === "sandbox" ? sandboxBaseUrl() : null;
  const cacheKey = `${secretKey}|${sandbox?.href ?? "stripe"}`;
  if (client?.cacheKey === cacheKey) return client.stripe;
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: "Trendora" } };
  if (sandbox) {
    options.protocol = sandbox.protocol === "https:" ? "https" : "http";
    options.host = sandbox.hostname.replace(/^\[|\]$/g, "");
    options.port = Number(sandbox.port) || (sandbox.protocol === "https:" ? 443 : 80);
  }
  client = { cacheKey, stripe: new Stripe(secretKey, options) };
  return client.stripe;
}

/**
 * The secret webhooks are signed with: STRIPE_WEBHOOK_SECRET, or in sandbox mode the sandbox's own. None in
 * "off" mode, so the webhook route refuses every event there, as it does without a secret.
 */
export function webhookSecret(): string | null {
  const { paymentMode, STRIPE_WEBHOOK_SECRET } = config();
  if (paymentMode === "off") return null;
  return STRIPE_WEBHOOK_SECRET ?? (paymentMode === "sandbox" ? sandboxWebhookSecret() : null);
}

/** Where links that leave the site come back to: PUBLIC_URL, else the origin of the shopper's request. */
export function publicBaseUrl(requestOrigin: string): string {
  return (config().PUBLIC_URL ?? requestOrigin).replace(/\/+$/, "");
}

type PlacedLine = { name: string; quantity: number; unitPriceCents: number };

/**
 * The session's line items: one per product at its unit price, and the tax as its own line, so that
 * their sum is the order's amount to the cent (the tax line is left out when the tax is zero).
 */
export function checkoutLineItems(
  lines: readonly PlacedLine[],
  taxCents: number,
): Stripe.Checkout.SessionCreateParams.LineItem[] {
  const items: Stripe.Checkout.SessionCreateParams.LineItem[] = lines.map((line) => ({
    quantity: line.quantity,
    price_data: {
      currency: STRIPE_CURRENCY,
      unit_amount: line.unitPriceCents,
      product_data: { name: line.name.slice(0, 250) || "Product" },
    },
  }));
  if (taxCents > 0) {
    items.push({
      quantity: 1,
      price_data: { currency: STRIPE_CURRENCY, unit_amount: taxCents, product_data: { name: "Tax (2%)" } },
    });
  }
  return items;
}

export type OnlineCheckoutInput = {
  userId: string;
  addressId: string | null | undefined;
  items: OrderLineInput[];
  requestKey?: string | null;
  /** The origin of the shopper's request (used when PUBLIC_URL is not set). */
  origin: string;
};

/**
 * Places an online order (unpaid) with the same checks and amounts as a COD order, and creates its Stripe
 * Checkout Session. Returns the URL to send the browser to. If Stripe refuses or cannot be reached, the
 * order is rolled back (and the cart restored) and an OrderError says what to do. In "off" mode it is
 * refused (400) before anything is written.
 */
export async function startOnlineCheckout(input: OnlineCheckoutInput): Promise<{ orderId: string; url: string }> {
  if (!onlinePaymentAvailable()) throw new OrderError(ONLINE_PAYMENT_OFF, 400);
  expireStaleOnlineOrders();
  const placed = placeOrder({
    userId: input.userId,
    addressId: input.addressId,
    items: input.items,
    paymentType: "Online",
    requestKey: input.requestKey,
  });
  const { order } = placed;
  const base = publicBaseUrl(input.origin);
  if (!placed.created) {
    // The same form sent twice: the first request owns this order.
    if (order.paymentType !== "Online") throw new OrderError("This order was already placed.", 409);
    if (order.isPaid) return { orderId: order.id, url: `${base}/my-orders` };
    if (order.status === "Cancelled") {
      throw new OrderError("This checkout has ended. Please place the order again.", 409);
    }
  }
  let session: Stripe.Checkout.Session;
  try {
    session = await stripeClient().checkout.sessions.create(
      {
        mode: "payment",
        line_items: checkoutLineItems(placed.lines, order.taxCents),
        metadata: { orderId: order.id },
        client_reference_id: order.id,
        // From the order's creation time, so a repeated request sends the same parameters.
        expires_at: Math.floor(order.createdAt / 1000) + CHECKOUT_SESSION_SECONDS,
        success_url: `${base}/loader?next=my-orders&session_id={CHECKOUT_SESSION_ID}`,
        // The cart page reads these to cancel this order and put its items back (cancelCheckoutAndRestoreCart).
        cancel_url: `${base}/cart?checkout=cancelled&order=${order.id}`,
      },
      { idempotencyKey: `checkout-session-${order.id}` },
    );
    if (!session.url || session.amount_total !== order.amountCents) {
      throw new Error(`Checkout Session ${session.id} does not match order ${order.id}`);
    }
  } catch (error) {
    if (placed.created) rollBackOnlineOrder(order.id, input.userId, placed.lines);
    console.warn(`Stripe Checkout Session for order ${order.id} failed:`, errorText(error));
    if (error instanceof Stripe.errors.StripeError && error.code === "amount_too_small") {
      throw new OrderError(ONLINE_PAYMENT_TOO_SMALL, 400);
    }
    throw new OrderError(ONLINE_PAYMENT_UNAVAILABLE, 503);
  }
  db()
    .update(orders)
    .set({ stripeSessionId: session.id, updatedAt: Date.now() })
    .where(and(eq(orders.id, order.id), isNull(orders.stripeSessionId)))
    .run();
  return { orderId: order.id, url: session.url };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Undoes a just-placed online order whose session could not be made: no half-made order, cart as it was. */
function rollBackOnlineOrder(
  orderId: string,
  userId: string,
  lines: readonly { productId: string; quantity: number }[],
) {
  db().transaction(
    (tx) => {
      tx.delete(orders)
        .where(and(eq(orders.id, orderId), eq(orders.isPaid, false), isNull(orders.stripeSessionId)))
        .run();
      addToSavedCart(
        tx,
        userId,
        lines.map((line) => [line.productId, line.quantity]),
      );
    },
    { behavior: "immediate" },
  );
}

export type PaymentOutcome =
  /** The order was marked paid now. */
  | "paid"
  | "already-paid"
  /** The session is not paid (yet): nothing changed. */
  | "not-paid"
  | "cancelled"
  | "already-closed"
  /** The session's amount or currency differs from the order's: not marked paid. */
  | "amount-mismatch"
  /** A session this store did not create: ignored. */
  | "unknown-session"
  /** An event already handled: ignored. */
  | "duplicate-event"
  /** An event type the store does not act on. */
  | "ignored";

type SessionFacts = Pick<Stripe.Checkout.Session, "id" | "payment_status" | "amount_total" | "currency" | "metadata">;
type EventFacts = Pick<Stripe.Event, "id" | "type">;
type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

/**
 * Runs `change` for the order a session belongs to, in one immediate transaction that also records the
 * event (when there is one). A replayed event or a session the store did not create changes nothing.
 */
function withSessionOrder(
  session: SessionFacts,
  event: EventFacts | undefined,
  change: (tx: Tx, order: typeof orders.$inferSelect) => PaymentOutcome,
): PaymentOutcome {
  return db().transaction(
    (tx) => {
      if (event && tx.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id)).get()) {
        return "duplicate-event";
      }
      const order = tx.select().from(orders).where(eq(orders.stripeSessionId, session.id)).get();
      const claimedOrderId = session.metadata?.orderId;
      if (order?.paymentType !== "Online" || (claimedOrderId && claimedOrderId !== order.id)) {
        return "unknown-session";
      }
      const outcome = change(tx, order);
      if (event) tx.insert(stripeEvents).values({ id: event.id, type: event.type }).run();
      return outcome;
    },
    { behavior: "immediate" },
  );
}

/**
 * THE fulfilment function (webhook and return path alike): marks the session's order paid, once, when the
 * session's payment_status is 'paid' and its amount is the order's. A paid session wins over an earlier
 * cancellation by expiry or failure: the shopper's money arrived, so the order is placed again.
 */
export function fulfilCheckoutSession(session: SessionFacts, event?: EventFacts): PaymentOutcome {
  return withSessionOrder(session, event, (tx, order) => {
    if (session.payment_status !== "paid") return "not-paid";
    if (order.isPaid) return "already-paid";
    if (session.amount_total !== order.amountCents || session.currency !== STRIPE_CURRENCY) {
      console.warn(`Checkout Session ${session.id} amount does not match order ${order.id}: not marked paid`);
      return "amount-mismatch";
    }
    const now = Date.now();
    const marked = tx
      .update(orders)
      .set({
        isPaid: true,
        paidAt: now,
        updatedAt: now,
        status: order.status === "Cancelled" ? "Order Placed" : order.status,
      })
      .where(and(eq(orders.id, order.id), eq(orders.isPaid, false)))
      .run();
    return marked.changes === 1 ? "paid" : "already-paid";
  });
}

/** An expired session or a failed payment: the unpaid order is cancelled (a paid one is left alone). */
export function cancelOrderForSession(session: SessionFacts, event?: EventFacts): PaymentOutcome {
  return withSessionOrder(session, event, (tx, order) => {
    if (order.isPaid) return "already-paid";
    if (order.status === "Cancelled") return "already-closed";
    tx.update(orders).set({ status: "Cancelled", updatedAt: Date.now() }).where(eq(orders.id, order.id)).run();
    return "cancelled";
  });
}

/** A verified webhook event. Stripe sends them duplicated and out of order; each is applied at most once. */
export function handleStripeEvent(event: Stripe.Event): PaymentOutcome {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return fulfilCheckoutSession(event.data.object, event);
    case "checkout.session.async_payment_failed":
      // Decision (docs/decisions/0041): a failed delayed payment cancels the order; the shopper orders again.
      return cancelOrderForSession(event.data.object, event);
    case "checkout.session.expired": {
      const outcome = cancelOrderForSession(event.data.object, event);
      expireStaleOnlineOrders();
      return outcome;
    }
    default:
      return "ignored";
  }
}

/**
 * The shopper's return through /loader?session_id=…: retrieves the session through the SDK and runs the
 * same fulfilment as the webhook, so a late or lost webhook does not leave a paid order unpaid.
 * Never throws: the loader page must show whatever happens here. Does nothing in "off" mode ("invalid").
 */
export async function confirmCheckoutReturn(sessionId: string | null): Promise<PaymentOutcome | "invalid" | "error"> {
  if (!onlinePaymentAvailable() || !sessionId || !CHECKOUT_SESSION_ID_PATTERN.test(sessionId)) return "invalid";
  try {
    expireStaleOnlineOrders();
    const session = await stripeClient().checkout.sessions.retrieve(sessionId);
    return session.status === "expired" ? cancelOrderForSession(session) : fulfilCheckoutSession(session);
  } catch (error) {
    console.warn(`Could not confirm Checkout Session ${sessionId}:`, errorText(error));
    return "error";
  }
}

/**
 * What /loader tells the shopper coming back from the checkout page, after confirming the session as
 * above: paid, failed (or expired), or not paid yet. Null when the session is not one of the store's, and
 * in "off" mode.
 */
export async function checkoutReturnNotice(sessionId: string | null): Promise<Toast | null> {
  if ((await confirmCheckoutReturn(sessionId)) === "invalid" || !sessionId) return null;
  const order = db()
    .select({ isPaid: orders.isPaid, status: orders.status })
    .from(orders)
    .where(eq(orders.stripeSessionId, sessionId))
    .get();
  if (!order) return null;
  if (order.isPaid) return { type: "success", message: PAYMENT_NOTICES.paid };
  if (order.status === "Cancelled") return { type: "error", message: PAYMENT_NOTICES.failed };
  return { type: "error", message: PAYMENT_NOTICES.pending };
}

export type CheckoutCancelOutcome =
  /** The session was expired, the order cancelled and its lines put back in the cart. */
  | "restored"
  /** Stripe says the session was paid meanwhile: the order is paid and placed; the cart is left alone. */
  | "paid"
  /** Not the shopper's unpaid, still open Online order (or a malformed id): nothing changed. */
  | "ignored"
  /** The session had already ended (failed or expired) without being paid: its events decide; cart left alone. */
  | "closed"
  /** Stripe could not be reached: nothing changed (the shopper may come back to the same URL). */
  | "error";

export type CheckoutCancelResult = {
  outcome: CheckoutCancelOutcome;
  /** Where to send the shopper, with what toast; null when the page should simply show. */
  next: { redirectTo: string; toast: Toast } | null;
};

/**
 * The shopper pressed Cancel on the checkout page and came back to /cart?checkout=cancelled&order=<id>.
 * For the signed-in owner's unpaid, not yet cancelled Online order: its Checkout Session is expired
 * through the SDK (so it can no longer be paid), then, in one immediate transaction, the order is
 * cancelled and its lines are added back into the saved cart (within the cart's caps). If Stripe says
 * the session was paid meanwhile, the order is fulfilled instead and nothing is restored. Anyone else's
 * order, a paid, cancelled or COD order, or a malformed id changes nothing.
 *
 * Idempotent: a reload finds the order cancelled and does nothing. The lines are restored only by the
 * request whose expire call succeeded, and Stripe lets one call expire an open session, so two tabs
 * arriving together restore them once. (No fixed idempotency key here for that reason: a replayed
 * success would let a second request restore them again.) In "off" mode nothing is asked and nothing changes.
 */
export async function cancelCheckoutAndRestoreCart(
  userId: string,
  orderId: string | null,
): Promise<CheckoutCancelResult> {
  const ignored: CheckoutCancelResult = { outcome: "ignored", next: null };
  if (!onlinePaymentAvailable() || !orderId || !ID_PATTERN.test(orderId)) return ignored;
  const order = db()
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .get();
  if (!order?.stripeSessionId || order.paymentType !== "Online" || order.isPaid || order.status !== "Order Placed") {
    return ignored;
  }
  const sessionId = order.stripeSessionId;
  try {
    await stripeClient().checkout.sessions.expire(sessionId);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) {
      console.warn(`Could not expire Checkout Session ${sessionId}:`, errorText(error));
      return { outcome: "error", next: null };
    }
    // The session is no longer open: paid meanwhile (in another tab), failed or expired.
    return settleClosedSession(sessionId);
  }
  return db().transaction(
    (tx): CheckoutCancelResult => {
      const current = tx.select().from(orders).where(eq(orders.id, order.id)).get();
      // The session expired unpaid, so the order cannot have been paid; checked all the same.
      if (!current || current.isPaid) return ignored;
      // The session's `checkout.session.expired` event may have cancelled the order already (the sandbox
      // sends it before answering the expire call; Stripe usually a moment after, when it is a no-op).
      if (current.status !== "Cancelled") {
        tx.update(orders).set({ status: "Cancelled", updatedAt: Date.now() }).where(eq(orders.id, order.id)).run();
      }
      const lines = tx
        .select({ productId: orderItems.productId, quantity: orderItems.quantity })
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id))
        .orderBy(sql`${orderItems}.rowid`)
        .all();
      addToSavedCart(
        tx,
        userId,
        lines.map((line) => [line.productId, line.quantity]),
      );
      return {
        outcome: "restored",
        next: { redirectTo: "/cart", toast: { type: "success", message: PAYMENT_NOTICES.cancelled } },
      };
    },
    { behavior: "immediate" },
  );
}

/** A cancel for a session that had already ended: a paid one is fulfilled; an unpaid one is left to its events. */
async function settleClosedSession(sessionId: string): Promise<CheckoutCancelResult> {
  let session: Stripe.Checkout.Session;
  try {
    session = await stripeClient().checkout.sessions.retrieve(sessionId);
  } catch (error) {
    console.warn(`Could not retrieve Checkout Session ${sessionId}:`, errorText(error));
    return { outcome: "error", next: null };
  }
  if (session.payment_status === "paid") {
    const outcome = fulfilCheckoutSession(session);
    if (outcome === "paid" || outcome === "already-paid") {
      return {
        outcome: "paid",
        next: { redirectTo: "/my-orders", toast: { type: "success", message: PAYMENT_NOTICES.paid } },
      };
    }
  } else if (session.status === "expired") {
    // Its expiry event was lost: cancel the order as that event would have (the cart is not restored,
    // as for any checkout that ran out of time).
    cancelOrderForSession(session);
  }
  return { outcome: "closed", next: null };
}

/**
 * Cancels unpaid online orders whose checkout time is over, so an abandoned checkout never lingers as a
 * placed order (they are hidden from My Orders and the seller until paid anyway).
 */
export function expireStaleOnlineOrders(now = Date.now()): number {
  return db()
    .update(orders)
    .set({ status: "Cancelled", updatedAt: now })
    .where(
      and(
        eq(orders.paymentType, "Online"),
        eq(orders.isPaid, false),
        eq(orders.status, "Order Placed"),
        lt(orders.createdAt, now - STALE_ONLINE_ORDER_MS),
      ),
    )
    .run().changes;
}

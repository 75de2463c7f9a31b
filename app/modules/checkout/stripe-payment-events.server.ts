// Online orders paid or not: an online order is placed unpaid ('Order Placed', isPaid false, hidden from My Orders
// and the seller until paid) and the cart is kept (online-checkout.server.ts). The order becomes paid through ONE
// idempotent function, `fulfilCheckoutSession`, run by the verified webhook and by the shopper's return through
// /loader, whichever comes first; only then do its lines leave the cart. Webhook event ids are claimed in the same
// transaction as their effect, so Stripe's retries and replays change nothing. A session whose events were lost is
// settled as they would have settled it, and an unpaid order whose checkout time is over is cancelled.
import { and, eq, isNotNull, lt, or } from "drizzle-orm";
import type Stripe from "stripe";
import { first, type Tx, transaction } from "#app/lib/db.server.ts";
import { removeFromSavedCart } from "#app/modules/cart/index.server.ts";
import { countOrderUnits } from "#app/modules/catalog/index.server.ts";
import { clearCartCode, confirmDiscountUse, releaseDiscountUse } from "#app/modules/discounts/index.server.ts";
import { retakeOrderStock, returnOrderStock } from "#app/modules/inventory/index.server.ts";
import {
  enqueueOrderPlacedMail,
  enqueuePaymentNotCompletedMail,
  type Order,
  orderLinesIn,
  recordPaymentIntent,
} from "#app/modules/orders/index.server.ts";
import { orders, stripeEvents } from "#db/tables.ts";
import {
  CHECKOUT_SESSION_SECONDS,
  CODE_CHECKOUT_SESSION_SECONDS,
  errorText,
  stripeClient,
  stripeCurrency,
} from "./stripe.server.ts";

/** An unpaid online order older than its checkout's time plus this is cancelled when next looked at (a late webhook). */
const LATE_WEBHOOK_MS = 15 * 60 * 1000;
const STALE_ONLINE_ORDER_MS = CHECKOUT_SESSION_SECONDS * 1000 + LATE_WEBHOOK_MS;
/** The same for an order that holds a discount code's use: its checkout is shorter. */
const STALE_CODE_ORDER_MS = CODE_CHECKOUT_SESSION_SECONDS * 1000 + LATE_WEBHOOK_MS;

/** Unpaid online orders whose checkout is still open: the shopper may yet pay them. */
export const openOnlineOrder = and(
  eq(orders.paymentType, "Online"),
  eq(orders.isPaid, false),
  eq(orders.status, "Order Placed"),
);

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

type SessionFacts = Pick<Stripe.Checkout.Session, "id" | "payment_status" | "amount_total" | "currency" | "metadata"> &
  Partial<Pick<Stripe.Checkout.Session, "payment_intent">>;
type EventFacts = Pick<Stripe.Event, "id" | "type">;

/**
 * Claims a Stripe event inside the transaction that applies it: true the first time, false for a replay (the
 * event's id is taken already), so an event changes the store at most once. Payments and refunds both use it.
 */
export async function claimStripeEvent(tx: Tx, event: EventFacts): Promise<boolean> {
  const [claimed] = await tx
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return claimed !== undefined;
}

/**
 * Runs `change` for the order a session belongs to, in one immediate transaction that claims the event (when
 * there is one) before changing anything. A replayed event or a session the store did not create changes
 * nothing, and only events about the store's own orders are recorded.
 */
function withSessionOrder(
  session: Pick<SessionFacts, "id" | "metadata">,
  event: EventFacts | undefined,
  change: (tx: Tx, order: Order) => Promise<PaymentOutcome>,
): Promise<PaymentOutcome> {
  return transaction(async (tx) => {
    const order = await first(tx.select().from(orders).where(eq(orders.stripeSessionId, session.id)));
    const claimedOrderId = session.metadata?.orderId;
    if (order?.paymentType !== "Online" || (claimedOrderId && claimedOrderId !== order.id)) {
      return "unknown-session";
    }
    if (event && !(await claimStripeEvent(tx, event))) return "duplicate-event";
    return change(tx, order);
  });
}

/**
 * THE fulfilment function (webhook and return path alike): marks the session's order paid, once, when the
 * session's payment_status is 'paid' and its amount is the order's, and takes the order's lines out of the
 * shopper's cart. A paid session wins over an earlier cancellation by expiry or failure: the shopper's money
 * arrived, so the order is placed again and its units, which had gone back, are taken again.
 */
export function fulfilCheckoutSession(session: SessionFacts, event?: EventFacts): Promise<PaymentOutcome> {
  return withSessionOrder(session, event, async (tx, order) => {
    if (session.payment_status !== "paid") return "not-paid";
    if (order.isPaid) return "already-paid";
    if (session.amount_total !== order.amountCents || session.currency !== stripeCurrency(order.currency)) {
      console.warn(`Checkout Session ${session.id} amount does not match order ${order.id}: not marked paid`);
      return "amount-mismatch";
    }
    const now = Date.now();
    const [marked] = await tx
      .update(orders)
      .set({
        isPaid: true,
        paidAt: now,
        updatedAt: now,
        status: order.status === "Cancelled" ? "Order Placed" : order.status,
      })
      .where(and(eq(orders.id, order.id), eq(orders.isPaid, false)))
      .returning({ id: orders.id });
    if (!marked) return "already-paid";
    // Refunds are made against it, and Stripe's refund events name it (app/modules/refunds).
    const intent = session.payment_intent;
    await recordPaymentIntent(tx, order.id, typeof intent === "string" ? intent : (intent?.id ?? null));
    await retakeOrderStock(tx, order.id);
    await confirmDiscountUse(tx, order.id);
    if (order.discountCode) await clearCartCode(tx, order.userId, order.discountCode);
    await removeFromSavedCart(tx, order.userId, (await orderLinesIn(tx, [order.id])).get(order.id) ?? []);
    // Only now is an online order placed: the confirmation and the seller's notice go out.
    await enqueueOrderPlacedMail(tx, order.id);
    await countOrderUnits(tx, order.id, 1);
    return "paid";
  });
}

/**
 * An expired session or a failed payment: the unpaid order is cancelled, its units go back (a paid one is
 * left alone), and the shopper is told by mail that the order was not placed.
 */
export function cancelOrderForSession(
  session: Pick<SessionFacts, "id" | "metadata">,
  event?: EventFacts,
): Promise<PaymentOutcome> {
  return withSessionOrder(session, event, async (tx, order) => {
    if (order.isPaid) return "already-paid";
    if (order.status === "Cancelled") return "already-closed";
    await tx.update(orders).set({ status: "Cancelled", updatedAt: Date.now() }).where(eq(orders.id, order.id));
    await returnOrderStock(tx, order.id);
    await releaseDiscountUse(tx, order.id);
    const failed = event?.type === "checkout.session.async_payment_failed";
    await enqueuePaymentNotCompletedMail(tx, order.id, failed ? "failed" : "not-completed");
    return "cancelled";
  });
}

/** A verified webhook event. Stripe sends them duplicated and out of order; each is applied at most once. */
export async function handleStripeEvent(event: Stripe.Event): Promise<PaymentOutcome> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return fulfilCheckoutSession(event.data.object, event);
    case "checkout.session.async_payment_failed":
      // Decision (docs/decisions/0041): a failed delayed payment cancels the order; the cart still holds it.
      return cancelOrderForSession(event.data.object, event);
    case "checkout.session.expired": {
      const outcome = await cancelOrderForSession(event.data.object, event);
      await expireStaleOnlineOrders();
      return outcome;
    }
    default:
      return "ignored";
  }
}

/**
 * Settles a session that is no longer open, as its lost events would have: a paid one is fulfilled, an
 * expired one cancels its order. Returns the session (null when Stripe cannot be reached).
 */
export async function settleClosedSession(sessionId: string): Promise<Stripe.Checkout.Session | null> {
  let session: Stripe.Checkout.Session;
  try {
    session = await stripeClient().checkout.sessions.retrieve(sessionId);
  } catch (error) {
    console.warn(`Could not retrieve Checkout Session ${sessionId}:`, errorText(error));
    return null;
  }
  if (session.payment_status === "paid") await fulfilCheckoutSession(session);
  else if (session.status === "expired") await cancelOrderForSession(session);
  return session;
}

/**
 * Cancels unpaid online orders whose checkout time is over and puts their units back, so an abandoned
 * checkout never lingers as a placed order (they are hidden from My Orders and the seller until paid anyway)
 * nor holds units; each shopper is told by mail.
 */
export async function expireStaleOnlineOrders(now = Date.now()): Promise<number> {
  return transaction(async (tx) => {
    const cancelled = await tx
      .update(orders)
      .set({ status: "Cancelled", updatedAt: now })
      .where(
        and(
          openOnlineOrder,
          or(
            lt(orders.createdAt, now - STALE_ONLINE_ORDER_MS),
            and(isNotNull(orders.discountCode), lt(orders.createdAt, now - STALE_CODE_ORDER_MS)),
          ),
        ),
      )
      .returning({ id: orders.id });
    for (const { id } of cancelled) {
      await returnOrderStock(tx, id);
      await releaseDiscountUse(tx, id);
      await enqueuePaymentNotCompletedMail(tx, id, "not-completed");
    }
    return cancelled.length;
  });
}

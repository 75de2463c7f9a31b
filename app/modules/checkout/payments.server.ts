// Online orders and their Stripe Checkout Sessions. An online order is placed unpaid ('Order Placed', isPaid
// false, hidden from My Orders and the seller until paid) and the cart is kept; a Checkout Session is made for
// exactly its total. The order becomes paid through ONE idempotent function, `fulfilCheckoutSession`, run by
// the verified webhook and by the shopper's return through /loader, whichever comes first; only then do its
// lines leave the cart. Webhook event ids are claimed in the same transaction as their effect, so Stripe's
// retries and replays change nothing.
import { and, eq, isNotNull, isNull, lt, ne, or } from "drizzle-orm";
import Stripe from "stripe";
import { publicOrigin } from "#app/lib/config.server.ts";
import { db, first, type Tx, transaction } from "#app/lib/db.server.ts";
import { Refusal, refuse } from "#app/lib/refusal.ts";
import { removeFromSavedCart } from "#app/modules/cart/index.server.ts";
import { countOrderUnits } from "#app/modules/catalog/index.server.ts";
import { clearCartCode, confirmDiscountUse, releaseDiscountUse } from "#app/modules/discounts/index.server.ts";
import { retakeOrderStock, returnOrderStock, stockKey } from "#app/modules/inventory/index.server.ts";
import { lineName } from "#app/modules/inventory/shared/sizes.ts";
import {
  enqueueOrderPlacedMail,
  enqueuePaymentNotCompletedMail,
  type Order,
  orderLinesIn,
  type PlaceOrderInput,
  placeOrder,
  recordPaymentIntent,
} from "#app/modules/orders/index.server.ts";
import { placedOrderPath } from "#app/modules/orders/shared/order-status.ts";
import { orders, stripeEvents } from "#db/tables.ts";
import {
  CHECKOUT_SESSION_SECONDS,
  CODE_CHECKOUT_SESSION_SECONDS,
  checkoutLineItems,
  checkoutSessionSeconds,
  errorText,
  ONLINE_PAYMENT_OFF,
  ONLINE_PAYMENT_TOO_SMALL,
  ONLINE_PAYMENT_UNAVAILABLE,
  onlinePaymentAvailable,
  stripeClient,
  stripeCurrency,
} from "./stripe.server.ts";

/** An unpaid online order older than its checkout's time plus this is cancelled when next looked at (a late webhook). */
const LATE_WEBHOOK_MS = 15 * 60 * 1000;
const STALE_ONLINE_ORDER_MS = CHECKOUT_SESSION_SECONDS * 1000 + LATE_WEBHOOK_MS;
/** The same for an order that holds a discount code's use: its checkout is shorter. */
const STALE_CODE_ORDER_MS = CODE_CHECKOUT_SESSION_SECONDS * 1000 + LATE_WEBHOOK_MS;

/** Unpaid online orders whose checkout is still open: the shopper may yet pay them. */
const openOnlineOrder = and(
  eq(orders.paymentType, "Online"),
  eq(orders.isPaid, false),
  eq(orders.status, "Order Placed"),
);

export type OnlineCheckoutInput = Omit<PlaceOrderInput, "paymentType"> & {
  /** The origin of the shopper's request (used when PUBLIC_URL is not set). */
  origin: string;
};

/** The same Place Order sent again after its order was placed with the other payment method. */
export const ALREADY_PLACED = "This order was already placed.";
/** The same Place Order sent again after its online checkout was closed. */
export const CHECKOUT_ENDED = "This checkout has ended. Please place the order again.";

/**
 * Places an online order (unpaid, the cart kept) with the same checks and amounts as a cash order, and
 * creates its Stripe Checkout Session; returns the URL to send the browser to. The same request twice gets
 * the same session. If Stripe refuses or cannot be reached, the order is taken back and a Refusal says what
 * to do. In "off" mode it is refused before anything is written.
 */
export async function startOnlineCheckout(
  input: OnlineCheckoutInput,
): Promise<{ orderId: string; url: string; paid: boolean }> {
  if (!onlinePaymentAvailable()) refuse(ONLINE_PAYMENT_OFF);
  const placed = await placeOrder({ ...input, paymentType: "Online" });
  const { order } = placed;
  const base = publicOrigin(input.origin);
  // Discounted to nothing: placed paid, there is nothing to pay (orders.server.ts).
  if (order.isPaid && order.paymentType === "Online" && order.amountCents === 0) {
    return { orderId: order.id, url: `${base}${placedOrderPath(order.id)}`, paid: true };
  }
  if (!placed.created) {
    // The same form sent twice: the first request owns this order.
    if (order.paymentType !== "Online") refuse(ALREADY_PLACED, 409);
    if (order.isPaid) return { orderId: order.id, url: `${base}${placedOrderPath(order.id)}`, paid: true };
    if (order.status === "Cancelled") refuse(CHECKOUT_ENDED, 409);
  }
  let session: Stripe.Checkout.Session;
  try {
    session = await stripeClient().checkout.sessions.create(
      {
        mode: "payment",
        line_items: checkoutLineItems(
          placed.lines.map((line) => ({ ...line, name: lineName(line.product?.name ?? "Product", line.size) })),
          order,
        ),
        // The discount as a one-off coupon for its exact amount: the session's total is the order's.
        ...(order.discountCents > 0 && { discounts: [{ coupon: await orderCoupon(order) }] }),
        metadata: { orderId: order.id },
        client_reference_id: order.id,
        // From the order's creation time, so a repeated request sends the same parameters.
        expires_at: Math.floor(order.createdAt / 1000) + checkoutSessionSeconds(order),
        success_url: `${base}/loader?next=my-orders&session_id={CHECKOUT_SESSION_ID}`,
        // The cart page reads these to close this checkout (checkout-return.server.ts).
        cancel_url: `${base}/cart?checkout=cancelled&order=${order.id}`,
      },
      { idempotencyKey: `checkout-session-${order.id}` },
    );
    if (!session.url || session.amount_total !== order.amountCents) {
      throw new Error(`Checkout Session ${session.id} does not match order ${order.id}`);
    }
  } catch (error) {
    if (placed.created) await takeBackOnlineOrder(order.id);
    console.warn(`Stripe Checkout Session for order ${order.id} failed:`, errorText(error));
    if (error instanceof Stripe.errors.StripeError && error.code === "amount_too_small") {
      refuse(ONLINE_PAYMENT_TOO_SMALL);
    }
    refuse(ONLINE_PAYMENT_UNAVAILABLE, 503);
  }
  await transaction((tx) =>
    tx
      .update(orders)
      .set({ stripeSessionId: session.id, updatedAt: Date.now() })
      .where(and(eq(orders.id, order.id), isNull(orders.stripeSessionId))),
  );
  return { orderId: order.id, url: session.url, paid: false };
}

/**
 * A one-off Stripe coupon for the order's discount (docs/decisions/0115): its amount in cents, usable once,
 * made once per order (the same request again gets the same coupon through the idempotency key).
 */
async function orderCoupon(order: Pick<Order, "id" | "discountCents" | "discountCode" | "currency">): Promise<string> {
  const coupon = await stripeClient().coupons.create(
    {
      amount_off: order.discountCents,
      currency: stripeCurrency(order.currency),
      duration: "once",
      max_redemptions: 1,
      name: (order.discountCode ?? "Discount").slice(0, 40),
      metadata: { orderId: order.id },
    },
    { idempotencyKey: `coupon-${order.id}` },
  );
  return coupon.id;
}

/**
 * Deletes a just-placed online order whose session could not be made, its units back in stock, in one
 * transaction (the cart was never touched).
 */
async function takeBackOnlineOrder(orderId: string): Promise<void> {
  await transaction(async (tx) => {
    const order = and(eq(orders.id, orderId), eq(orders.isPaid, false), isNull(orders.stripeSessionId));
    if (!(await first(tx.select({ id: orders.id }).from(orders).where(order)))) return;
    await returnOrderStock(tx, orderId);
    await releaseDiscountUse(tx, orderId);
    await tx.delete(orders).where(order);
  });
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
 * Closes a checkout the shopper left: its session is expired through the SDK (so it can no longer be paid)
 * and the order cancelled. A session that had ended already is settled instead. Returns what became of it;
 * "error" when Stripe could not be reached (nothing changed).
 */
export async function closeCheckout(
  order: Pick<Order, "id" | "stripeSessionId">,
): Promise<"closed" | "paid" | "error"> {
  const sessionId = order.stripeSessionId;
  if (!sessionId) return "closed";
  try {
    await stripeClient().checkout.sessions.expire(sessionId);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) {
      console.warn(`Could not expire Checkout Session ${sessionId}:`, errorText(error));
      return "error";
    }
    // The session is no longer open: paid meanwhile (in another tab), failed or expired.
    const session = await settleClosedSession(sessionId);
    if (!session) return "error";
    return session.payment_status === "paid" ? "paid" : "closed";
  }
  // The session's `checkout.session.expired` event may have cancelled the order already (the sandbox sends
  // it before answering the expire call; Stripe usually a moment after, when it is a no-op).
  await cancelOrderForSession({ id: sessionId, metadata: { orderId: order.id } });
  return "closed";
}

/** The shopper's open online checkouts a Place Order under `requestKey` closes (all but its own). */
async function checkoutsToClose(userId: string, requestKey: string | null) {
  if (!onlinePaymentAvailable()) return [];
  return db()
    .select({ id: orders.id, stripeSessionId: orders.stripeSessionId, stockReturnedAt: orders.stockReturnedAt })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        openOnlineOrder,
        isNotNull(orders.stripeSessionId),
        requestKey ? or(isNull(orders.requestKey), ne(orders.requestKey, requestKey)) : undefined,
      ),
    );
}

/** The ids of the checkouts closeOpenCheckouts would close (the discount uses they hold come back). */
export async function checkoutsToCloseIds(userId: string, requestKey: string | null): Promise<string[]> {
  return (await checkoutsToClose(userId, requestKey)).map((order) => order.id);
}

/**
 * The units the checkouts closeOpenCheckouts would close still hold, by stockKey(product, size): they are
 * back in stock by the time the new order takes its units, so the check made before closing counts them.
 */
export async function unitsHeldByCheckoutsToClose(
  userId: string,
  requestKey: string | null,
): Promise<Map<string, number>> {
  const held = new Map<string, number>();
  // An order whose units went back already (cancelled meanwhile) holds none.
  const ids = (await checkoutsToClose(userId, requestKey))
    .filter((order) => order.stockReturnedAt === null)
    .map((order) => order.id);
  for (const [, lines] of await orderLinesIn(db(), ids, { onlyStockTaken: true })) {
    for (const line of lines) {
      const key = stockKey(line.productId, line.size);
      held.set(key, (held.get(key) ?? 0) + line.quantity);
    }
  }
  return held;
}

/**
 * Before a shopper places a new order: any earlier checkout of theirs that is still open is closed, so
 * that the same cart never ends up in two orders (a shopper who left the payment page and orders again,
 * or switches to cash on delivery). The checkout this very request placed before (its form sent twice) is
 * left open. If Stripe cannot be reached to close one, the new order is refused.
 */
export async function closeOpenCheckouts(userId: string, requestKey: string | null): Promise<void> {
  for (const order of await checkoutsToClose(userId, requestKey)) {
    if ((await closeCheckout(order)) === "error") {
      throw new Refusal("Your earlier online payment could not be closed. Please try again in a moment.", 503);
    }
  }
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

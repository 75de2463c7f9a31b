// Online payment with Stripe Checkout through the official SDK. One code path for real Stripe and for the
// built-in sandbox: only the SDK's host, port and protocol differ (see stripe-sandbox.server.ts).
//
// An online order is placed as unpaid ('Order Placed', isPaid false, hidden from My Orders and the seller
// until paid), then a Checkout Session is created for exactly its total. The order becomes paid through ONE
// idempotent function, `fulfilCheckoutSession`, run by the verified webhook and by the shopper's return
// through /loader, whichever comes first. Webhook event ids are recorded in the same transaction as their
// effect, so Stripe's retries and replays change nothing.
import { and, eq, isNull, lt } from "drizzle-orm";
import Stripe from "stripe";
import { config } from "#app/lib/config.server.ts";
import { db } from "#app/lib/db.server.ts";
import { cartItems, orders, stripeEvents } from "#db/schema.ts";
import { OrderError, type OrderLineInput, placeOrder } from "./orders.server.ts";
import { isSandboxEnabled, SANDBOX_SECRET_KEY, sandboxBaseUrl, sandboxWebhookSecret } from "./stripe-sandbox.server.ts";

export const STRIPE_CURRENCY = "usd";
/** How long a shopper has to pay; then the session expires and the order is cancelled. */
export const CHECKOUT_SESSION_SECONDS = 60 * 60;
/** An unpaid online order older than this is cancelled when next looked at (expiry plus a late webhook). */
const STALE_ONLINE_ORDER_MS = (CHECKOUT_SESSION_SECONDS + 15 * 60) * 1000;
export const CHECKOUT_SESSION_ID_PATTERN = /^cs_(test|live)_[0-9A-Za-z]{1,200}$/;

export const ONLINE_PAYMENT_UNAVAILABLE =
  "Online payment could not be started. Please try again in a moment or choose Cash on Delivery.";
export const ONLINE_PAYMENT_TOO_SMALL =
  "Online payment needs an order total of at least $0.50. Please choose Cash on Delivery.";

let client: { cacheKey: string; stripe: Stripe } | undefined;

/** The Stripe SDK: api.stripe.com with STRIPE_SECRET_KEY, else the sandbox this store serves. */
export function stripeClient(): Stripe {
  const secretKey = config().STRIPE_SECRET_KEY;
  const sandbox = secretKey ? null : sandboxBaseUrl();
  const cacheKey = `${secretKey ?? SANDBOX_SECRET_KEY}|${sandbox?.href ?? "stripe"}`;
  if (client?.cacheKey === cacheKey) return client.stripe;
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: "Trendora" } };
  if (sandbox) {
    options.protocol = sandbox.protocol === "https:" ? "https" : "http";
    options.host = sandbox.hostname.replace(/^\[|\]$/g, "");
    options.port = Number(sandbox.port) || (sandbox.protocol === "https:" ? 443 : 80);
  }
  client = { cacheKey, stripe: new Stripe(secretKey ?? SANDBOX_SECRET_KEY, options) };
  return client.stripe;
}

/** The secret webhooks are signed with: STRIPE_WEBHOOK_SECRET, or in sandbox mode the sandbox's own. */
export function webhookSecret(): string | null {
  const configured = config().STRIPE_WEBHOOK_SECRET;
  if (configured) return configured;
  return isSandboxEnabled() ? sandboxWebhookSecret() : null;
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
 * order is rolled back (and the cart restored) and an OrderError says what to do.
 */
export async function startOnlineCheckout(input: OnlineCheckoutInput): Promise<{ orderId: string; url: string }> {
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
        cancel_url: `${base}/cart`,
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
      for (const line of lines) {
        tx.insert(cartItems)
          .values({ userId, productId: line.productId, quantity: line.quantity })
          .onConflictDoUpdate({ target: [cartItems.userId, cartItems.productId], set: { quantity: line.quantity } })
          .run();
      }
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
 * Never throws: the loader page must show whatever happens here.
 */
export async function confirmCheckoutReturn(sessionId: string | null): Promise<PaymentOutcome | "invalid" | "error"> {
  if (!sessionId || !CHECKOUT_SESSION_ID_PATTERN.test(sessionId)) return "invalid";
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

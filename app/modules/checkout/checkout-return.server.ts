// The shopper coming back from the checkout page: through /loader?session_id=… after paying (or failing),
// or to /cart?checkout=cancelled&order=… after pressing Cancel. Either way the cart was never emptied, so
// there is nothing to put back: only the order's fate to settle and tell.
import { and, eq } from "drizzle-orm";
import { db, first } from "#app/lib/db.server.ts";
import { ID_PATTERN } from "#app/lib/ids.ts";
import type { Toast } from "#app/lib/toast.ts";
import { placedOrderPath } from "#app/modules/orders/shared/order-status.ts";
import { orders } from "#db/tables.ts";
import { closeCheckout } from "./open-checkouts.server.ts";
import { CHECKOUT_SESSION_ID_PATTERN, errorText, onlinePaymentAvailable, stripeClient } from "./stripe.server.ts";
import {
  cancelOrderForSession,
  expireStaleOnlineOrders,
  fulfilCheckoutSession,
  type PaymentOutcome,
} from "./stripe-payment-events.server.ts";

/** What the shopper is told when coming back from the checkout page. */
export const PAYMENT_NOTICES = {
  paid: "Payment received. Your order is placed.",
  failed: "Your payment did not go through. Your order was not placed; your cart still holds it.",
  pending: "Your payment is not complete yet. Your order will be placed once it is paid.",
  cancelled: "Payment cancelled. Your items are still in your cart.",
} as const;

/**
 * The shopper's return through /loader?session_id=…: retrieves the session through the SDK and runs the
 * same fulfilment as the webhook, so a late or lost webhook does not leave a paid order unpaid.
 * Never throws: the loader page must show whatever happens here. Does nothing in "off" mode ("invalid").
 */
export async function confirmCheckoutReturn(sessionId: string | null): Promise<PaymentOutcome | "invalid" | "error"> {
  if (!onlinePaymentAvailable() || !sessionId || !CHECKOUT_SESSION_ID_PATTERN.test(sessionId)) return "invalid";
  try {
    await expireStaleOnlineOrders();
    const session = await stripeClient().checkout.sessions.retrieve(sessionId);
    // Awaited here, so a failure is caught below.
    const outcome =
      session.status === "expired" ? await cancelOrderForSession(session) : await fulfilCheckoutSession(session);
    return outcome;
  } catch (error) {
    console.warn(`Could not confirm Checkout Session ${sessionId}:`, errorText(error));
    return "error";
  }
}

/**
 * What /loader tells the shopper coming back from the checkout page, after confirming the session as
 * above: paid, failed (or expired), or not paid yet. Only a session stored on an order of this signed-in
 * shopper is asked about, so no visitor can make the store call Stripe (and spend its rate limit). Null for
 * anyone else, for a session that is not one of the store's, and in "off" mode.
 * A payment that did not go through sends the shopper straight back to the cart (`redirectTo`), which still
 * holds the items, to try again, as Cancel does: My Orders would list nothing and offer nothing to retry.
 */
export async function checkoutReturnNotice(
  shopperId: string | null,
  sessionId: string | null,
): Promise<{ notice: Toast; redirectTo: string | null; paidOrderId?: string } | null> {
  if (!shopperId || !sessionId || !CHECKOUT_SESSION_ID_PATTERN.test(sessionId)) return null;
  const shoppersOrder = () =>
    first(
      db()
        .select({ id: orders.id, isPaid: orders.isPaid, status: orders.status })
        .from(orders)
        .where(and(eq(orders.stripeSessionId, sessionId), eq(orders.userId, shopperId))),
    );
  if (!(await shoppersOrder())) return null;
  if ((await confirmCheckoutReturn(sessionId)) === "invalid") return null;
  const order = await shoppersOrder();
  if (!order) return null;
  if (order.isPaid) {
    return { notice: { type: "success", message: PAYMENT_NOTICES.paid }, redirectTo: null, paidOrderId: order.id };
  }
  if (order.status === "Cancelled")
    return { notice: { type: "error", message: PAYMENT_NOTICES.failed }, redirectTo: "/cart" };
  return { notice: { type: "error", message: PAYMENT_NOTICES.pending }, redirectTo: null };
}

/** Where to send a shopper back from Cancel, with what toast; null when the cart page should simply show. */
export type CancelledCheckout = { redirectTo: string; toast: Toast } | null;

/**
 * The shopper pressed Cancel on the checkout page and came back to /cart?checkout=cancelled&order=<id>. For
 * the signed-in owner's unpaid, open Online order, the checkout is closed (its session expired through the
 * SDK, the order cancelled); the cart still holds its lines. If Stripe says it was paid meanwhile, the order
 * is fulfilled instead and the shopper goes to My Orders. Anyone else's order, a paid, cancelled or COD
 * order, or a malformed id changes nothing; a reload finds the order cancelled and does nothing.
 */
export async function cancelCheckout(userId: string, orderId: string | null): Promise<CancelledCheckout> {
  if (!onlinePaymentAvailable() || !orderId || !ID_PATTERN.test(orderId)) return null;
  const order = await first(
    db()
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId))),
  );
  if (!order?.stripeSessionId || order.paymentType !== "Online" || order.isPaid || order.status !== "Order Placed") {
    return null;
  }
  const outcome = await closeCheckout(order);
  if (outcome === "paid")
    return { redirectTo: placedOrderPath(order.id), toast: { type: "success", message: PAYMENT_NOTICES.paid } };
  if (outcome === "error") return null;
  return { redirectTo: "/cart", toast: { type: "success", message: PAYMENT_NOTICES.cancelled } };
}

// A shopper's earlier online checkouts that are still open, closed before a new order is placed (so the same cart
// never ends up in two orders), and the units and discount uses they hold until then.
import { and, eq, isNotNull, isNull, ne, or } from "drizzle-orm";
import Stripe from "stripe";
import { db } from "#app/lib/db.server.ts";
import { Refusal } from "#app/lib/refusal.ts";
import { stockKey } from "#app/modules/inventory/index.server.ts";
import { type Order, orderLinesIn } from "#app/modules/orders/index.server.ts";
import { orders } from "#db/tables.ts";
import { errorText, onlinePaymentAvailable, stripeClient } from "./stripe.server.ts";
import { cancelOrderForSession, openOnlineOrder, settleClosedSession } from "./stripe-payment-events.server.ts";

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

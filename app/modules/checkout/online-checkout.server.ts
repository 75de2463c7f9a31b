// Starting an online checkout: the order is placed unpaid with the same checks and amounts as a cash order, and
// a Stripe Checkout Session is made for exactly its total. It is paid (or not) through
// stripe-payment-events.server.ts.
import { and, eq, isNull } from "drizzle-orm";
import Stripe from "stripe";
import { publicOrigin } from "#app/lib/config.server.ts";
import { first, transaction } from "#app/lib/db.server.ts";
import { refuse } from "#app/lib/refusal.ts";
import { releaseDiscountUse } from "#app/modules/discounts/index.server.ts";
import { returnOrderStock } from "#app/modules/inventory/index.server.ts";
import { lineName } from "#app/modules/inventory/shared/sizes.ts";
import { type Order, type PlaceOrderInput, placeOrder } from "#app/modules/orders/index.server.ts";
import { placedOrderPath } from "#app/modules/orders/shared/order-status.ts";
import { orders } from "#db/tables.ts";
import {
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
  // Discounted to nothing: placed paid, there is nothing to pay (the orders module's place-order.server.ts).
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

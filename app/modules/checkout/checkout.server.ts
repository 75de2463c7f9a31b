// Placing an order from the cart (the cart page) or from an /api client's lines, cash or online: the one
// place that decides how. The adapters only read the request and choose the answer.
import { parseMoney } from "#app/lib/money.ts";
import { refuse } from "#app/lib/refusal.ts";
import { parseOrderLines } from "#app/modules/cart/index.server.ts";
import { underCodeThrottle } from "#app/modules/discounts/index.server.ts";
import { checkOrderRequest, placeOrder } from "#app/modules/orders/index.server.ts";
import { shopSettings } from "#app/modules/shop/index.server.ts";
import type { PaymentType } from "#db/tables.ts";
import { ALREADY_PLACED, CHECKOUT_ENDED, startOnlineCheckout } from "./online-checkout.server.ts";
import { checkoutsToCloseIds, closeOpenCheckouts, unitsHeldByCheckoutsToClose } from "./open-checkouts.server.ts";
import { ONLINE_PAYMENT_OFF, onlinePaymentAvailable } from "./stripe.server.ts";

export const PAYMENT_TYPES: readonly PaymentType[] = ["COD", "Online"];

const REQUEST_KEY = /^[A-Za-z0-9_-]{8,100}$/;

export type CheckoutRequest = {
  shopperId: string;
  paymentType: unknown;
  addressId: unknown;
  /** The Place Order form's token or the Idempotency-Key header: the same key twice places one order. */
  requestKey: unknown;
  /** The order lines of an /api body; without them, what the shopper's saved cart holds is ordered. */
  items?: unknown;
  /** The origin of the shopper's request (Stripe's return URLs when PUBLIC_URL is unset). */
  origin: string;
  /** A discount code: the one the cart carries, or an /api body's `discountCode`; none when absent or empty. */
  discountCode?: unknown;
  /** The code was typed by the client (an /api body's): tried under the code throttle, as the cart's field is. */
  codeTyped?: boolean;
  /** The client's address: code attempts and open online checkouts are counted per address (every route sends it). */
  client?: string;
  /**
   * The total the shopper was shown, in the shop's currency as a decimal ("40.80"): the Place Order form's, or an
   * /api body's `expectedAmount`. The order is refused (409, with the new total) if it would cost more.
   */
  shownTotal?: unknown;
};

export type CheckoutResult =
  /** A cash order: placed now (created) or by the same request before. */
  | { paymentType: "COD"; orderId: string; created: boolean }
  /** An online order: the browser goes to `url` to pay. */
  | { paymentType: "Online"; orderId: string; url: string; paid: boolean };

/**
 * Checks everything the request says first (payment method, request key, address, lines, products, sizes,
 * units left counting those the open checkout holds), so that a refused request changes nothing; then closes
 * the shopper's other open online checkout (its units come back) and places a cash order or starts an online
 * checkout.
 */
export async function placeCartOrder(request: CheckoutRequest): Promise<CheckoutResult> {
  const { client } = request;
  if (!request.codeTyped || !hasCode(request.discountCode) || client === undefined) return placeChecked(request);
  return underCodeThrottle({ userId: request.shopperId, client }, () => placeChecked(request));
}

const hasCode = (code: unknown) => code !== undefined && code !== null && code !== "";

/** The total shown, in minor units (null when none was sent); a 400 when it is not an amount. */
async function shownTotalCents(shown: unknown): Promise<number | null> {
  if (shown === undefined || shown === null || shown === "") return null;
  const cents = parseMoney(shown, (await shopSettings()).currency);
  if (cents === null) refuse("The total shown is not an amount.");
  return cents;
}

async function placeChecked(request: CheckoutRequest): Promise<CheckoutResult> {
  const paymentType = request.paymentType ?? "COD";
  if (!PAYMENT_TYPES.includes(paymentType as PaymentType)) refuse("Please choose a payment method.");
  const requestKey = request.requestKey ?? null;
  if (requestKey !== null && (typeof requestKey !== "string" || !REQUEST_KEY.test(requestKey))) {
    refuse("Invalid request key.");
  }
  const input = {
    userId: request.shopperId,
    addressId: request.addressId,
    requestKey,
    items: request.items === undefined ? ("saved-cart" as const) : parseOrderLines(request.items),
    discountCode: request.discountCode,
    shownTotalCents: await shownTotalCents(request.shownTotal),
    client: request.client,
  };
  if (paymentType === "Online" && !onlinePaymentAvailable()) refuse(ONLINE_PAYMENT_OFF);
  const held = await unitsHeldByCheckoutsToClose(request.shopperId, requestKey);
  const releasing = await checkoutsToCloseIds(request.shopperId, requestKey);
  const earlier = await checkOrderRequest({ ...input, paymentType: paymentType as PaymentType, releasing }, held);
  // The same form sent again: refused here, as placeOrder and startOnlineCheckout would refuse it, when the
  // first one placed an order of the other kind or its checkout has ended.
  if (earlier && earlier.paymentType !== paymentType) refuse(ALREADY_PLACED, 409);
  if (earlier && paymentType === "Online" && !earlier.isPaid && earlier.status === "Cancelled") {
    refuse(CHECKOUT_ENDED, 409);
  }
  await closeOpenCheckouts(request.shopperId, requestKey);
  if (paymentType === "Online") {
    const { orderId, url, paid } = await startOnlineCheckout({ ...input, origin: request.origin });
    return { paymentType, orderId, url, paid };
  }
  const { order, created } = await placeOrder({ ...input, paymentType: "COD" });
  if (order.paymentType !== "COD") refuse(ALREADY_PLACED, 409);
  return { paymentType: "COD", orderId: order.id, created };
}

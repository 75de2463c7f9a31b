// The Stripe SDK and the payment settings every payment module shares. One code path for real Stripe and
// for the built-in sandbox (app/stripe-sandbox/, which nothing here imports): only the SDK's host, port and protocol differ. Which of the
// two, or none, is `config().paymentMode` ("stripe" | "sandbox" | "off"); in "off" mode (production without
// a key) online payment is simply not offered.
import Stripe from "stripe";
import { config } from "#app/lib/config.server.ts";
import { formatTaxRate } from "#app/lib/money.ts";
import { SANDBOX_SECRET_KEY, sandboxBaseUrl, sandboxWebhookSecret } from "#app/lib/stripe-sandbox-config.server.ts";

/** The default shop's currency as Stripe writes it (lower case); an order's own is `stripeCurrency(order.currency)`. */
export const STRIPE_CURRENCY = "usd";
/** An ISO 4217 code as Stripe writes it: "JPY" → "jpy". Amounts go to Stripe in the currency's minor units. */
export function stripeCurrency(currency: string): string {
  return currency.toLowerCase();
}
/** How long a shopper has to pay; then the session expires and the order is cancelled. */
export const CHECKOUT_SESSION_SECONDS = 60 * 60;
/**
 * How long a checkout that carries a discount code holds the code's use (and its units): the least Stripe allows
 * (expires_at 30 minutes after the session's creation) and a minute for the request to reach Stripe (decision 0212).
 */
export const CODE_CHECKOUT_SESSION_SECONDS = 31 * 60;
/** How long an order's checkout lasts: shorter when it holds a use of a discount code. */
export function checkoutSessionSeconds(order: { discountCode: string | null }): number {
  return order.discountCode ? CODE_CHECKOUT_SESSION_SECONDS : CHECKOUT_SESSION_SECONDS;
}
export const CHECKOUT_SESSION_ID_PATTERN = /^cs_(test|live)_[0-9A-Za-z]{1,200}$/;

export const ONLINE_PAYMENT_UNAVAILABLE =
  "Online payment could not be started. Please try again in a moment or choose Cash on Delivery.";
/** The refusal when online payment is off (production without STRIPE_SECRET_KEY and without the sandbox). */
export const ONLINE_PAYMENT_OFF = "Online payment is not available at the moment. Please choose Cash on Delivery.";
export const ONLINE_PAYMENT_TOO_SMALL =
  "Online payment needs a larger order total (the card payment minimum). Please choose Cash on Delivery.";

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
  // A programming error, never a shopper's: callers check onlinePaymentAvailable() first.
  if (paymentMode === "off") throw new Error("Online payment is off: there is no Stripe to talk to.");
  const secretKey = paymentMode === "stripe" && STRIPE_SECRET_KEY ? STRIPE_SECRET_KEY : SANDBOX_SECRET_KEY;
  const sandbox = paymentMode === "sandbox" ? sandboxBaseUrl() : null;
  const cacheKey = `${secretKey}|${sandbox?.href ?? "stripe"}`;
  if (client?.cacheKey === cacheKey) return client.stripe;
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: "fashion-store" } };
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

/** What of an order its Stripe session is made from: its currency, tax and shipping as it was placed. */
export type OrderCharges = {
  currency: string;
  taxCents: number;
  taxIncluded: boolean;
  taxRateBasisPoints: number;
  shippingCents: number;
};

/**
 * The session's line items, in the order's currency (amounts in its minor units): one per product at its unit
 * price, the tax as its own line when it is added on top (prices that include it already hold it), and the
 * shipping fee, so that their sum is the order's amount to the minor unit (a line of zero is left out).
 */
export function checkoutLineItems(
  lines: readonly { name: string; quantity: number; unitPriceCents: number }[],
  order: OrderCharges,
): Stripe.Checkout.SessionCreateParams.LineItem[] {
  const currency = stripeCurrency(order.currency);
  const items: Stripe.Checkout.SessionCreateParams.LineItem[] = lines.map((line) => ({
    quantity: line.quantity,
    price_data: {
      currency,
      unit_amount: line.unitPriceCents,
      product_data: { name: line.name.slice(0, 250) || "Product" },
    },
  }));
  const extra = (name: string, amount: number) =>
    items.push({ quantity: 1, price_data: { currency, unit_amount: amount, product_data: { name } } });
  if (!order.taxIncluded && order.taxCents > 0)
    extra(`Tax (${formatTaxRate(order.taxRateBasisPoints)})`, order.taxCents);
  if (order.shippingCents > 0) extra("Shipping", order.shippingCents);
  return items;
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

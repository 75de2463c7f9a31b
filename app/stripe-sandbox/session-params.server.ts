// The parameters of `POST /v1/checkout/sessions`, checked as Stripe checks them (for the part of Stripe the
// store uses), plus the sandbox's own rule that the shopper only ever returns to the store itself.
import { formatMoney } from "#app/lib/money.ts";
import { applyCoupon, sessionCoupon } from "./coupons.server.ts";
import { StripeApiError } from "./errors.server.ts";
import { nowSeconds, type SandboxLineItem, stripeId } from "./objects.server.ts";
import {
  asHash,
  expandParam,
  integerParam,
  metadataParam,
  optionalString,
  type Params,
  refuseUnknownParams,
  requireString,
  urlParam,
} from "./params.server.ts";
import {
  isStoreOrigin,
  MAX_LINE_ITEMS,
  MAX_SESSION_SECONDS,
  MIN_CHARGE,
  MIN_SESSION_SECONDS,
} from "./settings.server.ts";

const CREATE_PARAMS = new Set([
  "mode",
  "success_url",
  "cancel_url",
  "line_items",
  "metadata",
  "client_reference_id",
  "customer_email",
  "expires_at",
  "expand",
  "payment_method_types",
  "discounts",
]);

/** A session to create, from valid parameters. */
export type NewSessionInput = {
  successUrl: string;
  cancelUrl: string | null;
  lineItems: SandboxLineItem[];
  currency: string;
  /** The line items' sum before the coupon, the coupon's amount, and what is due. */
  subtotal: number;
  discount: number;
  couponId: string | null;
  total: number;
  created: number;
  expiresAt: number;
  metadata: Record<string, string>;
  clientReferenceId: string | null;
  customerEmail: string | null;
  paymentMethodTypes: string[];
  expand: string[];
};

/** The checked parameters of a new Checkout Session; a StripeApiError (400) names the first bad one. */
export function newSessionInput(params: Params): NewSessionInput {
  refuseUnknownParams(params, CREATE_PARAMS);
  const mode = requireString(params, "mode");
  if (mode !== "payment") {
    throw new StripeApiError(400, "The sandbox supports mode=payment only.", { param: "mode" });
  }
  const successUrl = returnUrlParam(params, "success_url", true)!;
  const cancelUrl = returnUrlParam(params, "cancel_url", false);
  const lineItems = lineItemsParam(params);
  const currency = lineItems[0]!.currency;
  if (lineItems.some((item) => item.currency !== currency)) {
    throw new StripeApiError(400, "All line items must use the same currency.", { param: "line_items" });
  }
  const subtotal = lineItems.reduce((sum, item) => sum + item.amount_subtotal, 0);
  const coupon = sessionCoupon(params, currency);
  const discount = coupon ? applyCoupon(coupon, lineItems) : 0;
  const total = subtotal - discount;
  const minimum = MIN_CHARGE[currency];
  if (minimum !== undefined && total < minimum) {
    const shown = formatMoney(minimum, currency.toUpperCase());
    throw new StripeApiError(
      400,
      `The Checkout Session's total amount due must add up to at least ${shown} ${currency}`,
      {
        param: "line_items",
        code: "amount_too_small",
      },
    );
  }
  const created = nowSeconds();
  const expiresAt =
    params.expires_at === undefined
      ? created + MAX_SESSION_SECONDS
      : integerParam(
          params.expires_at,
          "expires_at",
          created + MIN_SESSION_SECONDS - 60,
          created + MAX_SESSION_SECONDS,
        );
  const methods = params.payment_method_types;
  const paymentMethodTypes = Array.isArray(methods) ? methods.filter((m): m is string => typeof m === "string") : [];
  return {
    successUrl,
    cancelUrl,
    lineItems,
    currency,
    subtotal,
    discount,
    couponId: coupon?.id ?? null,
    total,
    created,
    expiresAt,
    clientReferenceId: optionalString(params, "client_reference_id", 200),
    customerEmail: optionalString(params, "customer_email", 800),
    metadata: metadataParam(params),
    paymentMethodTypes: paymentMethodTypes.length > 0 ? paymentMethodTypes : ["card"],
    expand: expandParam(params),
  };
}

/** A success or cancel URL: a valid http(s) URL on the store's own origin (see isStoreOrigin). */
function returnUrlParam(params: Params, name: string, required: boolean): string | null {
  const value = urlParam(params, name, required);
  if (value !== null && !isStoreOrigin(new URL(value))) {
    throw new StripeApiError(
      400,
      `Invalid ${name}: the store's sandbox only sends the shopper back to the store itself (PUBLIC_URL, or an address of this machine), not to ${new URL(value).origin}.`,
      { param: name },
    );
  }
  return value;
}

function lineItemsParam(params: Params): SandboxLineItem[] {
  const value = params.line_items;
  if (value === undefined || value === "") {
    throw new StripeApiError(400, "Missing required param: line_items.", {
      param: "line_items",
      code: "parameter_missing",
    });
  }
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_LINE_ITEMS) {
    throw new StripeApiError(400, `line_items must be a list of 1 to ${MAX_LINE_ITEMS} items.`, {
      param: "line_items",
    });
  }
  return value.map((raw, index) => lineItem(raw, `line_items[${index}]`));
}

function lineItem(raw: Params[string], label: string): SandboxLineItem {
  const item = asHash(raw, label);
  refuseUnknownParams(item, new Set(["quantity", "price_data"]), label);
  if (item.price_data === undefined) {
    throw new StripeApiError(400, `Missing required param: ${label}[price_data]. (The sandbox has no saved prices.)`, {
      param: `${label}[price_data]`,
      code: "parameter_missing",
    });
  }
  const priceData = asHash(item.price_data, `${label}[price_data]`);
  refuseUnknownParams(priceData, new Set(["currency", "unit_amount", "product_data"]), `${label}[price_data]`);
  const currency = requireString(priceData, "currency", `${label}[price_data][currency]`).toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) {
    throw new StripeApiError(400, `Invalid currency: ${currency}`, { param: `${label}[price_data][currency]` });
  }
  const unitAmount = integerParam(priceData.unit_amount, `${label}[price_data][unit_amount]`, 0, 99_999_999);
  const productData = asHash(priceData.product_data, `${label}[price_data][product_data]`);
  refuseUnknownParams(productData, new Set(["name", "description"]), `${label}[price_data][product_data]`);
  const name = requireString(productData, "name", `${label}[price_data][product_data][name]`);
  const quantity = integerParam(item.quantity, `${label}[quantity]`, 1, 999_999);
  const amount = unitAmount * quantity;
  return {
    id: stripeId("li"),
    object: "item",
    amount_discount: 0,
    amount_subtotal: amount,
    amount_tax: 0,
    amount_total: amount,
    currency,
    description: name,
    metadata: {},
    price: {
      id: stripeId("price"),
      object: "price",
      active: false,
      currency,
      livemode: false,
      product: stripeId("prod", 14),
      type: "one_time",
      unit_amount: unitAmount,
      unit_amount_decimal: String(unitAmount),
    },
    quantity,
  };
}

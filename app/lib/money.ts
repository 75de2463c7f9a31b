// The one place money is computed. Every amount is an integer in the shop currency's minor units (cents for USD,
// yen for JPY: a zero-decimal currency has no minor unit); decimals appear only at the edges (/api, CSV, forms).
import { DEFAULT_LOCALE, decimalSeparator, shopLocale } from "./locales.ts";

/** How the shop charges: the shop settings' money part (app/modules/shop), passed to computeTotals. */
export type Pricing = {
  /** Tax rate in basis points: 200 = 2%. */
  taxRateBasisPoints: number;
  /** true: product prices already include the tax (the tax is shown, not added); false: it is added on top. */
  taxIncluded: boolean;
  /** The flat shipping fee of an order (0 = free shipping). */
  shippingFlatCents: number;
  /** Orders whose subtotal reaches this ship free; null = no threshold. */
  freeShippingFromCents: number | null;
};

/** Today's store: 2% tax added on top, free shipping, US dollars. */
export const DEFAULT_PRICING: Pricing = {
  taxRateBasisPoints: 200,
  taxIncluded: false,
  shippingFlatCents: 0,
  freeShippingFromCents: null,
};
export const DEFAULT_CURRENCY = "USD";

export type PricedLine = { unitPriceCents: number; quantity: number };
export type Totals = {
  subtotalCents: number;
  /** A discount code's amount off the subtotal (0 without one), never more than the subtotal. */
  discountCents: number;
  shippingCents: number;
  /** The tax: added to the total, or (taxIncluded) the part of the subtotal that is tax. */
  taxCents: number;
  taxIncluded: boolean;
  totalCents: number;
  /** Each line's share of discountCents (they add up to it exactly): stored on the order's lines, refunded with them. */
  lineDiscountCents: number[];
};

/** One line's amount: unit price × quantity. */
export function lineAmount(line: PricedLine): number {
  if (!Number.isSafeInteger(line.unitPriceCents) || !Number.isSafeInteger(line.quantity)) {
    throw new TypeError("Prices and quantities must be whole numbers of minor units and units");
  }
  return line.unitPriceCents * line.quantity;
}

/**
 * Subtotal = Σ unit price × quantity, less a discount code's amount (app/modules/discounts computes it; never
 * more than the subtotal). Tax on the discounted goods (not on shipping), rounded down to the minor unit: added
 * on top, goods × rate; or included in the prices, the part goods × rate / (1 + rate). Shipping: the flat fee,
 * free from the threshold on (reached by the discounted goods), nothing for an empty cart.
 */
export function computeTotals(
  lines: readonly PricedLine[],
  pricing: Pricing,
  options: {
    discountCents?: number;
    /** Per line, the part of its amount the code applies to (a code limited to products: 0 for the others); all by default. */
    discountableCents?: readonly number[];
  } = {},
): Totals {
  let subtotalCents = 0;
  for (const line of lines) subtotalCents += lineAmount(line);
  const discount = options.discountCents ?? 0;
  if (!Number.isSafeInteger(discount) || discount < 0) throw new TypeError("A discount must be whole minor units");
  const discountCents = Math.min(discount, subtotalCents);
  const goodsCents = subtotalCents - discountCents;
  const rate = pricing.taxRateBasisPoints;
  const taxCents = pricing.taxIncluded
    ? Math.floor((goodsCents * rate) / (10_000 + rate))
    : Math.floor((goodsCents * rate) / 10_000);
  const freeShipping =
    subtotalCents === 0 || (pricing.freeShippingFromCents !== null && goodsCents >= pricing.freeShippingFromCents);
  const shippingCents = freeShipping ? 0 : pricing.shippingFlatCents;
  const totalCents = goodsCents + shippingCents + (pricing.taxIncluded ? 0 : taxCents);
  const weights = options.discountableCents ?? lines.map(lineAmount);
  const lineDiscountCents = shareOut(discountCents, weights);
  return {
    subtotalCents,
    discountCents,
    shippingCents,
    taxCents,
    taxIncluded: pricing.taxIncluded,
    totalCents,
    lineDiscountCents,
  };
}

/**
 * Splits `amount` over parts in proportion to their weights, in whole minor units that add up to it exactly: each
 * part its rounded-down share, the units left over one each to the parts that lost most in rounding (the first on
 * a tie). All weights 0: all to nothing (zeros), since nothing can carry it.
 */
export function shareOut(amount: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((sum, w) => sum + w, 0);
  if (whole <= 0 || amount <= 0) return weights.map(() => 0);
  const shares = weights.map((w) => Math.floor((amount * w) / whole));
  let left = amount - shares.reduce((sum, s) => sum + s, 0);
  const byLoss = weights
    .map((w, i) => ({ i, loss: (amount * w) % whole }))
    .filter((part) => weights[part.i]! > 0)
    .sort((a, b) => b.loss - a.loss || a.i - b.i);
  for (const { i } of byLoss) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/** 200 → "2%", 1950 → "19.5%". */
export function formatTaxRate(basisPoints: number): string {
  return `${Number((basisPoints / 100).toFixed(2))}%`;
}

const formatters = new Map<string, Intl.NumberFormat>();
function formatterOf(currency: string, locale: string = DEFAULT_LOCALE): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(shopLocale(locale), { style: "currency", currency, useGrouping: false });
    formatters.set(key, formatter);
  }
  return formatter;
}

const digitsOf = new Map<string, number>();
/** Digits after the point of a currency: 2 for USD, 0 for JPY (ISO 4217, as Intl knows it). */
export function minorUnits(currency: string): number {
  // resolvedOptions() builds a new object each call: asked once per currency (every price on a page asks).
  let digits = digitsOf.get(currency);
  if (digits === undefined) {
    digits = formatterOf(currency).resolvedOptions().maximumFractionDigits ?? 2;
    digitsOf.set(currency, digits);
  }
  return digits;
}

/**
 * An amount as the shop writes it: (1999, "USD") → "$19.99"; (1999, "EUR", "de-DE") → "19,99 €"; (1999, "JPY")
 * → "¥1999". No grouping ("$1999.00", as the store always wrote it). The locale is the shop's (app/lib/locales.ts).
 */
export function formatMoney(amount: number, currency: string, locale: string = DEFAULT_LOCALE): string {
  return formatterOf(currency, locale).format(toDecimal(amount, currency));
}

/** The currency's sign as the shop writes it: "$", "€", "£", "¥" (or the code where the locale has none). */
export function currencySymbol(currency: string, locale: string = DEFAULT_LOCALE): string {
  return (
    formatterOf(currency, locale)
      .formatToParts(0)
      .find((part) => part.type === "currency")?.value ?? currency
  );
}

/** (1999, "USD") → 19.99; (1999, "JPY") → 1999 (for /api JSON and CSV). */
export function toDecimal(amount: number, currency: string): number {
  const digits = minorUnits(currency);
  return Number((Math.round(amount) / 10 ** digits).toFixed(digits));
}

/** (1999, "USD") → "19.99"; (1999, "JPY") → "1999": a CSV cell's text (always a point: machine-readable). */
export function toDecimalText(amount: number, currency: string): string {
  return toDecimal(amount, currency).toFixed(minorUnits(currency));
}

/** A money field's text as the shop writes it: (490, "EUR", "de-DE") → "4,90"; (490, "USD") → "4.90". */
export function toInputText(amount: number, currency: string, locale: string = DEFAULT_LOCALE): string {
  const text = toDecimalText(amount, currency);
  return decimalSeparator(locale) === "," ? text.replace(".", ",") : text;
}

/**
 * "19.99", "19,99" or 19.99 → 1999 in USD or EUR; "1999" → 1999 in JPY. Either separator is taken before the
 * decimals (with at most the currency's decimals, never three, a comma cannot be a thousands separator: "4,90" is
 * 4.90 in every shop). null when it is not a non-negative amount written so: no thousands separators, no sign.
 */
export function parseMoney(input: unknown, currency: string): number | null {
  const text = typeof input === "number" ? String(input) : typeof input === "string" ? input.trim() : "";
  const digits = minorUnits(currency);
  const pattern =
    digits === 0 ? /^\d{1,9}$/ : new RegExp(`^\\d{1,7}(\\.\\d{1,${digits}}|,\\d{1,${Math.min(digits, 2)}})?$`);
  if (!pattern.test(text)) return null;
  const [whole, fraction = ""] = text.split(/[.,]/);
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
}

/**
 * What a money field expects, for its message: "an amount in EUR with a comma before the cents, e.g. 4,90 (no
 * thousands separators)"; "a whole number of JPY (it has no decimals), e.g. 1999".
 */
export function moneyHint(currency: string, locale: string = DEFAULT_LOCALE): string {
  if (minorUnits(currency) === 0) return `a whole number of ${currency} (it has no decimals), e.g. 1999`;
  const comma = decimalSeparator(locale) === ",";
  return `an amount in ${currency} with a ${comma ? "comma" : "point"} before the cents, e.g. ${comma ? "4,90" : "4.90"} (no thousands separators)`;
}

/**
 * A money field's input: a number input (the spec's) where the shop writes decimals with a point; a text field
 * with the decimal keypad where it writes a comma, which a number input would refuse or misread.
 */
export function moneyInputProps(currency: string, locale: string = DEFAULT_LOCALE) {
  const digits = minorUnits(currency);
  return decimalSeparator(locale) === ","
    ? ({ type: "text", inputMode: "decimal" } as const)
    : ({ type: "number", inputMode: digits === 0 ? "numeric" : "decimal", step: digits === 0 ? "1" : "0.01" } as const);
}

/** The old two-decimal parser (dollars and cents): parseMoney in US dollars. */
export function parseMoneyToCents(input: unknown): number | null {
  return parseMoney(input, DEFAULT_CURRENCY);
}

/** 1999 → 19.99 in a two-decimal currency. */
export function centsToDecimal(cents: number): number {
  return toDecimal(cents, DEFAULT_CURRENCY);
}

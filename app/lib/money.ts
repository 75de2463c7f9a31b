// The one place money is computed. Everything is integer cents; decimals appear only at the edges.

export const TAX_RATE_PERCENT = 2;
export const CURRENCY = "$";

export type PricedLine = { unitPriceCents: number; quantity: number };
export type Totals = {
  subtotalCents: number;
  /** A discount code's amount off the subtotal (0 without one), never more than the subtotal. */
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
};

/**
 * Cart amount = Σ offer price × quantity; less the discount (app/modules/discounts computes it); tax = 2% of
 * what is left, rounded down to the cent; shipping is free.
 */
export function computeTotals(lines: readonly PricedLine[], options: { discountCents?: number } = {}): Totals {
  let subtotalCents = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.unitPriceCents) || !Number.isSafeInteger(line.quantity)) {
      throw new TypeError("Prices and quantities must be whole numbers of cents and units");
    }
    subtotalCents += line.unitPriceCents * line.quantity;
  }
  const discount = options.discountCents ?? 0;
  if (!Number.isSafeInteger(discount) || discount < 0) throw new TypeError("A discount must be whole cents");
  const discountCents = Math.min(discount, subtotalCents);
  const taxCents = Math.floor(((subtotalCents - discountCents) * TAX_RATE_PERCENT) / 100);
  const shippingCents = 0;
  const totalCents = subtotalCents - discountCents + shippingCents + taxCents;
  return { subtotalCents, discountCents, shippingCents, taxCents, totalCents };
}

/** 1999 → "$19.99" */
export function formatMoney(cents: number): string {
  return `${CURRENCY}${centsToDecimal(cents).toFixed(2)}`;
}

/** 1999 → 19.99 (for /api JSON). */
export function centsToDecimal(cents: number): number {
  return Math.round(cents) / 100;
}

/** "19.99" or 19.99 → 1999; null when it is not a non-negative amount with at most two decimals. */
export function parseMoneyToCents(input: unknown): number | null {
  const text = typeof input === "number" ? String(input) : typeof input === "string" ? input.trim() : "";
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ""] = text.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

// What a cart form or an /api call sends about a cart, checked before anything is read or stored: product ids
// as we make them, sizes as labels, whole quantities 1..99, the cart's line limit. Every refusal says what was
// wrong; nothing here touches the database.

import { ID_PATTERN } from "#app/lib/ids.ts";
import { CART_INTENTS } from "#app/lib/intents.ts";
import { Refusal, refuse } from "#app/lib/refusal.ts";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "#app/modules/cart/shared/cart-limits.ts";
import { cartKey, isSizeLabel, NO_SIZE, splitCartKey } from "#app/modules/inventory/shared/sizes.ts";
import { type CartMap, isCartKey } from "./visitor-cart.server.ts";

export type CartChange =
  | { op: "add"; productId: string; size: string }
  | { op: "set"; productId: string; size: string; quantity: number }
  | { op: "remove"; productId: string; size: string };

/** A line to order: a product, its size (absent or '' for a product without sizes) and how many. */
export type OrderLineInput = { productId: string; size?: string; quantity: number };

/** A product id as we generate them; anything else is refused before it reaches a query. */
export function parseProductId(value: unknown): string {
  if (typeof value !== "string" || !ID_PATTERN.test(value)) refuse("Invalid product id.");
  return value;
}

/** A size as a form or JSON names it: none (missing, null or "") is '', anything else a label as stored. */
export function parseSize(value: unknown): string {
  if (value === undefined || value === null) return NO_SIZE;
  if (!isSizeLabel(value)) refuse("Invalid size.");
  return value;
}

const quantityRefusal = () => new Refusal(`Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}.`);

/** A whole number of units from 1 to 99, from a form field ("3") or JSON (3). */
export function parseQuantity(value: unknown): number {
  const n = typeof value === "string" && /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : value;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > MAX_LINE_QUANTITY) throw quantityRefusal();
  return n;
}

/** Order lines as a client sent them: ids we generate, whole quantities 1..99, one line per product and size. */
export function parseOrderLines(items: unknown): OrderLineInput[] {
  if (!Array.isArray(items)) refuse("The order items must be a list.");
  if (items.length === 0) refuse("Your cart is empty.");
  if (items.length > MAX_CART_LINES) refuse(`An order can hold at most ${MAX_CART_LINES} products.`);
  const merged: CartMap = new Map();
  for (const item of items) {
    const { productId, size, quantity } = (item ?? {}) as Partial<Record<keyof OrderLineInput, unknown>>;
    if (typeof productId !== "string" || !ID_PATTERN.test(productId)) refuse("Invalid product id in the order.");
    // JSON carries numbers: "2" is as wrong as 2.5.
    if (typeof quantity !== "number") throw quantityRefusal();
    const key = cartKey(productId, parseSize(size));
    const total = (merged.get(key) ?? 0) + parseQuantity(quantity);
    if (total > MAX_LINE_QUANTITY) throw quantityRefusal();
    merged.set(key, total);
  }
  return [...merged].map(([key, quantity]) => ({ ...splitCartKey(key), quantity }));
}

/** The cart change a cart form asks for (its intent, product, size and quantity fields); Buy now adds one. */
export function parseCartChange(fields: {
  intent: unknown;
  productId: unknown;
  size?: unknown;
  quantity?: unknown;
}): CartChange {
  const line = () => ({ productId: parseProductId(fields.productId), size: parseSize(fields.size) });
  switch (fields.intent) {
    case CART_INTENTS.add:
    case CART_INTENTS.buyNow:
      return { op: "add", ...line() };
    case CART_INTENTS.setQuantity:
      return { op: "set", ...line(), quantity: parseQuantity(fields.quantity) };
    case CART_INTENTS.remove:
      return { op: "remove", ...line() };
    default:
      refuse("Unknown cart action.");
  }
}

/** A line of the /api's `cartLines`: a product id, its size (absent for a product without sizes) and how many. */
export type ApiCartLine = { product: string; size?: string; quantity: number };

export const TOO_MANY_LINES = `Your cart can hold at most ${MAX_CART_LINES} different products.`;

/**
 * The spec's `cartItems` (POST /api/cart/update): product id → quantity. Its keys are product ids only, as
 * in GET /api/product/list; a line with a size goes in `cartLines`.
 */
export function parseApiCartItems(input: unknown): CartMap {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    refuse("cartItems must be an object mapping product ids to quantities.");
  }
  const entries = Object.entries(input);
  if (entries.length > MAX_CART_LINES) refuse(TOO_MANY_LINES);
  const cart: CartMap = new Map();
  for (const [key, quantity] of entries) {
    if (!isCartKey(key)) refuse(ID_PATTERN.test(splitCartKey(key).productId) ? "Invalid size." : "Invalid product id.");
    if (splitCartKey(key).size !== NO_SIZE) {
      refuse("cartItems keys are product ids; send a line with a size in cartLines: [{product, size, quantity}].");
    }
    cart.set(key, parseQuantity(quantity));
  }
  return cart;
}

/**
 * The size-aware `cartLines` (POST /api/cart/update): `[{product, size?, quantity}]`, one line per product
 * and size; `size` absent, null or '' for a product without sizes. Quantities are JSON numbers.
 */
export function parseApiCartLines(input: unknown): CartMap {
  if (!Array.isArray(input)) refuse("cartLines must be a list of {product, size, quantity}.");
  if (input.length > MAX_CART_LINES) refuse(TOO_MANY_LINES);
  const cart: CartMap = new Map();
  input.forEach((line: unknown, index) => {
    const at = `cartLines[${index}]`;
    if (typeof line !== "object" || line === null || Array.isArray(line))
      refuse(`${at} must be {product, size, quantity}.`);
    const { product, size, quantity } = line as Record<string, unknown>;
    if (typeof product !== "string" || !ID_PATTERN.test(product)) refuse(`${at}: invalid product id.`);
    if (size !== undefined && size !== null && !isSizeLabel(size)) refuse(`${at}: invalid size.`);
    // JSON carries numbers: "2" is as wrong as 2.5.
    if (typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY) {
      throw new Refusal(`${at}: ${quantityRefusal().message}`);
    }
    const key = cartKey(product, parseSize(size));
    if (cart.has(key)) refuse(`${at} repeats a line: send each product and size once.`);
    cart.set(key, quantity);
  });
  return cart;
}

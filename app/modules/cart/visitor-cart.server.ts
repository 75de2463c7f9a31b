// A visitor's cart: a signed cookie holding [cart key, quantity] pairs (the key is "<productId>" or
// "<productId>:<size>"). Anything malformed is dropped on read; a tampered cookie reads as empty.

import { ID_PATTERN } from "#app/lib/ids.ts";
import { visitorCookie } from "#app/lib/signed-cookies.server.ts";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "#app/modules/cart/shared/cart-limits.ts";
import { isSizeLabel, splitCartKey } from "#app/modules/inventory/shared/sizes.ts";

/** Cart key → quantity, in the order the lines were first added. */
export type CartMap = Map<string, number>;

const cartCookie = visitorCookie("__cart", 30);

/** A cart key of a product id we generate and a size label as stored. */
export function isCartKey(key: unknown): key is string {
  if (typeof key !== "string") return false;
  const { productId, size } = splitCartKey(key);
  return ID_PATTERN.test(productId) && isSizeLabel(size);
}

/** The visitor cart from its signed cookie. */
export async function readVisitorCart(request: Request): Promise<CartMap> {
  const value = await cartCookie.read(request);
  const cart: CartMap = new Map();
  if (!Array.isArray(value)) return cart;
  for (const entry of value.slice(0, MAX_CART_LINES)) {
    if (!Array.isArray(entry)) continue;
    const [key, quantity] = entry;
    if (isCartKey(key) && Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_LINE_QUANTITY) {
      cart.set(key, quantity);
    }
  }
  return cart;
}

/** The Set-Cookie value that stores this cart (or clears the cookie when it is empty). */
export function writeVisitorCart(cart: CartMap): Promise<string> {
  if (cart.size === 0) return cartCookie.clear([]);
  return cartCookie.write([...cart]);
}

/** Whether the request carries a visitor cart cookie at all (even an empty or broken one). */
export function hasVisitorCartCookie(request: Request): boolean {
  return cartCookie.isSent(request);
}

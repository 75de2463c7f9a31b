// Limits of a cart: enforced by app/modules/cart/cart.server.ts, also applied when the visitor cookie is read.

/** Most units of one product and size a cart line (and an order line) may hold. */
export const MAX_LINE_QUANTITY = 99;
/** Most different lines one cart may hold (also keeps the visitor cookie well under 4 kB). */
export const MAX_CART_LINES = 50;

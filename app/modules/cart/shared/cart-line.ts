// A cart line as the cart page shows it (app/modules/cart/cart-view.server.ts makes it): browser-safe, so the
// cart's components may name it.

/**
 * Why a cart line cannot be bought right now: the product is switched off, removed from sale or gone; the
 * line's size is no longer offered (or the product has sizes now and the line has none); or it sold out.
 */
export type Unavailability = "out-of-stock" | "removed" | "gone" | "no-size" | "sold-out";

export type CartLine = {
  /** "<productId>" or "<productId>:<size>". */
  key: string;
  productId: string;
  /** '' for a product without sizes. */
  size: string;
  /** Units of this line that would be ordered: what the cart holds, capped at what is left. */
  quantity: number;
  /** Units left of this size; null when not counted. */
  left: number | null;
  /** The cart held more than is left of this size: what it held, and what it holds now (`quantity`). */
  cut: { from: number; to: number } | null;
  /** null when the product no longer exists at all. */
  product: {
    name: string;
    category: string;
    image: string | null;
    /** The size as shown ('Free Size' for a product without sizes). */
    size: string;
    unitPriceCents: number;
    priceCents: number;
  } | null;
  unavailable: Unavailability | null;
  /** Offer price × quantity; 0 for an unavailable line (it is left out of the totals). */
  lineCents: number;
};

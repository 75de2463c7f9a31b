// The cart as the cart page, the header and an order see it: each line joined with its product and the units
// left of its size, the quantity capped at what is left, and totals over what can be bought now.
import { eq, inArray, sum } from "drizzle-orm";
import { type Db, db, type Tx } from "#app/lib/db.server.ts";
import { computeTotals, type Totals } from "#app/lib/money.ts";
import { FREE_SIZE, isAvailable, NO_SIZE, splitCartKey } from "#app/lib/sizes.ts";
import { cartItems, products } from "#db/schema.ts";
import { type OrderLineInput, readCart } from "./cart.server.ts";
import { stockKey, stockLinesIn } from "./stock.server.ts";
import { type CartMap, readVisitorCart } from "./visitor-cart.server.ts";

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

export type CartView = {
  lines: CartLine[];
  /** Totals over the available lines only. */
  totals: Totals;
  /** Units in the cart (what the header shows). */
  count: number;
  /** The available lines, as an order takes them. */
  orderable: OrderLineInput[];
};

/**
 * The cart's lines joined with their products and counts, and the totals of what can be bought. `held`: units
 * by stockKey that count as left although they are not in stock yet (an open checkout's, about to be closed).
 */
export function viewCartIn(tx: Tx | Db, cart: CartMap, held: ReadonlyMap<string, number> = new Map()): CartView {
  const ids = [...new Set([...cart.keys()].map((key) => splitCartKey(key).productId))];
  const rows =
    ids.length === 0
      ? []
      : tx
          .select({
            id: products.id,
            name: products.name,
            category: products.category,
            images: products.images,
            priceCents: products.priceCents,
            offerPriceCents: products.offerPriceCents,
            inStock: products.inStock,
            removedAt: products.removedAt,
          })
          .from(products)
          .where(inArray(products.id, ids))
          .all();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const stock = stockLinesIn(tx, ids);
  const lines: CartLine[] = [];
  const orderable: OrderLineInput[] = [];
  const priced: { unitPriceCents: number; quantity: number }[] = [];
  for (const [key, stored] of cart) {
    const { productId, size } = splitCartKey(key);
    const row = byId.get(productId);
    const sizeLine = stock.get(productId)?.find((line) => line.size === size);
    const counted = sizeLine?.stock ?? null;
    const left = counted === null ? null : counted + (held.get(stockKey(productId, size)) ?? 0);
    const unavailable: Unavailability | null = !row
      ? "gone"
      : row.removedAt !== null
        ? "removed"
        : !row.inStock
          ? "out-of-stock"
          : !sizeLine
            ? "no-size"
            : !isAvailable(left)
              ? "sold-out"
              : null;
    const quantity = unavailable || left === null ? stored : Math.min(stored, left);
    let lineCents = 0;
    if (row && !unavailable) {
      orderable.push({ productId, size, quantity });
      priced.push({ unitPriceCents: row.offerPriceCents, quantity });
      lineCents = computeTotals([{ unitPriceCents: row.offerPriceCents, quantity }]).subtotalCents;
    }
    lines.push({
      key,
      productId,
      size,
      quantity,
      left,
      unavailable,
      lineCents,
      product: row
        ? {
            name: row.name,
            category: row.category,
            image: row.images[0] ?? null,
            size: size === NO_SIZE ? FREE_SIZE : size,
            unitPriceCents: row.offerPriceCents,
            priceCents: row.priceCents,
          }
        : null,
    });
  }
  const count = [...cart].reduce(
    (total, [key, quantity]) => total + (byId.has(splitCartKey(key).productId) ? quantity : 0),
    0,
  );
  return { lines, totals: computeTotals(priced), count, orderable };
}

/** The cart of whoever sent the request, ready to show. */
export async function getCart(request: Request, userId: string | null): Promise<CartView> {
  return viewCartIn(db(), await readCart(request, userId));
}

/** Units in the cart, for the header (products that no longer exist are not counted). */
export async function cartCount(request: Request, userId: string | null): Promise<number> {
  if (userId) {
    const row = db()
      .select({ count: sum(cartItems.quantity) })
      .from(cartItems)
      .where(eq(cartItems.userId, userId))
      .get();
    return Number(row?.count ?? 0);
  }
  const cart = await readVisitorCart(request);
  return cart.size === 0 ? 0 : viewCartIn(db(), cart).count;
}

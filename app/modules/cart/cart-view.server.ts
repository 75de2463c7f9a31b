// The cart as the cart page, the header and an order see it: each line joined with its product and the units
// left of its size, the quantity capped at what is left, and totals over what can be bought now. A cap is never
// silent: the cart page saves it and says which line changed and why (settleCart), every count on the page is
// the capped one, and an order from a cart that would be capped unseen is refused (the orders module's
// order-checks.server.ts).
import { and, asc, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import {
  type Db,
  db,
  preparedPerConnection,
  preparedRowsPerConnection,
  type Tx,
  transaction,
} from "#app/lib/db.server.ts";
import { computeTotals, lineAmount, type Pricing, type Totals } from "#app/lib/money.ts";
import { refuse } from "#app/lib/refusal.ts";
import { stockKey, stockLinesIn } from "#app/modules/inventory/index.server.ts";
import { cartKey, FREE_SIZE, isAvailable, NO_SIZE, splitCartKey } from "#app/modules/inventory/shared/sizes.ts";
import { shopPricing, shopSettings } from "#app/modules/shop/index.server.ts";
import { cartItems, productSizes, products } from "#db/tables.ts";
import type { OrderLineInput } from "./cart-input.server.ts";
import type { CartLine, Unavailability } from "./shared/cart-line.ts";
import { type CartMap, readVisitorCart, writeVisitorCart } from "./visitor-cart.server.ts";

export type { CartLine, Unavailability };

export type CartView = {
  lines: CartLine[];
  /** Totals over the available lines only. */
  totals: Totals;
  /** Units in the cart, each line as it shows (capped at what is left): what the header shows. */
  count: number;
  /** The available lines, as an order takes them. */
  orderable: OrderLineInput[];
};

/** What a line needs of its product. */
type ProductRow = {
  name: string;
  category: string;
  images: string[];
  priceCents: number;
  offerPriceCents: number;
  inStock: boolean;
  removedAt: number | null;
};

/** One line as read: its key, the units the cart holds, its product (if it exists) and its size's count (if offered). */
type LineSource = {
  key: string;
  stored: number;
  row: ProductRow | undefined;
  /** The line's size among the product's sizes: its units left (null when not counted), or undefined when not offered. */
  sizeLine: { stock: number | null } | undefined;
};

/**
 * The cart's lines joined with their products and counts, and the totals of what can be bought. `held`: units
 * by stockKey that count as left although they are not in stock yet (an open checkout's, about to be closed).
 * `pricing`: the shop's, when the caller has read the settings already (else read here).
 */
export async function viewCartIn(
  tx: Tx | Db,
  cart: CartMap,
  held: ReadonlyMap<string, number> = new Map(),
  pricing?: Pricing,
): Promise<CartView> {
  return cartView(await sourcesOf(tx, cart), held, pricing);
}

/** The lines of a cart given by keys (a visitor's, an order's), with their products and their sizes' counts. */
async function sourcesOf(tx: Tx | Db, cart: CartMap): Promise<LineSource[]> {
  const ids = [...new Set([...cart.keys()].map((key) => splitCartKey(key).productId))];
  const rows =
    ids.length === 0
      ? []
      : await tx
          .select({ id: products.id, ...PRODUCT_FIELDS })
          .from(products)
          .where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const stock = await stockLinesIn(tx, ids);
  const sources: LineSource[] = [];
  for (const [key, stored] of cart) {
    const { productId, size } = splitCartKey(key);
    sources.push({
      key,
      stored,
      row: byId.get(productId),
      sizeLine: stock.get(productId)?.find((line) => line.size === size),
    });
  }
  return sources;
}

/** The product fields a cart line reads. */
const PRODUCT_FIELDS = {
  name: products.name,
  category: products.category,
  images: products.images,
  priceCents: products.priceCents,
  offerPriceCents: products.offerPriceCents,
  inStock: products.inStock,
  removedAt: products.removedAt,
};

/**
 * A shopper's saved cart with its products and its sizes' counts in one query: each line (in the order the lines
 * were added) joined with its product (a saved line's product always exists: deleting a product deletes its
 * lines; a line without one shows as "gone", as in viewCartIn) and the product's row of the line's size, if it still offers it. What savedCartIn and viewCartIn read
 * in three queries.
 */
function savedCartRows(connection: Tx | Db, userId: ReturnType<typeof sql.placeholder> | string) {
  return connection
    .select({
      productId: cartItems.productId,
      size: cartItems.size,
      quantity: cartItems.quantity,
      // null only if the product's row is gone without its lines (the foreign key deletes them with it).
      found: products.id,
      ...PRODUCT_FIELDS,
      // The size's row, when the product offers the line's size (its stock may be null: not counted).
      offered: productSizes.size,
      stock: productSizes.stock,
    })
    .from(cartItems)
    .leftJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(productSizes, and(eq(productSizes.productId, cartItems.productId), eq(productSizes.size, cartItems.size)))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.productId), asc(cartItems.size));
}

/** The same, prepared once per connection (the cart page asks it on every view). */
const savedCartRowsOn = preparedRowsPerConnection((connection) =>
  savedCartRows(connection, sql.placeholder("userId")).prepare(),
);

/**
 * A shopper's saved cart as viewCartIn shows it (the same lines, counts and totals), read in one query: by the
 * statement prepared once per connection on a read connection, built afresh inside a transaction.
 */
export async function viewSavedCartIn(
  tx: Tx | Db,
  userId: string,
  held: ReadonlyMap<string, number> = new Map(),
  pricing?: Pricing,
): Promise<CartView> {
  const rows = tx === db() ? await savedCartRowsOn(db(), { userId }) : await savedCartRows(tx, userId);
  const sources: LineSource[] = rows.map(({ productId, size, quantity, found, offered, stock, ...row }) => ({
    key: cartKey(productId, size),
    stored: quantity,
    row: found === null ? undefined : (row as ProductRow),
    sizeLine: offered === null ? undefined : { stock },
  }));
  return cartView(sources, held, pricing);
}

/** The lines, the count, what can be ordered and the totals of lines as read. */
async function cartView(
  sources: readonly LineSource[],
  held: ReadonlyMap<string, number>,
  pricing: Pricing | undefined,
): Promise<CartView> {
  const { lines, count, orderable, priced } = cartLines(sources, held);
  return { lines, totals: computeTotals(priced, pricing ?? shopPricing(await shopSettings())), count, orderable };
}

/** The lines, the count and what can be ordered (with its prices) of lines as read: no totals, no settings read. */
function cartLines(sources: readonly LineSource[], held: ReadonlyMap<string, number>) {
  const lines: CartLine[] = [];
  const orderable: OrderLineInput[] = [];
  const priced: { unitPriceCents: number; quantity: number }[] = [];
  for (const { key, stored, row, sizeLine } of sources) {
    const { productId, size } = splitCartKey(key);
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
    const cut = quantity < stored ? { from: stored, to: quantity } : null;
    let lineCents = 0;
    if (row && !unavailable) {
      orderable.push({ productId, size, quantity });
      priced.push({ unitPriceCents: row.offerPriceCents, quantity });
      lineCents = lineAmount({ unitPriceCents: row.offerPriceCents, quantity });
    }
    lines.push({
      key,
      productId,
      size,
      quantity,
      left,
      cut,
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
  const count = lines.reduce((total, line) => total + (line.product ? line.quantity : 0), 0);
  return { lines, count, orderable, priced };
}

/** What the shopper is told about a line cut to what is left ("Only 1 left of Tote (size M): …"). */
export function stockCutNotice(line: Pick<CartLine, "cut" | "product" | "size">): string | null {
  if (!line.cut || !line.product) return null;
  const size = line.size === NO_SIZE ? "" : ` (size ${line.size})`;
  return `Only ${line.cut.to} left of ${line.product.name}${size}: we changed your quantity from ${line.cut.from} to ${line.cut.to}`;
}

/**
 * An order from the saved cart takes exactly what the shopper saw: a line the cart page has not cut yet
 * (stock fell since) refuses the order (409), saying which line and why; the cart page then shows the change.
 */
export function refuseUnseenStockCuts(view: CartView): void {
  const notices = view.lines.map(stockCutNotice).filter((notice) => notice !== null);
  if (notices.length > 0) {
    refuse(`${notices.join(". ")}. Please check your cart, then place your order again.`, 409);
  }
}

/**
 * The cart as the cart page shows it, with every line cut to what is left saved that way (the shopper's
 * saved cart, or the visitor cookie: `cookies` to set), so the change is made once and said once: `notices`.
 */
export async function settleCart(
  request: Request,
  userId: string | null,
  pricing?: Pricing,
): Promise<{ view: CartView; notices: string[]; cookies: string[] }> {
  const notices = (view: CartView) => view.lines.map(stockCutNotice).filter((notice) => notice !== null);
  if (userId) {
    // Most views cut nothing: only then is the write lock taken, and the cart read again under it.
    const first = await viewSavedCartIn(db(), userId, undefined, pricing);
    if (!first.lines.some((line) => line.cut)) return { view: first, notices: [], cookies: [] };
    const view = await transaction(async (tx) => {
      const seen = await viewSavedCartIn(tx, userId, undefined, pricing);
      for (const line of seen.lines) {
        if (!line.cut) continue;
        await tx
          .update(cartItems)
          .set({ quantity: line.cut.to })
          .where(
            and(eq(cartItems.userId, userId), eq(cartItems.productId, line.productId), eq(cartItems.size, line.size)),
          );
      }
      return seen;
    });
    return { view, notices: notices(view), cookies: [] };
  }
  const cart = await readVisitorCart(request);
  const view = await viewCartIn(db(), cart, undefined, pricing);
  const cut = view.lines.filter((line) => line.cut);
  if (cut.length === 0) return { view, notices: [], cookies: [] };
  const settled: CartMap = new Map(cart);
  for (const line of cut) settled.set(line.key, line.quantity);
  return { view, notices: notices(view), cookies: [await writeVisitorCart(settled)] };
}

/** Units in the cart, for the header: the same count the cart page shows (capped at what is left). */
export async function cartCount(request: Request, userId: string | null): Promise<number> {
  if (userId) return savedCartCount(userId);
  const cart = await readVisitorCart(request);
  // The count only: no totals, so no read of the shop's settings (every page of a visitor with a cart asks).
  return cart.size === 0 ? 0 : cartLines(await sourcesOf(db(), cart), new Map()).count;
}

/**
 * The header's count of a shopper's saved cart in one query (every page asks; viewCartIn reads the cart, its
 * products and their sizes, and builds every line): what viewCartIn counts, the lines whose product still
 * exists, each capped at the units left when its size can be bought and is counted, else as it is. Prepared
 * once per connection.
 */
const savedCartCountOn = preparedPerConnection((connection) => {
  const capped = and(
    isNull(products.removedAt),
    eq(products.inStock, true),
    gt(productSizes.stock, 0),
    lt(productSizes.stock, cartItems.quantity),
  );
  return connection
    .select({
      units: sql<
        number | null
      >`sum(case when ${capped} then ${productSizes.stock} else ${cartItems.quantity} end)`.mapWith(Number),
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(productSizes, and(eq(productSizes.productId, cartItems.productId), eq(productSizes.size, cartItems.size)))
    .where(eq(cartItems.userId, sql.placeholder("userId")))
    .prepare();
});

async function savedCartCount(userId: string): Promise<number> {
  const row = await savedCartCountOn(db(), { userId });
  return Number(row?.units ?? 0);
}

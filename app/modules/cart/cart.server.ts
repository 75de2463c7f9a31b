// The cart rules in one place. A visitor's cart lives in a signed cookie (visitor-cart.server.ts); a
// signed-in shopper's cart lives in `cart_items` and is saved after every change; at login the two are
// merged. A cart has one line per product and size, keyed "<productId>" or "<productId>:<size>".
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { type Db, db, first, type Tx, transaction } from "#app/lib/db.server.ts";
import { Refusal, refuse } from "#app/lib/refusal.ts";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "#app/modules/cart/shared/cart-limits.ts";
import { refuseShortStock, sizeLineOf, stockLinesIn, stockLinesOf } from "#app/modules/inventory/index.server.ts";
import { cartKey, NO_SIZE, splitCartKey } from "#app/modules/inventory/shared/sizes.ts";
import { cartItems, products } from "#db/tables.ts";
import {
  type ApiCartLine,
  type CartChange,
  type OrderLineInput,
  parseApiCartItems,
  parseApiCartLines,
  TOO_MANY_LINES,
} from "./cart-input.server.ts";
import { type CartMap, hasVisitorCartCookie, readVisitorCart, writeVisitorCart } from "./visitor-cart.server.ts";

export type { CartMap };
export { MAX_CART_LINES, MAX_LINE_QUANTITY };

export const CART_MESSAGES = { add: "Added to Cart", set: "Cart Updated", remove: "Removed from Cart" } as const;

/** What a shopper is told who adds a product with sizes without choosing one. */
export const SELECT_A_SIZE = "Please select a size";

/** The saved cart of a shopper, in the order its lines were added (inside a transaction, or not). */
export async function savedCartIn(tx: Tx | Db, userId: string): Promise<CartMap> {
  const rows = await tx
    .select({ productId: cartItems.productId, size: cartItems.size, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.productId), asc(cartItems.size));
  return new Map(rows.map((r) => [cartKey(r.productId, r.size), r.quantity]));
}

/** The signed-in shopper's saved cart. */
export async function readSavedCart(userId: string): Promise<CartMap> {
  return savedCartIn(db(), userId);
}

/** The cart of whoever sent the request: the saved one when signed in, else the visitor cookie. */
export async function readCart(request: Request, userId: string | null): Promise<CartMap> {
  return userId ? readSavedCart(userId) : readVisitorCart(request);
}

/**
 * Only a product on sale, switched on, can be added or have its quantity raised, and only in a size it has
 * ('Please select a size' for a product with sizes and none chosen). Returns its name and the units left.
 */
async function requireSizeOnSale(tx: Tx | Db, productId: string, size: string) {
  const state = await first(
    tx
      .select({ name: products.name, inStock: products.inStock, removedAt: products.removedAt })
      .from(products)
      .where(eq(products.id, productId)),
  );
  if (!state || state.removedAt !== null) refuse("This product is no longer available.", 404);
  if (!state.inStock) refuse("This product is out of stock.", 409);
  const noSize = new Refusal(SELECT_A_SIZE, 400, { size: SELECT_A_SIZE });
  const line = sizeLineOf(state.name, await stockLinesOf(tx, productId), size, noSize);
  return { name: state.name, left: line.stock };
}

/** Caps a line at the units left of its size. */
function requireUnitsLeft(product: { name: string; left: number | null }, size: string, quantity: number) {
  if (product.left !== null && quantity > product.left) refuseShortStock(product.name, size, product.left);
}

/** The quantity a line has after a change (0 = the line goes away), or a Refusal. */
function applyChange(cart: CartMap, key: string, change: CartChange): number {
  const current = cart.get(key) ?? 0;
  if (change.op === "remove") return Math.max(current - 1, 0);
  if (current === 0 && cart.size >= MAX_CART_LINES) {
    refuse(`Your cart can hold at most ${MAX_CART_LINES} different products.`);
  }
  if (change.op === "set") return change.quantity;
  if (current >= MAX_LINE_QUANTITY) refuse(`You can have at most ${MAX_LINE_QUANTITY} of one product in your cart.`);
  return current + 1;
}

const savedLine = (userId: string, key: string) => {
  const { productId, size } = splitCartKey(key);
  return and(eq(cartItems.userId, userId), eq(cartItems.productId, productId), eq(cartItems.size, size));
};

/** Writes one line of a saved cart (a new line goes last; a changed one keeps its place). */
async function saveLine(tx: Tx, userId: string, key: string, quantity: number): Promise<void> {
  const { productId, size } = splitCartKey(key);
  await tx
    .insert(cartItems)
    .values({ userId, productId, size, quantity })
    .onConflictDoUpdate({ target: [cartItems.userId, cartItems.productId, cartItems.size], set: { quantity } });
}

/**
 * Adds one unit, sets a quantity or removes one unit. Signed in: saved in one transaction.
 * Visitor: returns the new cookie. Returns the toast message and the Set-Cookie values to send.
 */
export async function changeCart(
  request: Request,
  userId: string | null,
  change: CartChange,
): Promise<{ message: string; cookies: string[] }> {
  const message = CART_MESSAGES[change.op];
  const key = cartKey(change.productId, change.size);
  if (userId) {
    await transaction(async (tx) => {
      const product = change.op === "remove" ? null : await requireSizeOnSale(tx, change.productId, change.size);
      const quantity = applyChange(await savedCartIn(tx, userId), key, change);
      if (product) requireUnitsLeft(product, change.size, quantity);
      if (quantity > 0) await saveLine(tx, userId, key, quantity);
      else await tx.delete(cartItems).where(savedLine(userId, key));
    });
    return { message, cookies: [] };
  }
  const product = change.op === "remove" ? null : await requireSizeOnSale(db(), change.productId, change.size);
  const cart = await readVisitorCart(request);
  const quantity = applyChange(cart, key, change);
  if (product) requireUnitsLeft(product, change.size, quantity);
  if (quantity === 0) cart.delete(key);
  else cart.set(key, quantity);
  return { message, cookies: [await writeVisitorCart(cart)] };
}

/** The part of a saved cart an /api update replaces: the spec's `cartItems` (lines without a size) or every line. */
export type CartScope = "unsized" | "all";

/**
 * POST /api/cart/update's body: `{cartItems}` (the spec's client) replaces the lines without a size;
 * `{cartLines}` (a size-aware client) replaces the whole cart. Sending both is refused.
 */
export async function updateSavedCartFromApi(userId: string, body: Record<string, unknown>): Promise<void> {
  const hasLines = body.cartLines !== undefined;
  if (hasLines && body.cartItems !== undefined) {
    refuse("Send either cartItems (product id → quantity) or cartLines ([{product, size, quantity}]), not both.");
  }
  if (hasLines) await replaceSavedLines(userId, parseApiCartLines(body.cartLines), "all");
  else await replaceSavedCart(userId, body.cartItems);
}

/**
 * Replaces the lines without a size of the saved cart with the spec's `cartItems` map (product id →
 * quantity). Lines with a size, which that map cannot show, are kept: a spec client's update (even `{}`)
 * never drops them, and removing a product's key removes only its line without a size.
 */
export async function replaceSavedCart(userId: string, input: unknown): Promise<void> {
  await replaceSavedLines(userId, parseApiCartItems(input), "unsized");
}

/**
 * Replaces the lines in `scope` of the saved cart of products on sale with `cart` (already checked for
 * shape). Every product must exist; a new line must name a size the product has (a line already saved may
 * stay as it is, as in a page cart). Lines outside the scope, and lines of products removed from sale (which
 * the /api does not list), are kept. On any problem nothing is stored.
 */
export async function replaceSavedLines(userId: string, cart: CartMap, scope: CartScope): Promise<void> {
  await transaction(async (tx) => {
    const ids = [...new Set([...cart.keys()].map((key) => splitCartKey(key).productId))];
    const known =
      ids.length === 0
        ? []
        : await tx.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, ids));
    if (known.length !== ids.length) refuse("A product in the cart does not exist.", 404);
    const names = new Map(known.map((p) => [p.id, p.name]));
    const saved = await savedCartIn(tx, userId);
    const stock = await stockLinesIn(tx, ids);
    for (const key of cart.keys()) {
      if (saved.has(key)) continue;
      const { productId, size } = splitCartKey(key);
      sizeLineOf(names.get(productId) ?? "", stock.get(productId) ?? [], size);
    }
    // Kept: lines of products removed from sale (the client could not see them) and lines outside the scope.
    const lines = (
      await tx
        .select({ productId: cartItems.productId, size: cartItems.size, removedAt: products.removedAt })
        .from(cartItems)
        .innerJoin(products, eq(products.id, cartItems.productId))
        .where(eq(cartItems.userId, userId))
    ).map((line) => ({
      key: cartKey(line.productId, line.size),
      kept: line.removedAt !== null || (scope === "unsized" && line.size !== NO_SIZE),
    }));
    const kept = lines.filter((line) => line.kept).map((line) => line.key);
    if (new Set([...kept, ...cart.keys()]).size > MAX_CART_LINES) refuse(TOO_MANY_LINES);
    // Only the lines the update leaves out are deleted: a line sent again keeps its place (its added time), a
    // new one goes last (docs/api.md: "in the order the lines were added").
    for (const line of lines) {
      if (!line.kept && !cart.has(line.key)) await tx.delete(cartItems).where(savedLine(userId, line.key));
    }
    for (const [key, quantity] of cart) await saveLine(tx, userId, key, quantity);
  });
}

/**
 * The saved cart as the /api shows it (is-auth, login, register), listing only products on sale (the ones
 * GET /api/product/list lists; the others stay in the saved cart, shown as unavailable on /cart):
 * - `cartItems`, the spec's map product id → quantity, holds the lines without a size only, so a client
 *   written for the spec resolves every key to a product of /api/product/list;
 * - `cartLines`, added for size-aware clients, holds every line in the order they were added:
 *   `{product, size?, quantity}` (`size` only on a line with one).
 */
export async function apiCart(
  userId: string,
): Promise<{ cartItems: Record<string, number>; cartLines: ApiCartLine[] }> {
  const rows = await db()
    .select({ productId: cartItems.productId, size: cartItems.size, quantity: cartItems.quantity })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(cartItems.userId, userId), isNull(products.removedAt)))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.productId), asc(cartItems.size));
  return {
    cartItems: Object.fromEntries(rows.filter((r) => r.size === NO_SIZE).map((r) => [r.productId, r.quantity])),
    cartLines: rows.map((r) => ({
      product: r.productId,
      ...(r.size === NO_SIZE ? {} : { size: r.size }),
      quantity: r.quantity,
    })),
  };
}

/**
 * At login, adds the visitor cart into the saved one (quantities added, capped at 99 a line and 50 lines;
 * products that no longer exist are dropped). Returns the Set-Cookie value that clears the visitor
 * cart, or null when there was none.
 */
export async function mergeVisitorCart(request: Request, userId: string): Promise<string | null> {
  const visitor = await readVisitorCart(request);
  if (visitor.size > 0) {
    await transaction((tx) => addToSavedCart(tx, userId, visitor));
  }
  return visitor.size > 0 || hasVisitorCartCookie(request) ? writeVisitorCart(new Map()) : null;
}

/**
 * Adds lines (cart key → quantity) into a saved cart, inside the caller's transaction: quantities are added,
 * capped at 99 a line and 50 lines; products that no longer exist are dropped.
 */
export async function addToSavedCart(
  tx: Tx,
  userId: string,
  lines: Iterable<readonly [key: string, quantity: number]>,
): Promise<void> {
  const wanted = [...lines];
  if (wanted.length === 0) return;
  const saved = await savedCartIn(tx, userId);
  const ids = [...new Set(wanted.map(([key]) => splitCartKey(key).productId))];
  const existing = new Set(
    (await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids))).map((p) => p.id),
  );
  for (const [key, quantity] of wanted) {
    if (!existing.has(splitCartKey(key).productId)) continue;
    const before = saved.get(key);
    if (before === undefined && saved.size >= MAX_CART_LINES) continue;
    const merged = Math.min((before ?? 0) + quantity, MAX_LINE_QUANTITY);
    saved.set(key, merged);
    await saveLine(tx, userId, key, merged);
  }
}

/** Takes the lines of a placed order out of a saved cart (quantities subtracted), inside the caller's transaction. */
export async function removeFromSavedCart(tx: Tx, userId: string, lines: readonly OrderLineInput[]): Promise<void> {
  const saved = await savedCartIn(tx, userId);
  for (const { productId, size = NO_SIZE, quantity } of lines) {
    const key = cartKey(productId, size);
    const left = (saved.get(key) ?? 0) - quantity;
    if (left > 0) await tx.update(cartItems).set({ quantity: left }).where(savedLine(userId, key));
    else await tx.delete(cartItems).where(savedLine(userId, key));
  }
}

/** Empties a saved cart, inside the caller's transaction. */
export async function clearSavedCart(tx: Tx, userId: string): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.userId, userId));
}

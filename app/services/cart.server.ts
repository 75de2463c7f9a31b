// The cart rules in one place. A visitor's cart lives in a signed cookie; a signed-in shopper's cart
// lives in `cart_items` and is saved after every change; at login the two are merged.
import { and, asc, eq, inArray, sum } from "drizzle-orm";
import { createCookie } from "react-router";
import { isProduction, sessionSecret } from "#app/lib/config.server.ts";
import { type Db, db, type Tx } from "#app/lib/db.server.ts";
import { ID_PATTERN } from "#app/lib/ids.ts";
import { CART_INTENTS } from "#app/lib/intents.ts";
import { computeTotals, type Totals } from "#app/lib/money.ts";
import { Refusal, refuse } from "#app/lib/refusal.ts";
import { cartItems, products } from "#db/schema.ts";
import { sizeLabel } from "./catalog.server.ts";

/** Most units of one product a cart line (and an order line) may hold. */
export const MAX_LINE_QUANTITY = 99;
/** Most different products one cart may hold (also keeps the visitor cookie well under 4 kB). */
export const MAX_CART_LINES = 50;

/** Product id → quantity, in the order the products were first added. */
export type CartMap = Map<string, number>;

export type CartChange =
  | { op: "add"; productId: string }
  | { op: "set"; productId: string; quantity: number }
  | { op: "remove"; productId: string };

/** Why a cart line cannot be bought right now. */
export type Unavailability = "out-of-stock" | "removed" | "gone";

export type CartLine = {
  productId: string;
  quantity: number;
  /** null when the product no longer exists at all. */
  product: {
    name: string;
    category: string;
    image: string | null;
    size: string;
    unitPriceCents: number;
    priceCents: number;
  } | null;
  unavailable: Unavailability | null;
  /** Offer price × quantity; 0 for an unavailable line (it is left out of the totals). */
  lineCents: number;
};

export type OrderLineInput = { productId: string; quantity: number };

export type CartView = {
  lines: CartLine[];
  /** Totals over the available lines only. */
  totals: Totals;
  /** Units in the cart (what the header shows). */
  count: number;
  /** The available lines, as an order takes them. */
  orderable: OrderLineInput[];
};

export const CART_MESSAGES = { add: "Added to Cart", set: "Cart Updated", remove: "Removed from Cart" } as const;

/** A product id as we generate them; anything else is refused before it reaches a query. */
export function parseProductId(value: unknown): string {
  if (typeof value !== "string" || !ID_PATTERN.test(value)) refuse("Invalid product id.");
  return value;
}

const quantityRefusal = () => new Refusal(`Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}.`);

/** A whole number of units from 1 to 99, from a form field ("3") or JSON (3). */
export function parseQuantity(value: unknown): number {
  const n = typeof value === "string" && /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : value;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > MAX_LINE_QUANTITY) throw quantityRefusal();
  return n;
}

/** Order lines as a client sent them: ids we generate, whole quantities 1..99, one line per product. */
export function parseOrderLines(items: unknown): OrderLineInput[] {
  if (!Array.isArray(items)) refuse("The order items must be a list.");
  if (items.length === 0) refuse("Your cart is empty.");
  if (items.length > MAX_CART_LINES) refuse(`An order can hold at most ${MAX_CART_LINES} products.`);
  const merged: CartMap = new Map();
  for (const item of items) {
    const { productId, quantity } = (item ?? {}) as Partial<Record<keyof OrderLineInput, unknown>>;
    if (typeof productId !== "string" || !ID_PATTERN.test(productId)) refuse("Invalid product id in the order.");
    // JSON carries numbers: "2" is as wrong as 2.5.
    if (typeof quantity !== "number") throw quantityRefusal();
    const total = (merged.get(productId) ?? 0) + parseQuantity(quantity);
    if (total > MAX_LINE_QUANTITY) throw quantityRefusal();
    merged.set(productId, total);
  }
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

/** The cart change a cart form asks for (its intent, product and quantity fields); Buy now adds one. */
export function parseCartChange(fields: { intent: unknown; productId: unknown; quantity?: unknown }): CartChange {
  switch (fields.intent) {
    case CART_INTENTS.add:
    case CART_INTENTS.buyNow:
      return { op: "add", productId: parseProductId(fields.productId) };
    case CART_INTENTS.setQuantity:
      return { op: "set", productId: parseProductId(fields.productId), quantity: parseQuantity(fields.quantity) };
    case CART_INTENTS.remove:
      return { op: "remove", productId: parseProductId(fields.productId) };
    default:
      refuse("Unknown cart action.");
  }
}

function visitorCartCookie() {
  return createCookie("__cart", {
    httpOnly: true,
    sameSite: "lax",
    secure: isProduction(),
    path: "/",
    maxAge: 60 * 60 * 24 * 30,
    secrets: [sessionSecret()],
  });
}

/** The visitor cart from its signed cookie; anything malformed is dropped rather than trusted. */
export async function readVisitorCart(request: Request): Promise<CartMap> {
  const value = await visitorCartCookie().parse(request.headers.get("Cookie"));
  const cart: CartMap = new Map();
  if (!Array.isArray(value)) return cart;
  for (const entry of value.slice(0, MAX_CART_LINES)) {
    if (!Array.isArray(entry)) continue;
    const [id, quantity] = entry;
    if (typeof id === "string" && ID_PATTERN.test(id) && Number.isInteger(quantity)) {
      if (quantity >= 1 && quantity <= MAX_LINE_QUANTITY) cart.set(id, quantity);
    }
  }
  return cart;
}

function writeVisitorCart(cart: CartMap): Promise<string> {
  if (cart.size === 0) return visitorCartCookie().serialize([], { maxAge: 0 });
  return visitorCartCookie().serialize([...cart]);
}

/** The saved cart of a shopper, in the order its lines were added (inside a transaction, or not). */
export function savedCartIn(tx: Tx | Db, userId: string): CartMap {
  const rows = tx
    .select({ productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.productId))
    .all();
  return new Map(rows.map((r) => [r.productId, r.quantity]));
}

/** The signed-in shopper's saved cart. */
export async function readSavedCart(userId: string): Promise<CartMap> {
  return savedCartIn(db(), userId);
}

/** The cart of whoever sent the request: the saved one when signed in, else the visitor cookie. */
export async function readCart(request: Request, userId: string | null): Promise<CartMap> {
  return userId ? readSavedCart(userId) : readVisitorCart(request);
}

/** Only products on sale can be added or have their quantity raised. */
function requireAvailable(tx: Tx | Db, productId: string) {
  const state = tx
    .select({ inStock: products.inStock, removedAt: products.removedAt })
    .from(products)
    .where(eq(products.id, productId))
    .get();
  if (!state || state.removedAt !== null) refuse("This product is no longer available.", 404);
  if (!state.inStock) refuse("This product is out of stock.", 409);
}

/** The quantity a line has after a change (0 = the line goes away), or a Refusal. */
function applyChange(cart: CartMap, change: CartChange): number {
  const current = cart.get(change.productId) ?? 0;
  if (change.op === "remove") return Math.max(current - 1, 0);
  if (current === 0 && cart.size >= MAX_CART_LINES) {
    refuse(`Your cart can hold at most ${MAX_CART_LINES} different products.`);
  }
  if (change.op === "set") return change.quantity;
  if (current >= MAX_LINE_QUANTITY) refuse(`You can have at most ${MAX_LINE_QUANTITY} of one product in your cart.`);
  return current + 1;
}

/** Writes one line of a saved cart (a new line goes last; a changed one keeps its place). */
function saveLine(tx: Tx, userId: string, productId: string, quantity: number) {
  tx.insert(cartItems)
    .values({ userId, productId, quantity })
    .onConflictDoUpdate({ target: [cartItems.userId, cartItems.productId], set: { quantity } })
    .run();
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
  if (userId) {
    db().transaction(
      (tx) => {
        if (change.op !== "remove") requireAvailable(tx, change.productId);
        const quantity = applyChange(savedCartIn(tx, userId), change);
        if (quantity > 0) saveLine(tx, userId, change.productId, quantity);
        else
          tx.delete(cartItems)
            .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, change.productId)))
            .run();
      },
      { behavior: "immediate" },
    );
    return { message, cookies: [] };
  }
  if (change.op !== "remove") requireAvailable(db(), change.productId);
  const cart = await readVisitorCart(request);
  const quantity = applyChange(cart, change);
  if (quantity === 0) cart.delete(change.productId);
  else cart.set(change.productId, quantity);
  return { message, cookies: [await writeVisitorCart(cart)] };
}

/**
 * Replaces the saved cart with a whole map (POST /api/cart/update). Every id and quantity is checked
 * and every product must exist; on any problem nothing is stored.
 */
export async function replaceSavedCart(userId: string, input: unknown): Promise<void> {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    refuse("cartItems must be an object mapping product ids to quantities.");
  }
  const entries = Object.entries(input);
  if (entries.length > MAX_CART_LINES) refuse(`Your cart can hold at most ${MAX_CART_LINES} different products.`);
  const cart: CartMap = new Map();
  for (const [id, quantity] of entries) cart.set(parseProductId(id), parseQuantity(quantity));
  db().transaction(
    (tx) => {
      const ids = [...cart.keys()];
      const known =
        ids.length === 0 ? [] : tx.select({ id: products.id }).from(products).where(inArray(products.id, ids)).all();
      if (known.length !== ids.length) refuse("A product in the cart does not exist.", 404);
      tx.delete(cartItems).where(eq(cartItems.userId, userId)).run();
      for (const [productId, quantity] of cart) saveLine(tx, userId, productId, quantity);
    },
    { behavior: "immediate" },
  );
}

/**
 * At login, adds the visitor cart into the saved one (quantities added, capped at 99 a line and 50 lines;
 * products that no longer exist are dropped). Returns the Set-Cookie value that clears the visitor
 * cart, or null when there was none.
 */
export async function mergeVisitorCart(request: Request, userId: string): Promise<string | null> {
  const visitor = await readVisitorCart(request);
  const hadCookie = /(?:^|;\s*)__cart=/.test(request.headers.get("Cookie") ?? "");
  if (visitor.size > 0) {
    db().transaction((tx) => addToSavedCart(tx, userId, visitor), { behavior: "immediate" });
  }
  return visitor.size > 0 || hadCookie ? writeVisitorCart(new Map()) : null;
}

/**
 * Adds lines into a saved cart, inside the caller's transaction: quantities are added, capped at 99 a
 * line and 50 lines; products that no longer exist are dropped.
 */
export function addToSavedCart(
  tx: Tx,
  userId: string,
  lines: Iterable<readonly [productId: string, quantity: number]>,
) {
  const wanted = [...lines];
  if (wanted.length === 0) return;
  const saved = savedCartIn(tx, userId);
  const ids = wanted.map(([productId]) => productId);
  const existing = new Set(
    tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, ids))
      .all()
      .map((p) => p.id),
  );
  for (const [productId, quantity] of wanted) {
    if (!existing.has(productId)) continue;
    const before = saved.get(productId);
    if (before === undefined && saved.size >= MAX_CART_LINES) continue;
    const merged = Math.min((before ?? 0) + quantity, MAX_LINE_QUANTITY);
    saved.set(productId, merged);
    saveLine(tx, userId, productId, merged);
  }
}

/** Takes the lines of a placed order out of a saved cart (quantities subtracted), inside the caller's transaction. */
export function removeFromSavedCart(tx: Tx, userId: string, lines: readonly OrderLineInput[]) {
  const saved = savedCartIn(tx, userId);
  for (const { productId, quantity } of lines) {
    const left = (saved.get(productId) ?? 0) - quantity;
    const line = and(eq(cartItems.userId, userId), eq(cartItems.productId, productId));
    if (left > 0) tx.update(cartItems).set({ quantity: left }).where(line).run();
    else tx.delete(cartItems).where(line).run();
  }
}

/** Empties a saved cart, inside the caller's transaction. */
export function clearSavedCart(tx: Tx, userId: string) {
  tx.delete(cartItems).where(eq(cartItems.userId, userId)).run();
}

/** The cart's lines joined with their products, and the totals of what can be bought. */
export function viewCartIn(tx: Tx | Db, cart: CartMap): CartView {
  const ids = [...cart.keys()];
  const rows =
    ids.length === 0
      ? []
      : tx
          .select({
            id: products.id,
            name: products.name,
            category: products.category,
            images: products.images,
            size: products.size,
            priceCents: products.priceCents,
            offerPriceCents: products.offerPriceCents,
            inStock: products.inStock,
            removedAt: products.removedAt,
          })
          .from(products)
          .where(inArray(products.id, ids))
          .all();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const lines: CartLine[] = [];
  const orderable: OrderLineInput[] = [];
  const priced: { unitPriceCents: number; quantity: number }[] = [];
  for (const [productId, quantity] of cart) {
    const row = byId.get(productId);
    const unavailable: Unavailability | null = !row
      ? "gone"
      : row.removedAt !== null
        ? "removed"
        : !row.inStock
          ? "out-of-stock"
          : null;
    let lineCents = 0;
    if (row && !unavailable) {
      orderable.push({ productId, quantity });
      priced.push({ unitPriceCents: row.offerPriceCents, quantity });
      lineCents = computeTotals([{ unitPriceCents: row.offerPriceCents, quantity }]).subtotalCents;
    }
    lines.push({
      productId,
      quantity,
      unavailable,
      lineCents,
      product: row
        ? {
            name: row.name,
            category: row.category,
            image: row.images[0] ?? null,
            size: sizeLabel(row),
            unitPriceCents: row.offerPriceCents,
            priceCents: row.priceCents,
          }
        : null,
    });
  }
  const count = lines.filter((l) => l.product).reduce((total, l) => total + l.quantity, 0);
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

/** The saved cart as the /api shapes it: product id → quantity. */
export function cartItemsObject(cart: CartMap): Record<string, number> {
  return Object.fromEntries(cart);
}

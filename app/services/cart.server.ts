// The cart rules in one place. A visitor's cart lives in a signed cookie; a signed-in shopper's cart
// lives in `cart_items` and is saved after every change; at login the two are merged.
import { and, eq, inArray, sql } from "drizzle-orm";
import { createCookie } from "react-router";
import { isProduction, sessionSecret } from "#app/lib/config.server.ts";
import { db } from "#app/lib/db.server.ts";
import { ID_PATTERN } from "#app/lib/ids.ts";
import { computeTotals, type Totals } from "#app/lib/money.ts";
import { safeNextPath } from "#app/lib/safe-redirect.ts";
import { cartItems, products } from "#db/schema.ts";

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

export type CartView = {
  lines: CartLine[];
  /** Totals over the available lines only. */
  totals: Totals;
  /** Units in the cart (what the header shows). */
  count: number;
  /** The available lines, as an order takes them. */
  orderable: { productId: string; quantity: number }[];
};

export class CartError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** A product id as we generate them; anything else is refused before it reaches a query. */
export function parseProductId(value: unknown): string {
  if (typeof value !== "string" || !ID_PATTERN.test(value)) throw new CartError("Invalid product id.");
  return value;
}

/** A whole number of units from 1 to 99, from a form field ("3") or JSON (3). */
export function parseQuantity(value: unknown): number {
  const n = typeof value === "string" && /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : value;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > MAX_LINE_QUANTITY) {
    throw new CartError(`Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}.`);
  }
  return n;
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

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

function savedCart(tx: Tx | ReturnType<typeof db>, userId: string): CartMap {
  const rows = tx
    .select({ productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(sql`rowid`)
    .all();
  return new Map(rows.map((r) => [r.productId, r.quantity]));
}

/** The signed-in shopper's saved cart. */
export function readSavedCart(userId: string): CartMap {
  return savedCart(db(), userId);
}

/** The cart of whoever sent the request: the saved one when signed in, else the visitor cookie. */
export async function readCart(request: Request, userId: string | null): Promise<CartMap> {
  return userId ? readSavedCart(userId) : readVisitorCart(request);
}

function productState(tx: Tx | ReturnType<typeof db>, productId: string) {
  return tx
    .select({ inStock: products.inStock, removedAt: products.removedAt })
    .from(products)
    .where(eq(products.id, productId))
    .get();
}

/** Only products on sale can be added or have their quantity raised. */
function requireAvailable(tx: Tx | ReturnType<typeof db>, productId: string) {
  const state = productState(tx, productId);
  if (!state || state.removedAt !== null) throw new CartError("This product is no longer available.", 404);
  if (!state.inStock) throw new CartError("This product is out of stock.", 409);
}

/** The quantity a line has after a change (0 = the line goes away), or a CartError. */
function applyChange(cart: CartMap, change: CartChange): number {
  const current = cart.get(change.productId) ?? 0;
  switch (change.op) {
    case "add":
      if (current >= MAX_LINE_QUANTITY) {
        throw new CartError(`You can have at most ${MAX_LINE_QUANTITY} of one product in your cart.`);
      }
      if (current === 0 && cart.size >= MAX_CART_LINES) {
        throw new CartError(`Your cart can hold at most ${MAX_CART_LINES} different products.`);
      }
      return current + 1;
    case "set":
      if (current === 0 && cart.size >= MAX_CART_LINES) {
        throw new CartError(`Your cart can hold at most ${MAX_CART_LINES} different products.`);
      }
      return change.quantity;
    case "remove":
      return Math.max(current - 1, 0);
  }
}

export const CART_MESSAGES = { add: "Added to Cart", set: "Cart Updated", remove: "Removed from Cart" } as const;

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
        const quantity = applyChange(savedCart(tx, userId), change);
        const line = and(eq(cartItems.userId, userId), eq(cartItems.productId, change.productId));
        if (quantity === 0) tx.delete(cartItems).where(line).run();
        else
          tx.insert(cartItems)
            .values({ userId, productId: change.productId, quantity })
            .onConflictDoUpdate({ target: [cartItems.userId, cartItems.productId], set: { quantity } })
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
export function replaceSavedCart(userId: string, input: unknown) {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw new CartError("cartItems must be an object mapping product ids to quantities.");
  }
  const entries = Object.entries(input);
  if (entries.length > MAX_CART_LINES) {
    throw new CartError(`Your cart can hold at most ${MAX_CART_LINES} different products.`);
  }
  const cart: CartMap = new Map();
  for (const [id, quantity] of entries) cart.set(parseProductId(id), parseQuantity(quantity));
  db().transaction(
    (tx) => {
      const ids = [...cart.keys()];
      const known =
        ids.length === 0 ? [] : tx.select({ id: products.id }).from(products).where(inArray(products.id, ids)).all();
      if (known.length !== ids.length) throw new CartError("A product in the cart does not exist.", 404);
      tx.delete(cartItems).where(eq(cartItems.userId, userId)).run();
      for (const [productId, quantity] of cart) tx.insert(cartItems).values({ userId, productId, quantity }).run();
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
 * line and 50 lines; products that no longer exist are dropped. (The login merge, and an online order's
 * lines coming back when its checkout is cancelled or cannot start.)
 */
export function addToSavedCart(
  tx: Tx,
  userId: string,
  lines: Iterable<readonly [productId: string, quantity: number]>,
) {
  const wanted = [...lines];
  if (wanted.length === 0) return;
  const saved = savedCart(tx, userId);
  const existing = new Set(
    tx
      .select({ id: products.id })
      .from(products)
      .where(
        inArray(
          products.id,
          wanted.map(([productId]) => productId),
        ),
      )
      .all()
      .map((p) => p.id),
  );
  for (const [productId, quantity] of wanted) {
    if (!existing.has(productId)) continue;
    const before = saved.get(productId);
    if (before === undefined && saved.size >= MAX_CART_LINES) continue;
    const merged = Math.min((before ?? 0) + quantity, MAX_LINE_QUANTITY);
    saved.set(productId, merged);
    tx.insert(cartItems)
      .values({ userId, productId, quantity: merged })
      .onConflictDoUpdate({ target: [cartItems.userId, cartItems.productId], set: { quantity: merged } })
      .run();
  }
}

/** The cart's lines joined with their products, and the totals of what can be bought. */
export function viewCart(cart: CartMap): CartView {
  const ids = [...cart.keys()];
  const rows =
    ids.length === 0
      ? []
      : db()
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
  const orderable: CartView["orderable"] = [];
  for (const [productId, quantity] of cart) {
    const row = byId.get(productId);
    const unavailable: Unavailability | null = !row
      ? "gone"
      : row.removedAt !== null
        ? "removed"
        : !row.inStock
          ? "out-of-stock"
          : null;
    const lineCents =
      row && !unavailable ? computeTotals([{ unitPriceCents: row.offerPriceCents, quantity }]).subtotalCents : 0;
    if (row && !unavailable) orderable.push({ productId, quantity });
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
            size: row.size?.trim() || "Free Size",
            unitPriceCents: row.offerPriceCents,
            priceCents: row.priceCents,
          }
        : null,
    });
  }
  const totals = computeTotals(
    lines
      .filter((l) => l.product && !l.unavailable)
      .map((l) => ({
        unitPriceCents: l.product!.unitPriceCents,
        quantity: l.quantity,
      })),
  );
  const count = lines.filter((l) => l.product).reduce((sum, l) => sum + l.quantity, 0);
  return { lines, totals, count, orderable };
}

/** The cart of whoever sent the request, ready to show. */
export async function getCart(request: Request, userId: string | null): Promise<CartView> {
  return viewCart(await readCart(request, userId));
}

/** Units in the cart, for the header (products that no longer exist are not counted). */
export async function cartCount(request: Request, userId: string | null): Promise<number> {
  if (userId) {
    const row = db()
      .select({ count: sql<number>`coalesce(sum(${cartItems.quantity}), 0)` })
      .from(cartItems)
      .where(eq(cartItems.userId, userId))
      .get();
    return Number(row?.count ?? 0);
  }
  const cart = await readVisitorCart(request);
  return cart.size === 0 ? 0 : viewCart(cart).count;
}

/** The saved cart as the /api shapes it: product id → quantity. */
export function cartItemsObject(cart: CartMap): Record<string, number> {
  return Object.fromEntries(cart);
}

/**
 * Where a cart form sends the shopper back to: a path on this site (from the form's `redirectTo`),
 * never another host ("//evil.example", "/\\evil", "https://…"); otherwise the fallback.
 */
export function sameSitePath(value: unknown, fallback = "/cart"): string {
  if (typeof value !== "string" || !value.startsWith("/")) return fallback;
  return safeNextPath(value) ?? fallback;
}

// What an order request must pass before and while it is placed: the shopper's address, lines of products on sale
// in a size they have, prices from the products, never above the total the shopper was shown, and no more open
// online checkouts from one address than allowed. The client's prices, totals and user ids are never trusted.
import { createHmac } from "node:crypto";
import { and, count, eq, inArray, or } from "drizzle-orm";
import { config, sessionSecret } from "#app/lib/config.server.ts";
import { type Db, db, first, type Tx, takeTurnsOn } from "#app/lib/db.server.ts";
import { computeTotals, formatMoney, type Totals } from "#app/lib/money.ts";
import { Refusal, refuse } from "#app/lib/refusal.ts";
import { type OrderLineInput, refuseUnseenStockCuts, viewSavedCartIn } from "#app/modules/cart/index.server.ts";
import { checkDiscount, type DiscountLine } from "#app/modules/discounts/index.server.ts";
import { clientKey } from "#app/modules/identity/index.server.ts";
import { refuseShortStock, sizeLineOf, stockKey, stockLinesIn } from "#app/modules/inventory/index.server.ts";
import { shopPricing, shopSettings } from "#app/modules/shop/index.server.ts";
import { addresses, orders, type PaymentType, products } from "#db/tables.ts";
import type { OrderLine } from "./order-lines.server.ts";

export type Order = typeof orders.$inferSelect;

/** The one rule for which orders count as placed: every COD order, and Online orders only once paid. */
export const placedOrderCondition = or(eq(orders.paymentType, "COD"), eq(orders.isPaid, true));

export type PlaceOrderInput = {
  userId: string;
  addressId: unknown;
  paymentType: PaymentType;
  /** The form's (or Idempotency-Key's) token: the same key twice places one order. Checked by the caller. */
  requestKey?: string | null;
  /** Lines an /api client sent (already checked for shape), or what the shopper's saved cart holds. */
  items: OrderLineInput[] | "saved-cart";
  /** A discount code (as typed; checked and its use taken in the order's transaction), or none. */
  discountCode?: unknown;
  /** Open checkouts of the shopper's that are closed before this order is placed (for checkOrderRequest). */
  releasing?: readonly string[];
  /** The total the shopper was shown (the cart page's, or an /api client's): an order never costs more. */
  shownTotalCents?: number | null;
  /** The address of the client placing it: an online order counts against its open checkouts. */
  client?: string;
};

/**
 * An order never charges more than the shopper was shown (a code or a price changed since, decision 0211): 409
 * with the new total, as a stock change is refused, so the cart page shows the cart as it is now.
 */
export function refuseAboveShown(
  totals: Totals,
  shownTotalCents: number | null | undefined,
  shop: { currency: string; locale: string },
): void {
  if (shownTotalCents === null || shownTotalCents === undefined || totals.totalCents <= shownTotalCents) return;
  const money = (cents: number) => formatMoney(cents, shop.currency, shop.locale);
  refuse(
    `Your order now comes to ${money(totals.totalCents)}, not the ${money(shownTotalCents)} ` +
      "your cart showed: a price or your discount code changed. Please check your cart, then place your order again.",
    409,
  );
}

/** How an online order names the client that started it: a keyed hash of its address (as the throttle counts it). */
export function checkoutClientOf(address: string): string {
  return createHmac("sha256", sessionSecret())
    .update(`checkout-client:${clientKey(address)}`)
    .digest("hex")
    .slice(0, 32);
}

const OPEN_CHECKOUTS_REFUSAL =
  "There are too many unpaid online payments from your address. Please pay or cancel one, or choose Cash on Delivery.";

/**
 * Refuses (429) a new online checkout from a client that has OPEN_CHECKOUTS_PER_ADDRESS open already: each holds
 * its units and its code's use until it is paid or ends, so throw-away accounts cannot hold a product or a
 * promotion (decision 0212). Runs in the order's transaction, taking turns with the client's other checkouts.
 */
export async function refuseTooManyOpenCheckouts(tx: Tx, checkoutClient: string): Promise<void> {
  await takeTurnsOn(tx, [`open-checkouts:${checkoutClient}`]);
  const open = await first(
    tx
      .select({ n: count() })
      .from(orders)
      .where(
        and(
          eq(orders.checkoutClient, checkoutClient),
          eq(orders.paymentType, "Online"),
          eq(orders.isPaid, false),
          eq(orders.status, "Order Placed"),
        ),
      ),
  );
  if ((open?.n ?? 0) >= config().OPEN_CHECKOUTS_PER_ADDRESS) throw new Refusal(OPEN_CHECKOUTS_REFUSAL, 429);
}

/** The order's lines as a discount code sees them. */
export function discountLines(lines: readonly OrderLine[]): DiscountLine[] {
  return lines.map((line) => ({
    productId: line.productId,
    category: line.product?.category ?? "",
    unitPriceCents: line.unitPriceCents,
    quantity: line.quantity,
  }));
}

export const hasCode = (code: unknown) => code !== undefined && code !== null && code !== "";

/** The saved cart's lines to order, refused when stock fell under one the shopper has not seen cut. */
async function savedCartOrder(tx: Tx | Db, userId: string, held: ReadonlyMap<string, number>) {
  const view = await viewSavedCartIn(tx, userId, held);
  refuseUnseenStockCuts(view);
  return view.orderable;
}

/**
 * What an order request asks for, checked without changing anything: the address must be the shopper's ('Please
 * select an address'), the order must have lines ('Your cart is empty.'), and every product must exist, be on
 * sale and in stock, in a size it has. Whether enough units are left is for takeStock to say.
 */
export async function checkedOrderIn(
  tx: Tx | Db,
  input: PlaceOrderInput,
  held: ReadonlyMap<string, number> = new Map(),
) {
  const { userId } = input;
  const address =
    typeof input.addressId === "string"
      ? await first(
          tx
            .select()
            .from(addresses)
            .where(and(eq(addresses.id, input.addressId), eq(addresses.userId, userId))),
        )
      : undefined;
  if (!address) refuse("Please select an address");

  const wanted = input.items === "saved-cart" ? await savedCartOrder(tx, userId, held) : input.items;
  if (wanted.length === 0) refuse("Your cart is empty.");
  const rows = await tx
    .select({
      id: products.id,
      name: products.name,
      category: products.category,
      images: products.images,
      offerPriceCents: products.offerPriceCents,
      inStock: products.inStock,
      removedAt: products.removedAt,
    })
    .from(products)
    .where(
      inArray(
        products.id,
        wanted.map((line) => line.productId),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const sizes = await stockLinesIn(
    tx,
    rows.map((row) => row.id),
  );
  /** Per line, its size's count now with the `held` units (null: not counted). */
  const counts: (number | null)[] = [];
  const lines: OrderLine[] = wanted.map(({ productId, size = "", quantity }) => {
    const product = byId.get(productId);
    if (!product) refuse("A product in your order does not exist.", 404);
    if (product.removedAt !== null) refuse(`${product.name} is no longer available.`, 409);
    if (!product.inStock) refuse(`${product.name} is out of stock.`, 409);
    const count = sizeLineOf(product.name, sizes.get(productId) ?? [], size).stock;
    counts.push(count === null ? null : count + (held.get(stockKey(productId, size)) ?? 0));
    const { inStock, removedAt, ...shown } = product;
    return { productId, size, quantity, unitPriceCents: product.offerPriceCents, product: shown };
  });
  return { address, lines, counts };
}

/**
 * Refuses an order request placeOrder would refuse (see checkedOrderIn; and a line wanting more than is left,
 * counting `held`: units that will be back in stock when the order is placed, by stockKey), before anything
 * is changed for it (an open online checkout closed, notably). A request key that already placed an order is
 * not checked: that order is returned (placeOrder answers the request with it, whatever the cart holds now).
 */
export async function checkOrderRequest(
  input: PlaceOrderInput,
  held: ReadonlyMap<string, number> = new Map(),
): Promise<Order | null> {
  const requestKey = input.requestKey ?? null;
  if (requestKey !== null) {
    const placed = await first(
      db()
        .select()
        .from(orders)
        .where(and(eq(orders.userId, input.userId), eq(orders.requestKey, requestKey))),
    );
    if (placed) return placed;
  }
  const { lines, counts } = await checkedOrderIn(db(), input, held);
  const wanted = new Map<string, number>();
  lines.forEach((line, i) => {
    const count = counts[i];
    if (count === null || count === undefined) return;
    const key = stockKey(line.productId, line.size);
    wanted.set(key, (wanted.get(key) ?? 0) + line.quantity);
    if (wanted.get(key)! > count) refuseShortStock(line.product!.name, line.size, count);
  });
  const discount = hasCode(input.discountCode)
    ? await checkDiscount(db(), input.discountCode, input.userId, discountLines(lines), { releasing: input.releasing })
    : null;
  if (input.shownTotalCents !== null && input.shownTotalCents !== undefined) {
    const settings = await shopSettings();
    const totals = computeTotals(lines, shopPricing(settings), { discountCents: discount?.discountCents ?? 0 });
    refuseAboveShown(totals, input.shownTotalCents, settings);
  }
  return null;
}

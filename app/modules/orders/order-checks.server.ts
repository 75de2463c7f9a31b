// Placing orders and reading them back. Everything an order stores is recomputed here from the database:
// the client's prices, totals and user ids are never trusted.
import { createHmac } from "node:crypto";
import { and, count, desc, eq, inArray, or } from "drizzle-orm";
import { config, sessionSecret } from "#app/lib/config.server.ts";
import { type Db, db, first, type Tx, takeTurnsOn, transaction } from "#app/lib/db.server.ts";
import { newId } from "#app/lib/ids.ts";
import { computeTotals, formatMoney, lineAmount, type Totals } from "#app/lib/money.ts";
import { Refusal, refuse } from "#app/lib/refusal.ts";
import {
  clearSavedCart,
  type OrderLineInput,
  refuseUnseenStockCuts,
  removeFromSavedCart,
  viewSavedCartIn,
} from "#app/modules/cart/index.server.ts";
import { countOrderUnits } from "#app/modules/catalog/index.server.ts";
import {
  checkDiscount,
  clearCartCode,
  confirmDiscountUse,
  type DiscountLine,
  takeDiscountUse,
} from "#app/modules/discounts/index.server.ts";
import { addressSnapshot, clientKey } from "#app/modules/identity/index.server.ts";
import {
  refuseShortStock,
  sizeLineOf,
  stockKey,
  stockLinesIn,
  takeStock,
} from "#app/modules/inventory/index.server.ts";
import { shopPricing, shopSettings } from "#app/modules/shop/index.server.ts";
import { type AddressSnapshot, addresses, orderItems, orders, type PaymentType, products } from "#db/tables.ts";
import { type OrderLine, orderLinesIn } from "./order-lines.server.ts";
import { enqueueOrderPlacedMail } from "./order-mail.server.ts";

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
function refuseAboveShown(
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
function checkoutClientOf(address: string): string {
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
async function refuseTooManyOpenCheckouts(tx: Tx, checkoutClient: string): Promise<void> {
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
function discountLines(lines: readonly OrderLine[]): DiscountLine[] {
  return lines.map((line) => ({
    productId: line.productId,
    category: line.product?.category ?? "",
    unitPriceCents: line.unitPriceCents,
    quantity: line.quantity,
  }));
}

const hasCode = (code: unknown) => code !== undefined && code !== null && code !== "";

export type PlacedOrder = { order: Order; lines: OrderLine[]; created: boolean };

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
async function checkedOrderIn(tx: Tx | Db, input: PlaceOrderInput, held: ReadonlyMap<string, number> = new Map()) {
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

/**
 * Places an order in ONE immediate transaction: the request key is claimed first (a repeat answers with
 * the first order, whatever the cart holds now); then the address must be the shopper's ('Please select an
 * address'), every product must exist, be on sale and in stock, in a size it has, and prices come from the
 * products. Then the units are taken (stock.server.ts: a line that would go below zero refuses the whole
 * order with 409 and nothing is stored). The order is 'Order Placed' and unpaid; an online order holds its
 * units until it is paid or they go back. A cash order empties the saved cart and writes its confirmation
 * mails; an online one leaves the cart until it is paid (payments.server.ts).
 */
export async function placeOrder(input: PlaceOrderInput): Promise<PlacedOrder> {
  const { userId, paymentType } = input;
  const requestKey = input.requestKey ?? null;
  return transaction(async (tx) => {
    // The claim: an order row under this key, or nothing when the key was used before.
    const orderId = newId();
    const [claimed] = await tx
      .insert(orders)
      .values({
        id: orderId,
        userId,
        paymentType,
        subtotalCents: 0,
        taxCents: 0,
        amountCents: 0,
        address: {} as AddressSnapshot,
        requestKey,
      })
      .onConflictDoNothing({ target: [orders.userId, orders.requestKey] })
      .returning({ id: orders.id });
    if (!claimed) {
      const earlier = await first(
        tx
          .select()
          .from(orders)
          .where(and(eq(orders.userId, userId), eq(orders.requestKey, requestKey ?? ""))),
      );
      if (!earlier) refuse("This order could not be placed. Please try again.", 409);
      return { order: earlier, lines: (await orderLinesIn(tx, [earlier.id])).get(earlier.id) ?? [], created: false };
    }

    const checkoutClient = paymentType === "Online" && input.client ? checkoutClientOf(input.client) : null;
    if (checkoutClient) await refuseTooManyOpenCheckouts(tx, checkoutClient);
    const { address, lines } = await checkedOrderIn(tx, input);
    const taken = await takeStock(
      tx,
      lines.map((line) => ({ ...line, name: line.product!.name })),
    );

    // The order keeps the currency, tax and shipping it was placed with: a later change of the settings never
    // changes it.
    const settings = await shopSettings();
    const pricing = shopPricing(settings);
    // The code is checked again now, and its use taken (held until an online order is paid).
    const discount = hasCode(input.discountCode)
      ? await takeDiscountUse(tx, {
          code: input.discountCode,
          userId,
          orderId,
          lines: discountLines(lines),
          state: paymentType === "COD" ? "used" : "held",
        })
      : null;
    const totals = computeTotals(lines, pricing, {
      discountCents: discount?.discountCents ?? 0,
      discountableCents: discount?.lineCents,
    });
    // Checked again here: the code or a price may have changed since checkOrderRequest (all is rolled back).
    refuseAboveShown(totals, input.shownTotalCents, settings);
    // An order discounted to nothing needs no payment: it is placed paid, online or cash.
    const free = totals.totalCents === 0;
    if (free && discount) await confirmDiscountUse(tx, orderId);
    const [order] = await tx
      .update(orders)
      .set({
        subtotalCents: totals.subtotalCents,
        discountCents: totals.discountCents,
        discountCode: discount?.code ?? null,
        taxCents: totals.taxCents,
        amountCents: totals.totalCents,
        shippingCents: totals.shippingCents,
        currency: settings.currency,
        taxRateBasisPoints: pricing.taxRateBasisPoints,
        taxIncluded: pricing.taxIncluded,
        ...(free && { isPaid: true, paidAt: Date.now() }),
        checkoutClient,
        addressId: address.id,
        // The id too, kept when the address is deleted later (addressId is then set to null).
        address: { ...addressSnapshot(address), id: address.id },
      })
      .where(eq(orders.id, orderId))
      .returning();
    if (!order) throw new Error(`Order ${orderId} vanished inside its own transaction`);
    for (const [position, line] of lines.entries()) {
      await tx.insert(orderItems).values({
        id: newId(),
        orderId,
        productId: line.productId,
        size: line.size,
        quantity: line.quantity,
        stockTaken: taken[position],
        unitPriceCents: line.unitPriceCents,
        position,
        discountCents: totals.lineDiscountCents[position] ?? 0,
      });
    }
    if (discount && input.items === "saved-cart" && (paymentType === "COD" || free)) {
      await clearCartCode(tx, userId, discount.code);
    }
    if (paymentType === "COD" || free) {
      // Ordering the saved cart empties it; lines an /api client sent are taken out of it (quantities
      // subtracted), so a line it could not see (a size, for a client written for the spec) stays.
      if (input.items === "saved-cart") await clearSavedCart(tx, userId);
      else await removeFromSavedCart(tx, userId, lines);
      // A cash order is placed now; an online one when it is paid (payments.server.ts).
      await enqueueOrderPlacedMail(tx, orderId);
    }
    await countOrderUnits(tx, orderId, 1);
    // The lines as orderLinesIn reads them back (a repeated request key answers with those).
    const placed = lines.map((line, position) => ({ ...line, discountCents: totals.lineDiscountCents[position] ?? 0 }));
    return { order, lines: placed, created: true };
  });
}

/** The id of the address an order was sent to, even when that address was deleted since (null: not known). */
export function orderAddressId(order: Pick<Order, "address" | "addressId">): string | null {
  const kept = (order.address as { id?: unknown } | null)?.id;
  return typeof kept === "string" ? kept : order.addressId;
}

export type UserOrderLine = {
  productId: string;
  /** The size ordered ('' for a product without sizes). */
  size: string;
  name: string;
  category: string;
  image: string | null;
  quantity: number;
  unitPriceCents: number;
  lineCents: number;
};
export type UserOrder = Order & { lines: UserOrderLine[] };

/** The shopper's placed orders, newest first, with their lines (a line whose product row is gone is left out). */
export async function listUserOrders(userId: string): Promise<UserOrder[]> {
  const list = await db()
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), placedOrderCondition))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const linesByOrder = await orderLinesIn(
    db(),
    list.map((o) => o.id),
  );
  return list.map((order) => ({ ...order, lines: (linesByOrder.get(order.id) ?? []).flatMap(userOrderLine) }));
}

/** A line as My Orders shows it, or none when its product row is gone. */
function userOrderLine({ productId, size, quantity, unitPriceCents, product }: OrderLine): UserOrderLine[] {
  if (!product) return [];
  return [
    {
      productId,
      size,
      name: product.name,
      category: product.category,
      image: product.images[0] ?? null,
      quantity,
      unitPriceCents,
      lineCents: lineAmount({ unitPriceCents, quantity }),
    },
  ];
}

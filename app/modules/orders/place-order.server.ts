// Placing an order: everything it stores is recomputed here from the database (order-checks.server.ts); the
// client's prices, totals and user ids are never trusted.
import { and, eq } from "drizzle-orm";
import { first, transaction } from "#app/lib/db.server.ts";
import { newId } from "#app/lib/ids.ts";
import { computeTotals } from "#app/lib/money.ts";
import { refuse } from "#app/lib/refusal.ts";
import { clearSavedCart, removeFromSavedCart } from "#app/modules/cart/index.server.ts";
import { countOrderUnits } from "#app/modules/catalog/index.server.ts";
import { clearCartCode, confirmDiscountUse, takeDiscountUse } from "#app/modules/discounts/index.server.ts";
import { addressSnapshot } from "#app/modules/identity/index.server.ts";
import { takeStock } from "#app/modules/inventory/index.server.ts";
import { shopPricing, shopSettings } from "#app/modules/shop/index.server.ts";
import { type AddressSnapshot, orderItems, orders } from "#db/tables.ts";
import {
  checkedOrderIn,
  checkoutClientOf,
  discountLines,
  hasCode,
  type Order,
  type PlaceOrderInput,
  refuseAboveShown,
  refuseTooManyOpenCheckouts,
} from "./order-checks.server.ts";
import { type OrderLine, orderLinesIn } from "./order-lines.server.ts";
import { enqueueOrderPlacedMail } from "./order-mail.server.ts";

export type PlacedOrder = { order: Order; lines: OrderLine[]; created: boolean };

/**
 * Places an order in ONE immediate transaction: the request key is claimed first (a repeat answers with
 * the first order, whatever the cart holds now); then the address must be the shopper's ('Please select an
 * address'), every product must exist, be on sale and in stock, in a size it has, and prices come from the
 * products. Then the units are taken (stock.server.ts: a line that would go below zero refuses the whole
 * order with 409 and nothing is stored). The order is 'Order Placed' and unpaid; an online order holds its
 * units until it is paid or they go back. A cash order empties the saved cart and writes its confirmation
 * mails; an online one leaves the cart until it is paid (the checkout module's stripe-payment-events.server.ts).
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
      // A cash order is placed now; an online one when it is paid (checkout's stripe-payment-events.server.ts).
      await enqueueOrderPlacedMail(tx, orderId);
    }
    await countOrderUnits(tx, orderId, 1);
    // The lines as orderLinesIn reads them back (a repeated request key answers with those).
    const placed = lines.map((line, position) => ({ ...line, discountCents: totals.lineDiscountCents[position] ?? 0 }));
    return { order, lines: placed, created: true };
  });
}

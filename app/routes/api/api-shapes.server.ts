// The one home of the /api JSON shapes (docs/api.md): how a product, an address, an order and a user look in
// the spec's JSON (`_id`, decimal prices, ISO dates). Routes under app/routes/api/ build their answers with
// these. A product's shape is the catalogue's (it keeps the whole list built): re-exported here.

import { toDecimal } from "#app/lib/money.ts";
import type { Address } from "#app/modules/identity/index.server.ts";
import type { SellerOrder, UserOrder } from "#app/modules/orders/index.server.ts";

export { type ApiProduct, type ApiSize, toApiProduct } from "#app/modules/catalog/index.server.ts";

/** An address as /api JSON shows it. */
export function addressJson(address: Address) {
  const { id, userId, createdAt, ...fields } = address;
  return { _id: id, userId, ...fields, createdAt: new Date(createdAt).toISOString() };
}

/**
 * An order's address as the spec's Order shape has it ("address (fields above)", the Address's fields from
 * `_id`): the id of the address it was sent to (kept when that address was deleted since; null when not
 * known) and the fields as they were when the order was placed.
 */
export function orderAddressJson(addressId: string | null, kept: object) {
  const { id: _copiedFrom, ...fields } = kept as Record<string, unknown>;
  return { _id: addressId, ...fields };
}

/**
 * A shopper's order (GET /api/order/user): prices as decimals, a line of a product with sizes carries its
 * `size`, the address its `_id` (`addressId`, from orderAddressId).
 */
export function userOrderJson(order: UserOrder, addressId: string | null) {
  return {
    _id: order.id,
    userId: order.userId,
    items: order.lines.map((line) => ({
      product: {
        _id: line.productId,
        name: line.name,
        category: line.category,
        image: line.image ? [line.image] : [],
        offerPrice: toDecimal(line.unitPriceCents, order.currency),
      },
      ...(line.size ? { size: line.size } : {}),
      quantity: line.quantity,
      amount: toDecimal(line.lineCents, order.currency),
    })),
    amount: toDecimal(order.amountCents, order.currency),
    currency: order.currency,
    // Added beyond the spec (docs/api.md): the discount code used and its amount, when there was one.
    ...(order.discountCode && {
      discount: { code: order.discountCode, amount: toDecimal(order.discountCents, order.currency) },
    }),
    address: orderAddressJson(addressId, order.address),
    status: order.status,
    paymentType: order.paymentType,
    isPaid: order.isPaid,
    createdAt: new Date(order.createdAt).toISOString(),
  };
}

/** An order as the seller sees it (GET /api/order/seller): each line's product as it is now, or null when gone. */
export function sellerOrderJson(order: SellerOrder, shopCurrency: string) {
  return {
    _id: order.id,
    items: order.items.map((item) => ({
      product: item.product
        ? {
            _id: item.product.id,
            name: item.product.name,
            category: item.product.category,
            image: item.product.image ? [item.product.image] : [],
            offerPrice: toDecimal(item.product.offerPriceCents, shopCurrency),
          }
        : null,
      name: item.name,
      ...(item.size ? { size: item.size } : {}),
      quantity: item.quantity,
    })),
    amount: toDecimal(order.amountCents, order.currency),
    currency: order.currency,
    ...(order.discount && {
      discount: { code: order.discount.code, amount: toDecimal(order.discount.amountCents, order.currency) },
    }),
    address: orderAddressJson(order.addressId, order.address),
    status: order.status,
    paymentType: order.paymentType,
    isPaid: order.isPaid,
    paymentLabel: order.paymentLabel,
    createdAt: new Date(order.createdAt).toISOString(),
  };
}

/** A signed-in shopper (login, register, is-auth): `_id`, name, email and their cart (cartItems, cartLines). */
export function userJson(user: { id: string; name: string; email: string }, cart: object) {
  return { _id: user.id, name: user.name, email: user.email, ...cart };
}

/**
 * Fields added to an order of /api/order/user and /api/order/seller beyond the spec's (docs/api.md): its refund
 * state ("Refunded", "Partly refunded", "Refund pending", "Refund failed" or null), what was refunded, and
 * whether a delivered order came back.
 */
export function orderMoneyJson(
  facts: { refundStatus: string | null; refundedCents: number; returned: boolean } | undefined,
  currency: string,
) {
  return {
    refundStatus: facts?.refundStatus ?? null,
    refundedAmount: toDecimal(facts?.refundedCents ?? 0, currency),
    returned: facts?.returned ?? false,
  };
}

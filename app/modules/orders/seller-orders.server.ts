// The orders the seller sees and fulfils: every cash-on-delivery order and every paid online order
// (the same rule as the shopper's My Orders, from orders.server.ts), newest first.
import { and, count, desc, eq } from "drizzle-orm";
import { db, first, type Tx, transaction } from "#app/lib/db.server.ts";
import { ID_PATTERN } from "#app/lib/ids.ts";
import { type Page, pageWindow, SELLER_PAGE_SIZE } from "#app/lib/paging.ts";
import { refuse } from "#app/lib/refusal.ts";
import { countOrderUnits } from "#app/modules/catalog/index.server.ts";
import { releaseDiscountUse } from "#app/modules/discounts/index.server.ts";
import { ADDRESS_FIELDS } from "#app/modules/identity/shared/address-schema.ts";
import { returnOrderStock } from "#app/modules/inventory/index.server.ts";
import { type AddressSnapshot, ORDER_STATUSES, type OrderStatus, orders } from "#db/tables.ts";
import { orderAddressId } from "./my-orders.server.ts";
import { placedOrderCondition } from "./order-checks.server.ts";
import { MISSING_PRODUCT_NAME, orderLinesIn } from "./order-lines.server.ts";
import { enqueueOrderStatusMail } from "./order-mail.server.ts";

export type SellerOrderItem = {
  productId: string;
  /** The size ordered ('' for a product without sizes). */
  size: string;
  /** The product's name, or 'Product not found' when its row is gone. */
  name: string;
  /** The product as it is now (null when its row is gone), for the /api shape. */
  product: { id: string; name: string; category: string; image: string | null; offerPriceCents: number } | null;
  quantity: number;
  unitPriceCents: number;
};

export type SellerOrder = {
  id: string;
  items: SellerOrderItem[];
  /** Each field of the address snapshot, '' when missing or blank (the page says which is missing, in words). */
  address: Record<keyof AddressSnapshot, string>;
  /** The id of the address the order was sent to (kept when it was deleted since), or null when not known. */
  addressId: string | null;
  amountCents: number;
  /** The currency the order was placed in (its amounts are in its minor units). */
  currency: string;
  /** The discount code used and its amount, or null. */
  discount: { code: string; amountCents: number } | null;
  paymentType: string;
  isPaid: boolean;
  /** Paid for Online orders (which the seller only sees once paid) and cash orders marked paid, Unpaid otherwise. */
  paymentLabel: "Paid" | "Unpaid";
  status: OrderStatus;
  createdAt: number;
};

function addressFields(snapshot: unknown): Record<keyof AddressSnapshot, string> {
  const source = (snapshot && typeof snapshot === "object" ? snapshot : {}) as Record<string, unknown>;
  const address = {} as Record<keyof AddressSnapshot, string>;
  for (const field of ADDRESS_FIELDS) {
    const value = source[field];
    address[field] = typeof value === "string" ? value.trim() : "";
  }
  return address;
}

/** Every order of the seller's orders list, newest first (GET /api/order/seller lists them all). */
export async function listSellerOrders(): Promise<SellerOrder[]> {
  return sellerOrdersOf(
    await db().select().from(orders).where(placedOrderCondition).orderBy(desc(orders.createdAt), desc(orders.id)),
  );
}

/** One page of the seller's orders list, newest first. A page past the end is the last page. */
export async function listSellerOrdersPage({
  page = 1,
  limit = SELLER_PAGE_SIZE,
}: {
  page?: number;
  limit?: number;
} = {}): Promise<Page<SellerOrder>> {
  const total = (await first(db().select({ n: count() }).from(orders).where(placedOrderCondition)))?.n ?? 0;
  const window = pageWindow(total, page, limit);
  const rows = await db()
    .select()
    .from(orders)
    .where(placedOrderCondition)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(window.offset);
  return { rows: await sellerOrdersOf(rows), total, page: window.page, pageCount: window.pageCount };
}

/** Orders with their item names and quantities and the address, as the seller sees them. */
async function sellerOrdersOf(list: (typeof orders.$inferSelect)[]): Promise<SellerOrder[]> {
  const linesByOrder = await orderLinesIn(
    db(),
    list.map((o) => o.id),
  );
  return list.map((order) => ({
    id: order.id,
    items: (linesByOrder.get(order.id) ?? []).map(({ productId, size, quantity, unitPriceCents, product }) => ({
      productId,
      size,
      name: product?.name ?? MISSING_PRODUCT_NAME,
      product: product && {
        id: product.id,
        name: product.name,
        category: product.category,
        image: product.images[0] ?? null,
        offerPriceCents: product.offerPriceCents,
      },
      quantity,
      unitPriceCents,
    })),
    address: addressFields(order.address),
    addressId: orderAddressId(order),
    amountCents: order.amountCents,
    currency: order.currency,
    discount: order.discountCode ? { code: order.discountCode, amountCents: order.discountCents } : null,
    paymentType: order.paymentType,
    isPaid: order.isPaid,
    paymentLabel: order.paymentType === "Online" || order.isPaid ? "Paid" : "Unpaid",
    status: order.status,
    createdAt: order.createdAt,
  }));
}

/** Where an order may go next: Order Placed → Shipped → Delivered, or Cancelled before it is delivered. */
export const NEXT_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  "Order Placed": ["Shipped", "Cancelled"],
  Shipped: ["Delivered", "Cancelled"],
  Delivered: [],
  Cancelled: [],
};

/**
 * Cancels a paid online order whose money goes back through a refund (app/modules/refunds), inside the
 * refund's transaction: its units go back (but for those a refund with restock put back already) and leave
 * the trending counts. No status mail: the refund mail tells the shopper.
 */
export async function cancelForRefund(
  tx: Tx,
  orderId: string,
  alreadyReturned: ReadonlyMap<number, number>,
): Promise<void> {
  await tx.update(orders).set({ status: "Cancelled", updatedAt: Date.now() }).where(eq(orders.id, orderId));
  await returnOrderStock(tx, orderId, alreadyReturned);
  await countOrderUnits(tx, orderId, -1);
  // As a cancel through setOrderStatus: the order's discount code use goes back (once).
  await releaseDiscountUse(tx, orderId);
}

/**
 * Moves an order along, in one immediate transaction (two sellers clicking at once cannot both win).
 * Only orders the seller sees can be moved; any other move is refused with a message that says why. A
 * cancelled order's units go back to stock, and the shopper is mailed about the new status, in the same
 * transaction.
 */
export async function setOrderStatus(orderId: unknown, status: unknown): Promise<OrderStatus> {
  if (!(ORDER_STATUSES as readonly unknown[]).includes(status)) {
    refuse(`Unknown status. Choose one of: ${ORDER_STATUSES.join(", ")}.`);
  }
  const next = status as OrderStatus;
  if (typeof orderId !== "string" || !ID_PATTERN.test(orderId)) refuse("Order not found", 404);
  return transaction(async (tx) => {
    const order = await first(
      tx
        .select({ status: orders.status })
        .from(orders)
        .where(and(eq(orders.id, orderId), placedOrderCondition)),
    );
    if (!order) refuse("Order not found", 404);
    if (order.status === next) refuse(`The order is already ${next}.`, 409);
    if (!NEXT_STATUSES[order.status].includes(next)) {
      const allowed = NEXT_STATUSES[order.status];
      refuse(
        allowed.length === 0
          ? `The order is ${order.status}; its status can no longer change.`
          : `An order that is ${order.status} can only become ${allowed.join(" or ")}.`,
        409,
      );
    }
    await tx.update(orders).set({ status: next, updatedAt: Date.now() }).where(eq(orders.id, orderId));
    if (next === "Cancelled") {
      await returnOrderStock(tx, orderId);
      // A cancelled order gives its discount code's use back (once: only a held or used use goes back).
      await releaseDiscountUse(tx, orderId);
      await countOrderUnits(tx, orderId, -1);
    }
    await enqueueOrderStatusMail(tx, orderId, next);
    return next;
  });
}

// Which order emails are written, and when: always inside the transaction that changes the order, so the
// mail exists exactly when the change does (a rolled-back order writes none).
import { eq } from "drizzle-orm";
import { config } from "#app/lib/config.server.ts";
import { first, type Tx } from "#app/lib/db.server.ts";
import { lineAmount } from "#app/lib/money.ts";
import { productPath } from "#app/lib/product-links.ts";
import type { MailOrder } from "#app/modules/mail/index.server.ts";
import {
  enqueueMail,
  isNewsworthyStatus,
  type MailRefund,
  orderConfirmationMail,
  orderStatusMail,
  paymentNotCompletedMail,
  refundMail,
  sellerNewOrderMail,
} from "#app/modules/mail/index.server.ts";
import { shopSettings } from "#app/modules/shop/index.server.ts";
import { orders, users } from "#db/tables.ts";
import { MISSING_PRODUCT_NAME, orderLinesIn } from "./order-lines.server.ts";

/** The order as its emails show it, read inside the transaction that changes it. */
async function mailOrderIn(tx: Tx, orderId: string): Promise<MailOrder> {
  const order = await first(
    tx
      .select({ order: orders, shopper: { name: users.name, email: users.email } })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, orderId)),
  );
  if (!order) throw new Error(`Order ${orderId} is not there to be mailed about`);
  const lines = (await orderLinesIn(tx, [orderId])).get(orderId) ?? [];
  const { address, status, paymentType, isPaid, subtotalCents, taxCents, amountCents, createdAt } = order.order;
  const { currency, taxRateBasisPoints, taxIncluded, shippingCents, discountCode, discountCents } = order.order;
  return {
    id: orderId,
    createdAt,
    status,
    paymentType,
    isPaid,
    subtotalCents,
    discount: discountCode ? { code: discountCode, cents: discountCents } : null,
    taxCents,
    amountCents,
    currency,
    locale: (await shopSettings()).locale,
    taxRateBasisPoints,
    taxIncluded,
    shippingCents,
    address,
    shopper: order.shopper,
    lines: lines.map((line) => ({
      name: line.product?.name ?? MISSING_PRODUCT_NAME,
      size: line.size?.trim() || null,
      quantity: line.quantity,
      lineCents: lineAmount(line),
      reviewPath: line.product ? `${productPath(line.product)}#reviews` : null,
    })),
  };
}

const links = async () => ({ baseUrl: config().mailBaseUrl, shopName: (await shopSettings()).name });

/** An order has just been placed (cash on delivery) or paid (online): the shopper's confirmation, the seller's notice. */
export async function enqueueOrderPlacedMail(tx: Tx, orderId: string): Promise<void> {
  const order = await mailOrderIn(tx, orderId);
  await enqueueMail(tx, orderConfirmationMail(order, await links()));
  const seller = config().SELLER_NOTIFY_EMAIL;
  if (seller) await enqueueMail(tx, sellerNewOrderMail(order, seller, await links()));
}

/** An online order has just been cancelled unpaid. */
export async function enqueuePaymentNotCompletedMail(
  tx: Tx,
  orderId: string,
  reason: "failed" | "not-completed",
): Promise<void> {
  await enqueueMail(tx, paymentNotCompletedMail(await mailOrderIn(tx, orderId), reason, await links()));
}

/** The seller has just moved an order to `status`: Shipped, Delivered and Cancelled are mailed to the shopper. */
export async function enqueueOrderStatusMail(tx: Tx, orderId: string, status: string): Promise<void> {
  if (!isNewsworthyStatus(status)) return;
  await enqueueMail(tx, orderStatusMail(await mailOrderIn(tx, orderId), status, await links()));
}

/** A refund of the shopper's online payment has just gone through. */
export async function enqueueRefundMail(tx: Tx, orderId: string, refund: MailRefund): Promise<void> {
  await enqueueMail(tx, refundMail(await mailOrderIn(tx, orderId), refund, await links()));
}

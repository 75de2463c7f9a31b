// The order emails end to end: written in the transaction of the change, delivered by the sender to a real
// SMTP server on 127.0.0.1, read back with mailparser. A cash order is mailed when placed, an online order when
// paid (and when cancelled unpaid), every status change the shopper cares about, and the seller's notice.
import { eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#app/lib/db.server.ts";
import { Refusal } from "#app/lib/refusal.ts";
import {
  cancelOrderForSession,
  expireStaleOnlineOrders,
  fulfilCheckoutSession,
} from "#app/modules/checkout/index.server.ts";
import { deliverPendingMail } from "#app/modules/mail/index.server.ts";
import { placeOrder, setOrderStatus } from "#app/modules/orders/index.server.ts";
import { orders } from "#db/tables.ts";
import { createProduct } from "../helpers/factories.ts";
import {
  hrefsOf,
  outboxRows,
  recipientsOf,
  SELLER_INBOX,
  SHOP_URL,
  smtpServerForFile,
  useMailSettings,
} from "../helpers/mail.ts";
import { createAddress, createShopperWithAddress, createUser } from "../helpers/shopper.ts";

const smtp = smtpServerForFile({ SELLER_NOTIFY_EMAIL: SELLER_INBOX });
beforeEach(() => {
  smtp.received.length = 0;
});

/** Delivers the outbox and returns what arrived this time, parsed. */
async function deliver(): Promise<ParsedMail[]> {
  const before = smtp.received.length;
  await deliverPendingMail();
  return (await smtp.parsed()).slice(before);
}

async function shopperOrder(paymentType: "COD" | "Online") {
  const user = await createUser({ name: "Asha Rao" });
  const address = await createAddress(user.id, { street: "12 Park Street", city: "Pune", zipcode: "411001" });
  const kurta = await createProduct({ name: "Silk Kurta", offerPriceCents: 2500 }, { sizes: [["M", 10]] });
  const scarf = await createProduct({ name: "Wool Scarf", offerPriceCents: 999 });
  const { order } = await placeOrder({
    userId: user.id,
    addressId: address.id,
    paymentType,
    items: [
      { productId: kurta.id, size: "M", quantity: 2 },
      { productId: scarf.id, quantity: 1 },
    ],
  });
  return { user, order };
}

/** Gives an online order a Checkout Session id, as starting the checkout does. */
async function withSession(orderId: string) {
  const id = `cs_test_${orderId}`;
  await db().update(orders).set({ stripeSessionId: id }).where(eq(orders.id, orderId));
  return { id, metadata: { orderId } };
}

async function paidSession(order: { id: string; amountCents: number }) {
  return {
    ...(await withSession(order.id)),
    payment_status: "paid" as const,
    amount_total: order.amountCents,
    currency: "usd",
  };
}

function only(mails: ParsedMail[], to: string): ParsedMail {
  const found = mails.filter((mail) => recipientsOf(mail).includes(to));
  expect(found, `one mail to ${to}`).toHaveLength(1);
  return found[0]!;
}

describe("order confirmation and the seller's notice", () => {
  it("a cash order: the shopper's confirmation and the seller's notice, in text and HTML, links from PUBLIC_URL", async () => {
    const { user, order } = await shopperOrder("COD");
    const mails = await deliver();
    expect(mails).toHaveLength(2);

    const confirmation = only(mails, user.email);
    expect(confirmation.subject).toBe(`Your Online Shop order ${order.id} is placed`);
    expect(confirmation.from?.value[0]?.address).toBe("orders@shop.example");
    // $25.00 × 2 + $9.99 = $59.99; tax 2% = $1.19 (rounded down); total $61.18.
    for (const text of [
      "Hi Asha,",
      "Silk Kurta (Size: M) x 2: $50.00",
      "Wool Scarf x 1: $9.99",
      "Subtotal: $59.99",
      "Shipping: Free",
      "Tax (2%): $1.19",
      "Total: $61.18",
      "Payment: Cash on Delivery (to be paid on delivery)",
      "Asha Rao",
      "12 Park Street",
      "Pune, MH, 411001",
      `See your orders in My Orders: ${SHOP_URL}/my-orders`,
    ]) {
      expect(confirmation.text).toContain(text);
    }
    const html = String(confirmation.html);
    for (const shown of ["Silk Kurta", "Size: M", "$50.00", "$1.19", "$61.18", "Cash on Delivery", "View My Orders"]) {
      expect(html).toContain(shown);
    }
    expect(hrefsOf(confirmation)).toContain(`${SHOP_URL}/my-orders`);
    // Every link is absolute and on the store; nothing needs an image to be read.
    expect(hrefsOf(confirmation).every((href) => href.startsWith(`${SHOP_URL}/`))).toBe(true);
    expect(html).not.toMatch(/<img|url\(/i);
    // In the store's burgundy (app/app.css --color-primary), not another brand's indigo.
    expect(html).toContain("#8c2f39");
    expect(html).not.toMatch(/#4f46e5/i);
    const row = (await outboxRows()).find((r) => r.recipient === user.email && r.kind === "order-confirmation")!;
    expect(confirmation.messageId).toBe(row.messageId);
    expect(row.state).toBe("sent");

    const notice = only(mails, SELLER_INBOX);
    expect(notice.subject).toBe(`New order ${order.id}: $61.18 (Cash on Delivery)`);
    expect(notice.text).toContain(`Customer: Asha Rao <${user.email}>`);
    expect(notice.text).toContain("Silk Kurta (Size: M) x 2: $50.00");
    expect(notice.text).toContain(`${SHOP_URL}/seller/orders`);
    expect(hrefsOf(notice)).toContain(`${SHOP_URL}/seller/orders`);
  });

  it("a refused (rolled-back) order writes no mail and sends nothing", async () => {
    const { user, address } = await createShopperWithAddress();
    const onSale = await createProduct();
    const soldOut = await createProduct({ inStock: false });
    const before = (await outboxRows()).length;
    const error = await placeOrder({
      userId: user.id,
      addressId: address.id,
      paymentType: "COD",
      items: [
        { productId: onSale.id, quantity: 1 },
        { productId: soldOut.id, quantity: 1 },
      ],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Refusal);
    expect(await db().select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
    expect(await outboxRows()).toHaveLength(before);
    expect(await deliver()).toEqual([]);
  });

  it("an online order is mailed when it is paid, once, with the payment shown as paid", async () => {
    const { user, order } = await shopperOrder("Online");
    expect(await deliver(), "nothing while unpaid").toEqual([]);

    expect(await fulfilCheckoutSession(await paidSession(order))).toBe("paid");
    expect(await fulfilCheckoutSession(await paidSession(order))).toBe("already-paid");
    const mails = await deliver();
    expect(mails).toHaveLength(2);
    const confirmation = only(mails, user.email);
    expect(confirmation.text).toContain("Your payment has arrived and your order is placed.");
    expect(confirmation.text).toContain("Payment: Online payment (paid)");
    expect(only(mails, SELLER_INBOX).subject).toBe(`New order ${order.id}: $61.18 (paid online)`);
  });

  it("without SELLER_NOTIFY_EMAIL only the shopper is mailed", async () => {
    useMailSettings({ SMTP_URL: smtp.url, PUBLIC_URL: SHOP_URL });
    try {
      const { user } = await shopperOrder("COD");
      const mails = await deliver();
      expect(mails.map(recipientsOf)).toEqual([[user.email]]);
    } finally {
      useMailSettings({ SMTP_URL: smtp.url, SELLER_NOTIFY_EMAIL: SELLER_INBOX, PUBLIC_URL: SHOP_URL });
    }
  });
});

describe("an online order cancelled unpaid", () => {
  it("a failed payment: 'did not go through', with a link to the cart", async () => {
    const { user, order } = await shopperOrder("Online");
    const session = await withSession(order.id);
    const failed = { id: `evt_${order.id}`, type: "checkout.session.async_payment_failed" as const };
    expect(await cancelOrderForSession(session, failed)).toBe("cancelled");
    expect(await cancelOrderForSession(session, failed)).toBe("duplicate-event");
    const mail = only(await deliver(), user.email);
    expect(mail.subject).toBe(`Your payment for Online Shop order ${order.id} did not go through`);
    expect(mail.text).toContain("Your items are still in your cart");
    expect(mail.text).toContain(`Your cart: ${SHOP_URL}/cart`);
    expect(hrefsOf(mail)).toContain(`${SHOP_URL}/cart`);
  });

  it("an expired or abandoned checkout: 'not completed'; paid after all, the confirmation follows", async () => {
    const { user, order } = await shopperOrder("Online");
    expect(await cancelOrderForSession(await withSession(order.id))).toBe("cancelled");
    const mail = only(await deliver(), user.email);
    expect(mail.subject).toBe(`Your Online Shop order ${order.id} was not placed: the payment was not completed`);
    // Not placed, so the summary does not say "placed" either: it says when the checkout began.
    for (const body of [mail.text!, String(mail.html)]) {
      expect(body).toMatch(new RegExp(`Order ${order.id}, checkout started [A-Z][a-z]+ \\d`));
      expect(body).not.toContain(", placed ");
    }

    // A paid session wins over the cancellation: the order is placed after all, and says so.
    expect(await fulfilCheckoutSession(await paidSession(order))).toBe("paid");
    expect(only(await deliver(), user.email).subject).toBe(`Your Online Shop order ${order.id} is placed`);
  });

  it("orders left unpaid past their checkout time are cancelled with a mail each", async () => {
    const first = await shopperOrder("Online");
    const second = await shopperOrder("Online");
    const later = Date.now() + 3 * 60 * 60_000;
    expect(await expireStaleOnlineOrders(later)).toBeGreaterThanOrEqual(2);
    const mails = await deliver();
    for (const { user, order } of [first, second]) {
      expect(only(mails, user.email).subject).toContain(`order ${order.id} was not placed`);
    }
  });
});

describe("status changes", () => {
  it("Shipped, then Delivered: a mail each; a refused change mails nothing", async () => {
    const { user, order } = await shopperOrder("COD");
    await deliver();

    await setOrderStatus(order.id, "Shipped");
    const shipped = only(await deliver(), user.email);
    expect(shipped.subject).toBe(`Your Online Shop order ${order.id} has shipped`);
    expect(shipped.text).toContain("Status: Shipped");
    expect(shipped.text).toContain("12 Park Street");

    await setOrderStatus(order.id, "Delivered");
    const delivered = only(await deliver(), user.email);
    expect(delivered.subject).toBe(`Your Online Shop order ${order.id} has been delivered`);
    expect(hrefsOf(delivered)).toContain(`${SHOP_URL}/my-orders`);

    await expect(setOrderStatus(order.id, "Cancelled")).rejects.toBeInstanceOf(Refusal);
    expect(await deliver()).toEqual([]);
  });

  it("Cancelled by the shop: the shopper is told", async () => {
    const { user, order } = await shopperOrder("COD");
    await deliver();
    await setOrderStatus(order.id, "Cancelled");
    const mail = only(await deliver(), user.email);
    expect(mail.subject).toBe(`Your Online Shop order ${order.id} has been cancelled`);
    expect(mail.text).toContain("Your order has been cancelled by the shop.");
  });
});

// The order emails: the confirmation and the seller's new-order notice (when an order is placed: at once for
// cash on delivery, when paid for online payment), the shopper's "payment not completed" (an online order
// cancelled unpaid), and the status changes Shipped, Delivered and Cancelled. Each is plain text plus HTML.
import { formatMoney } from "#app/lib/money.ts";
import type { OutgoingMail } from "#app/modules/mail/outbox.server.ts";
import { ButtonLink, Heading, MailDocument, Paragraph } from "./layout.tsx";
import { type MailOrder, OrderSummary, orderText } from "./order-parts.tsx";
import { renderMail } from "./render.server.tsx";

/** Where the mail's links lead: every link is absolute, from this origin (PUBLIC_URL). */
type Links = { baseUrl: string; shopName: string };

const signOff = (shopName: string) => `Thank you for shopping with ${shopName}.`;

function firstName(order: MailOrder) {
  return order.shopper.name.split(/\s+/)[0] || order.shopper.name;
}

export function orderConfirmationMail(order: MailOrder, { baseUrl, shopName }: Links): OutgoingMail {
  const myOrders = `${baseUrl}/my-orders`;
  const subject = `Your ${shopName} order ${order.id} is placed`;
  const intro =
    order.paymentType === "COD"
      ? "Thank you for your order. We have received it and will let you know when it ships. Please have the amount ready when it arrives."
      : "Thank you for your order. Your payment has arrived and your order is placed. We will let you know when it ships.";
  return renderMail({
    kind: "order-confirmation",
    to: order.shopper.email,
    subject,
    text: [
      `Hi ${firstName(order)},`,
      "",
      intro,
      "",
      orderText(order),
      "",
      `See your orders in My Orders: ${myOrders}`,
      "",
      signOff(shopName),
    ].join("\n"),
    html: (
      <MailDocument title={subject} baseUrl={baseUrl} shopName={shopName}>
        <Heading>Your order is placed</Heading>
        <Paragraph>Hi {firstName(order)},</Paragraph>
        <Paragraph>{intro}</Paragraph>
        <OrderSummary order={order} />
        <ButtonLink href={myOrders}>View My Orders</ButtonLink>
        <Paragraph>{signOff(shopName)}</Paragraph>
      </MailDocument>
    ),
  });
}

/** An online order cancelled unpaid: the payment failed, or the checkout expired or was closed. */
export function paymentNotCompletedMail(
  order: MailOrder,
  reason: "failed" | "not-completed",
  { baseUrl, shopName }: Links,
): OutgoingMail {
  const cart = `${baseUrl}/cart`;
  const subject =
    reason === "failed"
      ? `Your payment for ${shopName} order ${order.id} did not go through`
      : `Your ${shopName} order ${order.id} was not placed: the payment was not completed`;
  const what =
    reason === "failed"
      ? "Your online payment did not go through, so your order was not placed and nothing was charged."
      : "Your online payment was not completed (the checkout was cancelled or timed out), so your order was not placed.";
  const next =
    "Your items are still in your cart: you can order them again, online or with cash on delivery. If you have ordered them again already, there is nothing more to do.";
  return renderMail({
    kind: "payment-not-completed",
    to: order.shopper.email,
    subject,
    text: [
      `Hi ${firstName(order)},`,
      "",
      what,
      next,
      "",
      orderText(order, { withAddress: false, placed: false }),
      "",
      `Your cart: ${cart}`,
    ].join("\n"),
    html: (
      <MailDocument title={subject} baseUrl={baseUrl} shopName={shopName}>
        <Heading>{reason === "failed" ? "Your payment did not go through" : "Your payment was not completed"}</Heading>
        <Paragraph>Hi {firstName(order)},</Paragraph>
        <Paragraph>{what}</Paragraph>
        <Paragraph>{next}</Paragraph>
        <OrderSummary order={order} withAddress={false} placed={false} />
        <ButtonLink href={cart}>Go to your cart</ButtonLink>
      </MailDocument>
    ),
  });
}

const STATUS_NEWS = {
  Shipped: { subject: "has shipped", heading: "Your order is on its way", body: "Good news: your order has shipped." },
  Delivered: {
    subject: "has been delivered",
    heading: "Your order was delivered",
    body: "Your order has been delivered. We hope you enjoy it!",
  },
  Cancelled: {
    subject: "has been cancelled",
    heading: "Your order was cancelled",
    body: "Your order has been cancelled by the shop.",
  },
} as const;

export type NewsworthyStatus = keyof typeof STATUS_NEWS;

export function isNewsworthyStatus(status: string): status is NewsworthyStatus {
  return Object.hasOwn(STATUS_NEWS, status);
}

export function orderStatusMail(
  order: MailOrder,
  status: NewsworthyStatus,
  { baseUrl, shopName }: Links,
): OutgoingMail {
  const news = STATUS_NEWS[status];
  const myOrders = `${baseUrl}/my-orders`;
  const subject = `Your ${shopName} order ${order.id} ${news.subject}`;
  // Delivered: the shopper is asked to review what they received, each product with a link to its review form.
  const reviewable =
    status === "Delivered"
      ? [...new Map(order.lines.flatMap((l) => (l.reviewPath ? [[l.reviewPath, l.name] as const] : []))).entries()]
      : [];
  const invite = "How do you like it? Other shoppers would love to know: review what you bought.";
  const extra =
    status === "Cancelled" && order.paymentType === "Online"
      ? "You paid for it online: if you have questions about your refund, please contact us."
      : null;
  return renderMail({
    kind: "order-status",
    to: order.shopper.email,
    subject,
    text: [
      `Hi ${firstName(order)},`,
      "",
      news.body,
      ...(extra ? [extra] : []),
      "",
      `Status: ${status}`,
      orderText(order, { withAddress: status === "Shipped" }),
      "",
      ...(reviewable.length > 0
        ? [invite, ...reviewable.map(([path, name]) => `Review ${name}: ${baseUrl}${path}`), ""]
        : []),
      `See your orders in My Orders: ${myOrders}`,
    ].join("\n"),
    html: (
      <MailDocument title={subject} baseUrl={baseUrl} shopName={shopName}>
        <Heading>{news.heading}</Heading>
        <Paragraph>Hi {firstName(order)},</Paragraph>
        <Paragraph>{news.body}</Paragraph>
        {extra ? <Paragraph>{extra}</Paragraph> : null}
        <Paragraph>
          Status: <strong>{status}</strong>
        </Paragraph>
        <OrderSummary order={order} withAddress={status === "Shipped"} />
        {reviewable.length > 0 ? (
          <>
            <Paragraph>{invite}</Paragraph>
            {reviewable.map(([path, name]) => (
              <Paragraph key={path}>
                <a href={`${baseUrl}${path}`}>Review {name}</a>
              </Paragraph>
            ))}
          </>
        ) : null}
        <ButtonLink href={myOrders}>View My Orders</ButtonLink>
      </MailDocument>
    ),
  });
}

export function sellerNewOrderMail(order: MailOrder, to: string, { baseUrl, shopName }: Links): OutgoingMail {
  const sellerOrders = `${baseUrl}/seller/orders`;
  const subject = `New order ${order.id}: ${formatMoney(order.amountCents, order.currency, order.locale)} (${order.paymentType === "COD" ? "Cash on Delivery" : "paid online"})`;
  const customer = `${order.shopper.name} <${order.shopper.email}>`;
  return renderMail({
    kind: "seller-new-order",
    to,
    subject,
    text: [
      "A new order has been placed.",
      "",
      `Customer: ${customer}`,
      orderText(order),
      "",
      `Handle it in the seller area: ${sellerOrders}`,
    ].join("\n"),
    html: (
      <MailDocument title={subject} baseUrl={baseUrl} shopName={shopName}>
        <Heading>New order</Heading>
        <Paragraph>
          A new order has been placed by {order.shopper.name} ({order.shopper.email}).
        </Paragraph>
        <OrderSummary order={order} />
        <ButtonLink href={sellerOrders}>Open the orders list</ButtonLink>
      </MailDocument>
    ),
  });
}

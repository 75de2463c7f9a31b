// The shopper's refund email: sent when a refund of their online payment has gone through (in the transaction
// that records it as succeeded), whether the seller made it in the store or in Stripe's dashboard.
import { formatMoney } from "#app/lib/money.ts";
import type { OutgoingMail } from "#app/modules/mail/outbox.server.ts";
import { ButtonLink, Heading, MailDocument, Paragraph } from "./layout.tsx";
import { type MailOrder, OrderSummary, orderText } from "./order-parts.tsx";
import { renderMail } from "./render.server.tsx";

export type MailRefund = {
  amountCents: number;
  /** Everything paid has now been refunded. */
  full: boolean;
  /** What has been refunded on the order so far, this refund included. */
  refundedCents: number;
};

export function refundMail(
  order: MailOrder,
  refund: MailRefund,
  { baseUrl, shopName }: { baseUrl: string; shopName: string },
): OutgoingMail {
  const myOrders = `${baseUrl}/my-orders`;
  const amount = formatMoney(refund.amountCents, order.currency, order.locale);
  const subject = `Your refund of ${amount} for ${shopName} order ${order.id}`;
  const name = order.shopper.name.split(/\s+/)[0] || order.shopper.name;
  const what = [
    order.status === "Cancelled" ? "Your order has been cancelled by the shop." : null,
    `We have refunded ${amount} to the card you paid with.`,
    refund.full
      ? "Everything you paid for this order has now been refunded."
      : `So far ${formatMoney(refund.refundedCents, order.currency, order.locale)} of the ${formatMoney(order.amountCents, order.currency, order.locale)} you paid has been refunded.`,
  ]
    .filter(Boolean)
    .join(" ");
  const when = "Refunds usually show up on your statement within 5 to 10 business days.";
  return renderMail({
    kind: "refund",
    to: order.shopper.email,
    subject,
    text: [
      `Hi ${name},`,
      "",
      what,
      when,
      "",
      orderText(order, { withAddress: false }),
      "",
      `See your orders in My Orders: ${myOrders}`,
    ].join("\n"),
    html: (
      <MailDocument title={subject} baseUrl={baseUrl} shopName={shopName}>
        <Heading>{refund.full ? "Your money is on its way back" : "Part of your payment is on its way back"}</Heading>
        <Paragraph>Hi {name},</Paragraph>
        <Paragraph>{what}</Paragraph>
        <Paragraph>{when}</Paragraph>
        <OrderSummary order={order} withAddress={false} />
        <ButtonLink href={myOrders}>View My Orders</ButtonLink>
      </MailDocument>
    ),
  });
}

// An order as every order email shows it, in HTML and in plain text: its lines (with the size when the line
// has one), the totals in the order's own currency with its tax and shipping, the delivery address and how it is paid.
import { formatDate } from "#app/lib/locales.ts";
import { formatMoney, formatTaxRate } from "#app/lib/money.ts";
import type { AddressSnapshot, OrderStatus, PaymentType } from "#db/tables.ts";
import { COLORS, SectionTitle } from "./layout.tsx";

export type MailOrderLine = {
  name: string;
  /** The size ordered, when the line records one. */
  size: string | null;
  quantity: number;
  lineCents: number;
  /** The product page's review form (a path), for a product still on sale; null otherwise. */
  reviewPath?: string | null;
};

/** What the order emails need to know about an order (loaded in the transaction that changes it). */
export type MailOrder = {
  id: string;
  createdAt: number;
  status: OrderStatus;
  paymentType: PaymentType;
  isPaid: boolean;
  subtotalCents: number;
  /** The discount code used and its amount, or null. */
  discount: { code: string; cents: number } | null;
  taxCents: number;
  amountCents: number;
  /** The currency, tax and shipping the order was placed with. */
  currency: string;
  /** How the shop writes dates and amounts (its settings' locale when the mail was written). */
  locale: string;
  taxRateBasisPoints: number;
  taxIncluded: boolean;
  shippingCents: number;
  address: AddressSnapshot;
  lines: MailOrderLine[];
  shopper: { name: string; email: string };
};

/** "29 November 2026", "November 29, 2026": the day (UTC) in the shop's locale. */
export function orderDate(ms: number, locale: string): string {
  return formatDate(ms, locale, "long");
}

/** "Cash on Delivery (to be paid on delivery)", "Online payment (paid)". */
export function paymentText(order: Pick<MailOrder, "paymentType" | "isPaid">): string {
  if (order.paymentType === "COD") return "Cash on Delivery (to be paid on delivery)";
  return `Online payment (${order.isPaid ? "paid" : "not paid"})`;
}

/** The order's totals as label and amount: the tax as its own line, or as the part of the prices it was. */
function totalRows(order: MailOrder): [string, string][] {
  const money = (amount: number) => formatMoney(amount, order.currency, order.locale);
  const rate = formatTaxRate(order.taxRateBasisPoints);
  return [
    ["Subtotal", money(order.subtotalCents)],
    ...(order.discount
      ? [[`Discount (${order.discount.code})`, `-${money(order.discount.cents)}`] as [string, string]]
      : []),
    ["Shipping", order.shippingCents === 0 ? "Free" : money(order.shippingCents)],
    [order.taxIncluded ? `Includes tax (${rate})` : `Tax (${rate})`, money(order.taxCents)],
    ["Total", money(order.amountCents)],
  ];
}

function lineLabel(line: MailOrderLine): string {
  return line.size ? `${line.name} (Size: ${line.size})` : line.name;
}

function addressLines(snapshot: AddressSnapshot): string[] {
  // A snapshot is JSON: a field it lacks is left out, never shown as "undefined".
  const address = snapshot as Partial<AddressSnapshot>;
  const join = (separator: string, ...parts: (string | undefined)[]) =>
    parts
      .map((p) => (typeof p === "string" ? p.trim() : ""))
      .filter(Boolean)
      .join(separator);
  return [
    join(" ", address.firstName, address.lastName),
    join(", ", address.street),
    join(", ", address.city, address.state, address.zipcode),
    join(", ", address.country),
    address.phone?.trim() ? `Phone: ${address.phone.trim()}` : "",
  ].filter(Boolean);
}

/** The summary's first line: "Order X, placed <date>", or for an order never placed, when its checkout began. */
function orderLine(order: MailOrder, placed: boolean): string {
  return `Order ${order.id}, ${placed ? "placed" : "checkout started"} ${orderDate(order.createdAt, order.locale)}`;
}

export function orderText(order: MailOrder, { withAddress = true, placed = true } = {}): string {
  const lines = order.lines.map(
    (line) => `- ${lineLabel(line)} x ${line.quantity}: ${formatMoney(line.lineCents, order.currency, order.locale)}`,
  );
  const parts = [
    orderLine(order, placed),
    "",
    ...lines,
    "",
    ...totalRows(order).map(([label, value]) => `${label}: ${value}`),
    "",
    `Payment: ${paymentText(order)}`,
  ];
  if (withAddress) parts.push("", "Delivery address:", ...addressLines(order.address));
  return parts.join("\n");
}

const cell = { padding: "8px 0", borderBottom: `1px solid ${COLORS.border}`, verticalAlign: "top" } as const;

export function OrderSummary({
  order,
  withAddress = true,
  placed = true,
}: {
  order: MailOrder;
  withAddress?: boolean;
  /** False for an order never placed (its online payment was not completed). */
  placed?: boolean;
}) {
  return (
    <>
      <p style={{ margin: "0 0 8px", color: COLORS.muted, fontSize: 13 }}>{orderLine(order, placed)}</p>
      <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: "collapse" }}>
        <thead>
          <tr style={{ fontSize: 12, color: COLORS.muted, textAlign: "left" }}>
            <th style={{ ...cell, fontWeight: 400 }}>Item</th>
            <th style={{ ...cell, fontWeight: 400, textAlign: "center" }}>Qty</th>
            <th style={{ ...cell, fontWeight: 400, textAlign: "right" }}>Amount</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines keep their order and have no other identity here
            <tr key={index}>
              <td style={cell}>
                {line.name}
                {line.size ? (
                  <span style={{ display: "block", fontSize: 12, color: COLORS.muted }}>Size: {line.size}</span>
                ) : null}
              </td>
              <td style={{ ...cell, textAlign: "center" }}>{line.quantity}</td>
              <td style={{ ...cell, textAlign: "right" }}>
                {formatMoney(line.lineCents, order.currency, order.locale)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <table
        role="presentation"
        width="100%"
        cellPadding={0}
        cellSpacing={0}
        style={{ marginTop: 8, fontSize: 14, borderCollapse: "collapse" }}
      >
        <tbody>
          {totalRows(order).map(([label, value]) => (
            <TotalRow key={label} label={label} value={value} strong={label === "Total"} />
          ))}
        </tbody>
      </table>
      <SectionTitle>Payment</SectionTitle>
      <p style={{ margin: 0 }}>{paymentText(order)}</p>
      {withAddress ? (
        <>
          <SectionTitle>Delivery address</SectionTitle>
          <p style={{ margin: 0 }}>
            {addressLines(order.address).map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the address lines have a fixed order
              <span key={index} style={{ display: "block" }}>
                {line}
              </span>
            ))}
          </p>
        </>
      ) : null}
    </>
  );
}

function TotalRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  const style = { padding: "2px 0", fontWeight: strong ? 700 : 400, color: strong ? "#111827" : COLORS.text };
  return (
    <tr>
      <td style={style}>{label}</td>
      <td style={{ ...style, textAlign: "right" }}>{value}</td>
    </tr>
  );
}

import { useEffect, useState } from "react";
import { data, Link } from "react-router";
import { formatDate } from "#app/lib/locales.ts";
import { formatMoney, formatTaxRate } from "#app/lib/money.ts";
import { requireShopper } from "#app/middleware/identity.server.ts";
import { thumbnailUrl } from "#app/modules/inventory/shared/images.ts";
import { listUserOrders } from "#app/modules/orders/index.server.ts";
import { PLACED_PARAM, refundTone, statusTone } from "#app/modules/orders/shared/order-status.ts";
import { moneyFactsOf } from "#app/modules/refunds/index.server.ts";
import { shopOf, useShop } from "#app/modules/shop/shared/shop.ts";
import { pageMeta } from "#app/routes/seo.ts";
import type { Route } from "./+types/my-orders";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "My Orders",
    description: `Your ${shopOf(matches).name} orders and their status.`,
    path: "/my-orders",
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  // Every order mail links here: a visitor logs in, then comes back to their orders.
  const shopper = requireShopper(context, "/login?redirectTo=%2Fmy-orders");
  const list = await listUserOrders(shopper.id);
  const money = await moneyFactsOf(list);
  const orders = list.map((order) => ({
    id: order.id,
    refundStatus: money.get(order.id)?.refundStatus ?? null,
    refundedCents: money.get(order.id)?.refundedCents ?? 0,
    paymentType: order.paymentType,
    amountCents: order.amountCents,
    // Shown in the currency, tax and shipping the order was placed with, whatever the settings are now.
    currency: order.currency,
    subtotalCents: order.subtotalCents,
    taxCents: order.taxCents,
    taxIncluded: order.taxIncluded,
    taxRateBasisPoints: order.taxRateBasisPoints,
    shippingCents: order.shippingCents,
    discount: order.discountCode ? { code: order.discountCode, cents: order.discountCents } : null,
    status: order.status,
    createdAt: order.createdAt,
    lines: order.lines,
  }));
  // Just placed (the cart's Place Order, or back from paying): that order is named first. Only one of the
  // shopper's own placed orders; any other id shows the list alone.
  const placedId = new URL(request.url).searchParams.get(PLACED_PARAM);
  const placed = orders.find((order) => order.id === placedId) ?? null;
  return data({ orders, placed }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function MyOrders({ loaderData }: Route.ComponentProps) {
  const { orders, placed } = loaderData;
  const { locale } = useShop();
  return (
    <div className="mt-12 pb-16">
      <div className="mb-8 flex w-max flex-col items-end">
        <h1 className="text-2xl font-medium uppercase">My Orders</h1>
        <div className="h-0.5 w-16 rounded-full bg-primary" />
      </div>
      {placed ? <PlacedOrder order={placed} /> : null}
      {orders.length === 0 ? (
        <p className="text-gray-500">
          You have not placed any orders yet.{" "}
          <Link to="/products" className="text-primary underline">
            Start shopping
          </Link>
        </p>
      ) : (
        <ol className="space-y-6">
          {orders.map((order) => (
            <li
              key={order.id}
              className="max-w-4xl rounded-lg border border-gray-300 p-4"
              id={`order-${order.id}`}
              data-testid="order"
              aria-label={`Order ${order.id}`}
            >
              <p className="flex flex-col justify-between text-gray-400 md:flex-row md:items-center">
                <span>OrderId : {order.id}</span>
                <span>Payment : {order.paymentType}</span>
                {order.discount ? (
                  <span data-testid="order-discount">
                    Discount ({order.discount.code}) : −{formatMoney(order.discount.cents, order.currency, locale)}
                  </span>
                ) : null}
                <span>Total Amount : {formatMoney(order.amountCents, order.currency, locale)}</span>
              </p>
              <p className="mt-1 text-xs text-gray-500" data-testid="order-charges">
                Price {formatMoney(order.subtotalCents, order.currency, locale)} · Shipping{" "}
                {order.shippingCents === 0 ? "Free" : formatMoney(order.shippingCents, order.currency, locale)} ·{" "}
                {order.taxIncluded ? "Includes tax" : "Tax"} ({formatTaxRate(order.taxRateBasisPoints)}){" "}
                {formatMoney(order.taxCents, order.currency, locale)}
              </p>
              {order.refundStatus ? (
                <p className="mt-1 text-sm text-gray-700" data-testid="refund-status">
                  <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${refundTone(order.refundStatus)}`}>
                    {order.refundStatus}
                  </span>
                  {order.refundedCents > 0 ? (
                    <span> · {formatMoney(order.refundedCents, order.currency, locale)} refunded</span>
                  ) : null}
                </p>
              ) : null}
              <ul>
                {order.lines.map((line, index) => (
                  <li
                    key={`${line.productId}:${line.size}`}
                    className={`grid gap-4 py-5 text-gray-800 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)] md:items-center md:gap-8 ${
                      index < order.lines.length - 1 ? "border-b border-gray-300" : ""
                    }`}
                  >
                    <div className="flex items-center">
                      <div className="rounded-lg bg-primary/10 p-2">
                        {line.image ? (
                          <img src={thumbnailUrl(line.image)} alt="" className="h-16 w-16 object-cover" />
                        ) : (
                          <div className="h-16 w-16" />
                        )}
                      </div>
                      <div className="ml-4">
                        <h2 className="text-xl font-medium text-gray-800">{line.name}</h2>
                        <p>Category: {line.category}</p>
                        {line.size ? <p>Size: {line.size}</p> : null}
                      </div>
                    </div>
                    <div className="flex flex-col justify-center text-sm">
                      <p>Quantity: {line.quantity}</p>
                      <p>
                        Status:{" "}
                        <span
                          className={`rounded-full px-2 py-0.5 text-xs font-medium ${statusTone(order.status).pill}`}
                        >
                          {order.status}
                        </span>
                      </p>
                      <p>
                        Date: <LocalDate ms={order.createdAt} />
                      </p>
                    </div>
                    <p className="text-lg font-medium text-primary md:text-right">
                      Amount: {formatMoney(line.lineCents, order.currency, locale)}
                    </p>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

type ListedOrder = Route.ComponentProps["loaderData"]["orders"][number];

/**
 * The order the shopper has just placed: its number, its lines, paid or still to pay, and what happens next.
 * Rendered by the server at the top of the page (not a toast that fades), so it shows without JavaScript too.
 */
function PlacedOrder({ order }: { order: ListedOrder }) {
  const { locale } = useShop();
  const total = formatMoney(order.amountCents, order.currency, locale);
  const paidOnline = order.paymentType === "Online";
  return (
    <section
      aria-labelledby="placed-order-title"
      data-testid="placed-order"
      className="mb-8 max-w-4xl rounded-lg border border-green-300 bg-green-50 p-4 text-gray-800"
    >
      <h2 id="placed-order-title" className="text-lg font-semibold text-green-800">
        Thank you! Order {order.id} is placed.
      </h2>
      <ul className="mt-2 list-disc pl-5 text-sm">
        {order.lines.map((line) => (
          <li key={`${line.productId}:${line.size}`}>
            {line.quantity} × {line.name}
            {line.size ? ` (size ${line.size})` : ""}: {formatMoney(line.lineCents, order.currency, locale)}
          </li>
        ))}
      </ul>
      <p className="mt-2 font-medium" data-testid="placed-order-payment">
        {paidOnline ? `Paid online: ${total}.` : `To pay on delivery: ${total}, in cash.`}
      </p>
      <p className="mt-1 text-sm" data-testid="placed-order-next">
        {paidOnline
          ? "Your payment is received. The shop now prepares your order and sends it to your address; its status below changes as it moves (Shipped, then Delivered)."
          : `The shop now prepares your order and sends it to your address; you pay ${total} when it is delivered. Its status below changes as it moves (Shipped, then Delivered).`}
      </p>
      <p className="mt-2 text-sm">
        <a href={`#order-${order.id}`} className="text-primary underline">
          See the order below
        </a>{" "}
        ·{" "}
        <Link to="/products" className="text-primary underline">
          Continue shopping
        </Link>
      </p>
    </section>
  );
}

/**
 * The date as the shop writes it (its locale), the day in UTC from the server; with JavaScript the day is the one
 * in the shopper's own time zone (the spec's "local date"), still written the shop's way.
 */
function LocalDate({ ms }: { ms: number }) {
  const { locale } = useShop();
  const [text, setText] = useState(() => formatDate(ms, locale));
  useEffect(() => {
    setText(formatDate(ms, locale, "date", Intl.DateTimeFormat().resolvedOptions().timeZone));
  }, [ms, locale]);
  return <time dateTime={new Date(ms).toISOString()}>{text}</time>;
}

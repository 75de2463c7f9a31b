import { Link } from "react-router";
import { type ChartDay, DailyChart, DailyFiguresTable, shortDay } from "#app/components/seller/daily-chart.tsx";
import { ExportLinks } from "#app/components/seller/export-links.tsx";
import { FiguresTable } from "#app/components/seller/figures-table.tsx";
import { formatDate } from "#app/lib/locales.ts";
import { formatMoney } from "#app/lib/money.ts";
import { lineName } from "#app/modules/inventory/shared/sizes.ts";
import { statusTone } from "#app/modules/orders/shared/order-status.ts";
import { refundsAndCash, sellerOverview } from "#app/modules/reporting/index.server.ts";
import { shopSettings } from "#app/modules/shop/index.server.ts";
import { useShop } from "#app/modules/shop/shared/shop.ts";
import { sellerMeta } from "#app/routes/seo.ts";
import type { Route } from "./+types/overview";

export const meta: Route.MetaFunction = ({ matches }) => sellerMeta("Overview", matches);

export async function loader() {
  // Revenue is summed in the shop's currency (orders placed in an earlier currency are summed as they are).
  const { currency, locale, lowStockThreshold } = await shopSettings();
  const overview = await sellerOverview(Date.now(), lowStockThreshold);
  const { totals } = overview;
  return {
    days: overview.days,
    today: overview.days.at(-1)!.day,
    totals: [
      { label: "Today", ...totals.today },
      { label: "Last 7 days", ...totals.last7Days },
      { label: "Last 30 days", ...totals.last30Days },
    ].map((t) => ({ label: t.label, orders: t.orders, revenue: formatMoney(t.revenueCents, currency, locale) })),
    byStatus: overview.byStatus,
    topProducts: overview.topProducts.map((p) => ({ ...p, revenue: formatMoney(p.revenueCents, currency, locale) })),
    lowStock: overview.lowStock,
    money: await refundsAndCash(),
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Highest: Nov 20 ($120.00)", or that there was none. */
function busiest(days: ChartDay[], format: (value: number) => string, locale: string): string {
  const best = days.reduce((a, b) => (b.value > a.value ? b : a), days[0]!);
  return best.value > 0
    ? `The highest was ${format(best.value)} on ${shortDay(best.day, locale)}.`
    : "There were none.";
}

export default function Overview({ loaderData }: Route.ComponentProps) {
  const { days, totals, byStatus, topProducts, lowStock, today, money: refundFigures } = loaderData;
  const { currency, locale } = useShop();
  const money = (amount: number) => formatMoney(amount, currency, locale);
  const revenueDays = days.map((d) => ({ day: d.day, value: d.revenueCents }));
  const orderDays = days.map((d) => ({ day: d.day, value: d.orders }));
  const period = `from ${shortDay(days[0]!.day, locale)} to ${shortDay(today, locale)}`;
  const month = totals[2]!;
  return (
    <section className="flex max-w-5xl flex-col gap-8 p-4 md:p-10">
      <h1 className="text-2xl font-semibold text-gray-800">Overview</h1>

      <ul className="grid gap-4 sm:grid-cols-3" aria-label="Totals">
        {totals.map((t) => (
          <li key={t.label} className="rounded-md border border-gray-300 p-4" data-testid="overview-total">
            <p className="text-sm text-gray-500">{t.label}</p>
            <p className="text-2xl font-semibold text-gray-800">{t.revenue}</p>
            <p className="text-sm text-gray-600">{plural(t.orders, "order", "orders")}</p>
          </li>
        ))}
      </ul>

      <section aria-labelledby="daily-title" className="flex max-w-3xl flex-col gap-4">
        <h2 id="daily-title" className="text-lg font-semibold text-gray-800">
          Last 30 days
        </h2>
        <p className="text-sm text-gray-500">
          Every cash order and every paid online order, by the day it was placed (UTC); cancelled orders are not
          counted.
        </p>
        <div>
          <h3 className="mb-1 text-sm font-medium text-gray-700">Revenue per day</h3>
          <DailyChart
            id="revenue-chart"
            title="Revenue per day, last 30 days"
            summary={`Revenue ${period}: ${month.revenue} in total. ${busiest(revenueDays, money, locale)}`}
            days={revenueDays}
            format={money}
            floor={10_000}
          />
        </div>
        <div>
          <h3 className="mb-1 text-sm font-medium text-gray-700">Placed orders per day</h3>
          <DailyChart
            id="orders-chart"
            title="Placed orders per day, last 30 days"
            summary={`Placed orders ${period}: ${month.orders} in total. ${busiest(orderDays, (n) => plural(n, "order", "orders"), locale)}`}
            days={orderDays}
            format={String}
            floor={4}
          />
        </div>
        <DailyFiguresTable days={days.map((d) => ({ day: d.day, orders: d.orders, revenue: money(d.revenueCents) }))} />
      </section>

      <section aria-labelledby="money-title" className="flex flex-col gap-2 text-sm text-gray-700">
        <h2 id="money-title" className="text-lg font-semibold text-gray-800">
          Refunds and cash
        </h2>
        <p data-testid="overview-refunds">
          Refunded in the last 30 days: <strong>{money(refundFigures.refunded.cents)}</strong> (
          {plural(refundFigures.refunded.count, "refund", "refunds")}); the revenue above counts orders as placed.
          {refundFigures.open.pending > 0
            ? ` ${plural(refundFigures.open.pending, "refund is", "refunds are")} pending.`
            : ""}
          {refundFigures.open.failed > 0
            ? ` ${plural(refundFigures.open.failed, "refund", "refunds")} failed: try again from the orders list.`
            : ""}
        </p>
        <p data-testid="overview-unpaid-cash">
          Cash orders still unpaid: <strong>{refundFigures.unpaidCash.count}</strong> (
          {money(refundFigures.unpaidCash.cents)})
        </p>
        {refundFigures.unpaidCash.oldest.length > 0 ? (
          <ul className="flex flex-col gap-1" aria-label="Unpaid cash orders, oldest first">
            {refundFigures.unpaidCash.oldest.map((order) => (
              <li key={order.id}>
                Order {order.id} · {formatDate(order.createdAt, locale)} · {money(order.amountCents)}
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <div className="grid gap-8 md:grid-cols-2">
        <section aria-labelledby="status-title">
          <h2 id="status-title" className="text-lg font-semibold text-gray-800">
            Orders by status
          </h2>
          <ul className="mt-3 flex flex-col gap-2 text-sm">
            {byStatus.map((s) => (
              <li key={s.status} className="flex justify-between border-b border-gray-100 pb-1">
                <span className={statusTone(s.status).text}>{s.status}</span>
                <span className="font-medium text-gray-800">{s.count}</span>
              </li>
            ))}
          </ul>
          <Link to="/seller/orders" className="mt-3 inline-block text-sm text-primary underline">
            Open the orders list
          </Link>
        </section>

        <section aria-labelledby="top-title">
          <h2 id="top-title" className="text-lg font-semibold text-gray-800">
            Top products, last 30 days
          </h2>
          {topProducts.length === 0 ? (
            <p className="mt-3 text-sm text-gray-500">No products sold in the last 30 days.</p>
          ) : (
            <FiguresTable
              className="mt-3 w-full text-sm"
              labelledBy="top-title"
              headers={["Product", "Units", "Revenue"]}
              rows={topProducts.map((p) => ({ key: p.productId, label: p.name, figures: [p.units, p.revenue] }))}
            />
          )}
        </section>
      </div>

      <LowStock sizes={lowStock} />

      <ExportLinks today={today} />
    </section>
  );
}

/** The sizes running low, lowest first: what to restock. */
function LowStock({ sizes }: { sizes: Route.ComponentProps["loaderData"]["lowStock"] }) {
  return (
    <section aria-labelledby="low-title" className="max-w-3xl">
      <h2 id="low-title" className="text-lg font-semibold text-gray-800">
        Low stock
      </h2>
      {sizes.length === 0 ? (
        <p className="mt-3 text-sm text-gray-500">No size is running low.</p>
      ) : (
        <ul className="mt-3 divide-y divide-gray-100 text-sm" data-testid="low-stock">
          {sizes.map((line) => (
            <li key={`${line.productId}:${line.size}`} className="flex justify-between gap-4 py-1">
              <Link to={`/seller/products/${line.productId}`} className="text-gray-800 underline">
                {lineName(line.name, line.size)}
              </Link>
              <span className={line.stock === 0 ? "font-medium text-red-700" : "text-amber-800"}>
                {line.stock === 0 ? "Sold out" : `${line.stock} left`}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-sm">
        <Link to="/seller/product-list?stock=low" className="text-primary underline">
          All products low on stock
        </Link>
      </p>
    </section>
  );
}

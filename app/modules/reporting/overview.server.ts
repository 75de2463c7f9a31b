// The seller's overview: revenue and placed orders per day for the last 30 days, totals for today, 7 and 30
// days, orders by status, the ten products that sold the most units, and the sizes running low. Days are UTC days, as on the orders
// list. An order counts as on the orders list (every cash order, every paid online order); cancelled ones are
// left out of revenue, orders per day and top products, and counted under their status. Revenue is what was paid
// less the refunds that went through (on the order's day).
//
// Every query reads through an index (tests/integration/seller-overview-scale.test.ts checks their plans at
// 100,000 orders): the daily figures and top products read only the window's orders (orders_created_idx, then
// order_items_order_idx), the status counts read the status index alone (orders_status_idx), and the low
// sizes the stock index (product_sizes_stock_idx).
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  type SQL,
  sql,
} from "drizzle-orm";
import { db } from "#app/lib/db.server.ts";
import { LOW_STOCK } from "#app/modules/inventory/shared/sizes.ts";
import { MISSING_PRODUCT_NAME, placedOrderCondition } from "#app/modules/orders/index.server.ts";
import { ORDER_STATUSES, type OrderStatus, orderItems, orders, productSizes, products, refunds } from "#db/tables.ts";

export const OVERVIEW_DAYS = 30;
export const TOP_PRODUCTS = 10;
const DAY_MS = 86_400_000;

export type Figures = { orders: number; revenueCents: number };
export type DayFigures = Figures & { /** YYYY-MM-DD (UTC) */ day: string };
export type TopProduct = { productId: string; name: string; units: number; revenueCents: number };
/** A size of a product on sale that is running low (counted, at most the shop's threshold left). */
export type LowStockSize = { productId: string; name: string; size: string; stock: number };

/** Most low-stock sizes the overview lists (the product list's low-stock filter shows them all). */
export const LOW_STOCK_SHOWN = 20;

export type Overview = {
  /** The last 30 days, oldest first, today last (days without orders included). */
  days: DayFigures[];
  totals: { today: Figures; last7Days: Figures; last30Days: Figures };
  byStatus: { status: OrderStatus; count: number }[];
  topProducts: TopProduct[];
  lowStock: LowStockSize[];
};

/** A day's number (days since 1970-01-01, UTC) as YYYY-MM-DD. */
export function dayText(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

/** An integer sum (0 for no rows), the same number on SQLite and PostgreSQL. */
const total = (expression: SQL | AnyColumn) => sql<number>`coalesce(sum(${expression}), 0)`.mapWith(Number);

/** The overview's queries, for the day `now` falls on (the scale test reads their query plans). */
export function overviewQueries(now: number) {
  const today = Math.floor(now / DAY_MS);
  const firstDay = today - OVERVIEW_DAYS + 1;
  const counted = and(
    gte(orders.createdAt, firstDay * DAY_MS),
    lt(orders.createdAt, (today + 1) * DAY_MS),
    placedOrderCondition,
    ne(orders.status, "Cancelled"),
  );
  // An integer literal, not a bound number (which may be bound as a REAL and make the division fractional).
  const day = sql<number>`${orders.createdAt} / ${sql.raw(String(DAY_MS))}`.mapWith(Number);
  const units = total(orderItems.quantity);
  // What the order brought in: what was paid less the refunds that went through (by the refunds' order index).
  const kept = sql`${orders.amountCents} - coalesce((select sum(${refunds.amountCents}) from ${refunds} where ${refunds.orderId} = ${orders.id} and ${refunds.status} = 'succeeded'), 0)`;
  return {
    today,
    firstDay,
    perDay: db()
      .select({ day, orders: count(), revenueCents: total(kept) })
      .from(orders)
      .where(counted)
      .groupBy(day),
    byStatus: db()
      .select({ status: orders.status, count: count() })
      .from(orders)
      .where(and(inArray(orders.status, [...ORDER_STATUSES]), placedOrderCondition))
      .groupBy(orders.status),
    topProducts: db()
      .select({
        productId: orderItems.productId,
        units,
        revenueCents: total(sql`${orderItems.quantity} * ${orderItems.unitPriceCents}`),
      })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(counted)
      .groupBy(orderItems.productId)
      .orderBy(desc(units), orderItems.productId)
      .limit(TOP_PRODUCTS),
  };
}

function sumOf(days: DayFigures[]): Figures {
  return days.reduce((sum, d) => ({ orders: sum.orders + d.orders, revenueCents: sum.revenueCents + d.revenueCents }), {
    orders: 0,
    revenueCents: 0,
  });
}

export async function sellerOverview(now = Date.now(), lowStockAt = LOW_STOCK): Promise<Overview> {
  const queries = overviewQueries(now);
  const perDay = new Map((await queries.perDay).map((row) => [row.day, row]));
  const days: DayFigures[] = [];
  for (let day = queries.firstDay; day <= queries.today; day++) {
    const row = perDay.get(day);
    days.push({ day: dayText(day), orders: row?.orders ?? 0, revenueCents: row?.revenueCents ?? 0 });
  }
  const counts = new Map((await queries.byStatus).map((row) => [row.status, row.count]));
  const top = await queries.topProducts;
  const named =
    top.length === 0
      ? []
      : await db()
          .select({ id: products.id, name: products.name })
          .from(products)
          .where(
            inArray(
              products.id,
              top.map((t) => t.productId),
            ),
          );
  const names = new Map(named.map((p) => [p.id, p.name]));
  return {
    days,
    totals: { today: sumOf(days.slice(-1)), last7Days: sumOf(days.slice(-7)), last30Days: sumOf(days) },
    byStatus: ORDER_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 })),
    topProducts: top.map((t) => ({ ...t, name: names.get(t.productId) ?? MISSING_PRODUCT_NAME })),
    lowStock: await lowStockSizes(lowStockAt),
  };
}

/** The sizes running lowest (sold out first) of products on sale, through the stock index. */
async function lowStockSizes(at: number): Promise<LowStockSize[]> {
  const rows = await db()
    .select({ productId: products.id, name: products.name, size: productSizes.size, stock: productSizes.stock })
    .from(productSizes)
    .innerJoin(products, eq(products.id, productSizes.productId))
    .where(and(isNotNull(productSizes.stock), lte(productSizes.stock, at), isNull(products.removedAt)))
    .orderBy(asc(productSizes.stock), asc(products.name), asc(productSizes.position))
    .limit(LOW_STOCK_SHOWN);
  return rows.map((row) => ({ ...row, stock: row.stock ?? 0 }));
}

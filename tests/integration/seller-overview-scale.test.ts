// The overview and the orders export at 100,000 orders: their figures are right, and every statement they run
// reads orders and order lines through an index (EXPLAIN QUERY PLAN shows no scan of either table), so their
// cost follows the orders of the period asked for, not the size of the shop. No timings: a plan does not
// depend on how busy the machine is.
import type Database from "better-sqlite3";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "#app/lib/db.server.ts";
import { computeTotals, DEFAULT_PRICING } from "#app/lib/money.ts";
import { dayText, orderExportRange, ordersCsv, sellerOverview } from "#app/modules/reporting/index.server.ts";
import { ORDER_STATUSES, users } from "#db/tables.ts";
import { type BulkOrder, insertOrders } from "../helpers/bulk-orders.ts";
import { parseCsv } from "../helpers/csv.ts";
import { createProduct } from "../helpers/factories.ts";

const ORDERS = 100_000;
const DAY = 86_400_000;
const NOW = Date.parse("2025-09-15T09:30:00Z");
const TODAY = Math.floor(NOW / DAY);

const productIds: string[] = [];
const orders: BulkOrder[] = [];

/** A year of orders, cash and online (a third unpaid), in every status; one to three lines each. */
function makeOrders(userIds: string[]) {
  for (let i = 0; i < ORDERS; i++) {
    const online = i % 3 === 0;
    const lines = [
      { productId: productIds[i % productIds.length]!, quantity: 1 + (i % 3), unitPriceCents: 1000 + (i % 7) * 250 },
    ];
    if (i % 2 === 0)
      lines.push({ productId: productIds[(i * 7 + 3) % productIds.length]!, quantity: 1, unitPriceCents: 999 });
    orders.push({
      id: `o${i.toString(36).padStart(6, "0")}`,
      userId: userIds[i % userIds.length]!,
      paymentType: online ? "Online" : "COD",
      status: ORDER_STATUSES[i % ORDER_STATUSES.length]!,
      isPaid: online && i % 2 === 0,
      createdAt: NOW - Math.floor((i / ORDERS) * 365 * DAY),
      lines,
    });
  }
}

beforeAll(async () => {
  for (let p = 0; p < 150; p++) productIds.push((await createProduct({ name: `Scale Product ${p}` })).id);
  const userIds = Array.from({ length: 500 }, (_, u) => `scaleuser${u}`);
  await db()
    .insert(users)
    .values(userIds.map((id) => ({ id, name: `Scale ${id}`, email: `${id}@example.com`, passwordHash: "x" })));
  makeOrders(userIds);
  expect(await insertOrders(orders)).toBe(ORDERS);
});

type Statement = { source: string; params: unknown[] };

/** Every SQL statement run while `run` runs, with its first parameters (drizzle prepares each query it sends). */
async function statementsOf(run: () => Promise<unknown>): Promise<Statement[]> {
  const client = db().$client;
  const seen = new Map<string, Statement>();
  const prepare = client.prepare.bind(client);
  const spy = vi.spyOn(client, "prepare").mockImplementation(((source: string) => {
    const statement = prepare(source);
    for (const method of ["all", "get", "run", "iterate"] as const) {
      const original = statement[method].bind(statement) as (...params: unknown[]) => unknown;
      (statement as unknown as Record<string, unknown>)[method] = (...params: unknown[]) => {
        if (!seen.has(source)) seen.set(source, { source, params });
        return original(...params);
      };
    }
    return statement;
  }) as Database.Database["prepare"]);
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return [...seen.values()];
}

/** The plan lines of a statement that read orders, order_items or product_sizes without an index. */
function fullScans({ source, params }: Statement): string[] {
  const plan = db()
    .$client.prepare(`EXPLAIN QUERY PLAN ${source}`)
    .all(...params) as { detail: string }[];
  return plan.map((row) => row.detail).filter((detail) => /^SCAN (orders|order_items|product_sizes)\b/.test(detail));
}

afterEach(() => {
  vi.restoreAllMocks();
});

const counted = (o: BulkOrder) => (o.paymentType === "COD" || o.isPaid) && o.status !== "Cancelled";

describe("at 100,000 orders", () => {
  it("the overview's figures are right", async () => {
    const inWindow = orders.filter((o) => counted(o) && Math.floor(o.createdAt / DAY) > TODAY - 30);
    const overview = await sellerOverview(NOW);
    const expectedDays = new Map<string, { orders: number; revenueCents: number }>();
    for (const o of inWindow) {
      const day = dayText(Math.floor(o.createdAt / DAY));
      const figures = expectedDays.get(day) ?? { orders: 0, revenueCents: 0 };
      figures.orders++;
      figures.revenueCents += computeTotals(o.lines, DEFAULT_PRICING).totalCents;
      expectedDays.set(day, figures);
    }
    for (const d of overview.days) {
      expect(d, d.day).toEqual({ day: d.day, ...(expectedDays.get(d.day) ?? { orders: 0, revenueCents: 0 }) });
    }
    expect(overview.totals.last30Days.orders).toBe(inWindow.length);
    expect(inWindow.length).toBeGreaterThan(4_000);

    for (const { status, count } of overview.byStatus) {
      expect(count, status).toBe(
        orders.filter((o) => o.status === status && (o.paymentType === "COD" || o.isPaid)).length,
      );
    }

    const units = new Map<string, number>();
    for (const o of inWindow)
      for (const l of o.lines) units.set(l.productId, (units.get(l.productId) ?? 0) + l.quantity);
    const best = [...units].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 10);
    expect(overview.topProducts.map((p) => [p.productId, p.units])).toEqual(best);
  });

  it("every statement of the overview reads orders and order lines through an index", async () => {
    const statements = await statementsOf(() => sellerOverview(NOW));
    expect(statements.length).toBeGreaterThanOrEqual(3);
    for (const statement of statements) expect(fullScans(statement), statement.source).toEqual([]);
  });

  it("the orders export of 30 days streams every order of the range, through indexes only", async () => {
    const range = orderExportRange({ from: dayText(TODAY - 29), to: dayText(TODAY) }, NOW);
    let text = "";
    const statements = await statementsOf(async () => {
      text = await new Response(ordersCsv(range)).text();
    });
    const expected = orders.filter(
      (o) => (o.paymentType === "COD" || o.isPaid) && o.createdAt >= range.fromMs && o.createdAt < range.untilMs,
    );
    const rows = parseCsv(text).slice(1);
    expect(rows).toHaveLength(expected.length);
    expect(new Set(rows.map((r) => r[0])).size).toBe(expected.length);
    // The keyset pages and the order lines: each statement once, every one through an index.
    expect(statements.length).toBeGreaterThanOrEqual(2);
    for (const statement of statements) expect(fullScans(statement), statement.source).toEqual([]);
    // A later page's index range starts where the page before ended, not at the start of the range again
    // (two lower bounds would let SQLite pick the range's and read it from the start for every page).
    const pages = statements.filter((s) => /from "orders"/.test(s.source) && /limit \?$/.test(s.source));
    expect(pages.length).toBe(2);
    for (const page of pages) expect(page.source.match(/"orders"\."created_at" >= \?/g), page.source).toHaveLength(1);
  });
});

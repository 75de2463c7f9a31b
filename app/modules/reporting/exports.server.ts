// The seller's CSV exports: placed orders in a range of days, and every product. Streamed: rows are read in
// pages (keyset pagination through an index) and written as they come, so a large export never sits in
// memory. csv-stringify quotes what needs quoting (and every cell holding a line break, bare LF included); a text
// cell that a spreadsheet would run as a formula (starting with = + - @ or a tab or line break) is neutralised
// with a leading apostrophe (OWASP's advice). Phone numbers are written as "Tel. +91 98765 43210" instead.
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createReadableStreamFromReadable } from "@react-router/node";
import { stringify } from "csv-stringify";
import { and, asc, eq, gt, gte, lt, or } from "drizzle-orm";
import { db } from "#app/lib/db.server.ts";
import { toDecimalText } from "#app/lib/money.ts";
import { parseOrRefuse, refuse } from "#app/lib/refusal.ts";
import { stockLinesIn } from "#app/modules/inventory/index.server.ts";
import { FREE_SIZE, lineName } from "#app/modules/inventory/shared/sizes.ts";
import {
  MISSING_PRODUCT_NAME,
  markCashPaymentsExported,
  orderLinesIn,
  placedOrderCondition,
} from "#app/modules/orders/index.server.ts";
import { orderExportSchema } from "#app/modules/reporting/shared/export-schema.ts";
import { shopSettings } from "#app/modules/shop/index.server.ts";
import { orders, products, users } from "#db/tables.ts";
import { dayText, OVERVIEW_DAYS } from "./overview.server.ts";
import { refundedByOrder } from "./refunds-and-cash.server.ts";

const DAY_MS = 86_400_000;
/** Rows read per page. */
const PAGE = 500;

/** A text cell a spreadsheet would take for a formula gets a leading apostrophe. */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r\n]/.test(value) ? `'${value}` : value;
}

/**
 * A phone number as the Phone cell holds it: "Tel. " and the number as typed. A spreadsheet reads the cell as
 * text, so "+91 98765 43210" is neither computed as a formula nor shown as '+91…, and "09876543210" keeps its
 * leading zero instead of becoming a number. No phone number: an empty cell.
 */
export function phoneCell(phone: string): string {
  return phone ? `Tel. ${phone}` : "";
}

type Column = { key: string; header: string };
type CsvRecord = Record<string, string | number>;

/** Streams `rows` as CSV (UTF-8 with a byte order mark, so spreadsheets read accents right). */
function csvStream(columns: Column[], rows: () => AsyncGenerator<CsvRecord>) {
  const csv = stringify({
    header: true,
    bom: true,
    columns,
    record_delimiter: "windows",
    // csv-stringify quotes a cell holding the record delimiter (CRLF) but not a bare LF or CR, which every
    // other CSV reader takes for the end of the row: such cells are quoted too.
    quoted_match: /[\r\n]/,
    cast: { string: neutraliseFormula },
  });
  pipeline(Readable.from(rows()), csv).catch((error: unknown) => {
    // The answer has started: it is cut short, and the reason logged.
    console.error("A CSV export failed:", error);
  });
  return createReadableStreamFromReadable(csv);
}

/** An amount as a CSV cell: decimals in its currency ("40.80" USD, "4080" JPY). */
const money = (amount: number, currency: string) => toDecimalText(amount, currency);
const isoTime = (ms: number) => new Date(ms).toISOString();

type Keyset = { createdAt: number; id: string };

/**
 * Rows from `from` on that come after the keyset (createdAt, id). The start is ONE lower bound on createdAt
 * (the later of `from` and the keyset's time), so each page's index range begins where the last page ended.
 */
function startingAfter(table: typeof orders | typeof products, from: number, last: Keyset | null) {
  if (!last) return gte(table.createdAt, from);
  return and(
    gte(table.createdAt, Math.max(from, last.createdAt)),
    or(gt(table.createdAt, last.createdAt), and(eq(table.createdAt, last.createdAt), gt(table.id, last.id))),
  );
}

/** Reads a table page by page (each page starts after the last row of the one before) until it runs out. */
async function* pagesOf<T>(
  read: (last: Keyset | null) => Promise<T[]>,
  keyOf: (row: T) => Keyset,
): AsyncGenerator<T[]> {
  let last: Keyset | null = null;
  for (;;) {
    const page = await read(last);
    if (page.length === 0) return;
    yield page;
    last = keyOf(page.at(-1)!);
    // Let the response drain between pages instead of holding the event loop.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export type OrderExportRange = { from: string; to: string; fromMs: number; untilMs: number };

/** The days asked for, both included; without them, the last 30 days. */
export function orderExportRange(input: { from: unknown; to: unknown }, now = Date.now()): OrderExportRange {
  const fields = parseOrRefuse(orderExportSchema, {
    from: input.from || undefined,
    to: input.to || undefined,
  });
  const today = Math.floor(now / DAY_MS);
  const from = fields.from ?? dayText(today - OVERVIEW_DAYS + 1);
  const to = fields.to ?? dayText(today);
  if (from > to) refuse("The start date must not be after the end date.");
  return { from, to, fromMs: Date.parse(`${from}T00:00:00Z`), untilMs: Date.parse(`${to}T00:00:00Z`) + DAY_MS };
}

/** One page of the orders export (the scale test reads its query plan). */
export function ordersExportPage(range: OrderExportRange, last: Keyset | null) {
  return db()
    .select({ order: orders, customer: { name: users.name, email: users.email } })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(startingAfter(orders, range.fromMs, last), lt(orders.createdAt, range.untilMs), placedOrderCondition))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(PAGE);
}

/** "Linen Shirt, M x 2; Wool Scarf x 1" and the units, per order of a page (one query for the page). */
async function itemsOf(orderIds: string[]): Promise<Map<string, { items: string; units: number }>> {
  const byOrder = new Map<string, { items: string; units: number }>();
  for (const [orderId, lines] of await orderLinesIn(db(), orderIds)) {
    byOrder.set(orderId, {
      items: lines
        .map((l) => `${lineName(l.product?.name ?? MISSING_PRODUCT_NAME, l.size)} x ${l.quantity}`)
        .join("; "),
      units: lines.reduce((sum, l) => sum + l.quantity, 0),
    });
  }
  return byOrder;
}

const ORDER_COLUMNS: Column[] = [
  { key: "id", header: "Order" },
  { key: "placedAt", header: "Placed (UTC)" },
  { key: "status", header: "Status" },
  { key: "paymentType", header: "Payment" },
  { key: "paid", header: "Paid" },
  { key: "items", header: "Items" },
  { key: "units", header: "Units" },
  { key: "subtotal", header: "Subtotal" },
  { key: "discountCode", header: "Discount code" },
  { key: "discount", header: "Discount" },
  { key: "tax", header: "Tax" },
  { key: "shipping", header: "Shipping" },
  { key: "total", header: "Total" },
  { key: "currency", header: "Currency" },
  { key: "customer", header: "Customer" },
  { key: "email", header: "Customer email" },
  { key: "shipTo", header: "Ship to" },
  { key: "street", header: "Street" },
  { key: "city", header: "City" },
  { key: "state", header: "State" },
  { key: "zipcode", header: "Zip code" },
  { key: "country", header: "Country" },
  { key: "phone", header: "Phone" },
  { key: "refunded", header: "Refunded" },
  { key: "cashUnpaid", header: "Cash unpaid" },
];

/** The placed orders of the range as CSV, oldest first, one row per order. */
export function ordersCsv(range: OrderExportRange): ReadableStream<Uint8Array> {
  return csvStream(ORDER_COLUMNS, async function* () {
    const pages = pagesOf(
      async (last) => await ordersExportPage(range, last),
      (row) => row.order,
    );
    for await (const page of pages) {
      const ids = page.map((row) => row.order.id);
      const items = await itemsOf(ids);
      const refunded = await refundedByOrder(ids);
      for (const { order, customer } of page) {
        const address = (order.address ?? {}) as Partial<Record<string, string>>;
        yield {
          id: order.id,
          placedAt: isoTime(order.createdAt),
          status: order.status,
          paymentType: order.paymentType,
          paid: order.isPaid ? "yes" : "no",
          items: items.get(order.id)?.items ?? "",
          units: items.get(order.id)?.units ?? 0,
          // In the order's own currency, with the tax and shipping it was placed with.
          subtotal: money(order.subtotalCents, order.currency),
          discountCode: order.discountCode ?? "",
          discount: money(order.discountCents, order.currency),
          tax: money(order.taxCents, order.currency),
          shipping: money(order.shippingCents, order.currency),
          total: money(order.amountCents, order.currency),
          currency: order.currency,
          customer: customer.name,
          email: customer.email,
          shipTo: [address.firstName, address.lastName].filter(Boolean).join(" "),
          street: address.street ?? "",
          city: address.city ?? "",
          state: address.state ?? "",
          zipcode: address.zipcode ?? "",
          country: address.country ?? "",
          phone: phoneCell(address.phone ?? ""),
          refunded: money(refunded.get(order.id) ?? 0, order.currency),
          cashUnpaid: order.paymentType === "COD" && !order.isPaid && order.status !== "Cancelled" ? "yes" : "",
        };
      }
      // The cash orders marked paid that this export carries can no longer be set back to unpaid.
      await markCashPaymentsExported(ids);
    }
  });
}

const PRODUCT_COLUMNS: Column[] = [
  { key: "id", header: "Product" },
  { key: "name", header: "Name" },
  { key: "category", header: "Category" },
  { key: "price", header: "Price" },
  { key: "offerPrice", header: "Offer price" },
  { key: "inStock", header: "In stock" },
  { key: "onSale", header: "On sale" },
  { key: "sizes", header: "Sizes (left)" },
  { key: "description", header: "Description" },
  { key: "createdAt", header: "Added (UTC)" },
];

/** Every product, on sale or not, oldest first. */
export function productsCsv(): ReadableStream<Uint8Array> {
  return csvStream(PRODUCT_COLUMNS, async function* () {
    const { currency } = await shopSettings();
    const pages = pagesOf(
      async (last) =>
        await db()
          .select()
          .from(products)
          .where(startingAfter(products, 0, last))
          .orderBy(asc(products.createdAt), asc(products.id))
          .limit(PAGE),
      (row) => row,
    );
    for await (const page of pages) {
      const sizes = await stockLinesIn(
        db(),
        page.map((p) => p.id),
      );
      for (const p of page) {
        yield {
          id: p.id,
          name: p.name,
          category: p.category,
          price: money(p.priceCents, currency),
          offerPrice: money(p.offerPriceCents, currency),
          inStock: p.inStock ? "yes" : "no",
          onSale: p.removedAt === null ? "yes" : "no",
          // "S (4); M (0); L": each size with the units left, when they are counted.
          sizes: (sizes.get(p.id) ?? [])
            .map(({ size, stock }) => `${size || FREE_SIZE}${stock === null ? "" : ` (${stock})`}`)
            .join("; "),
          description: p.description.join("\n"),
          createdAt: isoTime(p.createdAt),
        };
      }
    }
  });
}

/** The headers of a CSV download named `filename`. */
/** A download's file name from the shop's name: "Maison Lumière", "orders-…" → "maison-lumiere-orders-….csv". */
export function csvFileName(shopName: string, rest: string): string {
  const slug = shopName
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return `${slug || "shop"}-${rest}.csv`;
}

export function csvHeaders(filename: string): HeadersInit {
  return {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${filename}"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  };
}

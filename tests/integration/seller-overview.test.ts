// The seller's overview (figures per day, totals, statuses, top products) and the CSV exports of orders and
// products: what they count, what the files hold, quoting and formula neutralisation, and who may see them.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/lib/db.server.ts";
import { placeOrder } from "#app/modules/orders/index.server.ts";
import { neutraliseFormula, sellerOverview } from "#app/modules/reporting/index.server.ts";
import { mailOutbox, orderItems, orders, products } from "#db/tables.ts";
import { appForFile, routeData } from "../helpers/app.ts";
import { insertOrders } from "../helpers/bulk-orders.ts";
import { csvRecords, parseCsv } from "../helpers/csv.ts";
import { createProduct } from "../helpers/factories.ts";
import { getRequest } from "../helpers/requests.ts";
import { sellerCookie } from "../helpers/sellers.ts";
import { createAddress, createUser, signedInCookie } from "../helpers/shopper.ts";

const site = appForFile();

const DAY = 86_400_000;
const NOW = Date.parse("2025-06-30T15:00:00Z");
const daysAgo = (n: number) => NOW - n * DAY;

let linen: Awaited<ReturnType<typeof createProduct>>;
let formula: Awaited<ReturnType<typeof createProduct>>;
let coat: Awaited<ReturnType<typeof createProduct>>;
const ids: Record<string, string> = {};

async function order(
  label: string,
  lines: [Awaited<ReturnType<typeof createProduct>>, number][],
  set: Partial<typeof orders.$inferInsert>,
  paymentType: "COD" | "Online" = "COD",
) {
  const user = await createUser({ name: label === "quoted" ? '@Ann "Quotes", Jr.' : `Buyer ${label}` });
  const address = await createAddress(user.id, { street: "1 Main St, Flat 2", phone: "+91 98765 43210" });
  const placed = await placeOrder({
    userId: user.id,
    addressId: address.id,
    paymentType,
    items: lines.map(([p, quantity]) => ({ productId: p.id, quantity })),
  });
  await db().update(orders).set(set).where(eq(orders.id, placed.order.id));
  ids[label] = placed.order.id;
}

beforeAll(async () => {
  await db().delete(orderItems);
  await db().delete(orders);
  linen = await createProduct({ name: 'Linen Shirt, "Classic"', offerPriceCents: 2000 });
  formula = await createProduct({ name: '=HYPERLINK("http://evil.example","x")', offerPriceCents: 1000 });
  coat = await createProduct({ name: "Wool Coat", offerPriceCents: 5000, description: ["Warm", "Line two"] });
  await order("today", [[linen, 2]], { createdAt: daysAgo(0) });
  await order("quoted", [[formula, 1]], { createdAt: daysAgo(3) });
  await order("paid", [[coat, 3]], { createdAt: daysAgo(10), isPaid: true, paidAt: daysAgo(10) }, "Online");
  await order("unpaid", [[coat, 9]], { createdAt: daysAgo(10) }, "Online");
  await order("cancelled", [[linen, 5]], { createdAt: daysAgo(5), status: "Cancelled" });
  await order("shipped", [[linen, 1]], { createdAt: daysAgo(1), status: "Shipped" });
  await order("old", [[coat, 1]], { createdAt: daysAgo(40), status: "Delivered" });
  // The mails of these orders are not this file's subject.
  await db().delete(mailOutbox);
});

describe("sellerOverview", () => {
  it("counts placed orders per UTC day for 30 days, leaving out unpaid online and cancelled orders", async () => {
    const overview = await sellerOverview(NOW);
    expect(overview.days).toHaveLength(30);
    expect(overview.days[0]!.day).toBe("2025-06-01");
    expect(overview.days.at(-1)).toEqual({ day: "2025-06-30", orders: 1, revenueCents: 4080 });
    const byDay = Object.fromEntries(overview.days.map((d) => [d.day, d]));
    expect(byDay["2025-06-29"]).toEqual({ day: "2025-06-29", orders: 1, revenueCents: 2040 });
    expect(byDay["2025-06-27"]).toEqual({ day: "2025-06-27", orders: 1, revenueCents: 1020 });
    expect(byDay["2025-06-25"]).toMatchObject({ orders: 0, revenueCents: 0 });
    expect(byDay["2025-06-20"]).toEqual({ day: "2025-06-20", orders: 1, revenueCents: 15300 });
    expect(overview.totals).toEqual({
      today: { orders: 1, revenueCents: 4080 },
      last7Days: { orders: 3, revenueCents: 4080 + 2040 + 1020 },
      last30Days: { orders: 4, revenueCents: 4080 + 2040 + 1020 + 15300 },
    });
    expect(overview.byStatus).toEqual([
      { status: "Order Placed", count: 3 },
      { status: "Shipped", count: 1 },
      { status: "Delivered", count: 1 },
      { status: "Cancelled", count: 1 },
    ]);
    expect(overview.topProducts).toEqual(
      [
        { productId: coat.id, name: "Wool Coat", units: 3, revenueCents: 15000 },
        { productId: linen.id, name: 'Linen Shirt, "Classic"', units: 3, revenueCents: 6000 },
        { productId: formula.id, name: formula.name, units: 1, revenueCents: 1000 },
      ].sort((a, b) => b.units - a.units || a.productId.localeCompare(b.productId)),
    );
  });

  it("lists the sizes running low of products on sale, sold out first, and nothing counted above five", async () => {
    const shirt = await createProduct(
      { name: "Low Test Shirt" },
      {
        sizes: [
          ["S", 0],
          ["M", 3],
          ["L", 6],
          ["XL", null],
        ],
      },
    );
    const cap = await createProduct({ name: "Low Test Cap" }, { stock: 2 });
    const gone = await createProduct({ name: "Low Test Gone", removedAt: daysAgo(1) }, { sizes: [["M", 1]] });
    const low = (await sellerOverview(NOW)).lowStock.filter((line) => line.name.startsWith("Low Test"));
    expect(low).toEqual([
      { productId: shirt.id, name: "Low Test Shirt", size: "S", stock: 0 },
      { productId: cap.id, name: "Low Test Cap", size: "", stock: 2 },
      { productId: shirt.id, name: "Low Test Shirt", size: "M", stock: 3 },
    ]);
    expect(low.map((line) => line.productId)).not.toContain(gone.id);
  });

  it("an empty month: thirty days of zeros, no top products", async () => {
    const overview = await sellerOverview(NOW + 400 * DAY);
    expect(overview.days.every((d) => d.orders === 0 && d.revenueCents === 0)).toBe(true);
    expect(overview.topProducts).toEqual([]);
    expect(overview.totals.last30Days).toEqual({ orders: 0, revenueCents: 0 });
  });

  it("/seller/overview is the seller's only", async () => {
    const shopper = await createUser();
    for (const cookie of [undefined, await signedInCookie(shopper.id)]) {
      const answer = await routeData(site.client(cookie), "/seller/overview", "routes/seller/overview");
      expect(answer.status).toBe(401);
    }
    const answer = await routeData(site.client(await sellerCookie()), "/seller/overview", "routes/seller/overview");
    expect(answer.status).toBe(200);
    const page = answer.data as { totals: { label: string }[]; days: unknown[] };
    expect(page.totals.map((t: { label: string }) => t.label)).toEqual(["Today", "Last 7 days", "Last 30 days"]);
    expect(page.days).toHaveLength(30);
  });
});

describe("CSV exports", () => {
  async function download(path: string, cookie?: string) {
    const answer = await site.app.fetch(getRequest(path, { cookie: cookie ?? (await sellerCookie()) }));
    const bytes = new Uint8Array(await answer.arrayBuffer());
    // Kept whole: the byte order mark is part of what a spreadsheet receives.
    return { answer, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
  }

  it("orders of a range of days: one row per placed order, oldest first, quoted and neutralised", async () => {
    const { answer, text } = await download("/seller/orders.csv?from=2025-06-01&to=2025-06-30");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("Content-Disposition")).toBe(
      'attachment; filename="online-shop-orders-2025-06-01-to-2025-06-30.csv"',
    );
    expect(text.startsWith("\uFEFFOrder,Placed (UTC),Status,Payment,Paid,Items,Units")).toBe(true);
    const rows = csvRecords(text);
    // Not the unpaid online order, not the one from 40 days ago; the cancelled one is there, as cancelled.
    expect(rows.map((r) => r.Order)).toEqual([ids.paid, ids.cancelled, ids.quoted, ids.shipped, ids.today]);
    const today = rows.at(-1)!;
    expect(today).toMatchObject({
      Status: "Order Placed",
      Payment: "COD",
      Paid: "no",
      Items: 'Linen Shirt, "Classic" x 2',
      Units: "2",
      Subtotal: "40.00",
      Tax: "0.80",
      Total: "40.80",
      Customer: "Buyer today",
      Street: "1 Main St, Flat 2",
      // Written as text: a leading + would make a spreadsheet compute the cell.
      Phone: "Tel. +91 98765 43210",
    });
    expect(today["Placed (UTC)"]).toBe("2025-06-30T15:00:00.000Z");
    const quoted = rows.find((r) => r.Order === ids.quoted)!;
    expect(quoted.Items).toBe(`'=HYPERLINK("http://evil.example","x") x 1`);
    expect(quoted.Customer).toBe(`'@Ann "Quotes", Jr.`);
    expect(rows.find((r) => r.Order === ids.paid)).toMatchObject({ Payment: "Online", Paid: "yes", Total: "153.00" });
    // Quoting is what a parser reads back, not an accident: the raw text quotes the quotes.
    expect(text).toContain('"Linen Shirt, ""Classic"" x 2"');
  });

  it("one day only, and bad ranges refused with a message", async () => {
    const { text } = await download("/seller/orders.csv?from=2025-06-30&to=2025-06-30");
    expect(csvRecords(text).map((r) => r.Order)).toEqual([ids.today]);
    for (const [query, message] of [
      ["from=2025-06-30&to=2025-06-01", "The start date must not be after the end date."],
      ["from=2025-02-30", "Please give the start date as YYYY-MM-DD."],
      ["to=30/06/2025", "Please give the end date as YYYY-MM-DD."],
    ]) {
      const { answer, text: said } = await download(`/seller/orders.csv?${query}`);
      expect(answer.status, query).toBe(400);
      expect(said).toBe(message);
    }
  });

  it("products: every product, removed ones too, with multi-line descriptions kept in one cell", async () => {
    await db().update(products).set({ removedAt: NOW }).where(eq(products.id, formula.id));
    const { answer, text } = await download("/seller/products.csv");
    expect(answer.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="online-shop-products-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = csvRecords(text);
    expect(rows.find((r) => r.Product === coat.id)).toMatchObject({
      Name: "Wool Coat",
      "Offer price": "50.00",
      "In stock": "yes",
      "On sale": "yes",
      Description: "Warm\nLine two",
    });
    expect(rows.find((r) => r.Product === formula.id)).toMatchObject({
      Name: `'=HYPERLINK("http://evil.example","x")`,
      "On sale": "no",
    });
    expect(rows).toHaveLength((await db().select().from(products)).length);
  });

  it("reads past its page size in order, even when many orders share one time", async () => {
    const user = await createUser();
    // 1,100 orders at three instants: page boundaries (500 rows) fall inside runs of equal times.
    const at = Date.parse("2024-01-10T10:00:00Z");
    const made = Array.from({ length: 1_100 }, (_, i) => ({
      id: `bulk${String(i).padStart(4, "0")}${Math.random().toString(36).slice(2, 8)}`,
      userId: user.id,
      paymentType: "COD" as const,
      status: "Order Placed" as const,
      isPaid: false,
      createdAt: at + Math.floor(i / 400),
      lines: [{ productId: coat.id, quantity: 1, unitPriceCents: 5000 }],
    }));
    await insertOrders(made);
    const { text } = await download("/seller/orders.csv?from=2024-01-10&to=2024-01-10");
    const got = parseCsv(text)
      .slice(1)
      .map((row) => row[0]!);
    const expected = [...made].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1)).map((o) => o.id);
    expect(got).toHaveLength(1_100);
    expect(got).toEqual(expected);
  });

  it("neutralises every formula opener and nothing else", () => {
    for (const cell of ["=1+2", "+1", "-1", "@SUM(A1)", "\t=1", "\r=1", "\n=1"]) {
      expect(neutraliseFormula(cell)).toBe(`'${cell}`);
    }
    for (const cell of ["Plain", "1-2", "a=b", "", " =1"]) expect(neutraliseFormula(cell)).toBe(cell);
  });
});

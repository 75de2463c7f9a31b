// The seller's product list and orders list a page at a time (issue 17): 50 rows a page, newest first, a
// total and "Page N of M", a page past the end shows the last page, and a change comes back to its page.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/lib/db.server.ts";
import { SELLER_PAGE_SIZE } from "#app/lib/paging.ts";
import { listSellerProducts } from "#app/modules/inventory/index.server.ts";
import { listSellerOrdersPage } from "#app/modules/orders/index.server.ts";
import { users } from "#db/tables.ts";
import { appForFile, routeData } from "../helpers/app.ts";
import { type BulkOrder, insertOrders } from "../helpers/bulk-orders.ts";
import { createProduct } from "../helpers/factories.ts";
import { formRequest } from "../helpers/requests.ts";
import { sellerCookie } from "../helpers/sellers.ts";

const ORDERS = 5_000;
const PRODUCTS = 120;
const NOW = 1_800_000_000_000;
/** Product ids, newest first (the list's order). */
const productIds: string[] = [];
/** Order ids, newest first. */
const orderIds: string[] = [];
let cookie: string;

const site = appForFile();
const ORDERS_ROUTE = "routes/seller/orders";
const LIST_ROUTE = "routes/seller/product-list";

/** Where a page of a list stands, as its loader gives it. */
type Paged = { page: number; pageCount: number; total: number };

/** The seller's orders page's loader data for this seller. */
async function ordersPage(path: string) {
  return (await routeData(site.client(cookie), path, ORDERS_ROUTE)).data as Paged & { orders: { id: string }[] };
}

/** The seller's product list's loader data for this seller. */
async function productsPage(path: string) {
  return (await routeData(site.client(cookie), path, LIST_ROUTE)).data as Paged & {
    onlyLowStock: boolean;
    products: { id: string; low: boolean }[];
  };
}

beforeAll(async () => {
  for (let p = 0; p < PRODUCTS; p++) {
    // Every third product is low on stock (2 left); the others have plenty.
    const product = await createProduct(
      { name: `Paged Product ${p}`, createdAt: NOW - p * 1000 },
      { stock: p % 3 ? 50 : 2 },
    );
    productIds.push(product.id);
  }
  await db().insert(users).values({ id: "pageduser", name: "Paged", email: "paged@example.com", passwordHash: "x" });
  const orders: BulkOrder[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const id = `p${i.toString(36).padStart(6, "0")}`;
    orderIds.push(id);
    orders.push({
      id,
      userId: "pageduser",
      paymentType: "COD",
      status: "Order Placed",
      isPaid: false,
      createdAt: NOW - i * 1000,
      lines: [{ productId: productIds[i % PRODUCTS]!, quantity: 1, unitPriceCents: 999 }],
    });
  }
  expect(await insertOrders(orders)).toBe(ORDERS);
  cookie = await sellerCookie();
});

describe("the seller's orders a page at a time", () => {
  it("5,000 orders: 50 rows a page, newest first, 100 pages; a page past the end is the last one", async () => {
    expect(SELLER_PAGE_SIZE).toBe(50);
    const first = await listSellerOrdersPage();
    expect(first).toMatchObject({ total: ORDERS, page: 1, pageCount: 100 });
    expect(first.rows.map((o) => o.id)).toEqual(orderIds.slice(0, 50));
    expect(first.rows[0]!.items).toHaveLength(1);
    const second = await listSellerOrdersPage({ page: 2 });
    expect(second.rows.map((o) => o.id)).toEqual(orderIds.slice(50, 100));
    const last = await listSellerOrdersPage({ page: 100 });
    expect(last.rows.map((o) => o.id)).toEqual(orderIds.slice(4950));
    expect(await listSellerOrdersPage({ page: 101 })).toMatchObject({ page: 100, pageCount: 100 });
    expect((await listSellerOrdersPage({ page: 1, limit: 7 })).rows).toHaveLength(7);
  });

  it("the page shows ?page=N with its place; a page that is not a whole number is a 404", async () => {
    const body = await ordersPage("/seller/orders?page=3");
    expect(body).toMatchObject({ page: 3, pageCount: 100, total: ORDERS });
    expect(body.orders.map((o) => o.id)).toEqual(orderIds.slice(100, 150));
    expect((await ordersPage("/seller/orders?page=500")).page).toBe(100);
    for (const bad of ["0", "-1", "abc", "2.5", "02"]) {
      const refused = await routeData(site.client(cookie), `/seller/orders?page=${bad}`, ORDERS_ROUTE);
      expect(refused.error?.status, bad).toBe(404);
    }
  });

  it("a status change comes back to the page its order is on", async () => {
    const post = (page: string) =>
      site.app.fetch(
        formRequest(
          "/seller/orders",
          { intent: "status", orderId: orderIds[120]!, status: "Shipped", page },
          { cookie },
        ),
      );
    const moved = await post("3");
    expect(moved.status).toBe(303);
    expect(moved.headers.get("Location")).toBe("/seller/orders?page=3");
  });
});

describe("the seller's products a page at a time", () => {
  it("50 rows a page, newest first, with the total; ?stock=low pages the low ones", async () => {
    const first = await listSellerProducts();
    expect(first).toMatchObject({ total: PRODUCTS, page: 1, pageCount: 3 });
    expect(first.rows.map((p) => p.id)).toEqual(productIds.slice(0, 50));
    const last = await listSellerProducts({ page: 3 });
    expect(last.rows.map((p) => p.id)).toEqual(productIds.slice(100));
    expect(await listSellerProducts({ page: 4 })).toMatchObject({ page: 3 });
    const low = productIds.filter((_, p) => p % 3 === 0);
    const lowPage = await listSellerProducts({ onlyLowStock: true, page: 1, limit: 30 });
    expect(lowPage).toMatchObject({ total: low.length, pageCount: 2 });
    expect(lowPage.rows.map((p) => p.id)).toEqual(low.slice(0, 30));
  });

  it("the page reads ?page=N (and keeps ?stock=low); a bad page is a 404", async () => {
    const second = await productsPage("/seller/product-list?page=2");
    expect(second).toMatchObject({ page: 2, pageCount: 3, total: PRODUCTS, onlyLowStock: false });
    expect(second.products.map((p) => p.id)).toEqual(productIds.slice(50, 100));
    const low = await productsPage("/seller/product-list?stock=low&page=9");
    expect(low).toMatchObject({ page: 1, pageCount: 1, total: 40, onlyLowStock: true });
    expect(low.products.every((p) => p.low)).toBe(true);
    const bad = await routeData(site.client(cookie), "/seller/product-list?page=x", LIST_ROUTE);
    expect(bad.error?.status).toBe(404);
  });

  it("a change comes back to the page its row is on now, in the list its form was on", async () => {
    const id = productIds[60]!;
    const post = (form: Record<string, string | string[]>) =>
      site.app.fetch(formRequest("/seller/product-list", form, { cookie }));
    // Row 61 of the list is on page 2, whichever page the form says.
    const toggled = await post({ intent: "stock", id, inStock: "false", page: "1" });
    expect(toggled.status).toBe(303);
    expect(toggled.headers.get("Location")).toBe(`/seller/product-list?page=2#product-${id}`);
    // In the low-stock list (every third product) it is row 21: page 1.
    const counted = await post({ intent: "counts", id, size: "", count: "2", was: "2", list: "low", page: "2" });
    expect(counted.headers.get("Location")).toBe(`/seller/product-list?stock=low#product-${id}`);
    // No longer low: not in that list, back to the page its form was on.
    const restocked = await post({ intent: "counts", id, size: "", count: "40", was: "2", list: "low", page: "2" });
    expect(restocked.headers.get("Location")).toBe(`/seller/product-list?stock=low&page=2#product-${id}`);
    // Removed from sale, the newest product goes to the end of the list: the last page.
    const newest = productIds[0]!;
    const removed = await post({ intent: "remove", id: newest });
    expect(removed.headers.get("Location")).toBe(`/seller/product-list?page=3#product-${newest}`);
    const listed = await productsPage("/seller/product-list?page=3");
    expect(listed.products.at(-1)?.id).toBe(newest);
    const restored = await post({ intent: "restore", id: newest });
    expect(restored.headers.get("Location")).toBe(`/seller/product-list#product-${newest}`);
  });
});

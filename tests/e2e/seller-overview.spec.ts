// The seller's overview and CSV exports, with JavaScript and without: a shopper's cash order (placed through
// the JSON API) shows in today's figures, the charts carry their text alternative, and the orders and
// products CSVs download from the overview and from the orders list.
import { readFile } from "node:fs/promises";
import type { APIRequestContext, Download, Page } from "@playwright/test";
import { formatDay } from "../../app/lib/locales.ts";
import { MAX_LINE_QUANTITY } from "../../app/modules/cart/shared/cart-limits.ts";
import { TEST_ADDRESS } from "../helpers/address.ts";
import { csvRecords } from "../helpers/csv.ts";
import { expect, registerShopper, test } from "./fixtures.ts";
import { addAddressAsShopper, addProductAsSeller, uniqueName } from "./seller-helpers.ts";

/** The units the order takes: the most one line may hold. */
const UNITS = MAX_LINE_QUANTITY;

/**
 * A cash order (placed through the JSON API) of a product without sizes made for it, in the most units one line
 * takes: the overview's top products are the 10 that sold the most units in 30 days, and other specs sell too
 * (60 units of one product for the orders list's pages), so a product of the demo catalogue ordered twice could
 * be pushed off that list by whatever ran before. Its own product also cannot be sold out or removed from sale
 * by another spec in between.
 */
async function placeCashOrder(request: APIRequestContext) {
  const product = { name: uniqueName("Overview Cap"), _id: "" };
  product._id = await addProductAsSeller(request, product.name, [], { category: "Accessories" });
  await registerShopper(request, "Overview Buyer");
  const address = await addAddressAsShopper(request);
  const placed = await request.post("/api/order/cod", {
    data: { items: [{ product: product._id, quantity: UNITS }], address },
  });
  expect(placed.status(), await placed.text()).toBeLessThan(300);
  return { orderId: (await placed.json()).orderId as string, product };
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ download: Download; text: string }> {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const text = await readFile((await download.path())!, "utf8");
  return { download, text };
}

test("the overview shows today's order, its charts have a text alternative, and the CSVs download", async ({
  page,
  storeApi,
  seller: _signedIn,
}) => {
  const { orderId, product } = await placeCashOrder(storeApi);
  const today = new Date().toISOString().slice(0, 10);

  await page.goto("/seller");
  await page.getByRole("navigation", { name: "Seller" }).getByRole("link", { name: "Overview" }).click();
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  const todayTotal = page.getByTestId("overview-total").filter({ hasText: "Today" });
  await expect(todayTotal).toContainText(/\$\d+\.\d{2}/);
  await expect(todayTotal).toContainText(/\d+ orders?/);

  const revenue = page.getByRole("img", { name: "Revenue per day, last 30 days" });
  await expect(revenue).toBeVisible();
  await expect(revenue).toHaveAccessibleDescription(/^Revenue from .+: \$\d+\.\d{2} in total\./);
  await expect(page.getByRole("img", { name: "Placed orders per day, last 30 days" })).toBeVisible();
  // The figures behind the charts, as a table.
  await page.getByText("Figures per day (table)").click();
  // Days are written as the shop writes dates (the demo shop: US English, "Nov 29, 2026").
  const todayRow = page.getByRole("row", { name: new RegExp(`^${formatDay(today, "en-US")}`) });
  await expect(todayRow).toBeVisible();
  await expect(todayRow.getByRole("cell").first()).not.toHaveText("0");
  await expect(page.getByRole("row", { name: product.name })).toBeVisible();
  // The sizes running low: the demo catalogue has a few, sold out ones first.
  await expect(page.getByRole("heading", { name: "Low stock" })).toBeVisible();
  await expect(page.getByTestId("low-stock").getByRole("listitem").first()).toContainText("Sold out");

  const orders = await downloaded(page, () => page.getByRole("button", { name: "Download orders CSV" }).click());
  expect(orders.download.suggestedFilename()).toMatch(/^trendora-orders-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const row = csvRecords(orders.text).find((r) => r.Order === orderId);
  expect(row).toMatchObject({
    Status: "Order Placed",
    Payment: "COD",
    Items: `${product.name} x ${UNITS}`,
    City: TEST_ADDRESS.city,
  });

  const catalogue = await downloaded(page, () => page.getByRole("link", { name: "Download products CSV" }).click());
  expect(csvRecords(catalogue.text).some((r) => r.Name === product.name)).toBe(true);

  // The orders list offers the same export.
  await page.getByRole("navigation", { name: "Seller" }).getByRole("link", { name: "Orders" }).click();
  await expect(page.getByRole("heading", { name: "Orders List" })).toBeVisible();
  await page.getByLabel("Orders from").fill(today);
  await page.getByLabel("to", { exact: true }).fill(today);
  const fromOrders = await downloaded(page, () => page.getByRole("button", { name: "Download orders CSV" }).click());
  expect(fromOrders.download.suggestedFilename()).toBe(`trendora-orders-${today}-to-${today}.csv`);
  expect(csvRecords(fromOrders.text).map((r) => r.Order)).toContain(orderId);
});

test("at 375 and 1280 px the charts' day and value labels are as large as the page's small print and stay inside", async ({
  page,
  seller: _signedIn,
}) => {
  // Every 14th day from today over 30 days on a phone: 3 names; every 7th, 5 names, from 640 px.
  for (const [width, names] of [
    [375, 3],
    [1280, 5],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/seller/overview");
    for (const chart of ["revenue-chart", "orders-chart"]) {
      await expect(page.getByTestId(chart)).toBeVisible();
      const labels = page
        .getByTestId(`${chart}-days`)
        .getByText(/^[A-Z][a-z]{2} \d{1,2}$/)
        .filter({ visible: true });
      await expect(labels).toHaveCount(names);
      const values = page.getByTestId(`${chart}-values`).locator("span");
      await expect(values.first()).toBeVisible();
      const boxes = [];
      for (const label of [...(await labels.all()), ...(await values.all())]) {
        // 12 px as drawn (text-xs), not a scaled-down SVG's few pixels.
        expect(await label.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(
          12,
        );
        const box = (await label.boundingBox())!;
        expect(box.height).toBeGreaterThanOrEqual(12);
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        boxes.push(box);
      }
      // The day names do not run into each other.
      const days = boxes.slice(0, names).sort((a, b) => a.x - b.x);
      for (let i = 1; i < days.length; i++) expect(days[i]!.x).toBeGreaterThan(days[i - 1]!.x + days[i - 1]!.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});

// A shopper's cash order in the seller's Orders, moved to Shipped, and seen so in the shopper's
// My Orders, with JavaScript and without. The shopper and the seller use separate browser contexts.
// The shopper and the seller are signed in by tests/e2e/fixtures.ts.
import { expect, expectToast, test, waitForHydration } from "./fixtures.ts";
import { isNoJs, placeCashOrders } from "./seller-helpers.ts";
import { addToCartHere, openProduct, saveAddress } from "./shopper-helpers.ts";

test("a shopper's order shows in Orders; the seller ships it; the shopper sees Shipped", async ({
  page,
  sellerPage: seller,
  shopper: _signedIn,
}) => {
  // The shopper places a cash-on-delivery order through the shop.
  const product = await openProduct(page, "women");
  const size = await addToCartHere(page);
  await page.goto("/add-address");
  await saveAddress(page, {
    "First Name": "Meera",
    "Last Name": "Iyer",
    "Email address": "meera@example.com",
    Street: "7 Lake Road",
    City: "Chennai",
    State: "TN",
    "Zip code": "600001",
    Country: "India",
    Phone: "+91 90000 11111",
  });
  await expect(page).toHaveURL(/\/cart/);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/my-orders(\?placed=\w+)?$/);
  const shopperOrder = page.getByTestId("order").first();
  await expect(shopperOrder).toContainText(product);
  await expect(shopperOrder).toContainText(`Size: ${size}`);
  const orderId = (await shopperOrder.getAttribute("aria-label"))!.replace(/^Order /, "");
  expect(orderId).toMatch(/^[0-9a-z]+$/);

  // The seller, in a browser of their own, sees it and moves it to Shipped.
  await seller.goto("/seller");
  await expect(seller.getByText("Hi! Seller")).toBeVisible();
  await seller.getByRole("navigation", { name: "Seller" }).getByRole("link", { name: "Orders" }).click();
  await expect(seller.getByRole("heading", { name: "Orders List" })).toBeVisible();
  const order = seller.getByTestId("seller-order").filter({ hasText: orderId });
  await expect(order).toHaveCount(1);
  await expect(order).toContainText(`${product} · Size ${size} x 1`);
  await expect(order).toContainText("Meera Iyer");
  await expect(order).toContainText("7 Lake Road, Chennai");
  await expect(order).toContainText("TN, 600001, India");
  await expect(order).toContainText("+91 90000 11111");
  await expect(order).toContainText("Method: COD");
  await expect(order).toContainText("Payment: Unpaid");
  await expect(order.getByTestId("order-status")).toHaveText("Order Placed");
  await expect(order).toContainText(/\$\d+\.\d{2}/);

  await order.getByLabel(`New status for order ${orderId}`).selectOption("Shipped");
  await order.getByRole("button", { name: "Update" }).click();
  await expectToast(seller, "Order marked Shipped");
  const moved = seller.getByTestId("seller-order").filter({ hasText: orderId });
  await expect(moved.getByTestId("order-status")).toHaveText("Shipped");
  // Only forward moves remain: Delivered or Cancelled.
  const options = moved.getByLabel(`New status for order ${orderId}`).locator("option");
  await expect(options).toHaveText(["Delivered", "Cancelled"]);

  // The shopper sees the new status.
  await page.goto("/my-orders");
  const card = page.getByTestId("order").filter({ hasText: orderId });
  await expect(card).toContainText("Shipped");
});

test("with JavaScript, the orders list says 'Loading...' while it is fetched", async ({ page, seller: _signedIn }) => {
  test.skip(isNoJs(), "Without JavaScript the browser shows its own loading state");
  await page.goto("/seller");
  await expect(page.getByText("Hi! Seller")).toBeVisible();
  // Before hydration the link would load /seller/orders as a new document (seen in a repeated run).
  await waitForHydration(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/seller/orders.data*", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("navigation", { name: "Seller" }).getByRole("link", { name: "Orders" }).click();
  await expect(page.getByText("Loading...")).toBeVisible();
  release();
  await expect(page.getByRole("heading", { name: "Orders List" })).toBeVisible();
  await expect(page.getByText("Loading...")).toHaveCount(0);
});

test("the orders list shows 50 orders a page; Next and Previous move between pages", async ({
  page,
  storeApi,
  seller: _signedIn,
}) => {
  // More orders than one page holds (the js and no-js runs each add theirs), placed through the store.
  await placeCashOrders(storeApi, 60);
  await page.goto("/seller/orders");
  const orders = page.getByTestId("seller-order");
  await expect(orders).toHaveCount(50);
  const pager = page.getByRole("navigation", { name: "Pages" });
  await expect(pager).toContainText(/Page 1 of [2-9]/);
  const first = await orders.first().textContent();
  const firstId = /Order (\w+)/.exec(first!)![1]!;
  await pager.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/\/seller\/orders\?page=2$/);
  await expect(pager).toContainText(/Page 2 of [2-9]/);
  await expect(orders.first()).toBeVisible();
  await pager.getByRole("link", { name: "Previous page" }).click();
  await expect(page).toHaveURL(/\/seller\/orders$/);
  // The order that led page 1 is on it again (other specs running beside this one may place newer ones above it).
  await expect(orders.filter({ hasText: `Order ${firstId}` })).toHaveCount(1);
});

// Refunds and cash orders marked paid, end to end with JavaScript and without: a shopper pays online in the
// built-in Stripe sandbox, and the seller (a browser of their own) cancels and refunds, refunds a part with
// restock, sees a refund fail and tries again, sees a refund made in Stripe's dashboard arrive by webhook,
// refunds a delivered order that came back, and marks a cash order paid.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectToast, holdRequestsTo, test } from "./fixtures.ts";
import { waitForMail } from "./mail-helpers.ts";
import { addAddressAsShopper, addProductAsSeller, uniqueName } from "./seller-helpers.ts";

const SANDBOX_KEY = "sk_test_trendora_sandbox";
type ApiProduct = { _id: string; stock?: number | null };

/**
 * A product of the test's own, added by the demo seller (through `storeApi`, apart from the page's shopper): no
 * sizes, 50 units counted, so no other test or project orders or restocks it and the counts checked are its own.
 */
async function ownProduct(storeApi: APIRequestContext) {
  const name = uniqueName("Refund Cap");
  return { _id: await addProductAsSeller(storeApi, name, [], { category: "Accessories", stock: 50 }), name };
}

async function stockOf(request: APIRequestContext, productId: string): Promise<number> {
  const { products } = (await (await request.get("/api/product/list")).json()) as { products: ApiProduct[] };
  return Number(products.find((p) => p._id === productId)?.stock);
}

/**
 * The signed-in shopper (page's context) orders 2 units of a product of the test's own, online, and pays on the
 * sandbox's hosted page.
 */
async function paidOnlineOrder(page: Page, baseURL: string, storeApi: APIRequestContext) {
  const request = page.context().request;
  const product = await ownProduct(storeApi);
  const address = await addAddressAsShopper(request, baseURL);
  const placed = await request.post("/api/order/stripe", {
    headers: { Origin: baseURL },
    data: { items: [{ product: product._id, quantity: 2 }], address },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const { url } = (await placed.json()) as { url: string };
  const sessionId = /cs_test_[0-9A-Za-z]+/.exec(url)![0];
  await page.goto(new URL(url).pathname);
  // Held on the spinner page until seen there: it moves on to My Orders after five seconds.
  const myOrders = await holdRequestsTo(page, "/my-orders");
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(/\/loader\?/);
  myOrders.release();
  let orderId = "";
  await expect
    .poll(async () => {
      // A poll that meets a closed keep-alive connection asks again.
      const answer = await request.get("/api/order/user").catch(() => null);
      if (!answer?.ok()) return false;
      const { orders } = (await answer.json()) as { orders: { _id: string; isPaid: boolean }[] };
      orderId = orders[0]?._id ?? "";
      return orders[0]?.isPaid === true;
    })
    .toBe(true);
  return { orderId, product, sessionId };
}

function sellerOrder(page: Page, orderId: string) {
  return page.getByTestId("seller-order").filter({ hasText: orderId });
}

async function moveTo(page: Page, orderId: string, status: string) {
  const order = sellerOrder(page, orderId);
  await order.getByLabel(`New status for order ${orderId}`).selectOption(status);
  await order.getByRole("button", { name: "Update" }).click();
}

/**
 * The payment intent of an order paid through checkout session `sessionId`, as a script of the seller's would
 * find it: from Stripe (the sandbox's GET /v1/checkout/sessions/:id).
 */
async function paymentIntentOf(request: APIRequestContext, sessionId: string): Promise<string> {
  const answer = await request.get(`/v1/checkout/sessions/${sessionId}`, {
    headers: { Authorization: `Bearer ${SANDBOX_KEY}` },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const { payment_intent } = (await answer.json()) as { payment_intent: string | null };
  expect(payment_intent).toMatch(/^pi_/);
  return payment_intent!;
}

test("cancel and refund in full: the cancel asks first, the money goes back, everyone is told", async ({
  page,
  baseURL,
  sellerPage: seller,
  shopper,
  storeApi,
}) => {
  const { orderId } = await paidOnlineOrder(page, baseURL!, storeApi);
  await seller.goto("/seller/orders");
  await moveTo(seller, orderId, "Cancelled");
  await expect(seller).toHaveURL(new RegExp(`/seller/orders/${orderId}/refund\\?cancel=1$`));
  await expect(seller.getByRole("heading", { name: `Cancel and refund order ${orderId}` })).toBeVisible();
  const full = seller.getByRole("radio", { name: /^Cancel and refund in full/ });
  await expect(full).toBeChecked();
  await seller.getByRole("button", { name: "Confirm" }).click();
  await expectToast(seller, "Order cancelled. Refunded $");
  await expect(seller.getByTestId("refund-status")).toHaveText("Refunded");
  await expect(seller.getByTestId("order-status")).toHaveText("Cancelled");
  await seller.goto("/seller/orders");
  await expect(sellerOrder(seller, orderId).getByTestId("order-status")).toHaveText("Cancelled");
  await expect(sellerOrder(seller, orderId).getByTestId("refund-status")).toHaveText("Refunded");
  await page.goto("/my-orders");
  await expect(page.getByRole("listitem", { name: `Order ${orderId}` }).getByTestId("refund-status")).toContainText(
    "Refunded",
  );
  const mail = await waitForMail(shopper.email, await refundSubject(page, orderId));
  expect(mail.text).toContain("Your order has been cancelled by the shop.");
});

/** The refund mail's subject: the amount is the order's total as My Orders shows it. */
async function refundSubject(page: Page, orderId: string) {
  const total = (await page.getByRole("listitem", { name: `Order ${orderId}` }).textContent())!.match(
    /Total Amount : (\$\d+\.\d{2})/,
  )![1];
  return `Your refund of ${total} for Trendora order ${orderId}`;
}

test("a partial refund by line puts the unit back in stock; the order goes on", async ({
  page,
  baseURL,
  sellerPage: seller,
  shopper: _signedIn,
  storeApi,
}) => {
  const { orderId, product } = await paidOnlineOrder(page, baseURL!, storeApi);
  const before = await stockOf(page.context().request, product._id);
  await seller.goto("/seller/orders");
  await sellerOrder(seller, orderId)
    .getByRole("link", { name: `Refund… order ${orderId}` })
    .click();
  await seller.getByRole("radio", { name: /^Refund part, by line/ }).check();
  // Each line says what refunding its units gives back, before Confirm.
  await expect(seller.getByTestId("line-refund")).toHaveText(/^\$\d+\.\d{2}\s*for 2$/);
  await seller.getByLabel(`Units of ${product.name} to refund`).fill("1");
  await expect(seller.getByRole("checkbox", { name: /Put the refunded units back in stock/ })).toBeChecked();
  await seller.getByRole("button", { name: "Confirm" }).click();
  await expectToast(seller, "Refunded $");
  await expect(seller.getByTestId("refund-status")).toHaveText("Partly refunded");
  await expect(seller.getByTestId("order-status")).toHaveText("Order Placed");
  await expect(seller.getByText(/^of 1$/)).toBeVisible();
  expect(await stockOf(page.context().request, product._id)).toBe(before + 1);
  await page.goto("/my-orders");
  await expect(page.getByRole("listitem", { name: `Order ${orderId}` }).getByTestId("refund-status")).toContainText(
    "Partly refunded",
  );
});

test("a refund that fails is shown as failed with Try again, and then succeeds", async ({
  page,
  baseURL,
  sellerPage: seller,
  shopper: _signedIn,
  storeApi,
}) => {
  const { orderId, sessionId } = await paidOnlineOrder(page, baseURL!, storeApi);
  const switched = await storeApi.post("/v1/test_helpers/sandbox/fail_next_refund", {
    headers: { Authorization: `Bearer ${SANDBOX_KEY}` },
    form: { payment_intent: await paymentIntentOf(storeApi, sessionId) },
  });
  expect(switched.ok()).toBe(true);
  await seller.goto(`/seller/orders/${orderId}/refund`);
  await seller.getByRole("radio", { name: /^Refund an amount/ }).check();
  await seller.getByLabel("Amount ($)").fill("1.00");
  await seller.getByRole("button", { name: "Confirm" }).click();
  await expectToast(seller, "$1.00");
  // Stripe answers 'pending', then the refund fails a moment later (its events arrive by webhook).
  await expect
    .poll(async () => {
      await seller.goto("/seller/orders");
      return sellerOrder(seller, orderId).getByTestId("refund-status").textContent();
    })
    .toBe("Refund failed");
  await sellerOrder(seller, orderId)
    .getByRole("button", { name: `Try the refund of order ${orderId} again` })
    .click();
  await expectToast(seller, "Refunded $1.00");
  await expect(sellerOrder(seller, orderId).getByTestId("refund-status")).toHaveText("Partly refunded");
  await expect(sellerOrder(seller, orderId).getByRole("button", { name: /Try the refund/ })).toHaveCount(0);
});

test("a refund made in Stripe's dashboard arrives by webhook only", async ({
  page,
  baseURL,
  sellerPage: seller,
  shopper: _signedIn,
  storeApi,
}) => {
  const { orderId, sessionId } = await paidOnlineOrder(page, baseURL!, storeApi);
  // Stripe's dashboard: a refund the store never asked for, made on the payment.
  const made = await storeApi.post("/v1/refunds", {
    headers: { Authorization: `Bearer ${SANDBOX_KEY}` },
    form: { payment_intent: await paymentIntentOf(storeApi, sessionId), amount: "150" },
  });
  expect(made.ok(), await made.text()).toBe(true);
  await seller.goto("/seller/orders");
  await expect(sellerOrder(seller, orderId).getByTestId("refund-status")).toHaveText("Partly refunded");
  await expect(sellerOrder(seller, orderId)).toContainText("$1.50 refunded");
  await seller.goto(`/seller/orders/${orderId}/refund`);
  await expect(seller.getByTestId("refund")).toContainText("$1.50");
  await expect(seller.getByTestId("refund")).toContainText("(made in Stripe)");
});

test("an order refunded in full in Stripe's dashboard is cancelled from its refund page", async ({
  page,
  baseURL,
  sellerPage: seller,
  shopper: _signedIn,
  storeApi,
}) => {
  const { orderId, sessionId, product } = await paidOnlineOrder(page, baseURL!, storeApi);
  const made = await storeApi.post("/v1/refunds", {
    headers: { Authorization: `Bearer ${SANDBOX_KEY}` },
    form: { payment_intent: await paymentIntentOf(storeApi, sessionId) },
  });
  expect(made.ok(), await made.text()).toBe(true);
  await seller.goto("/seller/orders");
  await expect(sellerOrder(seller, orderId).getByTestId("refund-status")).toHaveText("Refunded");
  const before = await stockOf(page.context().request, product._id);
  // Choosing Cancelled goes to the refund page, which offers the cancel alone: nothing is left to refund.
  await moveTo(seller, orderId, "Cancelled");
  await expect(seller).toHaveURL(new RegExp(`/seller/orders/${orderId}/refund\\?cancel=1$`));
  await expect(seller.getByText("Everything paid for this order has been refunded: cancelling it")).toBeVisible();
  await seller.getByRole("button", { name: "Cancel the order" }).click();
  await expect(seller.getByTestId("order-status")).toHaveText("Cancelled");
  await expect(seller.getByRole("button", { name: "Cancel the order" })).toHaveCount(0);
  expect(await stockOf(page.context().request, product._id)).toBe(before + 2);
  await page.goto("/my-orders");
  const mine = page.getByRole("listitem", { name: `Order ${orderId}` });
  await expect(mine).toContainText("Cancelled");
  await expect(mine).not.toContainText("Order Placed");
});

test("a delivered order is marked returned, then refunded in full", async ({
  page,
  baseURL,
  sellerPage: seller,
  shopper: _signedIn,
  storeApi,
}) => {
  const { orderId } = await paidOnlineOrder(page, baseURL!, storeApi);
  await seller.goto("/seller/orders");
  await moveTo(seller, orderId, "Shipped");
  await expectToast(seller, "Order marked Shipped");
  // After shipping there is no plain cancel.
  await expect(sellerOrder(seller, orderId).getByLabel(`New status for order ${orderId}`).locator("option")).toHaveText(
    ["Delivered"],
  );
  await moveTo(seller, orderId, "Delivered");
  await expectToast(seller, "Order marked Delivered");
  await expect(sellerOrder(seller, orderId).getByRole("link", { name: /Refund…/ })).toHaveCount(0);
  await sellerOrder(seller, orderId).getByRole("button", { name: "Mark returned" }).click();
  await expectToast(seller, "Order marked returned");
  await sellerOrder(seller, orderId)
    .getByRole("link", { name: `Refund… order ${orderId}` })
    .click();
  await expect(seller.getByTestId("order-status")).toHaveText("Delivered · Returned");
  await expect(seller.getByRole("radio", { name: /^Refund in full/ })).toBeChecked();
  await seller.getByRole("button", { name: "Confirm" }).click();
  await expectToast(seller, "Refunded $");
  await expect(seller.getByTestId("refund-status")).toHaveText("Refunded");
  await expect(seller.getByTestId("refundable")).toHaveText("$0.00");
});

test("a cash order is marked paid on delivery, and a mistake undone", async ({
  page,
  baseURL,
  sellerPage: seller,
  shopper: _signedIn,
  storeApi,
}) => {
  const request = page.context().request;
  const product = await ownProduct(storeApi);
  const address = await addAddressAsShopper(request, baseURL);
  const placed = await request.post("/api/order/cod", {
    headers: { Origin: baseURL! },
    data: { items: [{ product: product._id, quantity: 1 }], address },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { orderId } = (await placed.json()) as { orderId: string };
  await seller.goto("/seller/overview");
  await expect(seller.getByRole("list", { name: "Unpaid cash orders, oldest first" })).toBeVisible();
  await seller.goto("/seller/orders");
  const order = sellerOrder(seller, orderId);
  await expect(order).toContainText("Payment: Unpaid");
  await order.getByRole("button", { name: "Mark paid" }).click();
  await expectToast(seller, "Cash order marked paid");
  await expect(order).toContainText("Payment: Paid");
  await order.getByRole("button", { name: "Undo paid" }).click();
  await expectToast(seller, "Cash order marked unpaid again");
  await expect(order).toContainText("Payment: Unpaid");
  await order.getByRole("button", { name: "Mark paid" }).click();
  await expect(order).toContainText("Payment: Paid");
  const { orders: after } = (await (await request.get("/api/order/user")).json()) as {
    orders: { _id: string; isPaid: boolean }[];
  };
  expect(after.find((o) => o._id === orderId)?.isPaid).toBe(true);
});

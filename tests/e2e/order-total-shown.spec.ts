// Place Order never charges more than the cart showed (issue 30, decision 0211), with JavaScript and without:
// the seller edits a code the shopper's cart carries so that the order would cost more; Place Order (cash, then
// online) is refused with the new total, the cart shows it, and a second Place Order goes through at it.
import type { Page } from "@playwright/test";
import { clickAndAwaitPost, expect, expectToast, test } from "./fixtures.ts";
import { addProductAsSeller, uniqueName } from "./seller-helpers.ts";
import { ASHA_ADDRESS, addToCartHere, saveAddress } from "./shopper-helpers.ts";

const uniqueCode = () => `SHOWN-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();

/** The seller's Edit form for `code`: a new percent off. */
async function setPercentOff(seller: Page, code: string, percent: string) {
  await seller.goto("/seller/discounts");
  await seller
    .getByTestId("seller-discount")
    .filter({ hasText: code })
    .getByRole("link", { name: `Edit ${code}` })
    .click();
  await seller.getByLabel("Percent or amount off").fill(percent);
  await seller.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(seller, `${code} saved`);
}

/** Place Order, answered (a refusal, or the way to the next page). */
const placeOrder = (page: Page) =>
  clickAndAwaitPost(page, () => page.getByRole("button", { name: "Place Order" }).click());

test("a code edited after the cart showed it: Place Order is refused with the new total, cash and online", async ({
  page,
  storeApi,
  sellerPage: seller,
  shopper: _signedIn,
}) => {
  test.slow();
  // A product at $20.00 and a 50% code.
  const productId = await addProductAsSeller(storeApi, uniqueName("Shown Tee"), [], { stock: 20 });
  const code = uniqueCode();
  await seller.goto("/seller/discounts/new");
  await seller.getByLabel("Code", { exact: true }).fill(code);
  await seller.getByLabel("Percent or amount off").fill("50");
  await seller.getByRole("button", { name: "Create Code" }).click();
  await expectToast(seller, `${code} created`);

  await page.goto(`/products/men/${productId}`);
  await addToCartHere(page);
  await page.goto("/add-address");
  await saveAddress(page, ASHA_ADDRESS);
  await expect(page).toHaveURL(/\/cart/);
  await page.getByLabel("Discount Code").fill(code);
  await clickAndAwaitPost(page, () => page.getByRole("button", { name: "Apply" }).click());
  await expect(page.getByTestId("applied-code")).toContainText(code);
  // $20.00 − 50% = $10.00, + 2% tax.
  await expect(page.getByTestId("cart-total")).toHaveText("$10.20");

  // Cash: the code is now 5% off ($19.00 + $0.38).
  await setPercentOff(seller, code, "5");
  await placeOrder(page);
  await expect(
    page.getByRole("alert").filter({ hasText: "Your order now comes to $19.38, not the $10.20 your cart showed" }),
  ).toBeVisible();
  await expect(page.getByTestId("cart-total")).toHaveText("$19.38");
  await expect(page).toHaveURL(/\/cart/);
  await placeOrder(page);
  await expect(page).toHaveURL(/\/my-orders(\?placed=\w+)?$/);
  await expect(page.getByTestId("order").first()).toContainText("$19.38");

  // Online: 1% off now would make $19.80 + $0.39.
  await page.goto(`/products/men/${productId}`);
  await addToCartHere(page);
  await page.goto("/cart");
  await page.getByLabel("Discount Code").fill(code);
  await clickAndAwaitPost(page, () => page.getByRole("button", { name: "Apply" }).click());
  await expect(page.getByTestId("cart-total")).toHaveText("$19.38");
  await page.getByLabel("Payment Method").selectOption("Online");
  await setPercentOff(seller, code, "1");
  await placeOrder(page);
  await expect(
    page.getByRole("alert").filter({ hasText: "Your order now comes to $20.19, not the $19.38 your cart showed" }),
  ).toBeVisible();
  await expect(page.getByTestId("cart-total")).toHaveText("$20.19");
  await expect(page.getByLabel("Payment Method")).toHaveValue("Online");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/stripe-sandbox\/checkout\/cs_test_/);
  await expect(page.getByText("$20.19").first()).toBeVisible();
});

// The shopper's checkout with cash on delivery, with JavaScript and without; the shopper is signed in by
// the `shopper` fixture (tests/e2e/fixtures.ts).
import { expect, expectToast, test } from "./fixtures.ts";
import {
  ASHA_ADDRESS,
  addToCartHere,
  cartCount,
  chooseSize,
  lineName,
  openProduct,
  saveAddress,
} from "./shopper-helpers.ts";

test("add to cart from the product page, add an address, place a COD order, see it in My Orders", async ({
  page,
  shopper: _signedIn,
}) => {
  await page.goto("/");
  await expect(cartCount(page)).toHaveText("0");

  const product = await openProduct(page, "men");
  const size = await addToCartHere(page);
  await expect(cartCount(page)).toHaveText("1");

  await page
    .getByRole("link", { name: /^Cart, 1 items/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("heading", { name: /Shopping Cart/ })).toBeVisible();
  await expect(page.getByRole("link", { name: product })).toBeVisible();
  await expect(page.getByText("No address found")).toBeVisible();
  await expect(page.getByText("Shipping Fee")).toBeVisible();
  await expect(page.getByText("Tax (2%)")).toBeVisible();
  const total = (await page.getByTestId("cart-total").textContent())!;
  expect(total).toMatch(/^\$\d+\.\d{2}$/);

  // No address yet.
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please select an address" })).toBeVisible();

  // No address to change yet: the cart offers to add one.
  await expect(page.getByText("Change", { exact: true })).toHaveCount(0);
  await page.getByRole("link", { name: "Add address" }).click();
  await expect(page.getByRole("heading", { name: "Add Your Shipping Address" })).toBeVisible();
  await page.getByLabel("First Name").fill("Asha");
  await page.getByLabel("Phone").fill("not a phone");
  await page.getByRole("button", { name: "Save Address" }).click();
  await expect(page.getByText("Please enter the street.")).toBeVisible();
  await expect(page.getByText("Please enter a valid phone number.")).toBeVisible();
  await expect(page.getByLabel("First Name")).toHaveValue("Asha");

  await saveAddress(page, ASHA_ADDRESS);
  await expect(page).toHaveURL(/\/cart\?address=/);
  await expectToast(page, "Address added successfully");
  await expect(page.getByTestId("selected-address")).toHaveText("12 Park Street, Pune, MH, India");

  await expect(page.getByLabel("Payment Method")).toHaveValue("COD");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/my-orders(\?placed=\w+)?$/);
  await expectToast(page, "Order Placed Successfully");
  await expect(page.getByRole("heading", { name: "My Orders" })).toBeVisible();
  const order = page.getByTestId("order");
  await expect(order).toHaveCount(1);
  await expect(order).toContainText("Payment : COD");
  await expect(order).toContainText(`Total Amount : ${total}`);
  await expect(order.getByRole("heading", { name: product })).toBeVisible();
  await expect(order).toContainText("Category: Men");
  await expect(order).toContainText(`Size: ${size}`);
  await expect(order).toContainText("Quantity: 1");
  await expect(order.getByText("Order Placed", { exact: true })).toHaveClass(/yellow/);
  await expect(order.locator("time")).toHaveAttribute("dateTime", /^\d{4}-\d{2}-\d{2}T/);
  await expect(cartCount(page)).toHaveText("0");

  // Back and submit the same Place Order form again: still one order.
  await page.goBack();
  if (await page.getByRole("button", { name: "Place Order" }).isVisible()) {
    await page.getByRole("button", { name: "Place Order" }).click();
  }
  await page.goto("/my-orders");
  await expect(page.getByTestId("order")).toHaveCount(1);
});

test("Buy now adds the product and opens the cart; quantity and remove update the totals", async ({
  page,
  shopper: _signedIn,
}) => {
  const name = await openProduct(page, "women");
  const product = lineName(name, await chooseSize(page));
  await page.getByRole("button", { name: "Buy now" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expectToast(page, "Added to Cart");
  await expect(page.getByRole("link", { name })).toBeVisible();
  const unit = (await page.getByTestId("line-amount").textContent())!;
  const unitCents = Math.round(Number(unit.replace("$", "")) * 100);

  const quantity = page.getByLabel(`Quantity of ${product}`, { exact: true });
  // The dropdown offers 1 to 9.
  await expect(quantity.locator("option")).toHaveText(["1", "2", "3", "4", "5", "6", "7", "8", "9"]);
  await quantity.selectOption("3");
  if (test.info().project.name === "no-js") {
    await page.getByRole("button", { name: `Update quantity of ${product}` }).click();
  }
  await expectToast(page, "Cart Updated");
  await expect(page.getByTestId("line-amount")).toHaveText(`$${((unitCents * 3) / 100).toFixed(2)}`);
  await expect(cartCount(page)).toHaveText("3");
  const tax = Math.floor((unitCents * 3 * 2) / 100);
  await expect(page.getByTestId("cart-tax")).toHaveText(`$${(tax / 100).toFixed(2)}`);
  await expect(page.getByTestId("cart-total")).toHaveText(`$${((unitCents * 3 + tax) / 100).toFixed(2)}`);

  await page.getByRole("button", { name: `Remove one ${product} from the cart` }).click();
  await expectToast(page, "Removed from Cart");
  await expect(page.getByLabel(`Quantity of ${product}`, { exact: true })).toHaveValue("2");
  await expect(cartCount(page)).toHaveText("2");

  await page.getByRole("link", { name: "Continue shopping" }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test("an address with the optional fields (last name, email, state) left empty saves, with JavaScript and without", async ({
  page,
  shopper: _signedIn,
}) => {
  // The address shows in the cart's order summary, which an empty cart has not.
  await openProduct(page, "men");
  await addToCartHere(page);
  await page.goto("/add-address");
  const { "Last Name": _last, "Email address": _email, State: _state, ...required } = ASHA_ADDRESS;
  await saveAddress(page, required);
  await expect(page).toHaveURL(/\/cart\?address=/);
  await expectToast(page, "Address added successfully");
  await expect(page.getByTestId("selected-address")).toHaveText("12 Park Street, Pune, India");
});

test("on a phone, Place Order without an address is answered next to the button, in view", async ({
  page,
  shopper: _signedIn,
}) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await openProduct(page, "men");
  await addToCartHere(page);
  await page.goto("/cart");
  await expect(page.getByRole("link", { name: "Add address" })).toBeVisible();
  await expect(page.getByText("Change", { exact: true })).toHaveCount(0);

  await page.getByRole("button", { name: "Place Order" }).click();
  const refusal = page.getByRole("alert").filter({ hasText: "Please select an address" });
  await expect(refusal).toBeVisible();
  await expect(refusal).toBeInViewport();
  await expect(refusal).toBeFocused();
});

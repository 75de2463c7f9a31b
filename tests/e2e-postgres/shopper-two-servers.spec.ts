// A shopper on two app servers over one PostgreSQL, with JavaScript and without (issue 18): signs up and fills
// the cart on server A, checks out with cash on delivery on server B, and finds the order in My Orders on A. The
// two servers differ only by port, and cookies belong to a host, not a port: the browser sends A's session
// cookie to B, and B accepts it (the same SESSION_SECRET), as two servers behind one proxy would see it.
import { expect, expectToast, test } from "../e2e/fixtures.ts";
import {
  ASHA_ADDRESS,
  accountMenu,
  addToCartHere,
  cartCount,
  loginPanel,
  openProduct,
  PASSWORD,
  saveAddress,
  uniqueEmail,
} from "../e2e/shopper-helpers.ts";
import { cookiesFor, onB, originA, originB } from "./servers.ts";

test("sign up and fill the cart on server A, check out with cash on delivery on server B, see the order on A", async ({
  page,
  context,
}) => {
  // Sign up through the login panel on A.
  const name = `Two Servers ${Math.random().toString(36).slice(2, 7)}`;
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Login" }).first().click();
  const panel = loginPanel(page);
  await panel.getByRole("link", { name: "click here" }).click();
  await expect(panel.getByRole("heading", { name: "User Sign Up" })).toBeVisible();
  await panel.getByLabel("Name").fill(name);
  await panel.getByLabel("Email").fill(uniqueEmail("two-servers"));
  await panel.getByLabel("Password").fill(PASSWORD);
  await panel.getByRole("button", { name: "Create Account" }).click();
  await expectToast(page, `Welcome to Trendora, ${name}!`);
  await expect(accountMenu(page)).toHaveText(name);

  // The cart on A.
  const product = await openProduct(page, "men");
  const size = await addToCartHere(page);
  await expect(cartCount(page)).toHaveText("1");

  // The browser sends B the very cookies it sends A (same host, another port).
  const cookiesOfA = await cookiesFor(context, originA());
  expect(cookiesOfA.length).toBeGreaterThan(0);
  expect(await cookiesFor(context, originB())).toEqual(cookiesOfA);

  // On B: still signed in, the same cart.
  await page.goto(`${originB()}/`);
  await expect(accountMenu(page)).toHaveText(name);
  await expect(cartCount(page)).toHaveText("1");
  await page.goto(`${originB()}/cart`);
  await expect(page.getByRole("heading", { name: /Shopping Cart/ })).toBeVisible();
  await expect(page.getByRole("link", { name: product })).toBeVisible();

  // An address and the order, on B.
  await page.getByRole("link", { name: "Add address" }).click();
  await expect(page).toHaveURL(onB("/add-address"));
  await saveAddress(page, ASHA_ADDRESS);
  await expect(page).toHaveURL(onB("/cart?address="));
  await expectToast(page, "Address added successfully");
  await expect(page.getByTestId("selected-address")).toHaveText("12 Park Street, Pune, MH, India");
  // The built-in Stripe sandbox is off with several servers: cash on delivery only.
  await expect(page.getByLabel("Payment Method")).toHaveValue("COD");
  await expect(page.getByLabel("Payment Method").locator("option")).toHaveText(["Cash On Delivery"]);
  const total = (await page.getByTestId("cart-total").textContent())!;
  expect(total).toMatch(/^\$\d+\.\d{2}$/);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(onB("/my-orders"));
  await expectToast(page, "Order Placed Successfully");
  await expect(page.getByTestId("order")).toHaveCount(1);
  await expect(cartCount(page)).toHaveText("0");

  // Back on A: the order, and an empty cart.
  await page.goto("/my-orders");
  await expect(page).toHaveURL(`${originA()}/my-orders`);
  await expect(accountMenu(page)).toHaveText(name);
  const order = page.getByTestId("order");
  await expect(order).toHaveCount(1);
  await expect(order.getByRole("heading", { name: product })).toBeVisible();
  await expect(order).toContainText("Payment : COD");
  await expect(order).toContainText(`Total Amount : ${total}`);
  await expect(order).toContainText(`Size: ${size}`);
  await expect(order).toContainText("Quantity: 1");
  await expect(cartCount(page)).toHaveText("0");
});

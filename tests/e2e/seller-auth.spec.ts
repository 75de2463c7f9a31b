// Seller sign-in, the seller layout and logout, with JavaScript and without. Signing in through the forms is
// tested here, once; every other spec starts with the seller signed in by tests/e2e/fixtures.ts.
import { expect, expectToast, test, useOwnAddress } from "./fixtures.ts";
import { DEMO_SELLER } from "./seller-helpers.ts";

test("sign-in through the form: a wrong password is refused, the right one opens the seller area, logout goes back to the shop; a seller page signs a visitor in there", async ({
  page,
}) => {
  await page.goto("/seller-login");
  await expect(page.getByRole("heading", { name: "Seller Login" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
  await expect(page.getByLabel("Email")).toHaveAttribute("required", "");
  await expect(page.getByLabel("Password")).toHaveAttribute("required", "");

  await page.getByLabel("Email").fill(DEMO_SELLER.email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid credentials");
  await expect(page.getByLabel("Email")).toHaveValue(DEMO_SELLER.email);

  await page.getByLabel("Password").fill(DEMO_SELLER.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expectToast(page, "Login successful!");
  await expect(page).toHaveURL(/\/seller$/);
  await expect(page.getByText("Hi! Seller")).toBeVisible();
  // The seller layout, without the shopper's header and footer.
  await expect(page.getByRole("link", { name: "Trendora" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("link", { name: "Seller Dashboard" })).toHaveCount(0);
  const menu = page.getByRole("navigation", { name: "Seller" });
  await expect(menu.getByRole("link", { name: "Add Product" })).toHaveAttribute("aria-current", "page");
  await menu.getByRole("link", { name: "Product List" }).click();
  await expect(page).toHaveURL(/\/seller\/product-list$/);
  await expect(menu.getByRole("link", { name: "Product List" })).toHaveAttribute("aria-current", "page");
  await expect(menu.getByRole("link", { name: "Add Product" })).not.toHaveAttribute("aria-current", "page");

  // Already signed in: the login page sends the seller on.
  await page.goto("/seller-login");
  await expect(page).toHaveURL(/\/seller$/);

  await page.getByRole("button", { name: "Logout" }).click();
  await expectToast(page, "Logged out");
  await expect(page).toHaveURL(/\/$/);
  // A visitor on a seller page gets the sign-in form there, and comes back to that page.
  await page.goto("/seller/orders");
  await expect(page.getByRole("heading", { name: "Seller Login" })).toBeVisible();
  await expect(page.getByText("Hi! Seller")).toHaveCount(0);
  await page.getByLabel("Email").fill(DEMO_SELLER.email);
  await page.getByLabel("Password").fill(DEMO_SELLER.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Hi! Seller")).toBeVisible();
  await expect(page).toHaveURL(/\/seller\/orders$/);
  await expect(page.getByRole("heading", { name: "Orders List" })).toBeVisible();
});

test("labels of the side menu are hidden on a small screen, the icons stay", async ({ page, seller: _signedIn }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/seller");
  await expect(page.getByText("Hi! Seller")).toBeVisible();
  const link = page.getByRole("navigation", { name: "Seller" }).getByRole("link", { name: "Orders" });
  await expect(link).toBeVisible();
  const label = link.getByText("Orders");
  const box = await label.boundingBox();
  expect(box === null || box.width <= 1).toBe(true);
  await page.setViewportSize({ width: 1200, height: 800 });
  await expect(label).toBeVisible();
  expect((await label.boundingBox())!.width).toBeGreaterThan(20);
});

test("too many failed seller sign-ins: the form says to wait", async ({ page, context }) => {
  await useOwnAddress(context);
  // An email of no seller's (the demo seller's own count is left alone for the other specs): it counts the same.
  const email = `nobody-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@trendora.test`;
  for (let i = 0; i < 9; i++) {
    const response = await context.request.post("/api/seller/login", { data: { email, password: "wrong-password" } });
    expect(response.status()).toBe(401);
  }
  await page.goto("/seller-login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid credentials");
  await page.getByLabel("Password").fill("another-password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("alert")).toHaveText("Too many sign-in attempts. Please try again in 15 minutes.");
  await expect(page.getByLabel("Email")).toHaveValue(email);
});

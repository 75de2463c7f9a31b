// Keyboard only, with JavaScript and without: the skip link, the login dialog, a cash-on-delivery order from
// the home page, and the seller's add-product form. Every step is a key press (Tab, Shift+Tab, Enter, Space,
// typing); the mouse is never used. Fields are reached by tabbing, so each step also proves the tab order.
import type { Locator, Page } from "@playwright/test";
import { expect, expectToast, test } from "./fixtures.ts";
import { imageFile, uniqueName } from "./seller-helpers.ts";
import { isNoJs, loginPanel } from "./shopper-helpers.ts";

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails if it is not reached within `limit` presses. */
async function tabTo(page: Page, target: Locator, { backwards = false, limit = 150 } = {}) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  throw new Error(`not reached by ${backwards ? "Shift+Tab" : "Tab"} in ${limit} presses: ${target}`);
}

/** Tabs to a field and types into it. */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

test("the skip link is the first stop and leads to the page's content", async ({ page }) => {
  await page.goto("/products");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
  // The next Tab goes on inside the content, past the header.
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.closest("main") !== null)).toBe(true);
});

test("the login form: a dialog that holds focus with JavaScript, a section of the page without", async ({ page }) => {
  await page.goto("/contact");
  const login = page.getByRole("banner").getByRole("link", { name: "Login" }).first();
  await tabTo(page, login);
  await page.keyboard.press("Enter");
  const panel = loginPanel(page);
  await expect(panel.getByRole("heading", { name: "User Login" })).toBeVisible();
  if (isNoJs()) {
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await tabTo(page, panel.getByLabel("Email"));
    return;
  }
  await expect(panel.getByLabel("Email")).toBeFocused();
  // The page behind is inert: Tab goes round the dialog (and, past its end, to the browser's own controls).
  const insideDialog = () =>
    page.evaluate(() => {
      const focused = document.activeElement;
      return focused === document.body || focused?.closest('[role="dialog"]') !== null;
    });
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    expect(await insideDialog()).toBe(true);
  }
  await expect(page.locator("header")).toHaveAttribute("inert", "");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(login).toBeFocused();
  await expect(page.locator("header")).not.toHaveAttribute("inert");
});

test("from the home page to a placed cash-on-delivery order with the keyboard alone", async ({
  page,
  shopper: _signedIn,
}) => {
  await page.goto("/");
  await tabTo(page, page.getByRole("link", { name: "Accessories", exact: true }).first());
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/products\/accessories$/);

  const firstCard = page.getByRole("article").first();
  const productLink = firstCard.getByRole("heading").getByRole("link");
  const product = (await productLink.textContent())!.trim();
  await tabTo(page, productLink);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product);

  await tabTo(page, page.getByRole("button", { name: "Add to Cart", exact: true }));
  await page.keyboard.press("Enter");
  await expectToast(page, "Added to Cart");

  const cart = page.getByRole("banner").getByRole("link", { name: /^Cart, 1 items/ });
  await tabTo(page, cart, { backwards: !isNoJs() });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/cart$/);

  // No address yet: the cart offers Add address (not Change).
  await expect(page.getByText("Change", { exact: true })).toHaveCount(0);
  await tabTo(page, page.getByRole("link", { name: "Add address" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Add Your Shipping Address" })).toBeVisible();
  for (const [label, value] of [
    ["First Name", "Asha"],
    ["Last Name", "Rao"],
    ["Email address", "asha@example.com"],
    ["Street", "12 Park Street"],
    ["City", "Pune"],
    ["State", "MH"],
    ["Zip code", "411001"],
    ["Country", "India"],
    ["Phone", "+91 98765 43210"],
  ] as const) {
    await typeInto(page, page.getByLabel(label, { exact: true }), value);
  }
  await tabTo(page, page.getByRole("button", { name: "Save Address" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/cart\?address=/);
  await expect(page.getByTestId("selected-address")).toHaveText("12 Park Street, Pune, MH, India");

  await tabTo(page, page.getByRole("button", { name: "Place Order" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/my-orders(\?placed=\w+)?$/);
  await expectToast(page, "Order Placed Successfully");
  await expect(page.getByTestId("order").getByRole("heading", { name: product })).toBeVisible();
});

test("the seller adds a product with the keyboard alone", async ({ page, seller: _signedIn }) => {
  const name = uniqueName("Keyboard Scarf");
  await page.goto("/seller");
  await expect(page.getByRole("heading", { name: "Add Product" })).toBeVisible();

  // A file input opens the system's file chooser on Space; the test answers it.
  await tabTo(page, page.locator("#product-image-0"));
  const chooser = page.waitForEvent("filechooser");
  await page.keyboard.press("Space");
  await (await chooser).setFiles(await imageFile("scarf.png", "#8c2f39"));

  await typeInto(page, page.getByLabel("Product Name"), name);
  await typeInto(page, page.getByLabel("Product Description"), "Soft wool");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Warm and light");
  await tabTo(page, page.getByLabel("Category"));
  await page.keyboard.type("Accessories");
  await expect(page.getByLabel("Category")).toHaveValue("Accessories");
  await typeInto(page, page.getByLabel("Product Price"), "30");
  await typeInto(page, page.getByLabel("Offer Price"), "24.50");
  await tabTo(page, page.getByRole("button", { name: "Add Product" }));
  await page.keyboard.press("Enter");
  await expectToast(page, "Product Added");

  await page.goto(`/products/accessories?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole("article").filter({ hasText: name })).toContainText("$24.50");
});

// Shared steps for the shopper end-to-end specs. Products are found through the UI (never by seed
// names); every run creates its own shoppers with unique emails (signed in by tests/e2e/fixtures.ts).

import { expect, type Page } from "@playwright/test";
import { PAGE_SIZE } from "../../app/lib/listing.ts";
import { TEST_ADDRESS_BY_LABEL } from "../helpers/address.ts";
import { clickAndAwaitPost, expectToast, isNoJs } from "./fixtures.ts";

export const PASSWORD = "e2e-password-1";

export function uniqueEmail(label: string) {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export { isNoJs };

export function cartCount(page: Page) {
  return page.getByTestId("cart-count");
}

export function accountMenu(page: Page) {
  return page.locator('header summary[aria-label="Account menu"]');
}

/** The login / sign-up form: a modal dialog with JavaScript, a plain section of the page without. */
export function loginPanel(page: Page) {
  return page.getByRole(isNoJs() ? "region" : "dialog", { name: /^User (Login|Sign Up)$/ });
}

/** Logs in through the modal over the current page. */
export async function logInThroughModal(page: Page, email: string, password = PASSWORD) {
  await page.getByRole("banner").getByRole("link", { name: "Login" }).first().click();
  const dialog = loginPanel(page);
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Login" }).click();
}

/** Logs out from the profile menu: the toast, then the lasting effect (home, signed out). */
export async function logOut(page: Page) {
  await accountMenu(page).click();
  await page.getByRole("banner").getByRole("button", { name: "Logout" }).first().click();
  await expectToast(page, "Logged out successfully");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Login" }).first()).toBeVisible();
}

/** Opens the n-th oldest product (0-based) of a category listing; returns its name as the page shows it. */
export async function openProduct(page: Page, category: string, index = 0): Promise<string> {
  // Counted from the end of the whole list: lists are newest first, and the oldest cards are the demo
  // catalogue's. Products that other specs add (and sell out or toggle out of stock) come first, so they are
  // never picked here, however many of them push the demo products off the first page. Such a change between two
  // page loads moves the end: the page is read whole (its own total and cards) and the right one asked for again
  // until the card is on the page shown.
  let listPage = 1;
  for (let tries = 0; ; tries++) {
    await page.goto(listPage > 1 ? `/products/${category}?page=${listPage}` : `/products/${category}`);
    const summary = page.getByText(/^(Showing \S+ of )?[\d,]+ products?$/);
    const total = Number(/([\d,]+) products?$/.exec((await summary.textContent())!)![1]!.replaceAll(",", ""));
    const position = total - 1 - index;
    const wanted = Math.floor(position / PAGE_SIZE) + 1;
    const cards = page.getByRole("article");
    await expect(cards.first()).toBeVisible();
    if (wanted === listPage && position % PAGE_SIZE < (await cards.count())) {
      await cards
        .nth(position % PAGE_SIZE)
        .getByRole("heading")
        .getByRole("link")
        .click();
      break;
    }
    if (tries === 10) throw new Error(`the ${index}-th oldest product of ${category} did not hold still on a page`);
    listPage = wanted;
  }
  await expect(page).toHaveURL(new RegExp(`/products/${category}/[0-9a-z]+$`));
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toBeVisible();
  return (await heading.textContent())!.trim();
}

/**
 * On a product page: chooses a size that is not running low (no 'Only N left' under it), the middle one of
 * those (middle sizes are the deepest stocked), when the product has sizes. Returns the size ('' for a product
 * without sizes).
 */
export async function chooseSize(page: Page): Promise<string> {
  const sizes = page.getByRole("group", { name: "Size" });
  if ((await sizes.count()) === 0) return "";
  const plenty = sizes.locator('input[name="size"]:not([disabled]):not([aria-describedby])');
  const count = await plenty.count();
  const choice =
    count > 0 ? plenty.nth(Math.floor(count / 2)) : sizes.locator('input[name="size"]:not([disabled])').first();
  await choice.check();
  return (await choice.getAttribute("value"))!;
}

/** A cart line's name as its controls say it: 'Linen Shirt, M', or the name alone without a size. */
export const lineName = (product: string, size: string) => (size ? `${product}, ${size}` : product);

/** From a product page: chooses a size, then Add to Cart, which comes back to the same page with a toast. */
export async function addToCartHere(page: Page): Promise<string> {
  const url = page.url();
  const size = await chooseSize(page);
  // The post answered first: the toast of an Add just before may still be showing (decision 0164).
  await clickAndAwaitPost(page, () => page.getByRole("button", { name: "Add to Cart", exact: true }).click());
  await expectToast(page, "Added to Cart");
  expect(page.url()).toBe(url);
  return size;
}

/** A shipping address, keyed by the Add Address form's labels. */
export const ASHA_ADDRESS = TEST_ADDRESS_BY_LABEL;

/** On the Add Address page: fills every field (label → value) and presses Save Address. */
export async function saveAddress(page: Page, address: Record<string, string>) {
  for (const [label, value] of Object.entries(address)) await page.getByLabel(label).fill(value);
  await page.getByRole("button", { name: "Save Address" }).click();
}

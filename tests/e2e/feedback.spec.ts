// Feedback while things happen, with JavaScript and without: one item for a double click, the pending state of
// a submit button and the progress bar while an answer is held back, the cart count moving at the click,
// menus that close when left, and toasts that move nothing on the page.
import type { Page, Route } from "@playwright/test";
import { expect, expectToast, test } from "./fixtures.ts";
import { cartCount, chooseSize, isNoJs, openProduct } from "./shopper-helpers.ts";

/**
 * A slow answer: every POST to `path` reaches the server at once (which does what it asks), but its answer is
 * held back until `release()` (nothing else is slowed), as on a slow network.
 */
async function holdAnswers(page: Page, path: RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let seen = 0;
  const handler = async (route: Route) => {
    if (route.request().method() !== "POST") return route.continue();
    seen += 1;
    const answer = await route.fetch({ maxRedirects: 0 });
    await released;
    await route.fulfill({ response: answer }).catch(() => {}); // the page may have given up on it
  };
  await page.route(path, handler);
  return { release, posts: () => seen };
}

/** The product page's form posts to /cart (or to the page itself), as `.data` requests with JavaScript. */
const CART_POSTS = /\/(cart|products\/[^/]+\/[^/]+)(\.data)?(\?.*)?$/;

test("a double click on Add to Cart adds one item", async ({ page, shopper: _signedIn }) => {
  test.skip(isNoJs(), "Without JavaScript the browser itself sends the form: a page with no script cannot hold it");
  await openProduct(page, "men");
  await chooseSize(page);
  await expect(cartCount(page)).toHaveText("0");
  const held = await holdAnswers(page, CART_POSTS);
  const add = page.getByRole("button", { name: "Add to Cart", exact: true });
  await add.dblclick();
  // The first post has reached the server; a slow hand's second click comes while its answer is on the way.
  await expect.poll(held.posts).toBe(1);
  await add.click({ force: true });
  held.release();
  await expectToast(page, "Added to Cart");
  await expect(cartCount(page)).toHaveText("1");
  await page.goto("/cart");
  await expect(page.getByRole("combobox", { name: /^Quantity of / })).toHaveValue("1");
  expect(held.posts()).toBe(1);
});

test("while Add to Cart is answered: the button is pending and ignores clicks, the count and the bar move", async ({
  page,
  shopper: _signedIn,
}) => {
  test.skip(isNoJs(), "Pending states are drawn by JavaScript; without it the browser shows its own progress");
  await openProduct(page, "men");
  await chooseSize(page);
  const held = await holdAnswers(page, CART_POSTS);
  const add = page.getByRole("button", { name: "Add to Cart", exact: true });
  await add.click();
  await expect(add).toHaveAttribute("aria-disabled", "true");
  await expect(page.getByTestId("navigation-progress")).toBeVisible();
  await expect(cartCount(page)).toHaveText("1");
  // The post is on its way (the count moved at the click, before the request left the page).
  await expect.poll(held.posts).toBe(1);
  // More clicks while pending send nothing (forced: Playwright itself waits for an aria-disabled button).
  await add.click({ force: true });
  await add.click({ force: true });
  await expect(add).toBeFocused();
  held.release();
  await expectToast(page, "Added to Cart");
  await expect(add).not.toHaveAttribute("aria-disabled");
  await expect(page.getByTestId("navigation-progress")).toHaveCount(0);
  // The server's count after the answer: one item, and no second post was sent.
  await expect(cartCount(page)).toHaveText("1");
  expect(held.posts()).toBe(1);
});

test("the phone menu closes on navigation, and with JavaScript on an outside click and on Escape", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  const summary = page.getByRole("banner").getByText("Menu", { exact: true });
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await summary.click();
  await expect(menu).toBeVisible();
  await menu.getByRole("link", { name: "All Products" }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(menu).toBeHidden();
  if (isNoJs()) return;

  await summary.click();
  await expect(menu).toBeVisible();
  await page.mouse.click(5, 780);
  await expect(menu).toBeHidden();

  await summary.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toBeVisible();
  await menu.getByRole("link", { name: "Contact" }).focus();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(summary).toBeFocused();
});

test("the account menu closes on navigation, and with JavaScript on an outside click and on Escape", async ({
  page,
  shopper: _signedIn,
}) => {
  await page.goto("/");
  const summary = page.getByRole("banner").getByLabel("Account menu");
  const myOrders = page.getByRole("banner").getByRole("link", { name: "My Orders" });
  await summary.click();
  await myOrders.click();
  await expect(page).toHaveURL(/\/my-orders(\?placed=\w+)?$/);
  await expect(myOrders).toBeHidden();
  if (isNoJs()) return;

  await summary.click();
  await expect(myOrders).toBeVisible();
  await page.mouse.click(5, 400);
  await expect(myOrders).toBeHidden();

  await summary.click();
  await expect(myOrders).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(myOrders).toBeHidden();
  await expect(summary).toBeFocused();
});

test("a toast floats over the page: nothing on it moves when one appears", async ({ page, shopper: _signedIn }) => {
  await openProduct(page, "men");
  await chooseSize(page);
  // Where the heading sits on the page (not in the window, which may have scrolled to the button).
  const place = () =>
    page.getByRole("heading", { level: 1 }).evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { top: box.top + window.scrollY, left: box.left, width: box.width, height: box.height };
    });
  const before = await place();
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expectToast(page, "Added to Cart");
  expect(await place()).toEqual(before);
});

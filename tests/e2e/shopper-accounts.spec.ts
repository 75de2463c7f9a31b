// Shopper accounts in the browser, with JavaScript and without. Signing up through the login modal is tested
// here, once; every other spec starts with a shopper signed in by tests/e2e/fixtures.ts.
import type { Locator, Page } from "@playwright/test";
import { expect, expectToast, registerShopper, test, useOwnAddress } from "./fixtures.ts";
import {
  accountMenu,
  addToCartHere,
  cartCount,
  isNoJs,
  lineName,
  logInThroughModal,
  loginPanel,
  logOut,
  openProduct,
  PASSWORD,
  uniqueEmail,
} from "./shopper-helpers.ts";

test("sign up through the login modal: the new shopper lands on the home page, signed in and welcomed", async ({
  page,
}) => {
  const name = `Newcomer ${Math.random().toString(36).slice(2, 7)}`;
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Login" }).first().click();
  const dialog = loginPanel(page);
  await expect(dialog.getByRole("heading", { name: "User Login" })).toBeVisible();
  await dialog.getByRole("link", { name: "click here" }).click();
  await expect(dialog.getByRole("heading", { name: "User Sign Up" })).toBeVisible();
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Email").fill(uniqueEmail("signup"));
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Create Account" }).click();
  await expectToast(page, `Welcome to Trendora, ${name}!`);
  await expect(page).toHaveURL(/\/$/);
  await expect(accountMenu(page)).toHaveText(name);
  await expect(loginPanel(page)).toHaveCount(0);
  await expect(cartCount(page)).toHaveText("0");
});

test("a visitor's cart survives login: it is merged into the saved cart", async ({ page, context }) => {
  const { email } = await registerShopper(context.request, "Merger");
  const saved = await openProduct(page, "men", 0);
  await addToCartHere(page);
  await logOut(page);
  await expect(cartCount(page)).toHaveText("0");

  // As a visitor: two units of another product.
  const visiting = await openProduct(page, "men", 1);
  const size = await addToCartHere(page);
  expect(await addToCartHere(page)).toBe(size);
  await expect(cartCount(page)).toHaveText("2");

  const productUrl = page.url();
  await logInThroughModal(page, email.toUpperCase());
  await expectToast(page, "Welcome back, Merger!");
  // Back on the product the shopper was looking at.
  await expect(page).toHaveURL(productUrl);
  await expect(cartCount(page)).toHaveText("3");
  await page.goto("/cart");
  await expect(page.getByRole("link", { name: saved })).toBeVisible();
  await expect(page.getByRole("link", { name: visiting })).toBeVisible();
  await expect(page.getByLabel(`Quantity of ${lineName(visiting, size)}`, { exact: true })).toHaveValue("2");
});

test("logout is a POST from the profile menu that ends the session and goes home", async ({ page, shopper }) => {
  await page.goto("/products");
  await expect(accountMenu(page)).toHaveText(shopper.name);
  await accountMenu(page).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "My Orders" })).toBeVisible();
  await page.getByRole("banner").getByRole("button", { name: "Logout" }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(accountMenu(page)).toHaveCount(0);
  // Orders need a login again.
  await page.goto("/my-orders");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmy-orders$/);
  await expect(loginPanel(page).getByRole("heading", { name: "User Login" })).toBeVisible();
});

test("My Orders (where every mail links) asks a visitor to log in, then shows their orders", async ({
  page,
  context,
  request,
}) => {
  await useOwnAddress(context);
  const { email, name } = await registerShopper(request, "Mailed");
  await page.goto("/my-orders");
  const panel = loginPanel(page);
  await expect(panel.getByRole("heading", { name: "User Login" })).toBeVisible();
  // A wrong password first: without JavaScript the refusal is a page of its own, which still knows the way back.
  await panel.getByLabel("Email").fill(email);
  await panel.getByLabel("Password").fill("not-the-password");
  await panel.getByRole("button", { name: "Login" }).click();
  await expect(panel.getByRole("alert")).toHaveText("Invalid email or password");
  await panel.getByLabel("Password").fill(PASSWORD);
  await panel.getByRole("button", { name: "Login" }).click();
  await expectToast(page, `Welcome back, ${name}!`);
  await expect(page).toHaveURL(/\/my-orders(\?placed=\w+)?$/);
  await expect(page.getByRole("heading", { name: "My Orders" })).toBeVisible();
});

test("login from a product page, after a refused try, comes back to that product", async ({
  page,
  context,
  request,
}) => {
  await useOwnAddress(context);
  const { email, name } = await registerShopper(request, "Browser");
  await openProduct(page, "women", 2);
  const productUrl = page.url();
  await logInThroughModal(page, email, "not-the-password");
  const panel = loginPanel(page);
  await expect(panel.getByRole("alert")).toHaveText("Invalid email or password");
  await panel.getByLabel("Password").fill(PASSWORD);
  await panel.getByRole("button", { name: "Login" }).click();
  await expectToast(page, `Welcome back, ${name}!`);
  await expect(page).toHaveURL(productUrl);
  await expect(accountMenu(page)).toHaveText(name);
});

test("sign-up from the cart's 'Please log in to place your order' comes back to the cart", async ({ page }) => {
  const product = await openProduct(page, "men", 2);
  await addToCartHere(page);
  await page.goto("/cart");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expectToast(page, "Please log in to place your order.");
  await expect(page).toHaveURL(/\/cart\?login$/);
  const panel = loginPanel(page);
  await panel.getByRole("link", { name: "click here" }).click();
  await expect(panel.getByRole("heading", { name: "User Sign Up" })).toBeVisible();
  const name = `Cartful ${Math.random().toString(36).slice(2, 7)}`;
  await panel.getByLabel("Name").fill(name);
  await panel.getByLabel("Email").fill(uniqueEmail("cart-signup"));
  await panel.getByLabel("Password").fill(PASSWORD);
  await panel.getByRole("button", { name: "Create Account" }).click();
  await expectToast(page, `Welcome to Trendora, ${name}!`);
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("link", { name: product })).toBeVisible();
});

test("a return target of another site is never followed: the login goes home", async ({ page, context, request }) => {
  await useOwnAddress(context);
  const { email, name } = await registerShopper(request, "Careful");
  await page.goto("/login?redirectTo=%2F%2Fevil.example%2Fmy-orders");
  const panel = loginPanel(page);
  await panel.getByLabel("Email").fill(email);
  await panel.getByLabel("Password").fill(PASSWORD);
  await panel.getByRole("button", { name: "Login" }).click();
  await expectToast(page, `Welcome back, ${name}!`);
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
});

/** The viewport widths of issue 16, each at the height of a small screen of that width. */
const SCREENS = [
  { width: 375, height: 667 },
  { width: 1280, height: 720 },
];

/** Every locator is wholly inside the first screen (bounding boxes are relative to the viewport as it is scrolled). */
async function expectOnFirstScreen(page: Page, ...locators: Locator[]) {
  const screen = page.viewportSize()!;
  for (const locator of locators) {
    const box = (await locator.boundingBox())!;
    expect(box, `${locator}`).not.toBeNull();
    expect(box.y, `${locator} top`).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `${locator} bottom`).toBeLessThanOrEqual(screen.height);
    expect(box.x + box.width, `${locator} right`).toBeLessThanOrEqual(screen.width);
  }
}

for (const screen of SCREENS) {
  test(`at ${screen.width} px a refused sign-in and a refused sign-up keep the form and its message on the first screen`, async ({
    page,
    context,
    request,
  }) => {
    await useOwnAddress(context);
    await page.setViewportSize(screen);
    const { email } = await registerShopper(request, "Screened");
    // The modal over a long page (at 375 px the Login link is in the closed menu: the URL opens it).
    await page.goto("/products/kids?login");
    const panel = loginPanel(page);
    await panel.getByLabel("Email").fill(email);
    await panel.getByLabel("Password").fill("not-the-password");
    await panel.getByRole("button", { name: "Login" }).click();
    await expect(panel.getByRole("alert")).toHaveText("Invalid email or password");
    await expectOnFirstScreen(page, panel.locator("form"), panel.getByRole("alert"));

    // Sign-up with the taken email, from a fresh page (scrolled to its top, as a page opens).
    await page.goto(`${new URL(page.url()).pathname}?login=register`);
    await panel.getByLabel("Name").fill("Screened Again");
    await panel.getByLabel("Email").fill(email);
    await panel.getByLabel("Password").fill(PASSWORD);
    await panel.getByRole("button", { name: "Create Account" }).click();
    await expect(panel.getByRole("alert")).toHaveText("An account with this email already exists. Please log in.");
    await expectOnFirstScreen(page, panel.locator("form"), panel.getByRole("alert"));
  });
}

test("an email typed into the login box before the scripts have run is still there once it is a dialog", async ({
  page,
}) => {
  test.skip(isNoJs(), "without JavaScript the box never changes");
  // Every script of the page is held until the email has been typed.
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\.js(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/products?login", { waitUntil: "commit" });
  const section = page.getByRole("region", { name: "User Login" });
  const email = uniqueEmail("early");
  await section.getByLabel("Email").fill(email);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  release();
  const dialog = page.getByRole("dialog", { name: "User Login" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Email")).toHaveValue(email);
});

test("login errors: wrong password, duplicate email, short password; the modal opens over the page and closes", async ({
  page,
  request,
}) => {
  // An account of someone else's: the browser stays a visitor.
  const { email } = await registerShopper(request, "Errol");

  await page.goto("/products/men");
  await logInThroughModal(page, email, "not-the-password");
  const dialog = loginPanel(page);
  await expect(dialog.getByRole("alert")).toHaveText("Invalid email or password");
  await expect(dialog.getByLabel("Email")).toHaveValue(email);
  await expect(accountMenu(page)).toHaveCount(0);
  if (isNoJs()) {
    // Without JavaScript the refused post lands on /login: the modal over the home page, not a blank one.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Trending Now" })).toBeAttached();
  }

  // Register with the same email (other letter case).
  await dialog.getByRole("link", { name: "click here" }).click();
  await expect(dialog.getByRole("heading", { name: "User Sign Up" })).toBeVisible();
  await dialog.getByLabel("Name").fill("Someone Else");
  await dialog.getByLabel("Email").fill(email.toUpperCase());
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Create Account" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("An account with this email already exists. Please log in.");
  await expect(dialog.getByLabel("Name")).toHaveValue("Someone Else");

  await dialog.getByLabel("Email").fill(uniqueEmail("short"));
  await dialog.getByLabel("Password").fill("short");
  await dialog.getByRole("button", { name: "Create Account" }).click();
  // Said once, under the field it is about, and tied to it for screen readers.
  await expect(dialog.getByRole("alert")).toHaveText("Password must be at least 8 characters long.");
  await expect(dialog.getByText("Password must be at least 8 characters long.")).toHaveCount(1);
  await expect(dialog.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Password")).toHaveAccessibleDescription(
    "Password must be at least 8 characters long.",
  );

  // With JavaScript, Escape closes it too.
  if (!isNoJs()) {
    await page.goto("/products/men?login");
    await expect(loginPanel(page).getByLabel("Email")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/\/products\/men$/);
    await expect(loginPanel(page)).toHaveCount(0);
  }
  // Close by the link back: the page underneath, without the flag.
  await page.goto("/products/men?login");
  await loginPanel(page).getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/products\/men$/);
  await expect(loginPanel(page)).toHaveCount(0);
});

test("too many wrong passwords: the modal says to wait, and the right password waits too", async ({
  page,
  context,
  request,
}) => {
  await useOwnAddress(context);
  // An account of someone else's: the browser stays a visitor.
  const { email } = await registerShopper(request, "Guessed");
  // Nine wrong guesses through the JSON call, the tenth through the modal.
  for (let i = 0; i < 9; i++) {
    const response = await context.request.post("/api/user/login", { data: { email, password: `wrong-${i}-pass` } });
    expect(response.status()).toBe(401);
  }
  await page.goto("/products/men");
  await logInThroughModal(page, email, "wrong-10-pass");
  const dialog = loginPanel(page);
  await expect(dialog.getByRole("alert")).toHaveText("Invalid email or password");

  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Login" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Too many sign-in attempts. Please try again in 15 minutes.");
  await expect(accountMenu(page)).toHaveCount(0);
  const answer = await context.request.post("/api/user/login", { data: { email, password: PASSWORD } });
  expect(answer.status()).toBe(429);
  expect(Number(answer.headers()["retry-after"])).toBeGreaterThan(800);
});

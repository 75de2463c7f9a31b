// Shop settings end to end, with JavaScript and without. The settings are the whole shop's, so this spec runs
// a production server of its own (its own DATA_DIR, started empty) rather than change the shared e2e server
// under the other specs: the seller changes the name, the currency (to yen, zero-decimal, and back), the tax
// (included, then added) and the shipping; the product page, the cart, an order, its mail and the Stripe
// sandbox session agree to the yen; an order placed before keeps its dollars.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { freePort } from "../helpers/ports.ts";
import { type RunningServer, startProductionServer } from "../helpers/production-server.ts";
import { expect, expectToast, test } from "./fixtures.ts";
import { waitForMail } from "./mail-helpers.ts";
import { imageFile, isNoJs } from "./seller-helpers.ts";
import { addToCartHere, cartCount, PASSWORD, uniqueEmail } from "./shopper-helpers.ts";

const OWNER = { email: "owner@kumo.test", password: "kumo-owner-password" };

let server: RunningServer;

let dataDir: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "store-settings-e2e-"));
  // No STRIPE_SECRET_KEY or SMTP_URL in the runner's environment (as for the shared e2e server): the
  // built-in Stripe sandbox, and mail written to DATA_DIR/outbox/.
  // A port of its own, named up front: the store's Stripe SDK reaches the sandbox on the store's own PORT.
  const env = { DATA_DIR: dataDir, MAIL_SENDER: "on", PORT: String(await freePort()) };
  // The shop's owner, made as a shop owner makes one (npm run seller:add), on an empty catalogue.
  execFileSync(process.execPath, ["--import", "tsx", "scripts/seller-add.ts", OWNER.email], {
    env: { ...process.env, ...env, SELLER_PASSWORD: OWNER.password },
    stdio: "pipe",
  });
  server = await startProductionServer(env);
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function contextFor(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: server.origin,
    javaScriptEnabled: !isNoJs(),
    extraHTTPHeaders: { Origin: server.origin },
  });
}

/** Fills the settings form's money part and saves it, as the seller does. */
async function saveSettings(page: Page, values: Record<string, string>, taxIncluded: boolean) {
  await page.goto("/seller/settings");
  await expect(page.getByRole("heading", { name: "Shop settings" })).toBeVisible();
  for (const [label, value] of Object.entries(values)) {
    if (label === "Currency") await page.getByLabel("Currency").selectOption(value);
    else await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByRole("radio", { name: taxIncluded ? /Yes: the tax is part/ : /No: the tax is added/ }).check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expectToast(page, "Settings saved");
}

test("the seller makes the shop their own: name, yen with tax included and shipping, then dollars again", async ({
  browser,
}) => {
  const sellerContext = await contextFor(browser);
  const seller = await sellerContext.newPage();
  const signedIn = await sellerContext.request.post("/api/seller/login", { data: OWNER });
  expect(signedIn.status()).toBe(200);
  // A product: $40.00, offered at $25.00.
  const name = `Indigo Tee ${Date.now().toString(36)}`;
  const added = await sellerContext.request.post("/api/product/add", {
    multipart: {
      productData: JSON.stringify({ name, description: ["Cotton"], category: "Men", price: 40, offerPrice: 25 }),
      images: await imageFile("tee.png", "#1d4ed8"),
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const productId = ((await added.json()) as { product: { _id: string } }).product._id;
  const productPath = `/products/men/${productId}`;

  // A shopper with an address orders it under today's settings: $25.00 + 2% = $25.50.
  const shopperContext = await contextFor(browser);
  const shopper = await shopperContext.newPage();
  const email = uniqueEmail("settings");
  const registered = await shopperContext.request.post("/api/user/register", {
    data: { name: "Kenji Sato", email, password: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  const address = await shopperContext.request.post("/api/address/add", {
    data: {
      address: {
        firstName: "Kenji",
        lastName: "Sato",
        email,
        street: "3 Kamo River Road",
        city: "Kyoto",
        state: "Kyoto",
        zipcode: "600-8001",
        country: "Japan",
        phone: "+81 75 000 0000",
      },
    },
  });
  expect(address.status()).toBe(201);
  const addressId = ((await address.json()) as { address: { _id: string } }).address._id;
  const older = await shopperContext.request.post("/api/order/cod", {
    data: { items: [{ product: productId, quantity: 1 }], address: addressId },
  });
  expect(older.status()).toBe(201);
  await shopper.goto(productPath);
  await expect(shopper.getByTestId("offer-price")).toHaveText("$25.00");
  await expect(shopper.getByTestId("tax-wording")).toHaveText("(plus 2% tax, added in the cart)");

  // The seller: a new name, yen, 10% included, ¥500 shipping below ¥10000.
  await seller.goto("/seller/settings");
  await seller.getByLabel("Shop name").fill("Kumo Store");
  await seller.getByLabel("Mail sender name").fill("Kumo Orders");
  await seller.getByLabel("Returns policy").fill("Returns within **14 days**.\n\n- Unworn\n- With tags");
  await seller.getByRole("button", { name: "Save settings" }).click();
  await expectToast(seller, "Settings saved");
  await saveSettings(
    seller,
    { Currency: "JPY", "Tax rate (%)": "10", "Flat shipping fee": "500", "Free shipping from": "10000" },
    true,
  );
  await expect(seller.getByLabel("Shop name")).toHaveValue("Kumo Store");
  await expect(seller.getByLabel("Currency")).toHaveValue("JPY");
  await expect(seller.getByLabel("Flat shipping fee")).toHaveValue("500");
  // The amount fields show the currency they are in (decision 0275), here and in the product form.
  await expect(seller.locator("[data-currency]")).toHaveText(["¥", "¥"]);
  await seller.goto("/seller");
  await expect(seller.locator("[data-currency]")).toHaveText(["¥", "¥"]);
  await seller.goto("/seller/settings");

  // A decimal in yen is refused next to its field, and nothing changes.
  await seller.getByLabel("Flat shipping fee").fill("4.99");
  await seller.getByRole("button", { name: "Save settings" }).click();
  await expect(seller.getByText("The shipping fee must be a whole number of JPY (it has no decimals)")).toBeVisible();

  // The product page: the name, yen without decimals, the tax wording of prices that include it.
  await shopper.goto(productPath);
  await expect(shopper).toHaveTitle(`${name} | Kumo Store`);
  await expect(shopper.getByRole("banner").getByRole("link", { name: "Kumo Store" }).first()).toBeVisible();
  await expect(shopper.getByTestId("offer-price")).toHaveText("¥2500");
  await expect(shopper.getByTestId("list-price")).toHaveText("¥4000");
  await expect(shopper.getByTestId("tax-wording")).toHaveText("(inclusive of all taxes)");
  const jsonLd = await shopper.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.join("")).toContain('"priceCurrency":"JPY"');

  // The cart: ¥2500, of which ¥227 tax, ¥500 shipping, ¥3000 to pay; the policies linked from the checkout.
  // The add's answer first: the header's count is optimistic, and /cart asked before the add is stored is empty.
  await addToCartHere(shopper);
  await expect(cartCount(shopper)).toHaveText("1");
  await shopper.goto("/cart");
  await expect(shopper.getByTestId("cart-price")).toHaveText("¥2500");
  await expect(shopper.getByTestId("cart-tax-label")).toHaveText("Includes tax (10%)");
  await expect(shopper.getByTestId("cart-tax")).toHaveText("¥227");
  await expect(shopper.getByTestId("cart-shipping")).toHaveText("¥500");
  await expect(shopper.getByTestId("cart-total")).toHaveText("¥3000");
  await expect(shopper.getByTestId("checkout-policies").getByRole("link", { name: "returns policy" })).toHaveAttribute(
    "href",
    "/policies/returns",
  );

  // Cash on delivery: My Orders and the confirmation mail say the same yen.
  await shopper.getByRole("button", { name: "Place Order" }).click();
  await expect(shopper).toHaveURL(/\/my-orders(\?placed=\w+)?$/);
  const orders = shopper.getByTestId("order");
  await expect(orders).toHaveCount(2);
  await expect(orders.first()).toContainText("Total Amount : ¥3000");
  await expect(orders.first().getByTestId("order-charges")).toHaveText(
    "Price ¥2500 · Shipping ¥500 · Includes tax (10%) ¥227",
  );
  // The order placed before keeps its dollars, its 2% added and its free shipping.
  await expect(orders.last()).toContainText("Total Amount : $25.50");
  await expect(orders.last().getByTestId("order-charges")).toHaveText("Price $25.00 · Shipping Free · Tax (2%) $0.50");
  const orderId = ((await orders.first().textContent()) ?? "").match(/OrderId : ([a-z0-9]+)/)?.[1];
  const mail = await waitForMail(email, `Your Kumo Store order ${orderId} is placed`, dataDir);
  expect(mail.from?.text).toContain("Kumo Orders");
  for (const line of ["Subtotal: ¥2500", "Shipping: ¥500", "Includes tax (10%): ¥227", "Total: ¥3000"]) {
    expect(mail.text).toContain(line);
  }

  // Online: the sandbox's checkout page asks for the same ¥3000, with the shipping as a line and no tax added.
  await shopper.goto(productPath);
  // The add's answer first: the header's count is optimistic, and /cart asked before the add is stored is empty.
  await addToCartHere(shopper);
  await expect(cartCount(shopper)).toHaveText("1");
  await shopper.goto("/cart");
  await shopper.getByLabel("Payment Method").selectOption("Online");
  await shopper.getByRole("button", { name: "Place Order" }).click();
  await expect(shopper).toHaveURL(/\/stripe-sandbox\/checkout\/cs_test_[0-9A-Za-z]+$/);
  await expect(shopper.getByTestId("checkout-total")).toHaveText("¥3000");
  const summary = shopper.getByRole("table", { name: "Order summary" });
  await expect(summary.getByRole("rowheader", { name: "Shipping" })).toBeVisible();
  await expect(summary.getByRole("rowheader", { name: /^Tax/ })).toHaveCount(0);

  // The returns policy, from the footer: its simple formatting as the page's own elements.
  await shopper.goto("/");
  await shopper.getByRole("contentinfo").getByRole("link", { name: "Returns policy" }).click();
  await expect(shopper.getByRole("heading", { name: "Returns policy" })).toBeVisible();
  await expect(shopper.getByTestId("policy-text").locator("strong")).toHaveText("14 days");
  await expect(shopper.getByTestId("policy-text").getByRole("listitem")).toHaveText(["Unworn", "With tags"]);

  // Back to dollars, the tax added on top, free shipping: the product page and the cart follow at once.
  await saveSettings(
    seller,
    { Currency: "USD", "Tax rate (%)": "2", "Flat shipping fee": "0", "Free shipping from": "" },
    false,
  );
  await expect(seller.locator("[data-currency]")).toHaveText(["$", "$"]);
  await shopper.goto(productPath);
  await expect(shopper.getByTestId("offer-price")).toHaveText("$25.00");
  await expect(shopper.getByTestId("tax-wording")).toHaveText("(plus 2% tax, added in the cart)");
  await shopper.goto("/my-orders");
  await expect(shopper.getByTestId("order").filter({ hasText: "Payment : COD" }).first()).toContainText(
    "Total Amount : ¥3000",
  );
  await sellerContext.close();
  await shopperContext.close();
});

test("a refused save opens at its first error, says what became of the chosen logo, and fits a 375 px phone", async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: server.origin,
    javaScriptEnabled: !isNoJs(),
    extraHTTPHeaders: { Origin: server.origin },
    viewport: { width: 375, height: 740 },
  });
  const signedIn = await context.request.post("/api/seller/login", { data: OWNER });
  expect(signedIn.status()).toBe(200);
  const page = await context.newPage();
  const widest = () => page.evaluate(() => document.documentElement.scrollWidth);
  await page.goto("/seller/settings");
  await expect(page.getByRole("heading", { name: "Shop settings" })).toBeVisible();
  // The whole form fits the phone: nothing past its right edge (issue 30: it was 12 px wider).
  expect(await widest()).toBeLessThanOrEqual(375);

  await page.getByLabel("Logo").setInputFiles(await imageFile("kumo-logo.png", "#b91c1c"));
  await page.getByLabel("Tax rate (%)").fill("abc");
  await page.getByLabel("Low stock at").fill("-1");
  await page.getByRole("button", { name: "Save settings" }).click();
  // The first message in the form's order is where the page opens (the second one is shown too).
  const first = page.getByText("The tax rate is a percentage from 0 to 100, e.g. 2 or 7.5.");
  await expect(first).toBeInViewport();
  await expect(page.getByText("The low-stock mark is a whole number of units from 0 to 100,000.")).toBeVisible();
  if (isNoJs()) {
    // A page answered by the server: it opens at the message, and says the file must be chosen again.
    await expect(first).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expect(page.getByTestId("logo-not-kept")).toHaveText(
      "The logo you chose (kumo-logo.png) was not saved, as the form was refused: choose it again before saving.",
    );
  } else {
    // With JavaScript the form never left the page: the chosen logo is still chosen.
    expect(await page.getByLabel("Logo").evaluate((input: HTMLInputElement) => input.files?.length)).toBe(1);
    await expect(page.getByTestId("logo-not-kept")).toHaveCount(0);
  }
  expect(await widest()).toBeLessThanOrEqual(375);
  await context.close();
});

test("a shop in the United Kingdom: the address form takes a British postcode, checked for its country", async ({
  browser,
}) => {
  const sellerContext = await contextFor(browser);
  const seller = await sellerContext.newPage();
  expect((await sellerContext.request.post("/api/seller/login", { data: OWNER })).status()).toBe(200);
  /** The shop's country and its way of writing dates and amounts, as the seller chooses them. */
  async function placeShop(country: string, locale: string, currency: string) {
    await seller.goto("/seller/settings");
    await seller.getByLabel("Country").selectOption({ label: country });
    await seller.getByLabel("Dates and amounts").selectOption({ label: locale });
    await seller.getByLabel("Currency").selectOption(currency);
    await seller.getByRole("button", { name: "Save settings" }).click();
    await expectToast(seller, "Settings saved");
    await expect(seller.getByLabel("Country")).toHaveValue(country === "United Kingdom" ? "GB" : "US");
  }
  await placeShop("United Kingdom", "English (United Kingdom)", "GBP");

  const shopperContext = await contextFor(browser);
  const shopper = await shopperContext.newPage();
  const email = uniqueEmail("postcode");
  const registered = await shopperContext.request.post("/api/user/register", {
    data: { name: "Ada Byron", email, password: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  await shopper.goto("/add-address");
  const zip = shopper.getByLabel("Zip code", { exact: true });
  // Not the spec's number input: a British postcode has letters and a space.
  await expect(zip).toHaveAttribute("type", "text");
  await expect(shopper.getByLabel("Country", { exact: true })).toHaveValue("United Kingdom");
  for (const [label, value] of [
    ["First Name", "Ada"],
    ["Street", "10 Downing Street"],
    ["City", "London"],
    ["Phone", "+44 20 7946 0000"],
  ] as const) {
    await shopper.getByLabel(label, { exact: true }).fill(value);
  }
  await zip.fill("12345");
  await shopper.getByRole("button", { name: "Save Address" }).click();
  await expect(shopper.getByText("Please enter a valid zip code for the United Kingdom, e.g. SW1A 1AA.")).toBeVisible();
  await shopper.getByLabel("Zip code", { exact: true }).fill("sw1a 2aa");
  await shopper.getByRole("button", { name: "Save Address" }).click();
  await expect(shopper).toHaveURL(/\/cart\?address=/);
  const saved = await shopperContext.request.get("/api/address/get");
  const { addresses } = (await saved.json()) as { addresses: { zipcode: string; country: string }[] };
  expect(addresses).toEqual([expect.objectContaining({ zipcode: "SW1A 2AA", country: "United Kingdom" })]);

  // Back to today's shop for the other test of this file.
  await placeShop("United States", "English (United States)", "USD");
  await sellerContext.close();
  await shopperContext.close();
});

// Discount codes, with JavaScript and without: the seller creates, edits, pauses and deletes codes at
// /seller/discounts; a shopper applies a code in the cart, is told why for every code that cannot be used,
// places orders with codes, and a code limited to one use is used up for the next shopper.
import type { Page } from "@playwright/test";
import { expect, expectToast, otherBrowser, signInShopper, test } from "./fixtures.ts";
import { ASHA_ADDRESS, addToCartHere, openProduct, saveAddress } from "./shopper-helpers.ts";

/** A code name no other run uses (codes are unique in the shared e2e database). */
const uniqueCode = (label: string) =>
  `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();

/** Creates a code through /seller/discounts/new: the form's labels → values. */
async function createCode(seller: Page, code: string, fields: Record<string, string> = {}, amountOff = false) {
  await seller.goto("/seller/discounts/new");
  await seller.getByLabel("Code", { exact: true }).fill(code);
  if (amountOff) await seller.getByRole("radio", { name: "Amount off" }).check();
  await seller.getByLabel("Percent or amount off").fill(fields.value ?? "10");
  for (const [label, value] of Object.entries(fields)) {
    if (label !== "value") await seller.getByLabel(label).fill(value);
  }
  await seller.getByRole("button", { name: "Create Code" }).click();
  await expect(seller).toHaveURL(/\/seller\/discounts$/);
  await expectToast(seller, `${code} created`);
}

/** In the cart: types a code and presses Apply. */
async function applyCode(page: Page, code: string) {
  await page.getByLabel("Discount Code").fill(code);
  await page.getByRole("button", { name: "Apply" }).click();
}

test("the seller creates, edits, pauses and deletes a discount code", async ({ page, seller: _signedIn }) => {
  const code = uniqueCode("spring");
  await page.goto("/seller");
  await page.getByRole("navigation", { name: "Seller" }).getByRole("link", { name: "Discounts" }).click();
  await expect(page.getByRole("heading", { name: "Discount Codes" })).toBeVisible();
  await page.getByRole("link", { name: "New code" }).click();
  await expect(page.getByRole("heading", { name: "New Discount Code" })).toBeVisible();

  // Refused field by field, what was typed kept.
  await page.getByLabel("Code", { exact: true }).fill(code);
  await page.getByLabel("Percent or amount off").fill("150");
  await page.getByRole("button", { name: "Create Code" }).click();
  await expect(page.getByText("A percent off is a whole number from 1 to 100.")).toBeVisible();
  await expect(page.getByLabel("Code", { exact: true })).toHaveValue(code);

  await page.getByLabel("Percent or amount off").fill("15");
  await page.getByLabel("Total uses (optional)").fill("50");
  await page.getByLabel("Winter Wear").check();
  await page.getByRole("button", { name: "Create Code" }).click();
  await expectToast(page, `${code} created`);
  const row = page.getByTestId("seller-discount").filter({ hasText: code });
  await expect(row).toContainText("15% off");
  await expect(row).toContainText("Categories: Winter");
  await expect(row.getByTestId("discount-uses")).toHaveText("0 of 50");
  await expect(row.getByTestId("discount-status")).toHaveText("Active");

  // The same code in other letters is the same code.
  await page.getByRole("link", { name: "New code" }).click();
  await page.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
  await page.getByLabel("Percent or amount off").fill("5");
  await page.getByRole("button", { name: "Create Code" }).click();
  await expect(page.getByText("This code already exists. Codes are case-insensitive: choose another.")).toBeVisible();

  await page.goto("/seller/discounts");
  await row.getByRole("button", { name: `Pause ${code}` }).click();
  await expectToast(page, `${code} paused`);
  await expect(row.getByTestId("discount-status")).toHaveText("Paused");
  await row.getByRole("button", { name: `Resume ${code}` }).click();
  await expect(row.getByTestId("discount-status")).toHaveText("Active");

  await row.getByRole("link", { name: `Edit ${code}` }).click();
  await expect(page.getByLabel("Percent or amount off")).toHaveValue("15");
  await page.getByRole("radio", { name: "Amount off" }).check();
  await page.getByLabel("Percent or amount off").fill("7.50");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, `${code} saved`);
  await expect(row).toContainText("$7.50 off");

  await row.getByRole("button", { name: `Delete ${code}` }).click();
  await expectToast(page, `${code} deleted`);
  await expect(page.getByTestId("seller-discount").filter({ hasText: code })).toHaveCount(0);
});

test("a shopper applies codes in the cart, is told why one cannot be used, and a code is used to its limit", async ({
  page,
  browser,
  baseURL,
  csp,
  sellerPage: seller,
  shopper: _signedIn,
}) => {
  test.slow();
  const codes = {
    good: uniqueCode("good"),
    once: uniqueCode("once"),
    limit: uniqueCode("limit"),
    old: uniqueCode("old"),
    later: uniqueCode("later"),
    big: uniqueCode("big"),
    kids: uniqueCode("kids"),
  };
  await createCode(seller, codes.good, { value: "5" }, true);
  await createCode(seller, codes.once, { value: "10", "Uses per shopper (optional)": "1" });
  await createCode(seller, codes.limit, { value: "20", "Total uses (optional)": "1" });
  await createCode(seller, codes.old, { "Ends on (optional)": "2020-01-31" });
  await createCode(seller, codes.later, { "Starts on (optional)": "2099-01-01" });
  await createCode(seller, codes.big, { "Minimum subtotal (optional)": "5000" });
  await seller.goto("/seller/discounts/new");
  await seller.getByLabel("Code", { exact: true }).fill(codes.kids);
  await seller.getByLabel("Percent or amount off").fill("10");
  await seller.getByLabel("Kids & Babywear").check();
  await seller.getByRole("button", { name: "Create Code" }).click();
  await expectToast(seller, `${codes.kids} created`);

  // A men's product in the cart, an address to send it to.
  await openProduct(page, "men");
  await addToCartHere(page);
  await page.goto("/add-address");
  await saveAddress(page, ASHA_ADDRESS);
  await expect(page).toHaveURL(/\/cart/);
  const subtotal = Number((await page.getByTestId("cart-price").textContent())!.replace("$", ""));

  // Every code that cannot be used says why, under the field.
  for (const [typed, message] of [
    ["NO-SUCH-CODE", "There is no discount code “NO-SUCH-CODE”. Please check the code."],
    [codes.old.toLowerCase(), `The code ${codes.old} has expired.`],
    [codes.later, `The code ${codes.later} is not valid yet: it starts on Jan 1, 2099.`],
    [codes.big, `The code ${codes.big} needs a subtotal of at least $5000.00. Add more to your cart to use it.`],
    [codes.kids, `The code ${codes.kids} does not apply to anything in your cart.`],
  ] as const) {
    await applyCode(page, typed);
    await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
    await expect(page.getByTestId("cart-discount")).toHaveCount(0);
  }

  // A code that applies: the discount line, the tax and total follow; it can be removed again.
  await applyCode(page, codes.good.toLowerCase());
  await expectToast(page, "Discount code applied");
  await expect(page.getByTestId("applied-code")).toContainText(`${codes.good} applied`);
  await expect(page.getByTestId("cart-discount")).toHaveText("−$5.00");
  const cents = Math.round(subtotal * 100) - 500;
  const tax = Math.floor((cents * 2) / 100);
  await expect(page.getByTestId("cart-tax")).toHaveText(`$${(tax / 100).toFixed(2)}`);
  await expect(page.getByTestId("cart-total")).toHaveText(`$${((cents + tax) / 100).toFixed(2)}`);
  await page.getByRole("button", { name: `Remove the code ${codes.good}` }).click();
  await expectToast(page, "Discount code removed");
  await expect(page.getByTestId("cart-discount")).toHaveCount(0);

  // Ordered with the once-per-shopper code: My Orders shows the discount.
  await applyCode(page, codes.once);
  await expect(page.getByTestId("applied-code")).toContainText(codes.once);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  await expect(page.getByTestId("order").first().getByTestId("order-discount")).toContainText(
    `Discount (${codes.once})`,
  );

  // Again: already used by this shopper. Then the code limited to one use, used up by this order.
  await openProduct(page, "men");
  await addToCartHere(page);
  await page.goto("/cart");
  await applyCode(page, codes.once);
  await expect(
    page.getByRole("alert").filter({ hasText: `You have already used the code ${codes.once}.` }),
  ).toBeVisible();
  await applyCode(page, codes.limit);
  await expect(page.getByTestId("applied-code")).toContainText(codes.limit);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  await expect(page.getByTestId("order").first().getByTestId("order-discount")).toContainText(codes.limit);

  // Another shopper, in a browser of their own: the code is used up.
  const other = await otherBrowser(browser, csp, { baseURL });
  try {
    await signInShopper(other);
    const second = await other.newPage();
    await openProduct(second, "men");
    await addToCartHere(second);
    await second.goto("/cart");
    await applyCode(second, codes.limit);
    await expect(
      second.getByRole("alert").filter({ hasText: `The code ${codes.limit} has been used up.` }),
    ).toBeVisible();
  } finally {
    await other.close();
  }
});

// Discount codes cannot be guessed (issue 30, decision 0210), with JavaScript and without: codes that cannot be
// used get one answer under the cart's code field, and after 10 of them the shopper is told to wait, even for
// a real code.
import { expect, expectToast, test, useOwnAddress } from "./fixtures.ts";
import { addProductAsSeller, uniqueName } from "./seller-helpers.ts";
import { addToCartHere } from "./shopper-helpers.ts";

test("after 10 codes that cannot be used, the cart's code field says to wait, even for a real code", async ({
  page,
  context,
  storeApi,
  sellerPage: seller,
  shopper: _signedIn,
}) => {
  // An address of its own: what this test tries counts against no other spec.
  await useOwnAddress(context);
  const code = `REAL-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  await seller.goto("/seller/discounts/new");
  await seller.getByLabel("Code", { exact: true }).fill(code);
  await seller.getByLabel("Percent or amount off").fill("10");
  await seller.getByRole("button", { name: "Create Code" }).click();
  await expectToast(seller, `${code} created`);
  const productId = await addProductAsSeller(storeApi, uniqueName("Guess Tee"), [], { stock: 5 });
  await page.goto(`/products/men/${productId}`);
  await addToCartHere(page);
  await page.goto("/cart");

  for (let i = 1; i <= 10; i++) {
    const guess = `GUESS-${i}-${code}`;
    await page.getByLabel("Discount Code").fill(guess);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: `The code “${guess}” cannot be used. Please check the code.` }),
    ).toBeVisible();
  }
  await page.getByLabel("Discount Code").fill(code);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: /Too many discount codes that cannot be used\. Please try again in/ }),
  ).toBeVisible();
  await expect(page.getByTestId("applied-code")).toHaveCount(0);
});

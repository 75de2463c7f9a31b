// The seller on two app servers over one PostgreSQL, with JavaScript and without (issue 18): a product added on
// server A, with a photo, is on server B (its picture too: one shared UPLOADS_DIR); once B has shown its product
// page, list and search (pages B may keep in memory), the seller edits its name and price on A, and B's very next
// request for each shows the new values: no waiting for a time, each server reads the catalogue version from the
// database on every request it could answer from memory (docs/decisions/0147).
import type { Page } from "@playwright/test";
import { expect, expectToast, test } from "../e2e/fixtures.ts";
import { imageFile, uniqueName } from "../e2e/seller-helpers.ts";
import { onB, originB } from "./servers.ts";

/** Opens a page of server B once; gives the HTML that one request answered with. */
async function htmlOfB(page: Page, path: string): Promise<string> {
  const response = await page.goto(`${originB()}${path}`);
  expect(response?.status()).toBe(200);
  return response!.text();
}

const cards = (page: Page, name: string) => page.getByTestId("product-card").filter({ hasText: name });

test("a product the seller edits on server A is fresh on server B at once: product page, list and search", async ({
  page,
  seller: _signedInOnA,
}) => {
  const name = uniqueName("PG Linen Shirt");
  const searchFor = (words: string) => `/products/men?q=${encodeURIComponent(words)}`;

  // Added on A, with a photo.
  await page.goto("/seller");
  await expect(page.getByText("Hi! Seller")).toBeVisible();
  await page.setInputFiles("#product-image-0", await imageFile("front.png", "#c0392b"));
  await page.getByLabel("Product Name").fill(name);
  await page.getByLabel("Product Description").fill("Pure linen\nRelaxed fit");
  await page.getByLabel("Category").selectOption("Men");
  await page.getByLabel("Product Price").fill("49.99");
  await page.getByLabel("Offer Price").fill("39.99");
  await page.getByRole("button", { name: "Add Product" }).click();
  await expectToast(page, "Product Added");

  // B shows it: search, product page (with the picture A stored), list.
  await page.goto(`${originB()}${searchFor(name)}`);
  await expect(cards(page, name)).toHaveCount(1);
  await expect(cards(page, name)).toContainText("$39.99");
  await cards(page, name).getByRole("heading").getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`${onB("/products/men/").source}[0-9a-z]+$`));
  const productPath = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByTestId("offer-price")).toHaveText("$39.99");
  const picture = page.locator('img[src^="/uploads/"]').first();
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const pictureAnswer = await page.request.get(`${originB()}${await picture.getAttribute("src")}`);
  expect(pictureAnswer.status()).toBe(200);
  expect(pictureAnswer.headers()["content-type"]).toMatch(/^image\//);
  await page.goto(`${originB()}/products/men`);
  await expect(cards(page, name)).toHaveCount(1);

  // Edited on A: another name and price.
  const renamed = uniqueName("PG Hemp Shirt");
  await page.goto("/seller/product-list");
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByRole("heading", { name: "Edit Product" })).toBeVisible();
  await page.getByLabel("Product Name").fill(renamed);
  await page.getByLabel("Offer Price").fill("35");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, `Product Updated: ${renamed}`);

  // B's very next request for each page has the new values (each page is loaded once, the assertions read it).
  const productHtml = await htmlOfB(page, productPath);
  expect(productHtml).toContain(renamed);
  expect(productHtml).not.toContain(name);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(renamed);
  await expect(page.getByTestId("offer-price")).toHaveText("$35.00");

  const listHtml = await htmlOfB(page, "/products/men");
  expect(listHtml).toContain(renamed);
  expect(listHtml).not.toContain(name);
  await expect(cards(page, renamed)).toHaveCount(1);
  await expect(cards(page, renamed)).toContainText("$35.00");

  await htmlOfB(page, searchFor(renamed));
  await expect(cards(page, renamed)).toHaveCount(1);
  await expect(cards(page, renamed)).toContainText("$35.00");
  await htmlOfB(page, searchFor(name));
  await expect(cards(page, name)).toHaveCount(0);
});

// The seller on two app servers over one PostgreSQL, with JavaScript and without (issue 18): a product the seller
// adds on server A, with a photo, is on server B for a visitor (its picture too: one shared UPLOADS_DIR). Once B
// has shown the visitor its product page, list and search (pages B keeps in memory for visitors without a
// cookie, server/page-cache.ts), the seller edits the product's name and price on A, and B's very next request
// for each page shows the new values: no waiting for a time, as each server reads the catalogue version from the
// database on every request it could answer from memory (docs/decisions/0147).
import type { Page } from "@playwright/test";
import { expect, expectToast, otherBrowser, test } from "../e2e/fixtures.ts";
import { addProductThroughForm, uniqueName } from "../e2e/seller-helpers.ts";
import { cookiesFor, originB } from "./servers.ts";

const cards = (page: Page, name: string) => page.getByRole("article").filter({ hasText: name });
const searchFor = (words: string) => `/products/men?q=${encodeURIComponent(words)}`;

/**
 * Opens a page of server B once as the visitor; gives the HTML of that one answer, a 200 (a 304 to the
 * browser's If-None-Match would say the page it kept is still the current one). The visitor holds no cookie for
 * B, so B may answer from the pages it keeps.
 */
async function visitB(visitor: Page, path: string): Promise<string> {
  expect(await cookiesFor(visitor.context(), originB())).toEqual([]);
  const response = await visitor.goto(path);
  expect(response?.status()).toBe(200);
  return response!.text();
}

test("a product the seller edits on server A is fresh on server B at once: product page, list and search", async ({
  page,
  browser,
  csp,
  seller: _signedInOnA,
}) => {
  // A visitor of server B, in a browser context of its own (no cookies).
  const visitorContext = await otherBrowser(browser, csp, { baseURL: originB() });
  const visitor = await visitorContext.newPage();

  // Added on A, with a photo.
  const name = uniqueName("PG Linen Shirt");
  await addProductThroughForm(page, name);

  // B shows it to the visitor: search, product page (with the picture A stored), list.
  await visitB(visitor, searchFor(name));
  await expect(cards(visitor, name)).toHaveCount(1);
  await expect(cards(visitor, name)).toContainText("$39.99");
  const productPath = (await cards(visitor, name).getByRole("heading").getByRole("link").getAttribute("href"))!;
  expect(productPath).toMatch(/^\/products\/men\/[0-9a-z]+$/);
  await visitB(visitor, productPath);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(visitor.getByTestId("offer-price")).toHaveText("$39.99");
  const picture = visitor.locator('img[src^="/uploads/"]').first();
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const pictureAnswer = await visitorContext.request.get(`${originB()}${await picture.getAttribute("src")}`);
  expect(pictureAnswer.status()).toBe(200);
  expect(pictureAnswer.headers()["content-type"]).toMatch(/^image\//);
  await visitB(visitor, "/products/men");
  await expect(cards(visitor, name)).toHaveCount(1);

  // Edited on A: another name and price.
  const renamed = uniqueName("PG Hemp Shirt");
  await page.goto("/seller/product-list");
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByRole("heading", { name: "Edit Product" })).toBeVisible();
  await page.getByLabel("Product Name").fill(renamed);
  await page.getByLabel("Offer Price").fill("35");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, `Product Updated: ${renamed}`);

  // B's very next request for each page has the new values (each page is loaded once; the assertions read it).
  const productHtml = await visitB(visitor, productPath);
  expect(productHtml.includes(renamed), "B's product page has the new name").toBe(true);
  expect(productHtml.includes(name), "B's product page still has the old name").toBe(false);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(renamed);
  await expect(visitor.getByTestId("offer-price")).toHaveText("$35.00");

  const listHtml = await visitB(visitor, "/products/men");
  expect(listHtml.includes(renamed), "B's list has the new name").toBe(true);
  expect(listHtml.includes(name), "B's list still has the old name").toBe(false);
  await expect(cards(visitor, renamed)).toHaveCount(1);
  await expect(cards(visitor, renamed)).toContainText("$35.00");

  expect((await visitB(visitor, searchFor(renamed))).includes(renamed), "B finds the new name").toBe(true);
  await expect(cards(visitor, renamed)).toHaveCount(1);
  await expect(cards(visitor, renamed)).toContainText("$35.00");
  // The search B showed before the edit finds it no more under its old name (the query itself is on the page).
  await visitB(visitor, searchFor(name));
  await expect(visitor.getByRole("article")).toHaveCount(0);

  await visitorContext.close();
});

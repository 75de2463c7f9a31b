// Search by product name: a GET form without JavaScript, filtering as you type with it.
import type { Page } from "@playwright/test";
import { DEMO_PRODUCTS } from "../../db/demo/catalogue.ts";
import { expect, test } from "./fixtures.ts";

const isNoJs = () => test.info().project.name === "no-js";

const cardNames = (page: Page) => page.getByRole("article").getByRole("heading").allTextContents();
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search products" });
const DEMO_NAMES = new Set(DEMO_PRODUCTS.map((p) => p.name));
/**
 * The demo products among the cards (other specs add products of their own to the shared store, some named like a
 * demo one: "E2E Sized Sneaker"), after checking that every card found, theirs too, has `word` in its name.
 */
async function demoCardNames(page: Page, word: string) {
  const names = await cardNames(page);
  for (const name of names) expect(name.toLowerCase()).toContain(word);
  return names.filter((name) => DEMO_NAMES.has(name));
}

/** In-stock demo products whose name contains `text` (case-insensitive), optionally of one category. */
function expected(text: string, category?: string) {
  return DEMO_PRODUCTS.filter(
    (p) =>
      p.inStock !== false &&
      (!category || p.category === category) &&
      p.name.toLowerCase().includes(text.toLowerCase()),
  ).map((p) => p.name);
}

test("the search form filters all products by name (GET ?q=)", async ({ page }) => {
  await page.goto("/products");
  await searchBox(page).fill("SHIRT");
  await searchBox(page).press("Enter");
  await expect(page).toHaveURL(/\/products\?q=SHIRT$/);
  await expect(page.getByText(/results? for “SHIRT”/)).toBeVisible();
  const names = await cardNames(page);
  expect(names.length).toBeGreaterThan(0);
  for (const name of expected("shirt")) expect(names).toContain(name);
  for (const name of names) expect(name.toLowerCase()).toContain("shirt");
  await expect(searchBox(page)).toHaveValue("SHIRT");

  await page.getByRole("link", { name: "Clear search" }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(searchBox(page)).toHaveValue("");
});

test("searching on a category page stays in the category", async ({ page }) => {
  await page.goto("/products/men");
  await searchBox(page).fill("shirt");
  await page.locator("header").getByRole("button", { name: "Search" }).first().click();
  await expect(page).toHaveURL(/\/products\/men\?q=shirt$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("MEN'S FASHION");
  const names = await cardNames(page);
  expect(names.sort()).toEqual(expected("shirt", "Men").sort());
  expect(names).not.toContain("Relaxed Linen Shirt"); // a women's shirt
});

test("searching from another page opens All Products", async ({ page }) => {
  await page.goto("/contact");
  await searchBox(page).fill("sneakers");
  await searchBox(page).press("Enter");
  await expect(page).toHaveURL(/\/products\?q=sneakers$/);
  expect((await demoCardNames(page, "sneaker")).sort()).toEqual(expected("sneakers").sort());
});

test("singular and plural find each other, a word's start finds the word, the words in any order", async ({ page }) => {
  await page.goto("/products");
  await searchBox(page).fill("dresses");
  await searchBox(page).press("Enter");
  await expect(page).toHaveURL(/\/products\?q=dresses$/);
  await expect(page.getByText(/results? for “dresses”/)).toBeVisible();
  const dresses = expected("dress");
  expect(dresses.length).toBeGreaterThan(1);
  expect((await demoCardNames(page, "dress")).sort()).toEqual(dresses.sort());
  for (const [q, singular] of [
    ["scarves", "scarf"],
    ["shoe", "shoe"],
    ["snea", "sneaker"],
  ] as const) {
    await page.goto(`/products?q=${q}`);
    await expect(page.getByText(new RegExp(`results? for “${q}”`))).toBeVisible();
    expect((await demoCardNames(page, singular)).sort(), q).toEqual(expected(singular).sort());
  }
  await page.goto("/products?q=sneakers+canvas");
  await expect(page.getByText(/results? for “sneakers canvas”/)).toBeVisible();
  expect(await demoCardNames(page, "canvas")).toEqual(["Everyday Canvas Sneakers"]);
});

test("hostile search text is just text", async ({ page }) => {
  for (const q of ["%", "_", "' OR '1'='1", '"><script>alert(1)</script>', "日本語", "x".repeat(1000)]) {
    const response = await page.goto(`/products?q=${encodeURIComponent(q)}`);
    expect(response?.status(), q).toBe(200);
    await expect(page.getByText("No products found.")).toBeVisible();
  }
});

test("with JavaScript the list filters as you type, keeping the URL in sync without a reload", async ({ page }) => {
  test.skip(isNoJs(), "typing filters only with JavaScript; without it the form is submitted (tests above)");
  await page.goto("/products");
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  await searchBox(page).pressSequentially("puff", { delay: 40 });
  await expect(page).toHaveURL(/\/products\?q=puff$/);
  await expect.poll(() => cardNames(page)).toEqual(expected("puff"));
  await searchBox(page).pressSequentially("er jacket", { delay: 40 });
  await expect(page).toHaveURL(/\/products\?q=puffer\+jacket$/);
  await expect.poll(() => cardNames(page)).toEqual(["Lightweight Puffer Jacket"]);
  await expect(searchBox(page)).toBeFocused();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // Clearing the box shows everything again; the typing replaced history entries rather than adding them.
  await searchBox(page).fill("");
  await expect(page).toHaveURL(/\/products$/);
  // (a page of the list: 24 products, or all of them when there are fewer)
  await expect.poll(async () => (await cardNames(page)).length).toBe(Math.min(24, expected("").length));

  // From another page, typing opens the filtered list.
  await page.goto("/deals");
  await searchBox(page).pressSequentially("boots", { delay: 40 });
  await expect(page).toHaveURL(/\/products\?q=boots$/);
  await expect.poll(() => cardNames(page)).toEqual(expected("boots"));
});

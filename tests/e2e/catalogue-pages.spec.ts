// Product lists a page at a time: numbered pages and Previous/Next as plain links, sorting through a GET form,
// Load more with JavaScript; the pictures' widths (srcset) on cards and the product page. With JavaScript on
// (project "js") and off ("no-js"). The demo catalogue has more in-stock products than two pages hold.
import type { Page } from "@playwright/test";
import { DEMO_PRODUCTS } from "../../db/demo/catalogue.ts";
import { catalogueSample } from "../../tools/route-table.ts";
import { clickAndAwaitPost, expect, expectToast, test, waitForHydration } from "./fixtures.ts";
import { cartCount } from "./shopper-helpers.ts";

const isNoJs = () => test.info().project.name === "no-js";
const PAGE_SIZE = 24;
const inStock = DEMO_PRODUCTS.filter((p) => p.inStock !== false);
const pageCount = Math.ceil(inStock.length / PAGE_SIZE);

const cards = (page: Page) => page.getByRole("article");
const names = (page: Page) => cards(page).getByRole("heading").allTextContents();
const pages = (page: Page) => page.getByRole("navigation", { name: "Pages" });
const current = (page: Page) => pages(page).locator('[aria-current="page"]');
/** The offer prices on the cards, in cents (the first amount on each card). */
async function prices(page: Page): Promise<number[]> {
  const texts = await cards(page).allTextContents();
  return texts.map((text) => Math.round(Number(/\$(\d+\.\d\d)/.exec(text)![1]) * 100));
}

test("pages through all products with numbered links, Previous and Next", async ({ page }) => {
  expect(pageCount).toBeGreaterThanOrEqual(3);
  await page.goto("/products");
  await expect(cards(page)).toHaveCount(PAGE_SIZE);
  // The demo catalogue, and whatever other specs have added by now.
  const showing = page.getByText(/^Showing 1–24 of \d+ products$/);
  await expect(showing).toBeVisible();
  const total = Number(/of (\d+)/.exec((await showing.textContent())!)![1]);
  expect(total).toBeGreaterThanOrEqual(inStock.length);
  const lastPage = Math.ceil(total / PAGE_SIZE);
  await expect(current(page)).toHaveText("1");
  await expect(pages(page).getByRole("link", { name: "Previous page" })).toHaveCount(0);
  const first = await names(page);

  await pages(page).getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/\/products\?page=2$/);
  await expect(current(page)).toHaveText("2");
  await expect(page).toHaveTitle("All Products, page 2 | Trendora");
  const second = await names(page);
  expect(second).toHaveLength(PAGE_SIZE);
  for (const name of second) expect(first).not.toContain(name);

  await pages(page)
    .getByRole("link", { name: `Page ${lastPage}`, exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/products\\?page=${lastPage}$`));
  await expect(cards(page).first()).toBeVisible();
  expect(await cards(page).count()).toBeLessThanOrEqual(PAGE_SIZE);
  await expect(pages(page).getByRole("link", { name: "Next page" })).toHaveCount(0);

  await pages(page).getByRole("link", { name: "Page 1", exact: true }).click();
  await expect(page).toHaveURL(/\/products$/);
  expect(await names(page)).toEqual(first);
});

test("sorts by price through the URL, and the pages keep the order", async ({ page }) => {
  await page.goto("/products");
  await page.getByLabel("Sort by").selectOption("price-asc");
  // Without JavaScript the form is sent with its button; with it, choosing is enough.
  if (isNoJs()) await page.getByRole("button", { name: "Sort", exact: true }).click();
  else await expect(page.getByRole("button", { name: "Sort", exact: true })).toHaveCount(0);
  await expect(page).toHaveURL(/\/products\?sort=price-asc$/);
  await expect(page.getByLabel("Sort by")).toHaveValue("price-asc");
  const cheapest = await prices(page);
  expect(cheapest).toEqual([...cheapest].sort((a, b) => a - b));

  await pages(page).getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/\/products\?sort=price-asc&page=2$/);
  await expect(current(page)).toHaveText("2");
  const next = await prices(page);
  expect(next[0]).toBeGreaterThanOrEqual(cheapest[cheapest.length - 1]!);

  await page.goto("/products/men?sort=price-desc");
  await expect(page.getByLabel("Sort by")).toHaveValue("price-desc");
  const dearest = await prices(page);
  expect(dearest).toEqual([...dearest].sort((a, b) => b - a));
});

test("Load more adds the next page under the list, with JavaScript", async ({ page }) => {
  await page.goto("/products");
  const loadMore = page.getByRole("button", { name: "Load more" });
  if (isNoJs()) {
    // Without JavaScript the numbered pages do it.
    await expect(loadMore).toHaveCount(0);
    await expect(pages(page).getByRole("link", { name: "Next page" })).toHaveAttribute("href", "/products?page=2");
    return;
  }
  const first = await names(page);
  await loadMore.click();
  await expect(cards(page)).toHaveCount(2 * PAGE_SIZE);
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByText(/^Showing 1–48 of \d+ products$/)).toBeVisible();
  expect((await names(page)).slice(0, PAGE_SIZE)).toEqual(first);
  // Focus moves to the first product added, and the page numbers go on from the last page shown.
  await expect(cards(page).nth(PAGE_SIZE).getByRole("heading").getByRole("link")).toBeFocused();
  await expect(current(page)).toHaveText("2");
  // On to the end: then every product is shown and there is nothing more to load.
  while ((await loadMore.count()) > 0) {
    const shown = await cards(page).count();
    await loadMore.click();
    await expect.poll(() => cards(page).count()).toBeGreaterThan(shown);
  }
  const total = Number(/(\d+) products/.exec((await page.getByText(/\d+ products$/).textContent())!)![1]);
  await expect(cards(page)).toHaveCount(total);
});

test("a page or sort order that does not exist is a 404 page", async ({ page }) => {
  for (const query of ["page=999", "page=0", "page=-1", "page=abc", "sort=cheapest"]) {
    const response = await page.goto(`/products?${query}`);
    expect(response?.status(), query).toBe(404);
    await expect(page.getByRole("link", { name: "Continue shopping" })).toBeVisible();
  }
});

test("cards and the product page offer each picture in several widths", async ({ page, request }) => {
  await page.goto("/products");
  const images = cards(page).locator("img");
  const first = images.first();
  // A card's widths: 400 and 800 px (CARD_SRCSET, decision 0165); the product page offers every width.
  await expect(first).toHaveAttribute(
    "srcset",
    /^\/uploads\/[a-z0-9]+-400\.webp 400w, \/uploads\/[a-z0-9]+-800\.webp 800w$/,
  );
  await expect(first).toHaveAttribute("sizes", /.+/);
  await expect(first).toHaveAttribute("width", "400");
  await expect(first).toHaveAttribute("height", "400");
  await expect(first).toHaveAttribute("fetchpriority", "high");
  // The page's main picture, which the app's scripts wait to be shown (decision 0175): one a page.
  await expect(first).toHaveAttribute("elementtiming", "main");
  await expect(page.locator('img[elementtiming="main"]')).toHaveCount(1);
  await expect(images.nth(PAGE_SIZE - 1)).toHaveAttribute("loading", "lazy");
  // The first picture is asked for before the page's scripts: a preload in the head, with its widths.
  const preload = page.locator('head link[rel="preload"][as="image"]').first();
  await expect(preload).toHaveAttribute("imagesrcset", (await first.getAttribute("srcset"))!);
  for (const candidate of (await first.getAttribute("srcset"))!.split(", ")) {
    const response = await request.get(candidate.split(" ")[0]!);
    expect(response.status(), candidate).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/webp");
  }
  if (!isNoJs()) await expect(first).toHaveJSProperty("complete", true);

  const name = (await cards(page).first().getByRole("heading").textContent())!.trim();
  await cards(page).first().getByRole("heading").getByRole("link").click();
  // The product page has replaced the list (with JavaScript the list's pictures stay until it has); its only
  // level-1 heading is the product's name (a product of another spec may have no description).
  await expect(page).toHaveURL(/\/products\/[a-z]+\/[a-z0-9]+$/);
  await expect(page.getByRole("main").getByRole("heading", { level: 1, name, exact: true })).toBeVisible();
  const picture = page.getByRole("main").locator("img[srcset]").first();
  await expect(picture).toHaveAttribute("fetchpriority", "high");
  await expect(picture).toHaveAttribute("elementtiming", "main");
  await expect(page.locator('img[elementtiming="main"]')).toHaveCount(1);
  await expect(picture).toHaveAttribute("width", /\d+/);
  // The product page offers the widths the picture really has, up to its own (other specs add products
  // with small pictures, and the newest product comes first): never a width larger than the picture.
  const offered = (await picture.getAttribute("srcset"))!.split(", ").map((c) => Number(c.split(" ")[1]!.slice(0, -1)));
  expect(offered.length).toBeGreaterThan(0);
  expect(Math.max(...offered)).toBe(Number(await picture.getAttribute("width")));
});

test("a card's Add puts a product without sizes in the cart and comes back to the list", async ({ page, request }) => {
  // An in-stock demo product without sizes that no other spec changes, found on its category's list.
  const sample = await catalogueSample(request);
  const list = (await (await request.get("/api/product/list")).json()) as { products: { _id: string; name: string }[] };
  const name = list.products.find((p) => p._id === sample.productId)!.name;
  const here = `${sample.categoryPath}?q=${encodeURIComponent(name)}`;
  await page.goto(here);
  if (!isNoJs()) await waitForHydration(page);
  const card = cards(page).filter({ has: page.getByRole("heading", { name, exact: true }) });
  await expect(card).toHaveCount(1);
  // No form of its own: the grid's one form, posted to /cart (decision 0165).
  await expect(card.locator("form")).toHaveCount(0);
  await expect(cartCount(page)).toHaveText("0");
  await clickAndAwaitPost(page, () => card.getByRole("button", { name: `Add ${name} to cart` }).click());
  await expectToast(page, "Added to Cart");
  await expect(page).toHaveURL(new RegExp(`${sample.categoryPath}\\?q=`));
  await expect(cartCount(page)).toHaveText("1");
  await expect(cards(page).filter({ has: page.getByRole("heading", { name, exact: true }) })).toHaveCount(1);
  await page.goto("/cart");
  await expect(page.getByRole("main").getByText(name).first()).toBeVisible();
});

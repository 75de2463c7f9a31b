// The product page: pictures, rating, prices, description, sizes, related products; 404 for unknown ids.
import type { Page } from "@playwright/test";
import { DEMO_PRODUCTS } from "../../db/demo/catalogue.ts";
import { expect, test } from "./fixtures.ts";

/** Opens a demo product's page from the product list, as a shopper would. */
async function openProduct(page: Page, name: string) {
  await page.goto(`/products?q=${encodeURIComponent(name)}`);
  await page.getByRole("article").getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
}

const demo = (name: string) => DEMO_PRODUCTS.find((p) => p.name === name)!;

test("a product with several pictures: thumbnails choose the picture shown (?image=N)", async ({ page }) => {
  const hoodie = demo("Everyday Pullover Hoodie");
  await openProduct(page, hoodie.name);
  await expect(page).toHaveURL(/\/products\/men\/[0-9a-z]+$/);
  await expect(page).toHaveTitle(`${hoodie.name} | Trendora`);

  const thumbnails = page.getByRole("list", { name: "Pictures" }).getByRole("link");
  await expect(thumbnails).toHaveCount(hoodie.pictures);
  await expect(thumbnails.first()).toHaveAttribute("aria-current", "true");
  const large = page.getByRole("img", { name: /Everyday Pullover Hoodie, picture \d of 4/ });
  await expect(large).toHaveAccessibleName("Everyday Pullover Hoodie, picture 1 of 4");
  const first = await large.getAttribute("src");

  await page.getByRole("link", { name: "Show picture 3 of 4" }).click();
  await expect(page).toHaveURL(/\?image=3$/);
  await expect(large).toHaveAccessibleName("Everyday Pullover Hoodie, picture 3 of 4");
  const third = await large.getAttribute("src");
  expect(third).not.toBe(first);
  // The picture in its 400 px width (its srcset offers the others), the thumbnail in its 200 px one.
  expect(third).toMatch(/^\/uploads\/[0-9a-z]+-400\.webp$/);
  // Its srcset offers the widths the picture really has, up to its own size (never a stretched copy).
  await expect(large).toHaveAttribute("srcset", new RegExp(`${third} 400w`));
  const offered = (await large.getAttribute("srcset"))!.split(", ").map((c) => Number(c.split(" ")[1]!.slice(0, -1)));
  expect(Math.max(...offered)).toBe(Number(await large.getAttribute("width")));
  await expect(thumbnails.nth(2)).toHaveAttribute("aria-current", "true");
  expect(await thumbnails.nth(2).locator("img").getAttribute("src")).toBe(third!.replace("-400.webp", "-200.webp"));
  // The picture itself is served with a long cache lifetime.
  const image = await page.request.get(third!);
  expect(image.headers()["content-type"]).toBe("image/webp");
  expect(image.headers()["cache-control"]).toContain("immutable");

  // Out-of-range values show the first picture.
  await page.goto(`${new URL(page.url()).pathname}?image=99`);
  await expect(large).toHaveAccessibleName("Everyday Pullover Hoodie, picture 1 of 4");
});

test("rating, prices, description, size and related products", async ({ page }) => {
  const hoodie = demo("Everyday Pullover Hoodie");
  await openProduct(page, hoodie.name);
  const main = page.getByRole("main");

  // The real rating of its (demo) reviews: the average to one decimal, the stars it rounds to, the count.
  const stars = main.getByRole("img", { name: /^Rated \d\.\d out of 5 from \d+ reviews?$/ }).first();
  await expect(stars).toBeVisible();
  const average = Number((await stars.getAttribute("aria-label"))!.match(/^Rated (\d\.\d)/)![1]);
  await expect(stars).toHaveAttribute("data-filled", String(Math.round(average)));

  const listPrice = main.getByTestId("list-price");
  await expect(listPrice).toHaveText(`$${hoodie.price.toFixed(2)}`);
  expect(await listPrice.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe("line-through");
  await expect(main.getByTestId("offer-price")).toHaveText(`$${hoodie.offerPrice.toFixed(2)}`);
  // The default shop adds 2% tax in the cart, and the product page says so (issue 20: the two agree).
  await expect(main.getByTestId("tax-wording")).toHaveText("(plus 2% tax, added in the cart)");

  await expect(main.getByRole("heading", { name: "About Product" })).toBeVisible();
  const bullets = main.locator("h2:text('About Product') + ul > li");
  await expect(bullets).toHaveText(hoodie.description);
  // Its sizes, as a radio group: XS to XXL, the outer ones running low.
  const sizes = main.getByRole("group", { name: "Size" });
  await expect(sizes.getByRole("radio")).toHaveCount(6);
  await expect(sizes.getByRole("radio", { name: "M", exact: true })).toBeEnabled();
  await expect(sizes.getByText(/^Only [1-5] left$/).first()).toBeVisible();
  await expect(main.getByText("In stock", { exact: true })).toBeVisible();

  const related = page.locator("section", { has: page.getByRole("heading", { name: "Related Products" }) });
  const relatedCards = related.getByRole("article");
  await expect(relatedCards.first()).toBeVisible();
  expect(await relatedCards.count()).toBeLessThanOrEqual(5);
  const relatedCategories = await relatedCards.locator(".card-meta > p").allTextContents();
  expect(relatedCategories.length).toBeGreaterThan(0);
  for (const text of relatedCategories) expect(text.trim()).toBe("Men");
  const relatedNames = await relatedCards.getByRole("heading").allTextContents();
  expect(relatedNames).not.toContain(hoodie.name);
  const outOfStock = DEMO_PRODUCTS.filter((p) => p.inStock === false).map((p) => p.name);
  for (const name of relatedNames) expect(outOfStock).not.toContain(name);

  await related.getByRole("link", { name: "See more" }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test("a product without sizes shows 'Free Size'", async ({ page }) => {
  await openProduct(page, "Oxford Button-Down Shirt");
  // A single picture needs no thumbnails.
  await expect(page.getByRole("list", { name: "Pictures" })).toHaveCount(0);
  await expect(page.getByRole("img", { name: "Oxford Button-Down Shirt", exact: true })).toBeVisible();
  await openProduct(page, "Leather Tote Handbag");
  await expect(page.getByRole("main").getByText("Size: Free Size")).toBeVisible();
  await expect(page.getByRole("group", { name: "Size" })).toHaveCount(0);
});

test("an out-of-stock product says so clearly", async ({ page, request }) => {
  const soldOut = demo("Relaxed Fit Denim Jeans");
  // Out-of-stock products are not listed, so the page is reached by its id (a saved link).
  const list = await (await request.get("/api/product/list")).json();
  const row = list.products.find((p: { name: string }) => p.name === soldOut.name);
  expect(row.inStock).toBe(false);
  const response = await page.goto(`/products/men/${row._id}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(soldOut.name);
  await expect(page.getByText("Out of stock")).toBeVisible();
  await expect(page.getByText("In stock", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add to Cart" })).toHaveCount(0);
});

test("an unknown product id is a 404 page inside the normal layout", async ({ page }) => {
  for (const path of ["/products/men/doesnotexist123", "/products/men/NOT-AN-ID"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Product not found" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "All Products" })).toBeVisible();
  }
});

test("a product under the wrong category is not found", async ({ page, request }) => {
  const list = await (await request.get("/api/product/list")).json();
  const hoodie = list.products.find((p: { name: string }) => p.name === "Everyday Pullover Hoodie");
  const response = await page.goto(`/products/women/${hoodie._id}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Product not found" })).toBeVisible();
});

test("GET /api/product/list answers in the spec's shape", async ({ request }) => {
  const response = await request.get("/api/product/list");
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.success).toBe(true);
  const hoodie = body.products.find((p: { name: string }) => p.name === "Everyday Pullover Hoodie");
  expect(hoodie).toMatchObject({
    category: "Men",
    price: 54.99,
    offerPrice: 42.99,
    inStock: true,
    weight: "XS, S, M, L, XL, XXL",
    description: demo("Everyday Pullover Hoodie").description,
  });
  expect(hoodie.sizes.map((s: { size: string }) => s.size)).toEqual(["XS", "S", "M", "L", "XL", "XXL"]);
  for (const size of hoodie.sizes)
    expect(size).toEqual({ size: size.size, stock: expect.any(Number), inStock: size.stock > 0 });
  const tote = body.products.find((p: { name: string }) => p.name === "Leather Tote Handbag");
  expect(tote.stock).toEqual(expect.any(Number));
  expect(tote).not.toHaveProperty("sizes");
  expect(hoodie._id).toMatch(/^[0-9a-z]+$/);
  expect(hoodie.image).toHaveLength(4);
});

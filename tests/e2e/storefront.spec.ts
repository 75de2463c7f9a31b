// The storefront's browsing pages, with JavaScript on (project "js") and off ("no-js").
import type { Page } from "@playwright/test";
import { CATEGORIES } from "../../app/lib/categories.ts";
import { DEALS } from "../../app/lib/deals.ts";
import { DEMO_PRODUCTS } from "../../db/demo/catalogue.ts";
import { expect, holdRequestsTo, test } from "./fixtures.ts";

const isNoJs = () => test.info().project.name === "no-js";

function cards(page: Page) {
  return page.getByRole("article");
}

test.describe("home page", () => {
  test("hero, outfit ideas, category tiles, trending products, banner and newsletter", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/Trendora/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Shop Now" })).toHaveAttribute("href", "/products");
    await expect(main.getByRole("link", { name: "Explore Deals" })).toHaveAttribute("href", "/deals");
    await expect(main.getByRole("heading", { name: "Outfit Inspiration" })).toBeVisible();

    const tiles = page.locator("section", { has: page.getByRole("heading", { name: "Categories" }) }).getByRole("link");
    await expect(tiles).toHaveCount(7);
    for (const [i, category] of CATEGORIES.entries()) {
      await expect(tiles.nth(i)).toHaveText(category.label);
      await expect(tiles.nth(i)).toHaveAttribute("href", `/products/${category.path.toLowerCase()}`);
    }

    const trending = page.locator("section", { has: page.getByRole("heading", { name: "Trending Now" }) });
    const trendingCards = trending.getByRole("article");
    await expect(trendingCards.first()).toBeVisible();
    expect(await trendingCards.count()).toBeLessThanOrEqual(6);
    const outOfStock = DEMO_PRODUCTS.filter((p) => p.inStock === false).map((p) => p.name);
    for (const name of await trendingCards.getByRole("heading").allTextContents()) {
      expect(outOfStock).not.toContain(name);
    }

    await expect(main.getByRole("heading", { name: "Why Choose Trendora?" })).toBeVisible();
    await expect(main.getByRole("heading", { name: "Never Miss a Deal!" })).toBeVisible();
    await expect(main.getByRole("button", { name: "Subscribe" })).toBeVisible();
  });

  test("Shop Now and Explore Deals lead to their pages", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("main").getByRole("link", { name: "Shop Now" }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole("heading", { level: 1, name: "ALL PRODUCTS" })).toBeVisible();
    await page.goto("/");
    await page.getByRole("main").getByRole("link", { name: "Explore Deals" }).click();
    await expect(page).toHaveURL(/\/deals$/);
  });

  test("a category tile opens the category page", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Winter Wear" }).first().click();
    await expect(page).toHaveURL(/\/products\/winter$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("WINTER WEAR");
  });
});

test.describe("product lists", () => {
  test("/products shows only products in stock", async ({ page }) => {
    await page.goto("/products");
    await expect(page).toHaveTitle("All Products | Trendora");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("ALL PRODUCTS");
    // Every page of the list, through its Next link.
    const names = await cards(page).getByRole("heading").allTextContents();
    const pages = page.getByRole("navigation", { name: "Pages" });
    for (let n = 2; (await pages.getByRole("link", { name: "Next page" }).count()) > 0; n++) {
      await pages.getByRole("link", { name: "Next page" }).click();
      await expect(pages.locator('[aria-current="page"]')).toHaveText(String(n));
      names.push(...(await cards(page).getByRole("heading").allTextContents()));
    }
    const inStock = DEMO_PRODUCTS.filter((p) => p.inStock !== false).map((p) => p.name);
    const outOfStock = DEMO_PRODUCTS.filter((p) => p.inStock === false).map((p) => p.name);
    for (const name of inStock) expect(names).toContain(name);
    for (const name of outOfStock) expect(names).not.toContain(name);
  });

  for (const category of CATEGORIES) {
    test(`/products/${category.path.toLowerCase()} shows the title in capitals and only that category, in stock`, async ({
      page,
    }) => {
      await page.goto(`/products/${category.path.toLowerCase()}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(category.label.toUpperCase());
      await expect(page).toHaveTitle(`${category.label} | Trendora`);
      const shown = cards(page);
      await expect(shown.first()).toBeVisible();
      // Every page of the category (other specs add products to it, newest first): only that category.
      const names: string[] = [];
      const pages = page.getByRole("navigation", { name: "Pages" });
      for (let n = 2; ; n++) {
        const categories = await shown.locator(".card-meta > p").allTextContents();
        expect(categories.length).toBeGreaterThan(0);
        for (const text of categories) expect(text.trim()).toBe(category.path);
        names.push(...(await shown.getByRole("heading").allTextContents()));
        if ((await pages.getByRole("link", { name: "Next page" }).count()) === 0) break;
        await pages.getByRole("link", { name: "Next page" }).click();
        await expect(pages.locator('[aria-current="page"]')).toHaveText(String(n));
      }
      for (const demo of DEMO_PRODUCTS.filter((p) => p.category === category.path)) {
        if (demo.inStock === false) expect(names).not.toContain(demo.name);
        else expect(names).toContain(demo.name);
      }
      for (const demo of DEMO_PRODUCTS.filter((p) => p.category !== category.path)) {
        expect(names).not.toContain(demo.name);
      }
    });
  }

  test("a category with nothing matching says 'No products found in this category.'", async ({ page }) => {
    await page.goto("/products/kids?q=no-such-product-zzz");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("KIDS & BABYWEAR");
    await expect(page.getByText("No products found in this category.")).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });

  test("an unknown category is a 404 page", async ({ page }) => {
    const response = await page.goto("/products/shoes");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Category not found" })).toBeVisible();
  });
});

test.describe("deals", () => {
  test("six offers, then all eight, then six again, with links", async ({ page }) => {
    await page.goto("/deals");
    await expect(page).toHaveTitle("Deals | Trendora");
    const deals = page.getByTestId("deal");
    await expect(deals).toHaveCount(6);
    for (const [i, deal] of DEALS.slice(0, 6).entries()) {
      await expect(deals.nth(i).getByRole("heading")).toHaveText(deal.title);
      await expect(deals.nth(i)).toContainText(`${deal.discount} OFF`);
      await expect(deals.nth(i)).toContainText(deal.terms);
      await expect(deals.nth(i).getByRole("link")).toHaveAttribute("href", `/products/${deal.route}`);
    }
    // Dated from today (app/lib/deals.ts; tests/e2e/page-details.spec.ts checks the dates are ahead).
    await expect(deals.first()).toContainText(/Valid until [A-Z][a-z]+ \d{1,2}, \d{4}/);

    await page.getByRole("link", { name: "View All Deals" }).click();
    await expect(page).toHaveURL(/\/deals\?all=1$/);
    await expect(deals).toHaveCount(8);
    await expect(deals.nth(7).getByRole("heading")).toHaveText(DEALS[7]!.title);

    await page.getByRole("link", { name: "Show Less Deals" }).click();
    await expect(page).toHaveURL(/\/deals$/);
    await expect(deals).toHaveCount(6);
    await expect(page.getByRole("link", { name: "View All Deals" })).toBeVisible();
  });

  test("the terms from the spec are shown", async ({ page }) => {
    await page.goto("/deals?all=1");
    const main = page.getByRole("main");
    await expect(main).toContainText("Limit 3 discounted items per customer");
    await expect(main).toContainText("Limit 6 discounted tees per cart");
    await expect(main).toContainText("final sale");
  });

  test("a deal card opens its category", async ({ page }) => {
    await page.goto("/deals");
    await page.getByTestId("deal").filter({ hasText: "Winter Wear Clearance" }).getByRole("link").click();
    await expect(page).toHaveURL(/\/products\/winter$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("WINTER WEAR");
  });
});

test.describe("contact", () => {
  test("address, phones, emails, opening hours and a map that degrades to a link", async ({ page }) => {
    // The test machine is offline: the map tile server is refused at once instead of timing out.
    await page.route(/openstreetmap\.org/, (route) => route.abort());
    await page.goto("/contact");
    await expect(page).toHaveTitle("Contact | Trendora");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    await expect(main.locator("address")).toContainText("245 Market Street");
    await expect(main.getByRole("link", { name: "+1 (415) 555-0134" })).toHaveAttribute("href", "tel:+14155550134");
    await expect(main.getByRole("link", { name: "support@trendora.example" })).toHaveAttribute(
      "href",
      "mailto:support@trendora.example",
    );
    await expect(main).toContainText(/Mon-Fri\s*9 AM - 8 PM/);
    await expect(main).toContainText(/Sat-Sun\s*10 AM - 6 PM/);
    await expect(main.locator('iframe[title="Map of the Trendora showroom"]')).toHaveAttribute(
      "src",
      /openstreetmap\.org\/export\/embed/,
    );
    await expect(main.getByRole("link", { name: "Open the map in OpenStreetMap" })).toHaveAttribute(
      "href",
      /openstreetmap\.org/,
    );
  });
});

test.describe("loader", () => {
  // The spec's five seconds are waited for as a condition (the page moves on), never slept through.
  test("goes on to ?next= after five seconds", async ({ page }) => {
    const requested = Date.now();
    // Held on the loader until it has been read: a busy machine may take five seconds to read it.
    const contact = await holdRequestsTo(page, "/contact");
    await page.goto("/loader?next=contact");
    await expect(page.getByRole("status", { name: "Loading" })).toBeVisible();
    if (isNoJs()) {
      await expect(page.locator("noscript")).toHaveCount(1);
    }
    expect(new URL(page.url()).pathname).toBe("/loader");
    contact.release();
    await page.waitForURL(/\/contact$/);
    // Not before five seconds: the clock started before the page was even asked for.
    expect(contact.askedAt()! - requested).toBeGreaterThanOrEqual(5000);
    await expect(page.getByRole("heading", { name: "Contact Us" })).toBeVisible();
  });

  test("follows no next that could leave the site", async ({ context }) => {
    const hostile = ["//evil.com", "https://evil.com/", "/\\evil.com", "javascript:alert(1)"];
    const pages = await Promise.all(hostile.map(() => context.newPage()));
    await Promise.all(pages.map((page, i) => page.goto(`/loader?next=${encodeURIComponent(hostile[i]!)}`)));
    for (const page of pages) {
      await expect(page.getByRole("status", { name: "Loading" })).toBeVisible();
      await expect(page.locator('meta[http-equiv="refresh"], noscript')).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Go to the home page" })).toBeVisible();
    }
    // A page with a good ?next, opened after them, moves on once its five seconds are up: by then any of
    // theirs would have too.
    const control = await context.newPage();
    await control.goto("/loader?next=contact");
    await control.waitForURL(/\/contact$/);
    for (const page of pages) expect(new URL(page.url()).pathname).toBe("/loader");
  });
});

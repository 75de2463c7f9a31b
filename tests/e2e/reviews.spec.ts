// Reviews from buyers (issue 21), with JavaScript and without: a buyer whose order was delivered reviews, edits
// and deletes (the rating, the count and the JSON-LD follow); a shopper without one is not offered the form and a
// forged post is refused with 403; the seller hides, shows again and replies from /seller/reviews. A script in
// a review is shown as text and never runs. Each test makes its own product and delivered order straight in the
// end-to-end server's SQLite file (as seller-helpers.ts does for orders), so the two projects never share one.
import path from "node:path";
import type { Page } from "@playwright/test";
import { registerSearchFunctions } from "#app/lib/sqlite-search.server.ts";
import { expect, signInSeller, test } from "./fixtures.ts";
import { isNoJs, uniqueName } from "./seller-helpers.ts";

const SCRIPT = '<script>window.__reviewXss = 1</script><img src=x onerror="window.__reviewXss = 2">';

/**
 * A new product (sizes M and L; it shows the oldest product's picture, as other specs expect every card to have
 * one) and, for the shopper with `email`, a delivered order of it in size M.
 */
async function deliveredPurchase(email: string | null, label: string) {
  const { default: Database } = await import("better-sqlite3");
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run the specs through playwright.config.ts");
  const client = new Database(path.join(dataDir, "store.db"));
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const product = { id: `rev${suffix}`, name: uniqueName(label) };
  try {
    client.pragma("busy_timeout = 10000");
    // The search index's triggers fold the name with the store's own function.
    registerSearchFunctions(client);
    client.transaction(() => {
      client
        .prepare(
          `INSERT INTO products (id, name, category, description, price_cents, offer_price_cents, images, in_stock, created_at)
           VALUES (?, ?, 'Men', '["Soft cotton"]', 2999, 1999,
                   (SELECT images FROM products WHERE images <> '[]' ORDER BY created_at LIMIT 1), 1, ?)`,
        )
        .run(product.id, product.name, Date.now());
      const size = client.prepare("INSERT INTO product_sizes (product_id, size, position, stock) VALUES (?, ?, ?, 9)");
      size.run(product.id, "M", 0);
      size.run(product.id, "L", 1);
      if (!email) return;
      const user = client.prepare("SELECT id FROM users WHERE email = ?").get(email) as { id: string };
      const orderId = `ord${suffix}`;
      client
        .prepare(
          `INSERT INTO orders (id, user_id, payment_type, subtotal_cents, tax_cents, amount_cents, status, is_paid, address, created_at)
           VALUES (?, ?, 'COD', 1999, 0, 1999, 'Delivered', 1, '{"firstName":"Review","street":"1 Test Road"}', ?)`,
        )
        .run(orderId, user.id, Date.now());
      client
        .prepare(
          "INSERT INTO order_items (id, order_id, product_id, size, quantity, unit_price_cents, position) VALUES (?, ?, ?, 'M', 1, 1999, 0)",
        )
        .run(`${orderId}-0`, orderId, product.id);
    })();
  } finally {
    client.close();
  }
  return { ...product, path: `/products/men/${product.id}` };
}

function reviewsSection(page: Page) {
  return page.locator("section#reviews");
}

async function jsonLdRating(page: Page) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const item = blocks.map((text) => JSON.parse(text)).find((block) => block["@type"] === "Product");
  return item?.aggregateRating ?? null;
}

test("a buyer whose order was delivered reviews, edits and deletes; rating, count and JSON-LD follow", async ({
  page,
  shopper,
}) => {
  const product = await deliveredPurchase(shopper.email, "Review Tee");
  await page.goto(product.path);
  const main = page.getByRole("main");
  await expect(main.getByTestId("rating").first()).toHaveText("No reviews yet");
  const reviews = reviewsSection(page);
  await expect(reviews.getByText(/How reviews are checked: only shoppers who bought this product/)).toBeVisible();
  expect(await jsonLdRating(page)).toBeNull();

  // The stars are a radio group that works without JavaScript.
  const stars = reviews.getByRole("group", { name: "Your rating" });
  await stars.getByRole("radio", { name: "4 stars" }).check();
  await reviews.getByLabel("Title (optional)").fill("Soft and true to size");
  await reviews.getByLabel(/Your review/).fill(`Nice tee. ${SCRIPT}`);
  await reviews.getByRole("button", { name: "Post review" }).click();

  const review = reviews.getByTestId("review");
  await expect(review).toHaveCount(1);
  await expect(review).toContainText("Soft and true to size");
  await expect(review).toContainText("Verified buyer");
  await expect(review).toContainText(shopper.name.split(" ")[0]!);
  await expect(review).toContainText("Size bought: M");
  // The script is text on the page, not an element, and never ran.
  await expect(review).toContainText(SCRIPT);
  await expect(review.locator("script, img")).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __reviewXss?: number }).__reviewXss)).toBeUndefined();
  await expect(main.getByRole("img", { name: "Rated 4.0 out of 5 from 1 review" }).first()).toBeVisible();
  await expect(reviews.getByTestId("stars-4")).toHaveText("1");
  expect(await jsonLdRating(page)).toMatchObject({ ratingValue: "4.0", reviewCount: 1 });

  // Edit: the form shows the review; another rating replaces it (one review per shopper and product).
  await expect(reviews.getByRole("heading", { name: "Your review" })).toBeVisible();
  await expect(stars.getByRole("radio", { name: "4 stars" })).toBeChecked();
  await stars.getByRole("radio", { name: "2 stars" }).check();
  await reviews.getByRole("button", { name: "Update review" }).click();
  await expect(main.getByRole("img", { name: "Rated 2.0 out of 5 from 1 review" }).first()).toBeVisible();
  await expect(reviews.getByTestId("review")).toHaveCount(1);
  await expect(reviews.getByTestId("stars-2")).toHaveText("1");
  await expect(reviews.getByTestId("stars-4")).toHaveText("0");
  expect(await jsonLdRating(page)).toMatchObject({ ratingValue: "2.0", reviewCount: 1 });

  // A card in the list shows the same.
  await page.goto(`/products/men?q=${encodeURIComponent(product.name)}`);
  const card = page.getByTestId("product-card").filter({ hasText: product.name });
  await expect(card.getByRole("img", { name: "Rated 2.0 out of 5 from 1 review" })).toBeVisible();

  // Delete: back to no reviews, and no aggregateRating.
  await page.goto(product.path);
  await reviews.getByRole("button", { name: "Delete my review" }).click();
  await expect(reviews.getByTestId("review")).toHaveCount(0);
  await expect(main.getByTestId("rating").first()).toHaveText("No reviews yet");
  await expect(reviews.getByRole("heading", { name: "Write a review" })).toBeVisible();
  expect(await jsonLdRating(page)).toBeNull();
});

test("a shopper without a delivered order is not offered the form; a forged post is refused with 403", async ({
  page,
  baseURL,
  shopper: _signedIn,
}) => {
  const product = await deliveredPurchase(null, "Unbought Tee");
  await page.goto(product.path);
  const reviews = reviewsSection(page);
  await expect(reviews.getByText("You can review this product once an order of it has been delivered.")).toBeVisible();
  await expect(reviews.getByRole("radio")).toHaveCount(0);
  await expect(reviews.getByRole("button", { name: "Post review" })).toHaveCount(0);

  const forged = await page.request.post(product.path, {
    headers: { Origin: baseURL! },
    form: { intent: "review-save", rating: "5", title: "Best ever", body: "Fake" },
  });
  expect(forged.status()).toBe(403);
  expect(await forged.text()).toContain("Only shoppers who have received this product can review it.");
  await page.reload();
  await expect(reviews.getByTestId("review")).toHaveCount(0);
  await expect(page.getByRole("main").getByTestId("rating").first()).toHaveText("No reviews yet");
});

test("the seller hides a review, shows it again and replies; the product page follows", async ({
  page,
  browser,
  baseURL,
  csp,
  shopper,
}) => {
  const product = await deliveredPurchase(shopper.email, "Moderated Tee");
  const posted = await page.request.post(product.path, {
    headers: { Origin: baseURL! },
    form: { intent: "review-save", rating: "5", title: "Perfect fit", body: "Would buy again." },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(303);

  const sellerContext = await browser.newContext({ baseURL, javaScriptEnabled: !isNoJs() });
  await csp.watch(sellerContext);
  try {
    await signInSeller(sellerContext);
    const seller = await sellerContext.newPage();
    await seller.goto("/seller");
    await seller.getByRole("navigation", { name: "Seller" }).getByRole("link", { name: "Reviews" }).click();
    await expect(seller.getByRole("heading", { name: "Reviews", exact: true })).toBeVisible();
    const row = seller.getByTestId("seller-review").filter({ hasText: product.name });
    await expect(row).toContainText("Perfect fit");
    await expect(row.getByTestId("review-status")).toHaveText("Published");

    await row.getByRole("button", { name: "Hide" }).click();
    await expect(row.getByTestId("review-status")).toHaveText("Hidden");
    await page.goto(product.path);
    await expect(reviewsSection(page).getByTestId("review")).toHaveCount(0);
    await expect(page.getByRole("main").getByTestId("rating").first()).toHaveText("No reviews yet");
    await expect(reviewsSection(page).getByText("The shop has hidden your review from this page.")).toBeVisible();

    await row.getByRole("button", { name: "Show again" }).click();
    await expect(row.getByTestId("review-status")).toHaveText("Published");
    await row.getByLabel("Your public reply (empty removes it)").fill("Thank you, <b>Meera</b>!");
    await row.getByRole("button", { name: "Save reply" }).click();
    await expect(row.getByLabel("Your public reply (empty removes it)")).toHaveValue("Thank you, <b>Meera</b>!");

    await page.goto(product.path);
    const review = reviewsSection(page).getByTestId("review");
    await expect(review).toContainText("Perfect fit");
    await expect(review).toContainText("Reply from Trendora");
    await expect(review).toContainText("Thank you, <b>Meera</b>!");
    await expect(
      page.getByRole("main").getByRole("img", { name: "Rated 5.0 out of 5 from 1 review" }).first(),
    ).toBeVisible();
  } finally {
    await sellerContext.close();
  }
});

test("a list sorted by rating shows the best rated first", async ({ page }) => {
  await page.goto("/products?sort=rating");
  const first = page.getByTestId("product-card").first();
  await expect(first.getByRole("img", { name: /^Rated \d\.\d out of 5/ })).toBeVisible();
  await expect(page.locator("select#sort")).toHaveValue("rating");
});

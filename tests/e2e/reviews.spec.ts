// Reviews from buyers (issue 21), with JavaScript and without: a buyer whose order was delivered reviews, edits
// and deletes (the rating, the count and the JSON-LD follow); a shopper without one is not offered the form and a
// forged post is refused with 403; the seller hides, shows again and replies from /seller/reviews. A script in
// a review is shown as text and never runs. Each test makes its own product and delivered order through the
// store (seller-helpers.ts), so the two projects never share one.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { addAddressAsShopper, addProductAsSeller, setOrderStatusAsSeller, uniqueName } from "./seller-helpers.ts";

const SCRIPT = '<script>window.__reviewXss = 1</script><img src=x onerror="window.__reviewXss = 2">';

/**
 * A new product (sizes M and L), made through the store as the demo seller (`storeApi`), and, for the shopper
 * whose request client `buyer` is (the page's, signed in), a cash order of it in size M that the seller moved
 * to Shipped, then Delivered, through the Orders form.
 */
async function deliveredPurchase(
  storeApi: APIRequestContext,
  buyer: { request: APIRequestContext; origin: string } | null,
  label: string,
) {
  const name = uniqueName(label);
  const id = await addProductAsSeller(storeApi, name, [
    { size: "M", stock: 9 },
    { size: "L", stock: 9 },
  ]);
  if (buyer) {
    const address = await addAddressAsShopper(buyer.request, buyer.origin);
    const placed = await buyer.request.post("/api/order/cod", {
      headers: { Origin: buyer.origin },
      data: { items: [{ product: id, size: "M", quantity: 1 }], address },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const { orderId } = (await placed.json()) as { orderId: string };
    await setOrderStatusAsSeller(storeApi, orderId, "Shipped");
    await setOrderStatusAsSeller(storeApi, orderId, "Delivered");
  }
  return { id, name, path: `/products/men/${id}` };
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
  baseURL,
  storeApi,
  shopper,
}) => {
  const product = await deliveredPurchase(storeApi, { request: page.request, origin: baseURL! }, "Review Tee");
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
  const card = page.getByRole("article").filter({ hasText: product.name });
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
  storeApi,
  shopper: _signedIn,
}) => {
  const product = await deliveredPurchase(storeApi, null, "Unbought Tee");
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
  baseURL,
  sellerPage: seller,
  storeApi,
  shopper: _signedIn,
}) => {
  const product = await deliveredPurchase(storeApi, { request: page.request, origin: baseURL! }, "Moderated Tee");
  const posted = await page.request.post(product.path, {
    headers: { Origin: baseURL! },
    form: { intent: "review-save", rating: "5", title: "Perfect fit", body: "Would buy again." },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(303);

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
});

test("a list sorted by rating shows the best rated first", async ({ page }) => {
  await page.goto("/products?sort=rating");
  const first = page.getByRole("article").first();
  await expect(first.getByRole("img", { name: /^Rated \d\.\d out of 5/ })).toBeVisible();
  await expect(page.locator("select#sort")).toHaveValue("rating");
});

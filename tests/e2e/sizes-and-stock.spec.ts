// Sizes and stock counts in the browser, with JavaScript and without: the product page's size choice
// ('Please select a size', sold-out sizes, 'Only N left'), the cart per size and capped at what is left, a
// size that sells out while in the cart, cards that say 'Sold out', My Orders with the size; and the seller
// adding a product with sizes (a preset, a row removed, a row added), changing counts on the product list and
// filtering the low ones. Every test makes its own product, so the two projects never share counts.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectToast, test } from "./fixtures.ts";
import { addProductAsSeller, fillProductForm, imageFile, isNoJs, uniqueName } from "./seller-helpers.ts";
import { ASHA_ADDRESS, cartCount, saveAddress } from "./shopper-helpers.ts";

/** Sets counts as the product list's form does (a plain form post of the seller). */
async function setCounts(request: APIRequestContext, id: string, counts: [size: string, was: number, now: number][]) {
  const form = new URLSearchParams({ intent: "counts", id });
  for (const [size, was, now] of counts) {
    form.append("size", size);
    form.append("was", String(was));
    form.append("count", String(now));
  }
  const response = await request.post("/seller/product-list", {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: form.toString(),
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
}

const sizeGroup = (page: Page) => page.getByRole("main").getByRole("group", { name: "Size" });

test("sizes on the product page, the cart per size capped at what is left, a size selling out, My Orders", async ({
  page,
  storeApi: request,
  shopper: _signedIn,
}) => {
  const name = uniqueName("E2E Sized Tee");
  const id = await addProductAsSeller(request, name, [
    { size: "S", stock: 0 },
    { size: "M", stock: 2 },
    { size: "L", stock: 10 },
  ]);

  // The card asks for a size instead of adding at once.
  await page.goto(`/products/men?q=${encodeURIComponent(name)}`);
  const card = page.getByRole("article").filter({ hasText: name });
  await expect(card.getByRole("link", { name: `Choose a size of ${name}` })).toBeVisible();
  await card.getByRole("link", { name: `Choose a size of ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/products/men/${id}$`));

  // Sold-out sizes are shown but cannot be chosen; few left are said.
  const sizes = sizeGroup(page);
  await expect(sizes.getByRole("radio")).toHaveCount(3);
  await expect(sizes.getByRole("radio", { name: "S", exact: true })).toBeDisabled();
  await expect(sizes.getByRole("radio", { name: "S", exact: true })).toHaveAccessibleDescription("Sold out");
  await expect(sizes.getByRole("radio", { name: "M", exact: true })).toHaveAccessibleDescription("Only 2 left");
  await expect(sizes.getByRole("radio", { name: "L", exact: true })).toBeEnabled();

  // No size chosen: refused next to the sizes, on the same page.
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(sizeGroup(page).getByRole("alert")).toHaveText("Please select a size");
  await expect(page).toHaveURL(new RegExp(`/products/men/${id}$`));
  await expect(cartCount(page)).toHaveText("0");

  // Two M, then a third is refused: only two are left.
  for (let i = 1; i <= 2; i++) {
    await sizeGroup(page).getByRole("radio", { name: "M", exact: true }).check();
    await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
    await expect(cartCount(page)).toHaveText(String(i));
  }
  await sizeGroup(page).getByRole("radio", { name: "M", exact: true }).check();
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: `Only 2 left of ${name}, M` })).toBeVisible();
  await expect(cartCount(page)).toHaveText("2");

  // Buy now in L: the cart has a line per size.
  await sizeGroup(page).getByRole("radio", { name: "L", exact: true }).check();
  await page.getByRole("button", { name: "Buy now" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const lineM = page.getByTestId("cart-line").filter({ hasText: "Size: M" });
  const lineL = page.getByTestId("cart-line").filter({ hasText: "Size: L" });
  await expect(lineM.getByRole("link", { name })).toBeVisible();
  await expect(lineL.getByRole("link", { name })).toBeVisible();
  // M's quantity can go no higher than what is left.
  await expect(page.getByLabel(`Quantity of ${name}, M`, { exact: true }).locator("option")).toHaveText(["1", "2"]);
  await expect(page.getByLabel(`Quantity of ${name}, M`, { exact: true })).toHaveValue("2");
  await expect(lineM.getByTestId("few-left")).toHaveText("Only 2 left");
  await expect(page.getByLabel(`Quantity of ${name}, L`, { exact: true }).locator("option")).toHaveCount(9);
  await expect(page.getByTestId("cart-price")).toHaveText("$60.00");

  // M sells out meanwhile: its line stays, unavailable and out of the totals.
  await setCounts(request, id, [["M", 2, 0]]);
  await page.reload();
  await expect(lineM.getByTestId("unavailable")).toHaveText("Sold out · not included in the total");
  await expect(page.getByTestId("cart-price")).toHaveText("$20.00");

  // Order what can be had: My Orders shows the size.
  await page.goto("/add-address");
  await saveAddress(page, ASHA_ADDRESS);
  await expect(page).toHaveURL(/\/cart\?address=/);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/my-orders(\?placed=\w+)?$/);
  const order = page.getByTestId("order").first();
  await expect(order.getByRole("heading", { name })).toBeVisible();
  await expect(order).toContainText("Size: L");
  await expect(order).toContainText("Quantity: 1");

  // The last sizes sell out: the card and the page say so, and nothing can be added.
  await setCounts(request, id, [["L", 9, 0]]);
  await page.goto(`/products/men?q=${encodeURIComponent(name)}`);
  await expect(
    page.getByRole("article").filter({ hasText: name }).getByText("Sold out", { exact: true }),
  ).toBeVisible();
  await page.goto(`/products/men/${id}`);
  await expect(page.getByRole("main").getByText("Sold out", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to Cart", exact: true })).toHaveCount(0);
  for (const radio of await sizeGroup(page).getByRole("radio").all()) await expect(radio).toBeDisabled();
});

test("on a phone, Add to Cart without a size opens the page at 'Please select a size'", async ({
  page,
  storeApi: request,
}) => {
  const name = uniqueName("E2E Phone Tee");
  const id = await addProductAsSeller(request, name, [
    { size: "M", stock: 5 },
    { size: "L", stock: 5 },
  ]);
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto(`/products/men/${id}`);
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  const refusal = sizeGroup(page).getByRole("alert");
  await expect(refusal).toHaveText("Please select a size");
  await expect(refusal).toBeInViewport();
  await expect(refusal).toBeFocused();
});

test("stock that shrinks under a cart is said, every count agrees, and no order goes out on an unseen cut", async ({
  page,
  storeApi: request,
  shopper: _signedIn,
}) => {
  const name = uniqueName("E2E Tote");
  const id = await addProductAsSeller(request, name, [{ size: "M", stock: 5 }]);
  await page.goto("/add-address");
  await saveAddress(page, ASHA_ADDRESS);
  await expect(page).toHaveURL(/\/cart\?address=/);

  await page.goto(`/products/men/${id}`);
  for (let i = 1; i <= 3; i++) {
    await sizeGroup(page).getByRole("radio", { name: "M", exact: true }).check();
    await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
    await expect(cartCount(page)).toHaveText(String(i));
  }
  const heading = page.getByRole("heading", { name: /Shopping Cart/ });
  const changes = page.getByTestId("stock-changes");

  // The seller cuts M to 2 while the shopper is away: the cart says so once, and every count says 2.
  await setCounts(request, id, [["M", 5, 2]]);
  await page.goto("/cart");
  await expect(changes).toHaveText(`Only 2 left of ${name} (size M): we changed your quantity from 3 to 2.`);
  await expect(heading).toContainText("2 Items");
  await expect(cartCount(page)).toHaveText("2");
  await expect(page.getByLabel(`Quantity of ${name}, M`, { exact: true })).toHaveValue("2");
  await page.reload();
  await expect(heading).toContainText("2 Items");
  await expect(changes).toHaveCount(0);

  // Cut to 1 while the cart page is open: Place Order is refused and says why, and the cart shows the change.
  await setCounts(request, id, [["M", 2, 1]]);
  await page.getByRole("button", { name: "Place Order" }).click();
  const refusal = page.getByRole("alert").filter({ hasText: "Please check your cart" });
  await expect(refusal).toHaveText(
    `Only 1 left of ${name} (size M): we changed your quantity from 2 to 1. Please check your cart, then place your order again.`,
  );
  await expect(refusal).toBeInViewport();
  await expect(changes).toHaveText(`Only 1 left of ${name} (size M): we changed your quantity from 2 to 1.`);
  await expect(heading).toContainText(/\b1 Item$/);
  await expect(cartCount(page)).toHaveText("1");
  await page.goto("/my-orders");
  await expect(page.getByTestId("order").filter({ hasText: name })).toHaveCount(0);

  // Seen: the order goes out for what the cart shows.
  await page.goto("/cart");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/my-orders(\?placed=\w+)?$/);
  const order = page.getByTestId("order").filter({ hasText: name });
  await expect(order).toContainText("Size: M");
  await expect(order).toContainText("Quantity: 1");
});

test("the seller adds a product with sizes from a preset and custom rows, then changes counts on the list", async ({
  page,
  seller: _signedIn,
}) => {
  const name = uniqueName("E2E Sized Sneaker");
  await page.goto("/seller");
  await expect(page.getByRole("heading", { name: "Add Product" })).toBeVisible();
  const photo = await imageFile("sneaker.png", "#16a085");
  await fillProductForm(page, { photos: [photo], name, category: "Footwear", price: "80", offerPrice: "60" });
  // Without sizes there is one count.
  await expect(page.getByLabel(/^Units in stock \(no sizes/)).toBeVisible();

  // A preset: the shoe sizes (without JavaScript the form comes back with them, what was typed kept).
  await page.getByRole("button", { name: "Shoes (UK 5–11)" }).click();
  const rows = page.getByTestId("size-row");
  await expect(rows).toHaveCount(7);
  await expect(page.getByLabel("Product Name")).toHaveValue(name);
  await expect(page.getByLabel("Size 1", { exact: true })).toHaveValue("UK 5");
  await expect(page.getByLabel("Size 7", { exact: true })).toHaveValue("UK 11");
  // Take UK 11 away, add a row of our own.
  await page.getByRole("button", { name: "Remove size UK 11" }).click();
  await expect(rows).toHaveCount(6);
  await page.getByLabel("Units in stock of size 4", { exact: true }).fill("3");
  await page.getByRole("button", { name: "Add a size" }).click();
  await expect(rows).toHaveCount(7);
  await page.getByLabel("Size 7", { exact: true }).fill("UK 12");
  await page.getByLabel("Units in stock of size 7", { exact: true }).fill("1");
  for (const i of [1, 2, 3, 5]) await page.getByLabel(`Units in stock of size ${i}`, { exact: true }).fill("20");
  // A count that is not a whole number from 0 to 100,000 is refused, next to it.
  await page.getByLabel("Units in stock of size 6", { exact: true }).fill("-2");
  if (isNoJs()) await page.setInputFiles("#product-image-0", photo);
  await page.getByRole("button", { name: "Add Product" }).click();
  await expect(page.getByText(/^Counts are whole numbers from 0 to 100,000/).first()).toBeVisible();
  await expect(page.getByLabel("Size 7", { exact: true })).toHaveValue("UK 12");
  await page.getByLabel("Units in stock of size 6", { exact: true }).fill("15");
  if (isNoJs()) await page.setInputFiles("#product-image-0", photo);
  await page.getByRole("button", { name: "Add Product" }).click();
  await expectToast(page, "Product Added");
  await expect(page.getByTestId("size-row")).toHaveCount(0);

  // The product list: units left, the low ones highlighted, the low-stock filter.
  await page.goto("/seller/product-list");
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("99 left · Low stock");
  await expect(row.getByLabel(`Units in stock of ${name}, UK 8`)).toHaveValue("3");
  await page.getByRole("link", { name: "Low stock (5 or fewer)" }).click();
  await expect(page).toHaveURL(/\?stock=low$/);
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(1);

  // Restocked in place: no longer low, so it leaves the filtered list.
  const lowRow = page.getByRole("row").filter({ hasText: name });
  await lowRow.getByLabel(`Units in stock of ${name}, UK 8`).fill("12");
  await lowRow.getByLabel(`Units in stock of ${name}, UK 12`).fill("6");
  await lowRow.getByRole("button", { name: `Save counts: ${name}` }).click();
  await expectToast(page, `Counts Updated: ${name}`);
  await expect(page).toHaveURL(/\?stock=low#product-\w+$/);
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
  await page.getByRole("link", { name: "All", exact: true }).click();
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("113 left");
  await expect(page.getByRole("row").filter({ hasText: name })).not.toContainText("Low stock");

  // The shop offers the sizes in the seller's order.
  await page.goto(`/products/footwear?q=${encodeURIComponent(name)}`);
  await page.getByRole("article").filter({ hasText: name }).getByRole("heading").getByRole("link").click();
  const sizeInputs = sizeGroup(page).locator('input[name="size"]');
  await expect(sizeInputs).toHaveCount(7); // with JavaScript the click navigates on its own: wait for the page
  const labels = await sizeInputs.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  expect(labels).toEqual(["UK 5", "UK 6", "UK 7", "UK 8", "UK 9", "UK 10", "UK 12"]);
});

// A signed-in shopper's catalogue page answered from its kept template, filled with their own parts
// (server/page-templates.ts, decision 0190): their name, counts and saved state are on it, it hydrates without
// a mismatch (JavaScript on), and its Save button works from there, with JavaScript and without.
import { clickAndAwaitPost, expect, expectToast, test, waitForHydration } from "./fixtures.ts";
import { addProductAsSeller, uniqueName } from "./seller-helpers.ts";
import { accountMenu, cartCount, isNoJs } from "./shopper-helpers.ts";

test("a shopper's list page comes from its template, filled for them, hydrates cleanly and saves", async ({
  page,
  shopper,
  storeApi,
  baseURL,
}) => {
  const tag = uniqueName("Kept");
  const tee = `${tag} Tee`;
  const cap = `${tag} Cap`;
  const teeId = await addProductAsSeller(storeApi, tee, []);
  await addProductAsSeller(storeApi, cap, []);
  const list = `/products?q=${encodeURIComponent(tag)}`;
  // Saved through the store as the shopper (the browser's own cookies); the toast it leaves is shown once.
  const saved = await page.request.post("/saved", {
    form: { intent: "save", productId: teeId },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(saved.status()).toBe(303);
  await page.goto("/");
  await expectToast(page, "Saved for later");
  // The list's template is made after a first answer; an answer from it has a Content-Length (a page rendered
  // for its request streams), so wait until the list is answered that way.
  await expect.poll(async () => (await page.request.get(list)).headers()["content-length"] !== undefined).toBe(true);

  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  const response = await page.goto(list);
  expect(response?.headers()["content-length"], "answered from the template").toBeDefined();
  const banner = page.getByRole("banner");
  await expect(accountMenu(page)).toHaveText(shopper.name);
  await expect(banner.getByRole("link", { name: "Saved items, 1", exact: true })).toBeVisible();
  await expect(cartCount(page)).toHaveText("0");
  const teeSave = page
    .getByRole("article")
    .filter({ hasText: tee })
    .getByRole("button", { name: `Save ${tee}` });
  const capSave = page
    .getByRole("article")
    .filter({ hasText: cap })
    .getByRole("button", { name: `Save ${cap}` });
  await expect(teeSave).toHaveAttribute("aria-pressed", "true");
  await expect(capSave).toHaveAttribute("aria-pressed", "false");
  // No hydration error (nor any other) on the filled page.
  if (!isNoJs()) await expect(page.locator("#visitor")).toBeAttached();
  expect(problems).toEqual([]);

  // Saving another from the filled page: the header's count and both buttons follow.
  await clickAndAwaitPost(page, () => capSave.click());
  await expect(capSave).toHaveAttribute("aria-pressed", "true");
  await expect(teeSave).toHaveAttribute("aria-pressed", "true");
  await expect(banner.getByRole("link", { name: "Saved items, 2", exact: true })).toBeVisible();
  expect(problems).toEqual([]);
});

test("a shopper's cart comes from its kept shell with their lines, hydrates cleanly, and changes and removes", async ({
  page,
  shopper,
  storeApi,
  baseURL,
}) => {
  const tag = uniqueName("Kept cart");
  const tee = `${tag} Tee`;
  const cap = `${tag} Cap`;
  const teeId = await addProductAsSeller(storeApi, tee, []);
  const capId = await addProductAsSeller(storeApi, cap, []);
  // Put in the cart through the store as the shopper (the browser's own cookies).
  for (const [productId, quantity] of [
    [teeId, "2"],
    [capId, "1"],
  ] as const) {
    const added = await page.request.post("/cart", {
      form: { intent: "set-quantity", productId, quantity, redirectTo: "/" },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(added.status()).toBe(303);
  }
  await page.goto("/");
  await expectToast(page, "Cart Updated");
  // The cart's template is made after a first answer; an answer from it has a Content-Length.
  await expect.poll(async () => (await page.request.get("/cart")).headers()["content-length"] !== undefined).toBe(true);

  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  const response = await page.goto("/cart");
  expect(response?.headers()["content-length"], "answered from the template").toBeDefined();
  await expect(accountMenu(page)).toHaveText(shopper.name);
  await expect(cartCount(page)).toHaveText("3");
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  const teeQuantity = page.getByLabel(`Quantity of ${tee}`, { exact: true });
  await expect(teeQuantity).toHaveValue("2");
  await expect(page.getByLabel(`Quantity of ${cap}`, { exact: true })).toHaveValue("1");
  if (!isNoJs()) await waitForHydration(page);
  expect(problems).toEqual([]);

  // The quantity changed from the filled page: the line, the header's count follow.
  await clickAndAwaitPost(page, async () => {
    await teeQuantity.selectOption("4");
    if (isNoJs()) await page.getByRole("button", { name: `Update quantity of ${tee}` }).click();
  });
  await expectToast(page, "Cart Updated");
  await expect(teeQuantity).toHaveValue("4");
  await expect(cartCount(page)).toHaveText("5");
  // Remove takes one unit off: the cap's line goes.
  await clickAndAwaitPost(page, () => page.getByRole("button", { name: `Remove one ${cap} from the cart` }).click());
  await expectToast(page, "Removed from Cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expect(cartCount(page)).toHaveText("4");
  expect(problems).toEqual([]);
});

// A signed-in shopper's catalogue page answered from its kept template, filled with their own parts
// (server/page-templates.ts, decision 0190): their name, counts and saved state are on it, it hydrates without
// a mismatch (JavaScript on), and its Save button works from there, with JavaScript and without.
import { clickAndAwaitPost, expect, expectToast, test } from "./fixtures.ts";
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

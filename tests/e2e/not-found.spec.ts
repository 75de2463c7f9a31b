import { expect, test } from "./fixtures.ts";

test("an unknown path shows the 404 page inside the normal layout", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "All Products" }).first()).toBeAttached();
});

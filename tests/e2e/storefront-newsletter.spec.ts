// The newsletter sign-up on the home page: every message, with JavaScript on and off. POST /api/subscribe's
// answers are tested through the request handler (tests/integration/hostile-newsletter.test.ts).
import type { Page } from "@playwright/test";
import { expect, expectToast, test } from "./fixtures.ts";

function uniqueEmail() {
  return `reader-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

const field = (page: Page) => page.getByLabel("Email address");
const subscribe = (page: Page) => page.getByRole("button", { name: "Subscribe" });
const error = (page: Page) => page.locator("#newsletter").getByRole("alert");

test("empty, invalid, new and already subscribed addresses", async ({ page }) => {
  await page.goto("/");
  await expect(field(page)).toHaveAttribute("type", "email");
  await expect(field(page)).toHaveAttribute("required", "");

  await subscribe(page).click();
  await expect(error(page)).toHaveText("Please enter an email.");
  await expect(field(page)).toHaveAttribute("aria-invalid", "true");

  await field(page).fill("not-an-email");
  await subscribe(page).click();
  await expect(error(page)).toHaveText("Please enter a valid email address.");
  await expect(field(page)).toHaveValue("not-an-email");

  const email = uniqueEmail();
  await field(page).fill(email);
  await subscribe(page).click();
  await expectToast(page, "You are subscribed to our page!");
  await expect(field(page)).toHaveValue("");
  await expect(error(page)).toHaveCount(0);

  // The address is stored: the same one in capitals is refused.
  await field(page).fill(email.toUpperCase());
  await subscribe(page).click();
  await expect(error(page)).toHaveText("This email is already subscribed.");
  await expect(field(page)).toHaveValue(email.toUpperCase());
});

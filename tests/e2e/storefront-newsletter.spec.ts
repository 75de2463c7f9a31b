// The newsletter sign-up on the home page: every message, with JavaScript on and off.
import { expect, type Page, test } from "@playwright/test";

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
  await expect(page.getByRole("status").filter({ hasText: "You are subscribed to our page!" })).toBeVisible();
  await expect(field(page)).toHaveValue("");
  await expect(error(page)).toHaveCount(0);

  // The address is stored: the same one in capitals is refused.
  await field(page).fill(email.toUpperCase());
  await subscribe(page).click();
  await expect(error(page)).toHaveText("This email is already subscribed.");
  await expect(field(page)).toHaveValue(email.toUpperCase());
});

test("POST /api/subscribe answers {message}", async ({ request }) => {
  const email = uniqueEmail();
  const first = await request.post("/api/subscribe", { data: { email } });
  expect(first.status()).toBe(200);
  expect(await first.json()).toEqual({ success: true, message: "You are subscribed to our page!" });
  const again = await request.post("/api/subscribe", { data: { email: email.toUpperCase() } });
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe("This email is already subscribed.");
  const empty = await request.post("/api/subscribe", { data: {} });
  expect(empty.status()).toBe(400);
  expect((await empty.json()).message).toBe("Please enter an email.");
});

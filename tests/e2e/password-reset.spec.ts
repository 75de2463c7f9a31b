// A shopper who forgot the password, with JavaScript and without: 'Forgot password?' in the login modal, the
// same answer for any email, the link from the mail (read from the server's outbox), a new password, signed
// in; then the old password no longer works and the new one does.
import { expect, expectToast, registerShopper, test } from "./fixtures.ts";
import { waitForMail } from "./mail-helpers.ts";
import { accountMenu, logInThroughModal, loginPanel, logOut, uniqueEmail } from "./shopper-helpers.ts";

const SENT = "If an account exists for that email, we have sent it a link to choose a new password.";
const NEW_PASSWORD = "my new e2e password";

test("forgot password: the mailed link sets a new password and signs the shopper in", async ({ page, request }) => {
  const shopper = await registerShopper(request, "Forgetful");

  await page.goto("/?login");
  const dialog = loginPanel(page);
  await dialog.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  // An email without an account gets the very same answer.
  await page.getByLabel("Email").fill(uniqueEmail("nobody"));
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(SENT)).toBeVisible();
  await page.getByRole("link", { name: "ask again" }).click();

  await page.getByLabel("Email").fill(shopper.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(SENT)).toBeVisible();
  await expect(page).toHaveURL(/\/forgot-password\?sent$/);

  const mail = await waitForMail(shopper.email, "Reset your Trendora password");
  const link = new URL(/https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text ?? "")![0]);
  expect(String(mail.html)).toContain(`href="${link.href}"`);

  // The link's own origin is PUBLIC_URL's (unset here: http://localhost:PORT); the test server is 127.0.0.1.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Repeat the new password").fill("not the same password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("The two passwords are not the same.")).toBeVisible();

  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Repeat the new password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expectToast(page, "Your password has been changed. You are signed in.");
  await expect(page).toHaveURL(/\/$/);
  await expect(accountMenu(page)).toHaveText("Forgetful");

  // The link worked once.
  await page.goto(`${link.pathname}${link.search}`);
  await expect(
    page.getByText("This password reset link is invalid, has expired or has been used already."),
  ).toBeVisible();

  await page.goto("/");
  await logOut(page);
  await logInThroughModal(page, shopper.email, shopper.password);
  await expect(loginPanel(page).getByText("Invalid email or password")).toBeVisible();
  await page.goto("/");
  await logInThroughModal(page, shopper.email, NEW_PASSWORD);
  await expectToast(page, "Welcome back, Forgetful!");
});

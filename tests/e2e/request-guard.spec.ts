// Login forgery in a real browser. The guard's HTTP answers (cross-site /api posts, unused methods) are
// tested through the request handler in tests/integration/request-guard-http.test.ts, and the 413 for a
// declared oversized body against `node server.js` in tests/integration/server-process.test.ts.
import { expect, test } from "./fixtures.ts";
import { PASSWORD, uniqueEmail } from "./shopper-helpers.ts";

// Login forgery: a page on another site whose form signs the visitor in to the attacker's account.
test("a form on another site cannot sign a shopper in", async ({ page, baseURL, request }) => {
  const attacker = uniqueEmail("attacker");
  const registered = await request.post("/api/user/register", {
    data: { name: "Attacker", email: attacker, password: PASSWORD },
  });
  expect(registered.ok()).toBe(true);

  await page.route("http://evil.test/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><title>Win a prize</title>
        <form method="post" action="${baseURL}/login">
          <input name="intent" value="login"><input name="email" value="${attacker}">
          <input name="password" value="${PASSWORD}"><button>Claim</button>
        </form>`,
    }),
  );
  await page.goto("http://evil.test/");
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url() === `${baseURL}/login`),
    page.getByRole("button", { name: "Claim" }).click(),
  ]);
  expect(response.status()).toBeGreaterThanOrEqual(400);
  expect(response.status()).toBeLessThan(500);

  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("link", { name: "Login" }).first()).toBeVisible();
  await expect(page.getByRole("banner").getByText("Attacker")).toHaveCount(0);
});

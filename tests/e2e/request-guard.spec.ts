// Login forgery and a logout link on another site, in a real browser. The guard's HTTP answers (cross-site /api posts, unused methods) are
// tested through the request handler in tests/integration/request-guard-http.test.ts, and the 413 for a
// declared oversized body against `node build/server-entry.js` in tests/integration/server-process.test.ts.
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
  // The request guard's answer (server.ts runs it before React Router's own origin check, which said 400).
  expect(response.status()).toBe(403);
  expect(await response.text()).toContain("This request came from another site and was refused.");

  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("link", { name: "Login" }).first()).toBeVisible();
  await expect(page.getByRole("banner").getByText("Attacker")).toHaveCount(0);
});

// The spec's GET /api/user/logout: a link (or an image) on another site must not sign the shopper out.
test("a link on another site cannot sign a shopper out; the address typed in still does", async ({
  page,
  baseURL,
  shopper,
}) => {
  await page.route("http://evil.test/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><title>Cute cats</title><a href="${baseURL}/api/user/logout">See the cats</a>`,
    }),
  );
  await page.goto("http://evil.test/");
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url() === `${baseURL}/api/user/logout`),
    page.getByRole("link", { name: "See the cats" }).click(),
  ]);
  expect(response.status()).toBe(403);
  expect(await response.json()).toEqual({
    success: false,
    message: "This request came from another site and was refused.",
  });
  await page.goto("/");
  await expect(page.getByRole("banner").getByText(shopper.name).first()).toBeVisible();

  // Typed into the address bar (Sec-Fetch-Site: none), the spec's call still works.
  const typed = await page.goto("/api/user/logout");
  expect(typed?.status()).toBe(200);
  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("link", { name: "Login" }).first()).toBeVisible();
});

import http from "node:http";
import { expect, test } from "@playwright/test";
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

test("cross-site and unused-method requests are refused before any route runs", async ({ request }) => {
  test.skip(test.info().project.name === "no-js", "plain HTTP: once is enough");
  const fromEvil = { Origin: "https://evil.example" };

  // Page actions: React Router's own origin check answers 400 before our guard; nothing runs.
  const page = await request.post("/cart", { headers: fromEvil, form: { intent: "add", productId: "abc" } });
  expect(page.status()).toBe(400);

  // Resource routes have no such check: the guard in app/root.tsx refuses them with a message.
  const api = await request.post("/api/user/login", {
    headers: fromEvil,
    data: { email: "a@example.com", password: "whatever-123" },
  });
  expect(api.status()).toBe(403);
  expect(await api.json()).toEqual({ success: false, message: "This request came from another site and was refused." });
  const subscribe = await request.post("/api/subscribe", {
    headers: { "Sec-Fetch-Site": "cross-site" },
    form: { email: "x@example.com" },
  });
  expect(subscribe.status()).toBe(403);

  const del = await request.fetch("/cart", { method: "DELETE", form: { intent: "add", productId: "abc" } });
  expect(del.status()).toBe(405);
  expect(del.headers().allow).toBe("GET, POST");

  // Server-to-server posts carry no browser headers and are not refused: a webhook without a signature
  // reaches its route and gets that route's own answer.
  const webhook = await request.post("/api/stripe/webhook", { data: "{}" });
  expect(webhook.status()).toBe(400);
  expect(await webhook.text()).not.toContain("another site");
});

test("a request declaring a body larger than any route takes is refused at once with 413", async ({ baseURL }) => {
  test.skip(test.info().project.name === "no-js", "plain HTTP: once is enough");
  // Only the headers are sent: the server must answer without waiting for (or buffering) 30 MB.
  const status = await new Promise<number>((resolve, reject) => {
    const req = http.request(`${baseURL}/api/product/add`, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(30 * 1024 * 1024) },
    });
    req.on("response", (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on("error", reject);
    req.flushHeaders();
  });
  expect(status).toBe(413);
});

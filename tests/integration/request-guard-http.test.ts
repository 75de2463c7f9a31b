// The request guard in front of every route (app/root.tsx's middleware), seen through the production
// build's request handler: cross-site writes and unused methods are refused before any route runs.
import { afterAll, beforeAll, expect, it } from "vitest";
import { type App, json, startApp } from "../helpers/app.ts";

let app: App;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

it("cross-site and unused-method requests are refused before any route runs", async () => {
  const client = app.client();
  const fromEvil = { Origin: "https://evil.example" };

  // Page actions: React Router's own origin check answers 400 before our guard; nothing runs.
  const page = await client.post("/cart", { form: { intent: "add", productId: "abc" } }, fromEvil);
  expect(page.status).toBe(400);

  // Resource routes have no such check: the guard refuses them with a message.
  const api = await client.post(
    "/api/user/login",
    json({ email: "a@example.com", password: "whatever-123" }),
    fromEvil,
  );
  expect(api.status).toBe(403);
  expect(api.json).toEqual({ success: false, message: "This request came from another site and was refused." });
  const subscribe = await client.post(
    "/api/subscribe",
    { form: { email: "x@example.com" } },
    { "Sec-Fetch-Site": "cross-site" },
  );
  expect(subscribe.status).toBe(403);

  const del = await client.send("DELETE", "/cart", { form: { intent: "add", productId: "abc" } });
  expect(del.status).toBe(405);
  expect(del.headers.allow).toBe("GET, POST");

  // Server-to-server posts carry no browser headers and are not refused: a webhook without a signature
  // reaches its route and gets that route's own answer.
  const webhook = await client.post("/api/stripe/webhook", { raw: "{}", type: "application/json" });
  expect(webhook.status).toBe(400);
  expect(webhook.text).not.toContain("another site");
});

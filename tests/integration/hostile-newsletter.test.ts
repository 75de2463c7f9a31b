// The newsletter through HTTP: POST /api/subscribe's answers, and hostile input sent to it (JSON and form) and to
// the home page's form.
import { expect, it } from "vitest";
import { json } from "../helpers/app.ts";
import { HTML, K10, ruleChecks, SQLISH, setUpStore } from "../helpers/hostile.ts";

const store = setUpStore();
const rule = ruleChecks();

it("newsletter API: missing, mistyped, huge and hostile emails get 400 with a message", async () => {
  const { visitor } = await store.clients();
  const texts = ["", "   ", `${K10}@example.com`, "a\u0000@example.com", SQLISH, `${HTML}@example.com`, "@", "a@b"];
  for (const [label, body] of [
    ["missing", {}],
    ["null", { email: null }],
    ["number", { email: 42 }],
    ["array", { email: ["a@b.co"] }],
    ["object", { email: { a: 1 } }],
    ...texts.map((email) => [`"${email.slice(0, 20)}"`, { email }]),
  ] as [string, unknown][]) {
    rule.apiRefusal(`subscribe ${label}`, await visitor.post("/api/subscribe", json(body)), 400);
  }
  for (const email of texts) {
    const a = await visitor.post("/api/subscribe", { form: { email } });
    rule.apiRefusal(`subscribe form "${email.slice(0, 20)}"`, a, 400);
    // The home page's own form says the same, on the page.
    const page = await visitor.post("/?index", { form: { email } });
    rule.pageRefusal(
      `home newsletter "${email.slice(0, 20)}"`,
      page,
      email.trim() ? "Please enter a valid email address." : "Please enter an email.",
      400,
    );
  }
});

it("POST /api/subscribe answers {success, message}: subscribed, already subscribed (any letter case), empty", async () => {
  const { visitor } = await store.clients();
  const email = `reader-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const first = await visitor.post("/api/subscribe", json({ email }));
  expect(first.status).toBe(200);
  expect(first.json).toEqual({ success: true, message: "You are subscribed to our page!" });
  const again = await visitor.post("/api/subscribe", json({ email: email.toUpperCase() }));
  expect(again.status).toBe(409);
  expect(again.json?.message).toBe("This email is already subscribed.");
  const empty = await visitor.post("/api/subscribe", json({}));
  expect(empty.status).toBe(400);
  expect(empty.json?.message).toBe("Please enter an email.");
});

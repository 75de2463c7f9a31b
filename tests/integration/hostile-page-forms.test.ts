// Page forms sent hostile input: unknown intents, missing bodies and wrong content types on every form page,
// and the login, sign-up, address and seller sign-in forms' hostile fields. A refusal is a 4xx page that
// says why; nothing is stored.
import { beforeAll, expect, it } from "vitest";
import { type Body, json } from "../helpers/app.ts";
import {
  addProduct,
  addressIds,
  HTML,
  K10,
  MB,
  NUL_EMOJI,
  PASSWORD,
  ruleChecks,
  SQLISH,
  setUpStore,
  unique,
  type Who,
} from "../helpers/hostile.ts";

const store = setUpStore();
const rule = ruleChecks();

let product: { id: string; name: string };

beforeAll(async () => {
  const { seller } = await store.clients();
  product = await addProduct(seller);
});

it("page forms: unknown intents, missing bodies and wrong content types get a 4xx with a message", async () => {
  const api = await store.clients();
  const forms: [Who, string, string][] = [
    ["visitor", "/cart", "Unknown cart action."],
    ["shopper", "/cart", "Unknown cart action."],
    ["visitor", "/saved", "Unknown saved items action."],
    ["shopper", "/saved", "Unknown saved items action."],
    ["seller", "/seller/product-list", "Unknown action."],
    ["seller", "/seller/orders", "Unknown action."],
  ];
  const bodies: [string, Body][] = [
    ["an unknown intent", { form: { intent: "drop-tables" } }],
    ["an empty intent", { form: { intent: "" } }],
    ["an HTML intent", { form: { intent: HTML } }],
    ["no body", { raw: "", type: "application/x-www-form-urlencoded" }],
    ["JSON where a form is expected", json({ intent: "add", productId: product.id })],
    ["text/plain", { raw: "intent=bogus", type: "text/plain" }],
    ["multipart", { multipart: { intent: "bogus" } }],
    ["broken multipart", { raw: "--x\r\nbroken", type: "multipart/form-data; boundary=x" }],
  ];
  for (const [who, path, message] of forms) {
    for (const [label, body] of bodies) {
      const a = await api[who].post(path, body);
      // A broken multipart body is refused before any intent is read.
      if (label === "broken multipart")
        rule.pageRefusal(`${who} ${path} ${label}`, a, "The form could not be read.", 400);
      else rule.pageRefusal(`${who} ${path} ${label}`, a, message, 400);
    }
    const huge = await api[who].post(path, { form: { intent: "add", productId: MB } });
    rule.pageRefusal(`${who} ${path} 1 MB`, huge, "The request is too large.", 413);
  }

  // Every other form page: never a 5xx, and a refusal is a 4xx.
  const pages: [Who, string][] = [
    ["visitor", "/?index"],
    ["visitor", "/login"],
    ["shopper", "/add-address"],
    ["visitor", "/seller-login"],
    ["seller", "/seller?index"],
    ["seller", `/seller/products/${product.id}`],
    ["shopper", "/logout"],
    ["visitor", "/forgot-password"],
    ["visitor", "/reset-password?token=x"],
  ];
  for (const [who, path] of pages) {
    for (const [label, body] of [...bodies, ["1 MB", { form: { email: MB, name: MB } }] as [string, Body]]) {
      const a = await api[who].post(path, body);
      rule.handled(`${who} POST ${path} ${label}`, a);
      if (path !== "/logout") {
        expect.soft(a.status, `${who} POST ${path} ${label}: a 4xx`).toBeGreaterThanOrEqual(400);
      }
    }
  }
  // Logging out through a bodiless post ended the session: sign in again.
  await api.shopper.post("/api/user/login", json(store.shopper));
  expect((await api.shopper.get("/api/user/is-auth")).status).toBe(200);
});

it("account, address and seller forms: hostile fields are refused with the reason and nothing is stored", async () => {
  const api = await store.clients();
  const shopperEmail = store.shopper.email;
  const logins: [Record<string, string>, string][] = [
    [{ mode: "login" }, "Please enter your email."],
    [{ mode: "login", email: SQLISH, password: SQLISH }, "Please enter a valid email address."],
    [{ mode: "login", email: shopperEmail, password: K10 }, "Invalid email or password"],
    [{ mode: "register", name: "", email: `r-${unique()}@example.com`, password: PASSWORD }, "Please enter your name."],
    [
      { mode: "register", name: K10, email: `r-${unique()}@example.com`, password: PASSWORD },
      "Please keep your name under 100 characters.",
    ],
    [
      { mode: "register", name: "A", email: `r-${unique()}@example.com`, password: "short" },
      "Password must be at least 8 characters long.",
    ],
    [
      { mode: "register", name: "A", email: shopperEmail.toUpperCase(), password: PASSWORD },
      "An account with this email already exists.",
    ],
    [{ mode: "nonsense", email: `${NUL_EMOJI}@x.com`, password: PASSWORD }, "Please enter a valid email address."],
  ];
  for (const [form, message] of logins) {
    rule.pageRefusal(
      `login form ${JSON.stringify(form).slice(0, 60)}`,
      await api.visitor.post("/login", { form }),
      message,
    );
  }

  const before = await addressIds(api.shopper);
  const addressForms: [Record<string, string>, string][] = [
    [{}, "Please enter a first name."],
    [
      { firstName: K10, street: "s", city: "c", zipcode: "12345", country: "x", phone: "+1 555 123 4567" },
      "Please keep this under 100 characters.",
    ],
    [
      { firstName: "A", street: "s", city: "c", zipcode: "1' OR 1", country: "x", phone: "+1 555 123 4567" },
      "Please enter a valid zip code.",
    ],
    [
      { firstName: "A", street: "s", city: "c", zipcode: "12345", country: "x", phone: "<b>555123456</b>" },
      "Please enter a valid phone number.",
    ],
    [
      { firstName: "A", street: "s", city: "c", zipcode: "12345", country: "x", phone: SQLISH },
      "Please keep this under 30 characters.",
    ],
    [
      { firstName: "A", email: HTML, street: "s", city: "c", zipcode: "12345", country: "x", phone: "+1 555 123 4567" },
      "Please enter a valid email address.",
    ],
  ];
  for (const [form, message] of addressForms) {
    rule.pageRefusal(
      `add-address ${JSON.stringify(form).slice(0, 60)}`,
      await api.shopper.post("/add-address", { form }),
      message,
      400,
    );
  }
  expect(await addressIds(api.shopper)).toEqual(before);
  rule.redirect("visitor add-address", await api.visitor.post("/add-address", { form: { firstName: "A" } }), /\/cart/);

  for (const [form, message] of [
    [{}, "Email is required."],
    [{ email: SQLISH, password: SQLISH }, "Please enter a valid email address."],
    [{ email: store.seller.email, password: K10 }, "Invalid credentials"],
    [{ email: `${NUL_EMOJI}@x.com`, password: "x" }, "Please enter a valid email address."],
  ] as [Record<string, string>, string][]) {
    rule.pageRefusal(
      `seller-login ${JSON.stringify(form).slice(0, 60)}`,
      await api.visitor.post("/seller-login", { form }),
      message,
      400,
    );
  }
  // The seller's redirectTo never leaves the seller area.
  const fresh = store.app.client();
  for (const redirectTo of ["//evil.com/seller", "https://evil.com/seller", "/seller/../../evil", "/\\evil.com"]) {
    const back = await fresh.post("/seller-login", { form: { ...store.seller, redirectTo } });
    rule.redirect(`seller-login redirectTo ${redirectTo}`, back, /^\/seller$/);
  }
});

it("the password-reset forms: hostile fields are refused with the reason; a made-up token changes nothing", async () => {
  const api = await store.clients();
  for (const [form, message] of [
    [{}, "Please enter your email."],
    [{ email: SQLISH }, "Please enter a valid email address."],
    [{ email: `${NUL_EMOJI}@x.com` }, "Please enter a valid email address."],
    [{ email: `${K10}@example.com` }, "That email address is too long."],
    [{ email: HTML }, "Please enter a valid email address."],
  ] as [Record<string, string>, string][]) {
    rule.pageRefusal(
      `forgot-password ${JSON.stringify(form).slice(0, 60)}`,
      await api.visitor.post("/forgot-password", { form }),
      message,
      400,
    );
  }
  const invalid = "This password reset link is invalid, has expired or has been used already.";
  for (const token of ["", SQLISH, HTML, K10, "A".repeat(43), NUL_EMOJI]) {
    const form = { token, password: PASSWORD, confirm: PASSWORD };
    rule.pageRefusal(
      `reset-password token ${token.slice(0, 20)}`,
      await api.visitor.post("/reset-password", { form }),
      invalid,
      400,
    );
    rule.handled(
      `reset page token ${token.slice(0, 20)}`,
      await api.visitor.get(`/reset-password?token=${encodeURIComponent(token)}`),
    );
  }
  // The shopper's password still works.
  const login = await store.app.client().post("/api/user/login", json(store.shopper));
  expect(login.status).toBe(200);
});

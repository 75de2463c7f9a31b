// Every page of app/routes.ts, as a visitor, a shopper and a seller: odd query strings, .data requests,
// ?next, unknown and foreign ids, and methods a page does not take. Never a 5xx; a 404 page for what does
// not exist; nothing of anyone else's.
import { beforeAll, expect, it } from "vitest";
import type { Client } from "../helpers/app.ts";
import {
  addAddress,
  addProduct,
  decodeHtml,
  EVERYONE,
  HTML,
  K10,
  registerShopper,
  ruleChecks,
  SQLISH,
  setUpStore,
  UNKNOWN_ID,
  type Who,
} from "../helpers/hostile.ts";

const store = setUpStore();
const rule = ruleChecks();

let product: { id: string; name: string };
let foreignAddressId: string;

beforeAll(async () => {
  const { shopper, seller } = await store.clients();
  product = await addProduct(seller);
  await addAddress(shopper, "1 Own Street");
  const other = await registerShopper(store.app, "Other Shopper");
  foreignAddressId = await addAddress(other.client, "99 Someone Else Road");
});

function pagePaths() {
  return [
    "/",
    "/products",
    "/products/men",
    "/deals",
    "/contact",
    "/loader",
    "/cart",
    "/saved",
    "/add-address",
    "/my-orders",
    "/login",
    "/logout",
    "/forgot-password",
    "/reset-password",
    "/seller-login",
    "/seller/logout",
    "/seller",
    "/seller/product-list",
    "/seller/orders",
    `/seller/products/${product.id}`,
    "/seller/overview",
    "/seller/reviews",
    "/seller/discounts",
    "/seller/discounts/new",
    "/seller/discounts/zzzzzzzzzz",
    "/seller/orders.csv",
    "/seller/products.csv",
    "/uploads/none.webp",
    "/v1/checkout/sessions",
    "/stripe-sandbox/checkout/cs_test_none",
    "/no-such-page",
  ];
}

const ODD_QUERIES = [
  `?q=${K10}`,
  "?q=%00%ff%fe",
  `?q=${encodeURIComponent(SQLISH)}`,
  `?q=${encodeURIComponent(HTML)}`,
  "?q=a&q=b&q=c",
  "?image=-1",
  "?image=NaN&image=99999999999",
  "?image=1.5",
  "?next=//evil.com",
  "?next=https://evil.com",
  "?next=%2F%2Fevil.com",
  "?next=/%5Cevil.com",
  "?next=javascript:alert(1)",
  "?login=xyz",
  "?login=register&login=login",
  "?address=zzz",
  "?address=-1",
  "?all=%00",
  "?session_id=cs_test_unknown",
  `?session_id=${"x".repeat(5000)}`,
];

it("every page shrugs off odd query strings and .data requests, for every kind of visitor", async () => {
  const api = await store.clients();
  for (const who of EVERYONE) {
    for (const path of pagePaths()) {
      for (const query of ["", ...ODD_QUERIES]) {
        rule.handled(`${who} GET ${path}${query.slice(0, 40)}`, await api[who].get(`${path}${query}`));
      }
      if (!path.startsWith("/uploads") && !path.startsWith("/v1") && !path.startsWith("/stripe")) {
        const data = path === "/" ? "/_root.data" : `${path}.data`;
        rule.handled(`${who} GET ${data}`, await api[who].get(`${data}?q=${K10}&_routes=nope,root`));
      }
    }
  }
});

it("?next never leaves the site and hostile search text is shown as text", async () => {
  const { visitor } = await store.clients();
  for (const next of [
    "//evil.com",
    "https://evil.com",
    "%2F%2Fevil.com",
    "/%5Cevil.com",
    "/%09/evil.com",
    "javascript:alert(1)",
  ]) {
    const a = await visitor.get(`/loader?next=${next}`);
    expect.soft(a.status, next).toBe(200);
    expect.soft(a.text, `${next}: no refresh to it`).not.toMatch(/url=(\/\/|https?:|javascript:|\/\\)/i);
    expect.soft(a.text, `${next}: no link to it`).not.toMatch(/href="(\/\/|https?:\/\/evil|javascript:|\/\\)/i);
  }
  const search = await visitor.get(`/products?q=${encodeURIComponent(HTML)}`);
  expect(search.status).toBe(200);
  expect(search.text).not.toContain('<script>alert("x")</script>');
  const huge = await visitor.get(`/products/men/${product.id}?image=-1&image=abc`);
  expect(huge.status).toBe(200);
  expect(decodeHtml(huge.text)).toContain(product.name);
});

it("unknown, malformed and foreign ids: a 404 page or nothing of anyone else's", async () => {
  const api = await store.clients();
  const notFound: [Who, string, string][] = [
    ["visitor", `/products/men/${UNKNOWN_ID}`, "Product not found"],
    ["visitor", `/products/women/${product.id}`, "Product not found"],
    ["visitor", "/products/men/%00%ff", "Product not found"],
    ["visitor", `/products/men/${"a".repeat(5000)}`, "Product not found"],
    ["visitor", `/products/men/${encodeURIComponent(SQLISH)}`, "Product not found"],
    ["visitor", "/products/__proto__", "Category not found"],
    ["visitor", "/products/%E0%A4%A", "not found"],
    ["seller", `/seller/products/${UNKNOWN_ID}`, "Product not found"],
    ["seller", `/seller/products/${encodeURIComponent(SQLISH)}`, "Product not found"],
  ];
  for (const [who, path, message] of notFound) {
    const a = await api[who].get(path);
    expect.soft(a.status, path).toBe(404);
    expect.soft(decodeHtml(a.text).toLowerCase(), `${path}: says so`).toContain(message.toLowerCase());
  }
  for (const path of ["/uploads/..%2Fstore.db", "/uploads/%2e%2e%2fsession-secret", "/uploads/x.webp%00.png"]) {
    expect.soft((await api.visitor.get(path)).status, path).toBe(404);
  }
  // Another shopper's address id in the URL picks nothing of theirs.
  const cart = await api.shopper.get(`/cart?address=${foreignAddressId}`);
  expect(cart.status).toBe(200);
  expect(cart.text).not.toContain("99 Someone Else Road");
  expect(cart.text).toContain("1 Own Street");
});

it("pages: POST where there is no form is 405; PUT, PATCH and DELETE never cause a server error", async () => {
  const api: Record<Who, Client> = await store.clients();
  for (const path of ["/products", "/products/men", "/deals", "/contact", "/loader", "/my-orders", "/no-such-page"]) {
    const a = await api.visitor.post(path, { form: { intent: "x" } });
    expect.soft(a.status, `POST ${path}`).toBe(405);
    expect.soft(a.text, `POST ${path}: says so`).toContain("Method Not Allowed");
  }
  // The product page has a form (Add to Cart, Buy now): anything else is refused on the page, with a 400.
  const productPage = `/products/men/${product.id}`;
  for (const form of [
    { intent: "x" } as Record<string, string>,
    { intent: "add" },
    { intent: "add", productId: "NOT-AN-ID" },
    { intent: "add", productId: product.id, size: "\u0000" },
    { intent: "add", productId: product.id, size: "x".repeat(5000) },
    { intent: "set-quantity", productId: product.id, quantity: "3" },
  ]) {
    const answer = await api.visitor.post(productPage, { form });
    expect.soft(answer.status, `POST ${productPage} ${JSON.stringify(form).slice(0, 80)}`).toBe(400);
    expect.soft(answer.text).toContain(product.name);
  }
  for (const who of EVERYONE) {
    for (const path of pagePaths()) {
      for (const method of ["PUT", "PATCH", "DELETE"]) {
        rule.handled(`${who} ${method} ${path}`, await api[who].send(method, path, { form: { intent: "bogus" } }));
      }
    }
  }
});

// Every /api call, as a visitor, a shopper and a seller: malformed bodies, wrong content types, odd query
// strings and unsupported methods, through the production build's request handler (tests/helpers/app.ts).
import { beforeAll, expect, it } from "vitest";
import { API_GET_CALLS, API_POST_CALLS } from "../helpers/api-calls.ts";
import { json } from "../helpers/app.ts";
import { addProduct, EVERYONE, HTML, K10, MB, NUL_EMOJI, ruleChecks, SQLISH, setUpStore } from "../helpers/hostile.ts";

const store = setUpStore();
const rule = ruleChecks();

beforeAll(async () => {
  // A product on sale, so the calls have something real to refuse around.
  const { seller } = await store.clients();
  await addProduct(seller);
});

/** Bodies no call accepts: missing, not an object, not JSON, wrong types, huge and hostile values. */
const MALFORMED_BODIES: [string, string][] = [
  ["no body", ""],
  ["empty object", "{}"],
  ["array", "[]"],
  ["string", '"just a string"'],
  ["number", "42"],
  ["null", "null"],
  ["boolean", "true"],
  ["invalid JSON", '{"email": '],
  ["trailing comma", '{"a":1,}'],
  [
    "wrong types",
    JSON.stringify({
      name: 123,
      email: ["a@b.co"],
      password: { $ne: null },
      cartItems: "all",
      address: 5,
      items: { product: 1 },
      id: true,
      inStock: "yes",
      productData: [1],
    }),
  ],
  [
    "10,000 characters",
    JSON.stringify({
      name: K10,
      email: `${K10}@example.com`,
      password: K10,
      cartItems: { [K10]: 1 },
      items: K10,
      id: K10,
    }),
  ],
  [
    "NUL, emoji and bidi characters",
    JSON.stringify({ name: NUL_EMOJI, email: `${NUL_EMOJI}@example.com`, password: NUL_EMOJI, id: NUL_EMOJI }),
  ],
  [
    "SQL and HTML",
    JSON.stringify({ name: HTML, email: SQLISH, password: SQLISH, address: SQLISH, items: HTML, id: SQLISH }),
  ],
  ["1 MB", JSON.stringify({ email: MB, password: MB })],
];
const CONTENT_TYPES = [
  "application/json",
  "text/plain",
  "multipart/form-data; boundary=----hostile",
  "application/x-www-form-urlencoded",
  "application/octet-stream",
];

it("every /api POST call refuses malformed bodies and wrong content types with a 4xx and a message", async () => {
  const api = await store.clients();
  for (const path of API_POST_CALLS) {
    for (const who of EVERYONE) {
      for (const [bodyLabel, raw] of MALFORMED_BODIES) {
        // The megabyte is refused by its size whatever its type: once is enough.
        for (const type of bodyLabel === "1 MB" ? CONTENT_TYPES.slice(0, 1) : CONTENT_TYPES) {
          const a = await api[who].post(path, { raw, type });
          rule.apiRefusal(`${who} POST ${path} ${bodyLabel} as ${type}`, a);
        }
      }
    }
  }
});

it("a multipart form where JSON is expected, and a JSON body where multipart is expected, are refused", async () => {
  const api = await store.clients();
  for (const path of API_POST_CALLS) {
    for (const who of EVERYONE) {
      const a = await api[who].post(path, {
        multipart: { email: "not-an-email", password: "x", name: HTML, cartItems: "{}", items: "[]", id: "x" },
      });
      rule.apiRefusal(`${who} multipart ${path}`, a);
    }
  }
  const asJson = await api.seller.post("/api/product/add", json({ productData: { name: "x" } }));
  rule.apiRefusal("seller JSON to /api/product/add", asJson, 415);
});

it("every /api GET call shrugs off odd query strings", async () => {
  const api = await store.clients();
  const queries = [
    "",
    `?q=${K10}`,
    "?id=-1&id=2&id=x",
    "?userId=someone-else",
    "?x=%00%ff",
    "?__proto__[a]=1",
    `?s=${SQLISH}`,
  ];
  for (const path of API_GET_CALLS) {
    for (const who of EVERYONE) {
      for (const query of queries) {
        const a = await api[who].get(`${path}${query}`);
        rule.handled(`${who} GET ${path}${query.slice(0, 40)}`, a);
        expect.soft(a.headers["content-type"] ?? "", `${path}: JSON`).toContain("application/json");
        // The product list takes only its own parameters (400 with a message); the others need a session.
        if (a.status >= 400) rule.apiRefusal(`${who} GET ${path}`, a, path === "/api/product/list" ? 400 : 401);
      }
    }
  }
  // The logout calls above signed nobody out for good: signing in again works.
  await api.seller.post("/api/seller/login", json(store.seller));
  await api.shopper.post("/api/user/login", json(store.shopper));
  expect((await api.shopper.get("/api/user/is-auth")).status).toBe(200);
  expect((await api.seller.get("/api/seller/is-auth")).status).toBe(200);
});

it("unsupported methods on every /api call get 405 with a message", async () => {
  const api = await store.clients();
  for (const who of EVERYONE) {
    for (const path of [...API_POST_CALLS, ...API_GET_CALLS]) {
      const wrong = [...["PUT", "PATCH", "DELETE"], API_POST_CALLS.includes(path) ? "GET" : "POST"];
      for (const method of wrong) {
        const a = await api[who].send(method, path, method === "GET" ? undefined : json({ email: "a@b.co" }));
        rule.apiRefusal(`${who} ${method} ${path}`, a, 405);
      }
    }
  }
});

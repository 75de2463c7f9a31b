// The shopper's /api calls sent hostile input: sign-up and login, the saved cart, addresses and cash
// orders. Refusals are 4xx with a message and leave the cart, the addresses and the orders as they were.
import { expect, it } from "vitest";
import { json } from "../helpers/app.ts";
import {
  addressIds,
  HTML,
  K10,
  orderIds,
  PASSWORD,
  registerShopper,
  ruleChecks,
  SQLISH,
  savedCart,
  setUpShopping,
  setUpStore,
  signIn,
  UNKNOWN_ID,
  unique,
} from "../helpers/hostile.ts";

const store = setUpStore();
const rule = ruleChecks();

const shop = setUpShopping(store);

it("sign-up and login: wrong types, huge and hostile values are refused; a hostile name is only text", async () => {
  const { visitor } = await store.clients();
  const shopperEmail = store.shopper.email;
  const bodies: [string, unknown, number?][] = [
    ["missing fields", {}],
    ["name as a number", { name: 5, email: `n-${unique()}@example.com`, password: PASSWORD }],
    ["email as an array", { name: "A", email: ["a@b.co"], password: PASSWORD }],
    ["password as an object", { name: "A", email: `p-${unique()}@example.com`, password: { a: 1 } }],
    ["password as a boolean", { name: "A", email: `b-${unique()}@example.com`, password: true }],
    ["short password", { name: "A", email: `s-${unique()}@example.com`, password: "short" }],
    ["10,000-character name", { name: K10, email: `k-${unique()}@example.com`, password: PASSWORD }],
    ["10,000-character password", { name: "A", email: `k-${unique()}@example.com`, password: K10 }],
    ["SQL-ish email", { name: "A", email: SQLISH, password: PASSWORD }],
    ["NUL in the email", { name: "A", email: `a\u0000-${unique()}@example.com`, password: PASSWORD }],
    ["taken email in capitals", { name: "A", email: shopperEmail.toUpperCase(), password: PASSWORD }, 409],
  ];
  for (const [label, body, status] of bodies) {
    rule.apiRefusal(`register ${label}`, await visitor.post("/api/user/register", json(body)), status);
  }
  const logins: [string, unknown, number?][] = [
    ["email as an object", { email: { $gt: "" }, password: PASSWORD }],
    ["SQL-ish email", { email: SQLISH, password: SQLISH }],
    ["wrong password", { email: shopperEmail, password: "not the password" }, 401],
    ["10,000-character password", { email: shopperEmail, password: K10 }],
    ["unknown email", { email: `nobody-${unique()}@example.com`, password: PASSWORD }, 401],
  ];
  for (const [label, body, status] of logins) {
    rule.apiRefusal(`login ${label}`, await visitor.post("/api/user/login", json(body)), status);
  }
  expect((await visitor.get("/api/user/is-auth")).status).toBe(401);

  // Markup in a name is stored and shown as text, never as markup.
  const { client } = await registerShopper(store.app, HTML);
  const me = await client.get("/api/user/is-auth");
  expect((me.json!.user as { name: string }).name).toBe(HTML);
  const home = await client.get("/");
  expect(home.status).toBe(200);
  expect(home.text).not.toContain("<script>alert");
  expect(home.text).toContain("&lt;script&gt;");
});

it("cart update: every refused change leaves the saved cart as it was", async () => {
  const { visitor, shopper } = await store.clients();
  const base = await shopper.post("/api/cart/update", json({ cartItems: { [shop.product.id]: 2 } }));
  expect(base.status, base.text).toBe(200);
  const before = await savedCart(shopper);
  expect(before).toEqual({ [shop.product.id]: 2 });
  const manyIds = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`${i}abc`, 1]));
  const refused: [string, unknown, number?][] = [
    ["cartItems missing", {}],
    ["cartItems as an array", { cartItems: [shop.product.id] }],
    ["cartItems as a string", { cartItems: shop.product.id }],
    ["cartItems as null", { cartItems: null }],
    ["negative quantity", { cartItems: { [shop.product.id]: -1 } }],
    ["zero quantity", { cartItems: { [shop.product.id]: 0 } }],
    ["fractional quantity", { cartItems: { [shop.product.id]: 1.5 } }],
    ["huge quantity", { cartItems: { [shop.product.id]: 1e12 } }],
    ["quantity 100", { cartItems: { [shop.product.id]: 100 } }],
    ["quantity NaN", { cartItems: { [shop.product.id]: "NaN" } }],
    ["quantity as words", { cartItems: { [shop.product.id]: "three" } }],
    ["quantity as an object", { cartItems: { [shop.product.id]: { n: 1 } } }],
    ["quantity as a boolean", { cartItems: { [shop.product.id]: true } }],
    ["quantity null", { cartItems: { [shop.product.id]: null } }],
    ["malformed id", { cartItems: { "../../etc/passwd": 1 } }],
    ["SQL-ish id", { cartItems: { [SQLISH]: 1 } }],
    ["__proto__ id", JSON.parse('{"cartItems":{"__proto__":1}}')],
    ["unknown id", { cartItems: { [UNKNOWN_ID]: 1 } }, 404],
    ["a valid line and an unknown one", { cartItems: { [shop.product.id]: 5, zzzzzzzzzzzzzzzzzzz0: 1 } }, 404],
    ["51 products", { cartItems: manyIds }],
  ];
  for (const [label, body, status] of refused) {
    const a = await shopper.post("/api/cart/update", json(body));
    rule.apiRefusal(`cart/update ${label}`, a, status);
    expect.soft(await savedCart(shopper), `cart unchanged after ${label}`).toEqual(before);
  }
  // A visitor's update is refused and stores nothing anywhere.
  rule.apiRefusal(
    "visitor cart/update",
    await visitor.post("/api/cart/update", json({ cartItems: { [shop.product.id]: 3 } })),
    401,
  );
  expect(await savedCart(shopper)).toEqual(before);
});

it("cart update with cartLines: hostile lines are refused with a 400 and a message, and change nothing", async () => {
  const { shopper } = await store.clients();
  const base = await shopper.post("/api/cart/update", json({ cartLines: [{ product: shop.product.id, quantity: 2 }] }));
  expect(base.status, base.text).toBe(200);
  const cartOf = async () => {
    const user = (await shopper.get("/api/user/is-auth")).json!.user as Record<string, unknown>;
    return { cartItems: user.cartItems, cartLines: user.cartLines };
  };
  const before = await cartOf();
  expect(before).toEqual({
    cartItems: { [shop.product.id]: 2 },
    cartLines: [{ product: shop.product.id, quantity: 2 }],
  });
  const line = (fields: Record<string, unknown>) => ({
    cartLines: [{ product: shop.product.id, quantity: 1, ...fields }],
  });
  const refused: [string, unknown, number?][] = [
    ["cartLines as an object", { cartLines: { [shop.product.id]: 1 } }],
    ["cartLines as a string", { cartLines: shop.product.id }],
    ["cartLines null", { cartLines: null }],
    ["a line that is null", { cartLines: [null] }],
    ["a line that is a list", { cartLines: [[shop.product.id, 1]] }],
    ["no product", { cartLines: [{ quantity: 1 }] }],
    ["product as a number", line({ product: 12345 })],
    ["SQL-ish product", line({ product: SQLISH })],
    ["10,000-character product", line({ product: K10 })],
    ["unknown product", line({ product: UNKNOWN_ID }), 404],
    ["size as a number", line({ size: 5 })],
    ["size as an object", line({ size: { $ne: "" } })],
    ["size with control characters", line({ size: "M\u0000" })],
    ["10,000-character size", line({ size: K10 })],
    ["HTML size", line({ size: HTML })],
    ["a size the product does not have", line({ size: "M" })],
    ["quantity missing", { cartLines: [{ product: shop.product.id }] }],
    ["quantity as text", line({ quantity: "2" })],
    ["quantity 0", line({ quantity: 0 })],
    ["quantity -1", line({ quantity: -1 })],
    ["quantity 1.5", line({ quantity: 1.5 })],
    ["quantity 100", line({ quantity: 100 })],
    ["quantity 1e308", line({ quantity: 1e308 })],
    [
      "the same line twice",
      {
        cartLines: [
          { product: shop.product.id, quantity: 1 },
          { product: shop.product.id, quantity: 1 },
        ],
      },
    ],
    ["51 lines", { cartLines: Array.from({ length: 51 }, (_, i) => ({ product: `${i}abc`, quantity: 1 })) }],
    ["cartItems and cartLines together", { cartItems: {}, cartLines: [] }],
    ["a sized key in cartItems", { cartItems: { [`${shop.product.id}:M`]: 1 } }],
  ];
  for (const [label, body, status] of refused) {
    const a = await shopper.post("/api/cart/update", json(body));
    rule.apiRefusal(`cart/update ${label}`, a, status ?? 400);
    expect.soft(await cartOf(), `cart unchanged after ${label}`).toEqual(before);
  }
});

it("addresses: hostile fields are refused and nothing is saved; another shopper's addresses stay invisible", async () => {
  const { visitor, shopper, seller } = await store.clients();
  const before = await addressIds(shopper);
  const good = {
    firstName: "Ana",
    lastName: "B",
    email: "ana@example.com",
    street: "2 Rue",
    city: "Paris",
    state: "IDF",
    zipcode: "75001",
    country: "France",
    phone: "+33 1 23 45 67 89",
  };
  const refused: [string, unknown][] = [
    ["address missing", {}],
    ["address as a string", { address: "2 Rue, Paris" }],
    ["address as an array", { address: [good] }],
    ["address as a number", { address: 75001 }],
    ["all fields missing", { address: {} }],
    ["first name as an object", { address: { ...good, firstName: { a: 1 } } }],
    ["street as an array", { address: { ...good, street: ["2 Rue"] } }],
    ["city as a boolean", { address: { ...good, city: true } }],
    ["10,000-character street", { address: { ...good, street: K10 } }],
    // Control and bidi characters are removed from stored text (tests/integration/stored-text.test.ts): none left.
    ["nothing but a NUL and a bidi override in the zip code", { address: { ...good, zipcode: "\u0000\u202E" } }],
    ["SQL-ish phone", { address: { ...good, phone: SQLISH } }],
    ["HTML email", { address: { ...good, email: HTML } }],
    ["zip code as a huge number", { address: { ...good, zipcode: 1e21 } }],
    ["phone NaN", { address: { ...good, phone: "NaN" } }],
  ];
  for (const [label, body] of refused) {
    rule.apiRefusal(`address/add ${label}`, await shopper.post("/api/address/add", json(body)));
  }
  expect(await addressIds(shopper)).toEqual(before);
  expect(before).not.toContain(shop.foreignAddressId);
  rule.apiRefusal("visitor address/get", await visitor.get("/api/address/get"), 401);
  rule.apiRefusal("seller address/get (not a shopper)", await seller.get("/api/address/get"), 401);
});

it("cash orders: refused orders are not written and leave the cart alone; a tampered price or userId is ignored", async () => {
  const { visitor, shopper } = await store.clients();
  const other = await signIn(store.app, "shopper", shop.otherShopper);
  await shopper.post("/api/cart/update", json({ cartItems: { [shop.product.id]: 1 } }));
  const cartBefore = await savedCart(shopper);
  const ordersBefore = await orderIds(shopper);
  const otherOrdersBefore = await orderIds(other);
  const line = { product: shop.product.id, quantity: 1 };
  const refused: [string, unknown, Record<string, string>?][] = [
    ["no items", { address: shop.ownAddressId }],
    ["items as an object", { items: line, address: shop.ownAddressId }],
    ["items as a string", { items: "all", address: shop.ownAddressId }],
    ["empty items", { items: [], address: shop.ownAddressId }],
    ["null item", { items: [null], address: shop.ownAddressId }],
    ["product as an object", { items: [{ product: { $ne: "" }, quantity: 1 }], address: shop.ownAddressId }],
    ["malformed product id", { items: [{ product: "../x", quantity: 1 }], address: shop.ownAddressId }],
    ["unknown product id", { items: [{ product: UNKNOWN_ID, quantity: 1 }], address: shop.ownAddressId }],
    ["negative quantity", { items: [{ ...line, quantity: -2 }], address: shop.ownAddressId }],
    ["fractional quantity", { items: [{ ...line, quantity: 0.5 }], address: shop.ownAddressId }],
    ["huge quantity", { items: [{ ...line, quantity: 1e308 }], address: shop.ownAddressId }],
    ["quantity as a string", { items: [{ ...line, quantity: "1" }], address: shop.ownAddressId }],
    ["quantity missing", { items: [{ product: shop.product.id }], address: shop.ownAddressId }],
    ["no address", { items: [line] }],
    ["address as a number", { items: [line], address: 7 }],
    ["address as an object", { items: [line], address: { street: "x" } }],
    ["malformed address id", { items: [line], address: SQLISH }],
    ["unknown address id", { items: [line], address: UNKNOWN_ID }],
    ["another shopper's address", { items: [line], address: shop.foreignAddressId }],
    ["a bad Idempotency-Key", { items: [line], address: shop.ownAddressId }, { "Idempotency-Key": "short" }],
    [
      "a 1,000-character Idempotency-Key",
      { items: [line], address: shop.ownAddressId },
      { "Idempotency-Key": "k".repeat(1000) },
    ],
  ];
  for (const [label, body, headers] of refused) {
    rule.apiRefusal(`order/cod ${label}`, await shopper.post("/api/order/cod", json(body), headers));
  }
  expect.soft(await orderIds(shopper), "no order was written").toEqual(ordersBefore);
  expect.soft(await savedCart(shopper), "the cart is as it was").toEqual(cartBefore);
  rule.apiRefusal(
    "visitor order/cod",
    await visitor.post("/api/order/cod", json({ items: [line], address: shop.ownAddressId })),
    401,
  );

  // Tampered prices, totals and userId: the order is the caller's, at the database's price.
  const placed = await shopper.post(
    "/api/order/cod",
    json({
      userId: "someone-else",
      items: [{ product: shop.product.id, quantity: 2, price: 0.01, offerPrice: 0.01, amount: 0.02 }],
      address: shop.ownAddressId,
      amount: 0.01,
      price: 0.01,
    }),
  );
  expect(placed.status, placed.text).toBe(201);
  const orderId = placed.json!.orderId as string;
  const mine = await shopper.get("/api/order/user");
  const order = (mine.json!.orders as { _id: string; amount: number }[]).find((o) => o._id === orderId)!;
  expect(order, "the order is listed for its shopper").toBeTruthy();
  // 2 × $25.00 = $50.00, plus 2% tax = $51.00.
  expect(order.amount).toBe(51);
  expect(await orderIds(other)).toEqual(otherOrdersBefore);
  expect(await orderIds(other)).not.toContain(orderId);
});

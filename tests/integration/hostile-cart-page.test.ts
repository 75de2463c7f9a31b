// The cart page's form sent hostile product ids, quantities, addresses, payment types and redirects: each is
// refused on the page with the reason, and the saved cart and the orders stay as they were.
import { expect, it } from "vitest";
import { json } from "../helpers/app.ts";
import {
  K10,
  orderIds,
  ruleChecks,
  SQLISH,
  savedCart,
  setUpShopping,
  setUpStore,
  UNKNOWN_ID,
} from "../helpers/hostile.ts";

const store = setUpStore();
const rule = ruleChecks();

const shop = setUpShopping(store);

it("cart page forms: hostile product ids, quantities, addresses and payment types change nothing", async () => {
  const api = await store.clients();
  await api.shopper.post("/api/cart/update", json({ cartItems: { [shop.product.id]: 2 } }));
  const before = await savedCart(api.shopper);
  const ordersBefore = await orderIds(api.shopper);
  const refused: [string, Record<string, string>, string][] = [
    ["add without a product", { intent: "add" }, "Invalid product id."],
    ["add a malformed id", { intent: "add", productId: "../../x" }, "Invalid product id."],
    ["add an SQL-ish id", { intent: "add", productId: SQLISH }, "Invalid product id."],
    ["add a 10,000-character id", { intent: "add", productId: K10 }, "Invalid product id."],
    ["add an unknown id", { intent: "add", productId: UNKNOWN_ID }, "This product is no longer available."],
    ...["-1", "0", "1.5", "NaN", "1e9", "100", null].map((quantity): [string, Record<string, string>, string] => [
      `set ${quantity ?? "no quantity"}`,
      { intent: "set-quantity", productId: shop.product.id, ...(quantity === null ? {} : { quantity }) },
      "Quantity must be a whole number from 1 to 99.",
    ]),
    ["remove a malformed id", { intent: "remove", productId: "%00" }, "Invalid product id."],
    ["order without an address", { intent: "place-order", paymentType: "COD" }, "Please select an address"],
    [
      "order with another shopper's address",
      { intent: "place-order", paymentType: "COD", addressId: shop.foreignAddressId },
      "Please select an address",
    ],
    [
      "order with an SQL-ish address",
      { intent: "place-order", paymentType: "COD", addressId: SQLISH },
      "Please select an address",
    ],
    [
      "order online with another shopper's address",
      { intent: "place-order", paymentType: "Online", addressId: shop.foreignAddressId },
      "Please select an address",
    ],
    [
      "order with an unknown payment type",
      { intent: "place-order", paymentType: "Bitcoin", addressId: shop.ownAddressId },
      "Please choose a payment method.",
    ],
    [
      "order with a bad request key",
      { intent: "place-order", paymentType: "COD", addressId: shop.ownAddressId, requestKey: "<x>" },
      "Invalid request key.",
    ],
  ];
  for (const [label, form, message] of refused) {
    rule.pageRefusal(`cart ${label}`, await api.shopper.post("/cart", { form }), message);
    expect.soft(await savedCart(api.shopper), `cart unchanged after ${label}`).toEqual(before);
  }
  expect(await orderIds(api.shopper)).toEqual(ordersBefore);

  // A visitor's hostile cart posts (all but the orders): refused, and no cart cookie with junk comes back.
  for (const [label, form, message] of refused.filter(([, form]) => form.intent !== "place-order")) {
    const a = await api.visitor.post("/cart", { form });
    rule.pageRefusal(`visitor cart ${label}`, a, message);
    expect.soft(a.setCookies.join("\n"), `visitor cart ${label}: no cart cookie`).not.toContain("__cart=");
  }
  // An off-site redirectTo is not followed.
  for (const redirectTo of ["//evil.com", "https://evil.com/x", "/\\evil.com", "javascript:alert(1)"]) {
    const a = await api.visitor.post("/cart", { form: { intent: "add", productId: shop.product.id, redirectTo } });
    rule.redirect(`add with redirectTo=${redirectTo}`, a, /^\/(?!\/|\\)/);
  }
  // A visitor cannot place an order: sent to log in.
  rule.redirect(
    "visitor place-order",
    await api.visitor.post("/cart", {
      form: { intent: "place-order", paymentType: "COD", addressId: shop.ownAddressId },
    }),
    /login/,
  );
});

// The seller's page forms sent hostile products, stock changes and order statuses: each is refused on the page
// with the reason and changes nothing; a visitor or a shopper posting there is sent to the seller sign-in.
import { beforeAll, expect, it } from "vitest";
import { type Body, type FilePart, json } from "../helpers/app.ts";
import {
  addAddress,
  addProduct,
  HTML,
  K10,
  pngBytes,
  productList,
  ruleChecks,
  SQLISH,
  sellerOrderStatus,
  setUpStore,
  UNKNOWN_ID,
  unique,
} from "../helpers/hostile.ts";

const store = setUpStore();
const rule = ruleChecks();

let product: { id: string; name: string };
let ownAddressId: string;

beforeAll(async () => {
  const { shopper, seller } = await store.clients();
  product = await addProduct(seller);
  ownAddressId = await addAddress(shopper, "1 Own Street");
});

it("seller page forms: hostile products, stock and status changes are refused; a visitor is sent to sign in", async () => {
  const api = await store.clients();
  const listBefore = await productList(api.visitor);
  const png: FilePart = { name: "ok.png", mimeType: "image/png", buffer: await pngBytes("#d35400") };
  const good = { name: `Refused page ${unique()}`, description: "x", category: "Men", price: "10", offerPrice: "5" };
  const addForms: [Record<string, string | FilePart>, string][] = [
    [{ ...good, name: "", images: png }, "Product name is required."],
    [{ ...good, name: K10, images: png }, "The product name can be at most"],
    [
      { ...good, price: "-1", images: png },
      "Product price must be an amount in USD with a point before the cents, e.g. 4.90",
    ],
    [
      { ...good, price: "NaN", images: png },
      "Product price must be an amount in USD with a point before the cents, e.g. 4.90",
    ],
    [
      { ...good, price: "1e9", images: png },
      "Product price must be an amount in USD with a point before the cents, e.g. 4.90",
    ],
    [{ ...good, offerPrice: "0", images: png }, "Offer price must be more than 0."],
    [{ ...good, offerPrice: "11", images: png }, "The offer price cannot be above the product price."],
    [{ ...good, category: "Nope", images: png }, "Select a category."],
    [{ ...good }, "Add at least one product image."],
    [
      { ...good, images: { name: "evil.png", mimeType: "image/png", buffer: Buffer.from(HTML) } },
      "is not an image we can read",
    ],
  ];
  for (const [multipart, message] of addForms) {
    const a = await api.seller.post("/seller?index", { multipart });
    rule.pageRefusal(`add product ${message}`, a, message, 400);
  }
  const urlencoded = await api.seller.post("/seller?index", { form: good });
  rule.pageRefusal(
    "add product as a urlencoded form",
    urlencoded,
    "Send the product as a multipart/form-data form.",
    415,
  );

  const edits: [Record<string, string | FilePart>, string][] = [
    [{ ...good, price: "abc" }, "Product price must be an amount in USD with a point before the cents, e.g. 4.90"],
    [{ ...good, "remove-0": "on" }, "Keep or add at least one product image."],
    [
      { ...good, "image-0": { name: "evil.png", mimeType: "image/png", buffer: Buffer.from("GIF89a no") } },
      "is not an image we can read",
    ],
  ];
  for (const [multipart, message] of edits) {
    const a = await api.seller.post(`/seller/products/${product.id}`, { multipart });
    rule.pageRefusal(`edit product ${message}`, a, message, 400);
  }
  expect.soft((await api.seller.post("/seller/products/zzzzzzzzzzzzzzzzzzzz", { multipart: good })).status).toBe(404);

  const stock: [Record<string, string>, string, number][] = [
    [{ intent: "stock", id: product.id, inStock: "maybe" }, "Choose in stock or out of stock.", 400],
    [{ intent: "stock", id: product.id }, "Choose in stock or out of stock.", 400],
    [{ intent: "stock", id: UNKNOWN_ID, inStock: "false" }, "Product not found", 404],
    [{ intent: "remove", id: SQLISH }, "Product not found", 404],
    [{ intent: "restore", id: product.id }, "Product not found", 404],
  ];
  for (const [form, message, status] of stock) {
    rule.pageRefusal(
      `product list ${JSON.stringify(form).slice(0, 60)}`,
      await api.seller.post("/seller/product-list", { form }),
      message,
      status,
    );
  }

  // An order of the shopper's own, to move along with hostile statuses.
  await api.shopper.post("/api/cart/update", json({ cartItems: {} }));
  const placed = await api.shopper.post(
    "/api/order/cod",
    json({ items: [{ product: product.id, quantity: 1 }], address: ownAddressId }),
  );
  expect(placed.status, placed.text).toBe(201);
  const orderId = placed.json!.orderId as string;
  const statuses: [Record<string, string>, string, number][] = [
    [{ intent: "status", orderId, status: "Refunded" }, "Unknown status.", 400],
    [{ intent: "status", orderId, status: HTML }, "Unknown status.", 400],
    [{ intent: "status", orderId, status: "Delivered" }, "can only become Shipped or Cancelled", 409],
    [{ intent: "status", orderId, status: "Order Placed" }, "The order is already Order Placed.", 409],
    [{ intent: "status", orderId: UNKNOWN_ID, status: "Shipped" }, "Order not found", 404],
    [{ intent: "status", orderId: SQLISH, status: "Shipped" }, "Order not found", 404],
  ];
  for (const [form, message, status] of statuses) {
    rule.pageRefusal(
      `order status ${JSON.stringify(form).slice(0, 70)}`,
      await api.seller.post("/seller/orders", { form }),
      message,
      status,
    );
  }
  expect(await sellerOrderStatus(api.seller, orderId)).toBe("Order Placed");

  // Visitors and shoppers posting to seller pages are sent to the seller sign-in, and nothing changes.
  for (const who of ["visitor", "shopper"] as const) {
    for (const [path, body] of [
      ["/seller?index", { multipart: { ...good, images: png } }],
      [`/seller/products/${product.id}`, { multipart: { ...good, name: "Hijacked" } }],
      ["/seller/product-list", { form: { intent: "stock", id: product.id, inStock: "false" } }],
      ["/seller/product-list", { form: { intent: "remove", id: product.id } }],
      ["/seller/orders", { form: { intent: "status", orderId, status: "Cancelled" } }],
    ] as [string, Body][]) {
      rule.redirect(`${who} POST ${path}`, await api[who].post(path, body), /\/seller-login/);
    }
  }
  const listAfter = await productList(api.visitor);
  expect(listAfter.map((p) => p._id).sort()).toEqual(listBefore.map((p) => p._id).sort());
  const mine = listAfter.find((p) => p._id === product.id)!;
  expect(mine.name).toBe(product.name);
  expect(mine.inStock).toBe(true);
  expect(await sellerOrderStatus(api.seller, orderId)).toBe("Order Placed");
});

// The seller's /api calls sent hostile input: refused products and stock changes are 4xx with a message and
// leave the product list as it was; a visitor or a shopper can change nothing.
import { beforeAll, expect, it } from "vitest";
import { type FilePart, json } from "../helpers/app.ts";
import {
  addProduct,
  HTML,
  K10,
  pngBytes,
  productList,
  ruleChecks,
  SQLISH,
  setUpStore,
  UNKNOWN_ID,
  unique,
} from "../helpers/hostile.ts";

const store = setUpStore();
const rule = ruleChecks();

let product: { id: string; name: string };

beforeAll(async () => {
  const { seller } = await store.clients();
  product = await addProduct(seller);
});

it("seller API: refused products and stock changes leave the product list as it was", async () => {
  const api = await store.clients();
  const before = await productList(api.visitor);
  const png: FilePart = { name: "ok.png", mimeType: "image/png", buffer: await pngBytes("#16a085") };
  const good = { name: `Refused ${unique()}`, description: ["x"], category: "Men", price: 10, offerPrice: 5 };
  const refused: [string, Record<string, string | FilePart>, number?][] = [
    ["no productData", { images: png }],
    ["productData not JSON", { productData: "{name:", images: png }],
    ["productData an array", { productData: "[]", images: png }],
    ["productData null", { productData: "null", images: png }],
    ["name as a number", { productData: JSON.stringify({ ...good, name: 5 }), images: png }],
    ["10,000-character name", { productData: JSON.stringify({ ...good, name: K10 }), images: png }],
    ["price as a string of words", { productData: JSON.stringify({ ...good, price: "ten" }), images: png }],
    ["price as an object", { productData: JSON.stringify({ ...good, price: { a: 1 } }), images: png }],
    ["negative price", { productData: JSON.stringify({ ...good, price: -10 }), images: png }],
    ["huge price", { productData: JSON.stringify({ ...good, price: 1e308 }), images: png }],
    ["price NaN", { productData: JSON.stringify({ ...good, price: "NaN" }), images: png }],
    ["fractional cents", { productData: JSON.stringify({ ...good, price: 10.001 }), images: png }],
    ["offer above price", { productData: JSON.stringify({ ...good, offerPrice: 11 }), images: png }],
    ["unknown category", { productData: JSON.stringify({ ...good, category: "__proto__" }), images: png }],
    ["description of objects", { productData: JSON.stringify({ ...good, description: [{ a: 1 }] }), images: png }],
    ["no image", { productData: JSON.stringify(good) }],
    [
      "a text file as the image",
      {
        productData: JSON.stringify(good),
        images: { name: "x.png", mimeType: "image/png", buffer: Buffer.from(HTML) },
      },
    ],
    ["image as a text field", { productData: JSON.stringify(good), images: "not a file" }],
  ];
  for (const [label, multipart, status] of refused) {
    rule.apiRefusal(`product/add ${label}`, await api.seller.post("/api/product/add", { multipart }), status);
  }
  // A shopper or a visitor cannot add anything, whatever they send.
  for (const who of ["visitor", "shopper"] as const) {
    const a = await api[who].post("/api/product/add", {
      multipart: { productData: JSON.stringify(good), images: png },
    });
    rule.apiRefusal(`${who} product/add`, a, 401);
  }

  const stock: [string, unknown, number?][] = [
    ["no id", { inStock: false }],
    ["id as a number", { id: 5, inStock: false }],
    ["id as an array", { id: [product.id], inStock: false }],
    ["malformed id", { id: SQLISH, inStock: false }, 404],
    ["unknown id", { id: UNKNOWN_ID, inStock: false }, 404],
    ["inStock as a string", { id: product.id, inStock: "false" }],
    ["inStock as a number", { id: product.id, inStock: 0 }],
    ["inStock null", { id: product.id, inStock: null }],
  ];
  for (const [label, body, status] of stock) {
    rule.apiRefusal(`product/stock ${label}`, await api.seller.post("/api/product/stock", json(body)), status);
  }
  for (const who of ["visitor", "shopper"] as const) {
    const a = await api[who].post("/api/product/stock", json({ id: product.id, inStock: false }));
    rule.apiRefusal(`${who} product/stock`, a, 401);
  }
  const after = await productList(api.visitor);
  expect(after.map((p) => p._id).sort()).toEqual(before.map((p) => p._id).sort());
  expect(after.find((p) => p._id === product.id)?.inStock).toBe(true);
});

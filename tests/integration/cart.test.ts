import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#app/lib/db.server.ts";
import {
  MAX_CART_LINES,
  mergeVisitorCart,
  readSavedCart,
  readVisitorCart,
  replaceSavedCart,
} from "#app/modules/cart/index.server.ts";
import { cartItems, products } from "#db/tables.ts";
import { appForFile, routeData, submit } from "../helpers/app.ts";
import { createProduct } from "../helpers/factories.ts";
import { getRequest } from "../helpers/requests.ts";
import { createAddress, createUser, headerFor, signedInCookie, toastsFrom } from "../helpers/shopper.ts";

const site = appForFile();

async function post(fields: Record<string, string>, cookie = "") {
  const response = await submit(site.client(cookie), "/cart", fields);
  // The page the redirect lands on shows (and clears) the toasts; keep only the other cookies.
  const next = response.cookie
    .split("; ")
    .filter((c) => !c.startsWith("__toast="))
    .join("; ");
  return { response, cookie: next };
}

type CartPage = {
  lines: { productId: string; quantity: number; product: { name: string; size: string }; unavailable: string | null }[];
  totals: Record<string, number>;
  count: number;
  selectedAddressId: string | null;
  addresses: { label: string }[];
  requestKey: string;
};

/** What the cart page's loader gives this browser. */
async function cartPage(cookie = "", path = "/cart") {
  const page = await routeData(site.client(cookie), path, "routes/cart");
  if (page.error) throw new Error(`${path} answered ${page.error.status}`);
  return page.data as CartPage;
}

describe("the visitor cart (signed cookie)", () => {
  it("an empty cart shows no order summary; one with a line does (issue 30)", async () => {
    const empty = (await site.client().get("/cart")).text;
    expect(empty).toContain("Your cart is empty.");
    expect(empty).not.toContain("Order Summary");
    expect(empty).not.toContain("Place Order");
    const product = await createProduct({ offerPriceCents: 1250 });
    const { cookie } = await post({ intent: "add", productId: product.id });
    const filled = (await site.client(cookie).get("/cart")).text;
    expect(filled).toContain("Order Summary");
    expect(filled).not.toContain("Your cart is empty.");
  });

  it("adds 1, increments, sets a quantity and removes one at a time, each with its toast", async () => {
    const product = await createProduct({ offerPriceCents: 1250 });
    let { response, cookie } = await post({ intent: "add", productId: product.id, redirectTo: "/products/men?q=x" });
    expect(response.status).toBe(303);
    expect(response.location).toBe("/products/men?q=x");
    expect(await toastsFrom(response)).toEqual(["success: Added to Cart"]);
    expect(Object.fromEntries(await readVisitorCart(getRequest("/", { cookie })))).toEqual({ [product.id]: 1 });

    ({ cookie } = await post({ intent: "add", productId: product.id }, cookie));
    expect((await headerFor(cookie)).cartCount).toBe(2);

    ({ response, cookie } = await post({ intent: "set-quantity", productId: product.id, quantity: "7" }, cookie));
    expect(await toastsFrom(response)).toEqual(["success: Cart Updated"]);
    const page = await cartPage(cookie);
    expect(page.lines).toHaveLength(1);
    expect(page.lines[0]).toMatchObject({ productId: product.id, quantity: 7, lineCents: 8750, unavailable: null });
    expect(page.totals).toEqual({
      subtotalCents: 8750,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 175,
      taxIncluded: false,
      totalCents: 8925,
      lineDiscountCents: [0],
    });

    ({ response, cookie } = await post({ intent: "remove", productId: product.id }, cookie));
    expect(await toastsFrom(response)).toEqual(["success: Removed from Cart"]);
    expect((await cartPage(cookie)).lines[0]!.quantity).toBe(6);
    ({ cookie } = await post({ intent: "set-quantity", productId: product.id, quantity: "1" }, cookie));
    ({ cookie } = await post({ intent: "remove", productId: product.id }, cookie));
    expect((await cartPage(cookie)).lines).toEqual([]);
    expect((await headerFor(cookie)).cartCount).toBe(0);
  });

  it("takes a card's Add as its grid's form sends it without JavaScript (add=<id>), with the same refusals", async () => {
    const product = await createProduct();
    const client = site.client();
    // The grid's one form (SaveCardsForm) holds the page to come back to; the card's button adds add=<id>.
    const added = await client.post("/cart", { form: { redirectTo: "/products?page=2", add: product.id } });
    expect(added.status).toBe(303);
    expect(added.headers.location).toBe("/products?page=2");
    expect(Object.fromEntries(await readVisitorCart(getRequest("/", { cookie: client.cookie })))).toEqual({
      [product.id]: 1,
    });
    const soldOut = await createProduct({ inStock: false });
    for (const [add, status, message] of [
      ["DROP TABLE", 400, "Invalid product id."],
      ["nosuchproduct", 404, "This product is no longer available."],
      [soldOut.id, 409, "This product is out of stock."],
    ] as const) {
      const { response } = await post({ redirectTo: "/products", add });
      expect(response.status, add).toBe(status);
      expect(response.reply!.formError).toBe(message);
    }
    // An `intent` decides: a form that sends one is read as before.
    const { response } = await post({ intent: "remove", productId: product.id, add: "nosuchproduct" }, client.cookie);
    expect(response.status).toBe(303);
  });

  it("Buy now adds the product and goes to /cart", async () => {
    const product = await createProduct();
    const { response, cookie } = await post({ intent: "buy-now", productId: product.id, redirectTo: "/products" });
    expect(response.location).toBe("/cart");
    expect(await toastsFrom(response)).toEqual(["success: Added to Cart"]);
    expect((await cartPage(cookie)).count).toBe(1);
  });

  it("only ever redirects back to a path on this site", async () => {
    const product = await createProduct();
    for (const redirectTo of [
      "//evil.example/x",
      "https://evil.example/",
      "/\\evil.example",
      "javascript:alert(1)",
      "/%0d%0aSet-Cookie:x",
      "",
    ]) {
      const { response } = await post({ intent: "add", productId: product.id, redirectTo });
      const location = response.location!;
      expect(location.startsWith("/") && !location.startsWith("//")).toBe(true);
      expect(new URL(location, "http://store.test").host).toBe("store.test");
    }
    const { response } = await post({ intent: "add", productId: product.id, redirectTo: "//evil.example" });
    expect(response.location).toBe("/cart");
  });

  it("refuses bad ids, bad quantities, unknown, out-of-stock and removed products with a 4xx", async () => {
    const product = await createProduct();
    const soldOut = await createProduct({ inStock: false });
    const removed = await createProduct({ removedAt: Date.now() });
    const cases: [Record<string, string>, number, string][] = [
      [{ intent: "add", productId: "DROP TABLE" }, 400, "Invalid product id."],
      [{ intent: "add" }, 400, "Invalid product id."],
      [{ intent: "add", productId: "nosuchproduct" }, 404, "This product is no longer available."],
      [{ intent: "add", productId: soldOut.id }, 409, "This product is out of stock."],
      [{ intent: "add", productId: removed.id }, 404, "This product is no longer available."],
      [{ intent: "frobnicate", productId: product.id }, 400, "Unknown cart action."],
    ];
    for (const quantity of ["0", "-1", "1.5", "100", "abc", "", "1e2", "99999999999"]) {
      cases.push([
        { intent: "set-quantity", productId: product.id, quantity },
        400,
        "Quantity must be a whole number from 1 to 99.",
      ]);
    }
    for (const [fields, status, message] of cases) {
      const { response } = await post(fields);
      expect(response.status, JSON.stringify(fields)).toBe(status);
      expect(response.reply!.formError).toBe(message);
      expect(response.setCookies).toEqual([]);
    }
  });

  it("caps a line at 99 units and a cart at 50 products", async () => {
    const product = await createProduct();
    let { cookie } = await post({ intent: "set-quantity", productId: product.id, quantity: "99" });
    const { response } = await post({ intent: "add", productId: product.id }, cookie);
    expect(response.status).toBe(400);
    expect(response.reply!.formError).toBe("You can have at most 99 of one product in your cart.");

    cookie = "";
    for (let i = 0; i < MAX_CART_LINES; i++)
      ({ cookie } = await post({ intent: "add", productId: (await createProduct()).id }, cookie));
    expect((await cartPage(cookie)).lines).toHaveLength(MAX_CART_LINES);
    const full = await post({ intent: "add", productId: (await createProduct()).id }, cookie);
    expect(full.response.status).toBe(400);
    expect(full.response.reply!.formError).toBe("Your cart can hold at most 50 different products.");
  });

  it("ignores a tampered cart cookie", async () => {
    const product = await createProduct();
    const { cookie } = await post({ intent: "add", productId: product.id });
    const tampered = cookie.replace(/__cart=([^;]+)/, (_m, v: string) => `__cart=${v.slice(0, -3)}abc`);
    expect((await cartPage(tampered)).lines).toEqual([]);
    expect((await cartPage("__cart=garbage")).lines).toEqual([]);
  });
});

describe("the signed-in cart (saved in the database)", () => {
  it("saves every change in cart_items", async () => {
    const user = await createUser();
    const cookie = await signedInCookie(user.id);
    const product = await createProduct();
    const { response } = await post({ intent: "add", productId: product.id }, cookie);
    expect(response.setCookies.some((c) => c.startsWith("__cart="))).toBe(false);
    expect(Object.fromEntries(await readSavedCart(user.id))).toEqual({ [product.id]: 1 });
    await post({ intent: "add", productId: product.id }, cookie);
    await post({ intent: "set-quantity", productId: product.id, quantity: "12" }, cookie);
    expect((await readSavedCart(user.id)).get(product.id)).toBe(12);
    await post({ intent: "remove", productId: product.id }, cookie);
    expect((await readSavedCart(user.id)).get(product.id)).toBe(11);
    await post({ intent: "set-quantity", productId: product.id, quantity: "1" }, cookie);
    await post({ intent: "remove", productId: product.id }, cookie);
    expect(await db().select().from(cartItems).where(eq(cartItems.userId, user.id))).toEqual([]);
  });

  it("shows unavailable products without breaking the page and leaves them out of the totals", async () => {
    const user = await createUser();
    const cookie = await signedInCookie(user.id);
    const kept = await createProduct({ name: "Kept Tee", offerPriceCents: 1000 }, { sizes: [["M", null]] });
    const soldOut = await createProduct({ name: "Sold Tee", offerPriceCents: 5000 });
    const removed = await createProduct({ name: "Gone Tee", offerPriceCents: 7000 });
    await post({ intent: "add", productId: kept.id, size: "M" }, cookie);
    for (const p of [soldOut, removed]) await post({ intent: "add", productId: p.id }, cookie);
    await post({ intent: "set-quantity", productId: kept.id, size: "M", quantity: "3" }, cookie);
    await db().update(products).set({ inStock: false }).where(eq(products.id, soldOut.id));
    await db().update(products).set({ removedAt: Date.now() }).where(eq(products.id, removed.id));

    const page = await cartPage(cookie);
    expect(
      page.lines.map((l: { product: { name: string; size: string }; unavailable: string | null }) => [
        l.product.name,
        l.product.size,
        l.unavailable,
      ]),
    ).toEqual([
      ["Kept Tee", "M", null],
      ["Sold Tee", "Free Size", "out-of-stock"],
      ["Gone Tee", "Free Size", "removed"],
    ]);
    expect(page.totals).toEqual({
      subtotalCents: 3000,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 60,
      taxIncluded: false,
      totalCents: 3060,
      lineDiscountCents: [0],
    });
    // Unavailable lines can still be removed.
    const { response } = await post({ intent: "remove", productId: soldOut.id }, cookie);
    expect(response.status).toBe(303);
    expect((await readSavedCart(user.id)).has(soldOut.id)).toBe(false);
  });

  it("takes a line's Remove as the cart's one Remove form sends it without JavaScript (line=<key>), with the same refusals", async () => {
    const user = await createUser();
    const cookie = await signedInCookie(user.id);
    const shirt = await createProduct({ name: "Line Shirt" }, { sizes: [["M", null]] });
    const tee = await createProduct({ name: "Line Tee" });
    await post({ intent: "add", productId: shirt.id, size: "M" }, cookie);
    await post({ intent: "set-quantity", productId: shirt.id, size: "M", quantity: "3" }, cookie);
    await post({ intent: "add", productId: tee.id }, cookie);
    // The form holds the intent and the page to come back to; the line's button adds line=<its cart key>.
    const client = site.client(cookie);
    const removed = await client.post("/cart", {
      form: { intent: "remove", redirectTo: "/cart?address=x", line: `${shirt.id}:M` },
    });
    expect(removed.status).toBe(303);
    expect(removed.headers.location).toBe("/cart?address=x");
    expect(await toastsFrom(client)).toEqual(["success: Removed from Cart"]);
    await post({ intent: "remove", line: tee.id }, cookie);
    expect(Object.fromEntries(await readSavedCart(user.id))).toEqual({ [`${shirt.id}:M`]: 2 });
    // The line's button for JavaScript's submit: the same answer through the page's data request.
    const { response } = await post({ intent: "remove", line: `${shirt.id}:M`, redirectTo: "/cart" }, cookie);
    expect(response.status).toBe(303);
    expect(Object.fromEntries(await readSavedCart(user.id))).toEqual({ [`${shirt.id}:M`]: 1 });
    for (const [line, message] of [
      ["DROP TABLE", "Invalid product id."],
      ["", "Invalid product id."],
      [`${shirt.id}: M`, "Invalid size."],
      [`${shirt.id}:M\u0000`, "Invalid size."],
    ] as const) {
      const refused = await post({ intent: "remove", line, redirectTo: "/cart" }, cookie);
      expect(refused.response.status, line).toBe(400);
      expect(refused.response.reply!.formError, line).toBe(message);
    }
    // A product id and size win over a line: a form that sends them is read as before.
    await post({ intent: "remove", productId: shirt.id, size: "M", line: tee.id }, cookie);
    expect(await readSavedCart(user.id)).toEqual(new Map());
  });

  it("takes a line's Update as the cart's one quantity form sends it without JavaScript (line=<key>, quantity:<key>)", async () => {
    const user = await createUser();
    const cookie = await signedInCookie(user.id);
    const shirt = await createProduct({ name: "Qty Shirt" }, { sizes: [["M", null]] });
    const tee = await createProduct({ name: "Qty Tee" });
    await post({ intent: "add", productId: shirt.id, size: "M" }, cookie);
    await post({ intent: "add", productId: tee.id }, cookie);
    // The form carries every line's select; the Update button pressed names the line that changes.
    const every = { [`quantity:${shirt.id}:M`]: "4", [`quantity:${tee.id}`]: "7" };
    const client = site.client(cookie);
    const updated = await client.post("/cart", {
      form: { intent: "set-quantity", redirectTo: "/cart", ...every, line: `${shirt.id}:M` },
    });
    expect(updated.status).toBe(303);
    expect(await toastsFrom(client)).toEqual(["success: Cart Updated"]);
    expect(Object.fromEntries(await readSavedCart(user.id))).toEqual({ [`${shirt.id}:M`]: 4, [tee.id]: 1 });
    await post({ intent: "set-quantity", ...every, line: tee.id }, cookie);
    expect(Object.fromEntries(await readSavedCart(user.id))).toEqual({ [`${shirt.id}:M`]: 4, [tee.id]: 7 });
    for (const [fields, message] of [
      [{ line: tee.id }, "Quantity must be a whole number from 1 to 99."],
      [{ line: tee.id, [`quantity:${tee.id}`]: "0" }, "Quantity must be a whole number from 1 to 99."],
      [{ line: tee.id, quantity: "3" }, "Quantity must be a whole number from 1 to 99."],
      [{ line: "DROP TABLE", "quantity:DROP TABLE": "2" }, "Invalid product id."],
      [{ line: `${tee.id}:<b>`, [`quantity:${tee.id}:<b>`]: "2" }, "Qty Tee has no sizes."],
    ] as const) {
      const refused = await post({ intent: "set-quantity", redirectTo: "/cart", ...fields }, cookie);
      expect(refused.response.status, JSON.stringify(fields)).toBe(400);
      expect(refused.response.reply!.formError, JSON.stringify(fields)).toBe(message);
    }
    expect(Object.fromEntries(await readSavedCart(user.id))).toEqual({ [`${shirt.id}:M`]: 4, [tee.id]: 7 });
  });

  it("sends a line's data once: what the page shows of it, not its cut or its prices", async () => {
    const user = await createUser();
    const cookie = await signedInCookie(user.id);
    const product = await createProduct({ name: "Data Tee", offerPriceCents: 1200 });
    await post({ intent: "add", productId: product.id }, cookie);
    const [line] = (await cartPage(cookie)).lines;
    expect(Object.keys(line!).sort()).toEqual([
      "key",
      "left",
      "lineCents",
      "product",
      "productId",
      "quantity",
      "size",
      "unavailable",
    ]);
    expect(line!.product).toEqual({
      name: "Data Tee",
      category: product.category,
      image: "/uploads/test.webp",
      size: "Free Size",
    });
  });

  it("keeps the chosen address in the URL, defaulting to the first saved one", async () => {
    const user = await createUser();
    const other = await createUser();
    const cookie = await signedInCookie(user.id);
    const first = await createAddress(user.id, { street: "1 First Lane" });
    const second = await createAddress(user.id, { street: "2 Second Road" });
    const foreign = await createAddress(other.id);
    expect((await cartPage(cookie)).selectedAddressId).toBe(first.id);
    expect((await cartPage(cookie, `/cart?address=${second.id}`)).selectedAddressId).toBe(second.id);
    expect((await cartPage(cookie, `/cart?address=${foreign.id}`)).selectedAddressId).toBe(first.id);
    const page = await cartPage(cookie);
    expect(page.addresses.map((a: { label: string }) => a.label)).toEqual([
      "1 First Lane, Pune, MH, India",
      "2 Second Road, Pune, MH, India",
    ]);
    // Each render carries a fresh request key for the Place Order form.
    expect(page.requestKey).not.toBe((await cartPage(cookie)).requestKey);
  });
});

describe("cart merge and the /api cart update", () => {
  it("drops products that no longer exist and respects the line limit when merging", async () => {
    const user = await createUser();
    for (let i = 0; i < MAX_CART_LINES - 1; i++) {
      await db()
        .insert(cartItems)
        .values({ userId: user.id, productId: (await createProduct()).id, quantity: 1 });
    }
    const a = await createProduct();
    const b = await createProduct();
    let cookie = "";
    for (const id of [a.id, b.id]) ({ cookie } = await post({ intent: "add", productId: id }, cookie));
    await db().delete(products).where(eq(products.id, a.id));
    const clear = await mergeVisitorCart(getRequest("/", { cookie }), user.id);
    expect(clear).toMatch(/^__cart=[^;]*; Max-Age=0;/i);
    const saved = await readSavedCart(user.id);
    expect(saved.size).toBe(MAX_CART_LINES);
    expect(saved.has(a.id)).toBe(false);
    expect(saved.get(b.id)).toBe(1);
    // Nothing to merge and no cookie: nothing to clear.
    expect(await mergeVisitorCart(getRequest("/"), user.id)).toBeNull();
  });

  it("replaceSavedCart stores a valid map and nothing at all from an invalid one", async () => {
    const user = await createUser();
    const a = await createProduct();
    const b = await createProduct();
    await replaceSavedCart(user.id, { [a.id]: 2, [b.id]: 5 });
    expect(Object.fromEntries(await readSavedCart(user.id))).toEqual({ [a.id]: 2, [b.id]: 5 });
    for (const bad of [
      { [a.id]: 0 },
      { [a.id]: 2.5 },
      { [a.id]: -3 },
      { [a.id]: 1000 },
      { [a.id]: "many" },
      { "bad id!": 1 },
      { nosuchproduct: 1 },
      [a.id],
      null,
      "x",
    ]) {
      await expect(replaceSavedCart(user.id, bad)).rejects.toThrow();
      expect(Object.fromEntries(await readSavedCart(user.id))).toEqual({ [a.id]: 2, [b.id]: 5 });
    }
    await replaceSavedCart(user.id, {});
    expect((await readSavedCart(user.id)).size).toBe(0);
  });
});

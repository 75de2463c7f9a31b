// Sizes and stock counts in the services and route modules: adding to the cart per size (and the refusals a
// shopper sees), the cart capped at what is left, placing an order taking units (or refusing the whole order,
// storing nothing), the seller's counts (add, edit, the product list) and the /api shapes with sizes.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, first } from "#app/lib/db.server.ts";
import {
  readSavedCart,
  replaceSavedCart,
  updateSavedCartFromApi,
  viewCartIn,
  viewSavedCartIn,
} from "#app/modules/cart/index.server.ts";
import { placeCartOrder } from "#app/modules/checkout/index.server.ts";
import { addProduct, listSellerProducts, updateProduct } from "#app/modules/inventory/index.server.ts";
import { listUserOrders, placeOrder, setOrderStatus } from "#app/modules/orders/index.server.ts";
import { cartItems, orderItems, orders, productSizes, products } from "#db/tables.ts";
import { appForFile, dataPath, routeData, submit } from "../helpers/app.ts";
import { createProduct, stockOf } from "../helpers/factories.ts";
import { refusalOf } from "../helpers/refusal.ts";
import { formRequest, readReply } from "../helpers/requests.ts";
import { imageBytes, multipartRequest, sellerCookie } from "../helpers/sellers.ts";
import {
  createAddress,
  createShopperWithAddress,
  createUser,
  headerFor,
  signedInCookie,
  toastsFrom,
} from "../helpers/shopper.ts";

const site = appForFile();

const linenShirt = async (sizes: [string, number | null][]) =>
  await createProduct({ name: "Linen Shirt", category: "Men", offerPriceCents: 2000 }, { sizes });

/** Posts the product page's form (Add to Cart or Buy now) as a browser does. */
async function addOnProductPage(productId: string, fields: Record<string, string>, cookie = "") {
  return submit(site.client(cookie), `/products/men/${productId}`, { intent: "add", productId, ...fields });
}

async function postCart(fields: Record<string, string>, cookie = "") {
  return submit(site.client(cookie), "/cart", fields);
}

type CartLine = { key: string; size: string; quantity: number; left: number | null; unavailable: string | null };

async function cartPage(cookie: string) {
  return (await routeData(site.client(cookie), "/cart", "routes/cart")).data as {
    lines: CartLine[];
    totals: Record<string, number>;
    stockChanges: unknown[];
    count: number;
  };
}

describe("adding to the cart per size", () => {
  it("refuses a product with sizes without one: 'Please select a size' next to the sizes, nothing stored", async () => {
    const shirt = await linenShirt([
      ["S", 4],
      ["M", 2],
    ]);
    const user = await createUser();
    const cookie = await signedInCookie(user.id);
    const refused = await addOnProductPage(shirt.id, {}, cookie);
    expect(refused.status).toBe(400);
    expect(refused.reply).toMatchObject({ fieldErrors: { size: "Please select a size" } });
    expect((await readSavedCart(user.id)).size).toBe(0);

    const added = await addOnProductPage(
      shirt.id,
      { size: "M", redirectTo: `/products/men/${shirt.id}?image=2` },
      cookie,
    );
    expect(added.status).toBe(303);
    expect(added.location).toBe(`/products/men/${shirt.id}?image=2`);
    const buyNow = await addOnProductPage(shirt.id, { intent: "buy-now", size: "S" }, cookie);
    expect(buyNow.location).toBe("/cart");
    expect(Object.fromEntries(await readSavedCart(user.id))).toEqual({ [`${shirt.id}:M`]: 1, [`${shirt.id}:S`]: 1 });
  });

  it("caps a line at the units left of its size, with the count in the message; a sold-out size is refused", async () => {
    const shirt = await linenShirt([
      ["S", 0],
      ["M", 2],
      ["L", null],
    ]);
    // A visitor's cart (the cookie) follows the same rules.
    let cookie = "";
    for (let i = 0; i < 2; i++) cookie = (await addOnProductPage(shirt.id, { size: "M" }, cookie)).cookie;
    const third = await addOnProductPage(shirt.id, { size: "M" }, cookie);
    expect(third.status).toBe(409);
    expect(third.reply!.formError).toBe("Only 2 left of Linen Shirt, M");
    const soldOut = await addOnProductPage(shirt.id, { size: "S" }, cookie);
    expect(soldOut.reply!.formError).toBe("Linen Shirt, S is sold out");
    const unknown = await addOnProductPage(shirt.id, { size: "XXL" }, cookie);
    expect(unknown.status).toBe(400);
    expect(unknown.reply!.formError).toBe("Linen Shirt has no size XXL.");
    const setTooMany = await postCart(
      { intent: "set-quantity", productId: shirt.id, size: "M", quantity: "3" },
      cookie,
    );
    expect(setTooMany.reply!.formError).toBe("Only 2 left of Linen Shirt, M");
    // A size that is not counted has no cap but the cart's own.
    const notCounted = await postCart(
      { intent: "set-quantity", productId: shirt.id, size: "L", quantity: "40" },
      cookie,
    );
    expect(notCounted.status).toBe(303);
  });

  it("keeps one line per product and size; a line that sold out or lost its size stays, out of the totals", async () => {
    const shirt = await linenShirt([
      ["S", 5],
      ["M", 5],
      ["L", 5],
    ]);
    const plain = await createProduct({ name: "Scarf", offerPriceCents: 1000 }, { stock: 3 });
    const user = await createUser();
    const cookie = await signedInCookie(user.id);
    for (const size of ["S", "M", "M", "L"]) await addOnProductPage(shirt.id, { size }, cookie);
    await postCart({ intent: "add", productId: plain.id }, cookie);
    await postCart({ intent: "set-quantity", productId: plain.id, quantity: "3" }, cookie);
    let page = await cartPage(cookie);
    expect(page.lines.map((l: { key: string; quantity: number }) => [l.key, l.quantity])).toEqual([
      [`${shirt.id}:S`, 1],
      [`${shirt.id}:M`, 2],
      [`${shirt.id}:L`, 1],
      [plain.id, 3],
    ]);
    expect(page.totals.subtotalCents).toBe(4 * 2000 + 3 * 1000);

    // M sells down to 1 (the line shows 1, capped), S sells out, L is taken off the product, the scarf drops to 2.
    const set = (size: string, stock: number) =>
      db()
        .update(productSizes)
        .set({ stock })
        .where(and(eq(productSizes.productId, shirt.id), eq(productSizes.size, size)));
    await set("M", 1);
    await set("S", 0);
    await db()
      .delete(productSizes)
      .where(and(eq(productSizes.productId, shirt.id), eq(productSizes.size, "L")));
    await set("", 2);
    await db().update(productSizes).set({ stock: 2 }).where(eq(productSizes.productId, plain.id));
    page = await cartPage(cookie);
    expect(
      page.lines.map((l: { size: string; quantity: number; left: number | null; unavailable: string | null }) => [
        l.size,
        l.quantity,
        l.left,
        l.unavailable,
      ]),
    ).toEqual([
      ["S", 1, 0, "sold-out"],
      ["M", 1, 1, null],
      ["L", 1, null, "no-size"],
      ["", 2, 2, null],
    ]);
    expect(page.totals.subtotalCents).toBe(2000 + 2 * 1000);
    // Each cut is said, by line and why; every count is what the lines show (S and L still count, unavailable).
    expect(page.stockChanges).toEqual([
      "Only 1 left of Linen Shirt (size M): we changed your quantity from 2 to 1",
      "Only 2 left of Scarf: we changed your quantity from 3 to 2",
    ]);
    expect(page.count).toBe(1 + 1 + 1 + 2);
    expect((await headerFor(cookie)).cartCount).toBe(page.count);
    // The cut is saved, so it is said once.
    expect(Object.fromEntries(await readSavedCart(user.id))[`${shirt.id}:M`]).toBe(1);
    expect((await cartPage(cookie)).stockChanges).toEqual([]);
    // Removing works on any line.
    expect((await postCart({ intent: "remove", productId: shirt.id, size: "L" }, cookie)).status).toBe(303);
    expect((await readSavedCart(user.id)).has(`${shirt.id}:L`)).toBe(false);
  });
});

describe("the header's cart count", () => {
  it("counts the saved cart as the cart page does before it saves a cut: capped, sold out, no size, not counted, removed, switched off", async () => {
    const shirt = await linenShirt([
      ["S", 5],
      ["M", 5],
      ["L", 5],
      ["XL", null],
    ]);
    const scarf = await createProduct({ name: "Scarf", offerPriceCents: 1000 }, { stock: 4 });
    const removed = await createProduct({ name: "Old Belt", offerPriceCents: 500 }, { stock: 5 });
    const off = await createProduct({ name: "Cap", offerPriceCents: 700 }, { stock: 1 });
    const user = await createUser();
    const cookie = await signedInCookie(user.id);
    const lines = [
      [shirt.id, "S", 2],
      [shirt.id, "M", 3],
      [shirt.id, "L", 1],
      [shirt.id, "XL", 6],
      [scarf.id, "", 3],
      [removed.id, "", 2],
      [off.id, "", 3],
    ] as const;
    await db()
      .insert(cartItems)
      .values(lines.map(([productId, size, quantity]) => ({ userId: user.id, productId, size, quantity })));
    const sizeOf = (size: string) => and(eq(productSizes.productId, shirt.id), eq(productSizes.size, size));
    await db().update(productSizes).set({ stock: 0 }).where(sizeOf("S"));
    await db().update(productSizes).set({ stock: 1 }).where(sizeOf("M"));
    await db().delete(productSizes).where(sizeOf("L"));
    await db().update(products).set({ removedAt: Date.now() }).where(eq(products.id, removed.id));
    await db().update(products).set({ inStock: false }).where(eq(products.id, off.id));

    // Sold out S 2, M capped at 1, L without its size 1, XL not counted 6, the scarf under its cap 3, the removed
    // belt 2, the switched-off cap 3 (its stock of 1 is no cap: it cannot be bought at all).
    const header = (await headerFor(cookie)).cartCount;
    expect(header).toBe(2 + 1 + 1 + 6 + 3 + 2 + 3);
    expect((await cartPage(cookie)).count).toBe(header);
    expect((await headerFor()).cartCount).toBe(0);
    // The cart page reads the saved cart with its products and sizes in one query (viewSavedCartIn): the same
    // lines, counts, cuts and totals as the cart, its products and their sizes read apart (viewCartIn).
    expect(await viewSavedCartIn(db(), user.id)).toEqual(await viewCartIn(db(), await readSavedCart(user.id)));
  });
});

describe("placing an order takes units", () => {
  it("refuses an order from the saved cart while a line would be cut unseen (409, saying which), then orders what the page shows", async () => {
    const shirt = await linenShirt([["M", 3]]);
    const { user, address } = await createShopperWithAddress();
    const cookie = await signedInCookie(user.id);
    for (let i = 0; i < 3; i++) await addOnProductPage(shirt.id, { size: "M" }, cookie);
    // The seller cuts M to 1 after the shopper last saw the cart.
    await db()
      .update(productSizes)
      .set({ stock: 1 })
      .where(and(eq(productSizes.productId, shirt.id), eq(productSizes.size, "M")));
    const order = () => placeOrder({ userId: user.id, addressId: address.id, paymentType: "COD", items: "saved-cart" });
    const refused = await refusalOf(order());
    expect([refused.status, refused.message]).toEqual([
      409,
      "Only 1 left of Linen Shirt (size M): we changed your quantity from 3 to 1. Please check your cart, then place your order again.",
    ]);
    expect(await listUserOrders(user.id)).toEqual([]);
    // The cart page shows the cut (and saves it); the order then takes what it shows.
    expect((await cartPage(cookie)).stockChanges).toEqual([
      "Only 1 left of Linen Shirt (size M): we changed your quantity from 3 to 1",
    ]);
    const { lines } = await order();
    expect(lines.map((l) => [l.size, l.quantity])).toEqual([["M", 1]]);
    expect(await stockOf(shirt.id)).toEqual({ M: 0 });
  });

  it("takes each line's units from its size in the order's transaction; a size not counted stays so", async () => {
    const shirt = await linenShirt([
      ["S", 4],
      ["M", 3],
      ["L", null],
    ]);
    const { user, address } = await createShopperWithAddress();
    const { order } = await placeOrder({
      userId: user.id,
      addressId: address.id,
      paymentType: "COD",
      items: [
        { productId: shirt.id, size: "M", quantity: 3 },
        { productId: shirt.id, size: "L", quantity: 7 },
      ],
    });
    expect(await stockOf(shirt.id)).toEqual({ S: 4, M: 0, L: null });
    const lines = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines.map((l) => [l.size, l.quantity, l.stockTaken])).toEqual([
      ["M", 3, true],
      ["L", 7, false],
    ]);
  });

  it("refuses the whole order when one line wants more than is left (409, naming product and size), storing nothing", async () => {
    const shirt = await linenShirt([
      ["S", 4],
      ["M", 2],
    ]);
    const scarf = await createProduct({ name: "Silk Scarf" }, { stock: 9 });
    const { user, address } = await createShopperWithAddress();
    await db().insert(cartItems).values({ userId: user.id, productId: scarf.id, quantity: 1 });
    const before = (await db().select().from(orders)).length;
    const refused = await refusalOf(
      placeOrder({
        userId: user.id,
        addressId: address.id,
        paymentType: "COD",
        items: [
          { productId: scarf.id, quantity: 2 },
          { productId: shirt.id, size: "S", quantity: 1 },
          { productId: shirt.id, size: "M", quantity: 3 },
        ],
      }),
    );
    expect([refused.status, refused.message]).toEqual([409, "Only 2 left of Linen Shirt, M"]);
    expect(await db().select().from(orders)).toHaveLength(before);
    expect(await stockOf(shirt.id)).toEqual({ S: 4, M: 2 });
    expect(await stockOf(scarf.id)).toEqual({ "": 9 });
    expect(await readSavedCart(user.id)).toEqual(new Map([[scarf.id, 1]]));
  });

  it("refuses a product with sizes ordered without one (400), and a size it does not have", async () => {
    const shirt = await linenShirt([["M", 5]]);
    const { user, address } = await createShopperWithAddress();
    const order = (size?: string) =>
      refusalOf(
        placeOrder({
          userId: user.id,
          addressId: address.id,
          paymentType: "COD",
          items: [{ productId: shirt.id, size, quantity: 1 }],
        }),
      );
    expect(await order()).toMatchObject({ status: 400, message: "Please select a size for Linen Shirt" });
    expect(await order("XL")).toMatchObject({ status: 400, message: "Linen Shirt has no size XL." });
    expect(await stockOf(shirt.id)).toEqual({ M: 5 });
  });

  it("puts a cancelled order's units back once when the seller cancels it", async () => {
    const shirt = await linenShirt([["M", 5]]);
    const user = await createUser();
    const { order } = await placeOrder({
      userId: user.id,
      addressId: (await createAddress(user.id)).id,
      paymentType: "COD",
      items: [{ productId: shirt.id, size: "M", quantity: 2 }],
    });
    expect(await stockOf(shirt.id)).toEqual({ M: 3 });
    await setOrderStatus(order.id, "Cancelled");
    expect(await stockOf(shirt.id)).toEqual({ M: 5 });
    await refusalOf(setOrderStatus(order.id, "Cancelled"));
    expect(await stockOf(shirt.id)).toEqual({ M: 5 });
    expect((await first(db().select().from(orders).where(eq(orders.id, order.id))))!.stockReturnedAt).not.toBeNull();
  });
});

describe("the seller's sizes and counts", () => {
  const fields = { name: "Linen Shirt", category: "Men", price: "49.99", offerPrice: "39.99" };

  it("adds a product with sizes and counts (a count left empty is not counted), or with one count", async () => {
    const photo = { fieldName: "images", fileName: "a.png", bytes: await imageBytes() };
    const sized = await addProduct(
      {
        ...fields,
        sizes: [
          { size: " S ", stock: "4" },
          { size: "", stock: "" },
          { size: "M", stock: "" },
          { size: "L", stock: 0 },
        ],
      },
      [photo],
    );
    expect(await stockOf(sized)).toEqual({ S: 4, M: null, L: 0 });
    const single = await addProduct({ ...fields, sizes: [], stock: "12" }, [photo]);
    expect(await stockOf(single)).toEqual({ "": 12 });
  });

  it("refuses counts that are not whole numbers from 0 to 100,000, and unusable sizes, each with a message", async () => {
    const photo = { fieldName: "images", fileName: "a.png", bytes: await imageBytes() };
    const count = "Counts are whole numbers from 0 to 100,000 (leave it empty if you do not count it).";
    const before = (await db().select().from(products)).length;
    for (const [input, errors] of [
      [{ stock: "-1" }, { stock: count }],
      [{ stock: "1.5" }, { stock: count }],
      [{ stock: "100001" }, { stock: count }],
      [{ stock: "ten" }, { stock: count }],
      [{ sizes: [{ size: "M", stock: 100_001 }] }, { "sizes[0].stock": count }],
      [{ sizes: [{ size: "", stock: "3" }] }, { "sizes[0].size": "Enter the size name, e.g. M." }],
      [
        {
          sizes: [
            { size: "M", stock: "1" },
            { size: "m", stock: "2" },
          ],
        },
        { "sizes[1].size": "m is listed twice." },
      ],
      [
        { sizes: [{ size: "x".repeat(31), stock: "1" }] },
        { "sizes[0].size": "A size name can be at most 30 characters." },
      ],
    ] as const) {
      const refused = await refusalOf(addProduct({ ...fields, ...input }, [photo]));
      expect(refused.fieldErrors, JSON.stringify(input)).toEqual(errors);
    }
    expect(await db().select().from(products)).toHaveLength(before);
  });

  it("an edit writes only the counts the seller changed, applied to the count as it is now", async () => {
    const photo = { fieldName: "images", fileName: "a.png", bytes: await imageBytes() };
    const id = await addProduct(
      {
        ...fields,
        sizes: [
          { size: "S", stock: "5" },
          { size: "M", stock: "5" },
          { size: "L", stock: "5" },
        ],
      },
      [photo],
    );
    // Two M and one S sold while the form was open (it showed 5 for each).
    const sell = (size: string, units: number) =>
      db()
        .update(productSizes)
        .set({ stock: sql`${productSizes.stock} - ${units}` })
        .where(and(eq(productSizes.productId, id), eq(productSizes.size, size)));
    await sell("M", 2);
    await sell("S", 1);
    await updateProduct(
      id,
      {
        ...fields,
        sizes: [
          // Left as shown: the sale stays.
          { size: "S", stock: "5", was: "5" },
          // 5 → 12 (seven arrived): 3 + 7.
          { size: "M", stock: "12", was: "5" },
          // Taken out; XL is new.
          { size: "XL", stock: "", was: undefined },
        ],
      },
      { replace: new Map(), remove: new Set() },
    );
    expect(await stockOf(id)).toEqual({ S: 4, M: 10, XL: null });
    // Back to no sizes: one count.
    await updateProduct(id, { ...fields, sizes: [], stock: "7" }, { replace: new Map(), remove: new Set() });
    expect(await stockOf(id)).toEqual({ "": 7 });
  });

  it("without JavaScript the row buttons send the form back with the rows changed, storing nothing", async () => {
    const cookie = await sellerCookie();
    const before = (await db().select().from(products)).length;
    const post = async (parts: [string, string][]) => {
      // As the page's JavaScript posts it (its .data address), whose answer is the form sent back.
      const response = await site.app.fetch(multipartRequest(dataPath("/seller?index"), parts, { cookie }));
      expect(response.status).toBe(200);
      const reply = await readReply(response);
      expect([reply.formError, reply.fieldErrors]).toEqual([null, {}]);
      return reply.values as { name?: string; sizes?: { size?: string; stock?: string }[] };
    };
    const typed: [string, string][] = [
      ["name", "Linen Shirt"],
      ["sizes[0].size", "m"],
      ["sizes[0].stock", "7"],
    ];
    const preset = await post([...typed, ["sizeAction", "preset-clothing"]]);
    expect(preset.name).toBe("Linen Shirt");
    // The preset's sizes; the M typed keeps its count.
    expect(preset.sizes?.map((row) => [row.size, row.stock ?? ""])).toEqual([
      ["XS", ""],
      ["S", ""],
      ["M", "7"],
      ["L", ""],
      ["XL", ""],
      ["XXL", ""],
    ]);
    expect((await post([...typed, ["sizeAction", "add"]])).sizes).toHaveLength(2);
    expect((await post([...typed, ["sizeAction", "remove-0"]])).sizes ?? []).toHaveLength(0);
    expect((await post([...typed, ["sizeAction", "preset-free"]])).sizes ?? []).toHaveLength(0);
    expect((await post([...typed, ["sizeAction", "nonsense"]])).sizes).toHaveLength(1);
    expect(await db().select().from(products)).toHaveLength(before);
  });

  it("the edit form shows each count with the count it showed, and a product without sizes its one count", async () => {
    const cookie = await sellerCookie();
    const sized = await linenShirt([
      ["S", 3],
      ["M", null],
    ]);
    const plain = await createProduct({ name: "Scarf" }, { stock: 4 });
    const values = async (id: string) =>
      (
        (await routeData(site.client(cookie), `/seller/products/${id}`, "routes/seller/edit-product")).data as {
          values: unknown;
        }
      ).values;
    expect(await values(sized.id)).toMatchObject({
      sizes: [
        { size: "S", stock: "3", was: "3" },
        { size: "M", stock: "", was: "" },
      ],
    });
    expect(await values(plain.id)).toMatchObject({ sizes: [], stock: "4", stockWas: "4" });
  });

  it("the product list shows units left, filters the low ones, and changes counts in place", async () => {
    const low = await linenShirt([
      ["S", 2],
      ["M", 40],
    ]);
    const plenty = await createProduct({ name: "Plenty Tee" }, { sizes: [["M", 40]] });
    const uncounted = await createProduct({ name: "Uncounted Tee" });
    const cookie = await sellerCookie();
    const list = async (path: string) =>
      ((await routeData(site.client(cookie), path, "routes/seller/product-list")).data as { products: unknown })
        .products as {
        id: string;
        unitsLeft: string;
        low: boolean;
      }[];
    const all = await list("/seller/product-list");
    const row = (id: string) => all.find((p) => p.id === id)!;
    expect([row(low.id).unitsLeft, row(low.id).low]).toEqual(["42 left", true]);
    expect([row(plenty.id).unitsLeft, row(plenty.id).low]).toEqual(["40 left", false]);
    expect([row(uncounted.id).unitsLeft, row(uncounted.id).low]).toEqual(["Not counted", false]);
    const lowOnly = (await list("/seller/product-list?stock=low")).map((p) => p.id);
    expect(lowOnly).toContain(low.id);
    expect(lowOnly).not.toContain(plenty.id);
    expect((await listSellerProducts({ onlyLowStock: true })).rows.every((p) => p.removedAt === null)).toBe(true);

    // As a browser without JavaScript posts it, or (javascript: true) as the page's JavaScript does, whose
    // answer carries the refusal the form shows.
    const post = (form: Record<string, string | string[]>, javascript = false) =>
      site.app.fetch(
        formRequest(javascript ? dataPath("/seller/product-list") : "/seller/product-list", form, { cookie }),
      );
    const saved = await post({
      intent: "counts",
      id: low.id,
      size: ["S", "M"],
      count: ["20", "40"],
      was: ["2", "40"],
      list: "low",
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe(`/seller/product-list?stock=low#product-${low.id}`);
    expect(await toastsFrom(saved)).toEqual([`success: Counts Updated: ${low.name}`]);
    expect(await stockOf(low.id)).toEqual({ S: 20, M: 40 });
    const bad = await post(
      { intent: "counts", id: low.id, size: ["S", "M"], count: ["-3", "40"], was: ["20", "40"] },
      true,
    );
    expect(bad.status).toBe(400);
    expect((await readReply(bad)).formError).toMatch(/^Counts are whole numbers from 0 to 100,000/);
    const gone = await post({ intent: "counts", id: low.id, size: ["XL"], count: ["3"], was: [""] });
    expect(gone.status).toBe(409);
    expect(await stockOf(low.id)).toEqual({ S: 20, M: 40 });
  });
});

describe("the /api with sizes", () => {
  it("order items take an optional size; a size that is not a label as stored is refused (400), nothing stored", async () => {
    const shirt = await linenShirt([["M", 5]]);
    const { user, address } = await createShopperWithAddress();
    const order = (size: unknown) =>
      placeCartOrder({
        shopperId: user.id,
        paymentType: "COD",
        addressId: address.id,
        requestKey: null,
        items: [{ productId: shirt.id, size, quantity: 1 }],
        origin: "http://localhost",
      });
    for (const size of [5, {}, ["M"], "x".repeat(5000), " M", "M\n"]) {
      expect(await refusalOf(order(size)), JSON.stringify(size)).toMatchObject({
        status: 400,
        message: "Invalid size.",
      });
    }
    expect(await stockOf(shirt.id)).toEqual({ M: 5 });
    expect((await order("M")) as { created: boolean }).toMatchObject({ paymentType: "COD", created: true });
    expect(await stockOf(shirt.id)).toEqual({ M: 4 });
  });

  it("/api cart: cartItems holds product ids only, cartLines every line; both list only products on sale", async () => {
    const shirt = await linenShirt([
      ["S", 3],
      ["M", 3],
    ]);
    const scarf = await createProduct({ name: "Scarf" });
    const retired = await createProduct({ name: "Retired" });
    const user = await createUser();
    const cookie = await signedInCookie(user.id);
    await updateSavedCartFromApi(user.id, {
      cartLines: [
        { product: shirt.id, size: "M", quantity: 2 },
        { product: scarf.id, quantity: 1 },
        { product: retired.id, size: null, quantity: 1 },
      ],
    });
    await db().update(products).set({ removedAt: Date.now() }).where(eq(products.id, retired.id));
    const isAuth = async () =>
      (await site.client(cookie).get("/api/user/is-auth")).json!.user as {
        cartItems: Record<string, number>;
        cartLines: unknown[];
      };
    const shown = await isAuth();
    // A spec client maps every cartItems key to a product of /api/product/list: no "<id>:M" key.
    expect(shown.cartItems).toEqual({ [scarf.id]: 1 });
    expect(shown.cartLines).toHaveLength(2);
    expect(shown.cartLines).toEqual(
      expect.arrayContaining([
        { product: shirt.id, size: "M", quantity: 2 },
        { product: scarf.id, quantity: 1 },
      ]),
    );
    const saved = async () => Object.fromEntries(await readSavedCart(user.id));
    // The spec's update replaces the lines without a size only: the sized line (and the removed product's) stay.
    await replaceSavedCart(user.id, { [scarf.id]: 4 });
    expect(await saved()).toEqual({ [retired.id]: 1, [`${shirt.id}:M`]: 2, [scarf.id]: 4 });
    await updateSavedCartFromApi(user.id, { cartItems: {} });
    expect(await saved()).toEqual({ [retired.id]: 1, [`${shirt.id}:M`]: 2 });
    // cartLines replaces every line of a product on sale.
    await updateSavedCartFromApi(user.id, {
      cartLines: [
        { product: shirt.id, size: "S", quantity: 1 },
        { product: scarf.id, size: "", quantity: 4 },
      ],
    });
    expect(await saved()).toEqual({ [retired.id]: 1, [`${shirt.id}:S`]: 1, [scarf.id]: 4 });
    // A new line needs a size the product has; nothing is stored when anything is wrong.
    const line = (size: unknown, product = shirt.id) => ({ cartLines: [{ product, size, quantity: 1 }] });
    for (const [body, message] of [
      [{ cartItems: { [shirt.id]: 1 } }, "Please select a size for Linen Shirt"],
      [
        { cartItems: { [`${shirt.id}:M`]: 1 } },
        "cartItems keys are product ids; send a line with a size in cartLines: [{product, size, quantity}].",
      ],
      [line(undefined), "Please select a size for Linen Shirt"],
      [line("XL"), "Linen Shirt has no size XL."],
      [line("M", scarf.id), "Scarf has no sizes."],
      [line("\u0007"), "cartLines[0]: invalid size."],
      [line(5), "cartLines[0]: invalid size."],
      [
        { cartLines: [{ product: shirt.id, size: "M", quantity: 100 }] },
        "cartLines[0]: Quantity must be a whole number from 1 to 99.",
      ],
      [
        { cartItems: {}, cartLines: [] },
        "Send either cartItems (product id → quantity) or cartLines ([{product, size, quantity}]), not both.",
      ],
    ] as const) {
      expect((await refusalOf(updateSavedCartFromApi(user.id, body))).message, JSON.stringify(body)).toBe(message);
    }
    expect(await saved()).toEqual({ [retired.id]: 1, [`${shirt.id}:S`]: 1, [scarf.id]: 4 });
  });
});

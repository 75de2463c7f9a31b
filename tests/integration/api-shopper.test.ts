import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, first as firstRow } from "#app/lib/db.server.ts";
import { readSavedCart } from "#app/modules/cart/index.server.ts";
import { addresses, cartItems, orders, users } from "#db/tables.ts";
import { TEST_ADDRESS } from "../helpers/address.ts";
import { appForFile } from "../helpers/app.ts";
import { createProduct } from "../helpers/factories.ts";
import { cookiesFrom, getRequest, jsonRequest } from "../helpers/requests.ts";
import { createAddress, createUser, signedInCookie, TEST_PASSWORD } from "../helpers/shopper.ts";

const site = appForFile();

function email() {
  return `api-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

describe("/api/user", () => {
  it("register, is-auth, logout and login share the session cookie", async () => {
    const mail = email();
    const registered = await site.app.fetch(
      jsonRequest("/api/user/register", { name: "Api Shopper", email: mail, password: "secret-pass" }),
    );
    expect(registered.status).toBe(201);
    const body = await registered.json();
    expect(body).toMatchObject({
      success: true,
      message: "Account created successfully",
      user: { name: "Api Shopper", email: mail, cartItems: {} },
    });
    expect(body.user._id).toMatch(/^[0-9a-z]{20}$/);
    expect(body.user).not.toHaveProperty("passwordHash");
    const cookie = cookiesFrom(registered);

    const auth = await site.app.fetch(getRequest("/api/user/is-auth", { cookie }));
    expect(await auth.json()).toEqual({
      success: true,
      user: { _id: body.user._id, name: "Api Shopper", email: mail, cartItems: {}, cartLines: [] },
    });

    const out = await site.app.fetch(getRequest("/api/user/logout", { cookie }));
    expect(await out.json()).toEqual({ success: true, message: "Logged out successfully" });
    const after = await site.app.fetch(getRequest("/api/user/is-auth", { cookie }));
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ success: false, message: "Not Authorized" });

    const back = await site.app.fetch(
      jsonRequest("/api/user/login", { email: mail.toUpperCase(), password: "secret-pass" }),
    );
    expect(back.status).toBe(200);
    expect(await back.json()).toMatchObject({ success: true, message: "Logged in successfully" });
    expect(cookiesFrom(back)).toMatch(/__session=/);
  });

  it("refuses bad logins and registrations with {success:false, message} and a 4xx", async () => {
    const user = await createUser();
    const cases: [string, unknown, number, string][] = [
      ["/api/user/login", { email: user.email, password: "nope-nope" }, 401, "Invalid email or password"],
      ["/api/user/login", { email: user.email, password: 12345678 }, 400, "Invalid credentials"],
      ["/api/user/login", { email: "", password: "x" }, 400, "Please enter your email."],
      ["/api/user/register", { name: "X", email: user.email, password: "longenough" }, 409, ""],
      [
        "/api/user/register",
        { name: "X", email: email(), password: "short" },
        400,
        "Password must be at least 8 characters long.",
      ],
      ["/api/user/register", { email: email(), password: "longenough" }, 400, "Please enter your name."],
      ["/api/user/login", "{not json", 400, "The request body is not valid JSON."],
      ["/api/user/login", [1, 2], 400, "The request body must be a JSON object."],
    ];
    for (const [path, json, status, message] of cases) {
      const response = await site.app.fetch(jsonRequest(path, json));
      expect(response.status, JSON.stringify(json)).toBe(status);
      const body = await response.json();
      expect(body.success).toBe(false);
      if (message) expect(body.message).toBe(message);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    // A form post (what another site could make a browser send) is not read.
    const form = new Request("http://localhost/api/user/login", {
      method: "POST",
      body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
      headers: { "Content-Type": "text/plain" },
    });
    const refused = await site.app.fetch(form);
    expect(refused.status).toBe(415);
  });
});

describe("/api/cart/update", () => {
  it("replaces the saved cart, and is shown by is-auth", async () => {
    const user = await createUser();
    const cookie = await signedInCookie(user.id);
    const a = await createProduct();
    const b = await createProduct();
    const response = await site.app.fetch(
      jsonRequest("/api/cart/update", { cartItems: { [a.id]: 3, [b.id]: 1 } }, { cookie }),
    );
    expect(await response.json()).toEqual({ success: true, message: "Cart Updated" });
    const auth = await (await site.app.fetch(getRequest("/api/user/is-auth", { cookie }))).json();
    expect(auth.user.cartItems).toEqual({ [a.id]: 3, [b.id]: 1 });
  });

  it("a spec-shaped update (cartItems) never drops the sized lines it cannot see; cartLines replaces them", async () => {
    const user = await createUser();
    const cookie = await signedInCookie(user.id);
    const shirt = await createProduct(
      { name: "Linen Shirt" },
      {
        sizes: [
          ["S", 5],
          ["M", 5],
        ],
      },
    );
    const scarf = await createProduct({ name: "Scarf" });
    // A sized line from the web store, and a line without a size of the same product saved before it had sizes.
    await db().insert(cartItems).values({ userId: user.id, productId: shirt.id, size: "M", quantity: 2 });
    await db().insert(cartItems).values({ userId: user.id, productId: shirt.id, size: "", quantity: 1 });
    const update = async (body: unknown) => site.app.fetch(jsonRequest("/api/cart/update", body, { cookie }));
    const shown = async () => (await (await site.app.fetch(getRequest("/api/user/is-auth", { cookie }))).json()).user;
    const saved = async () => Object.fromEntries(await readSavedCart(user.id));

    expect((await shown()).cartItems).toEqual({ [shirt.id]: 1 });
    // The spec client sends back what it sees, plus the scarf: the sized line stays.
    expect((await update({ cartItems: { [shirt.id]: 1, [scarf.id]: 3 } })).status).toBe(200);
    expect(await saved()).toEqual({ [`${shirt.id}:M`]: 2, [shirt.id]: 1, [scarf.id]: 3 });
    // It removes the shirt's key: only the line without a size goes, not the shirt's sized line.
    expect((await update({ cartItems: { [scarf.id]: 3 } })).status).toBe(200);
    expect(await saved()).toEqual({ [`${shirt.id}:M`]: 2, [scarf.id]: 3 });
    // It empties its cart: the sized line it never saw is still there.
    expect((await update({ cartItems: {} })).status).toBe(200);
    expect(await saved()).toEqual({ [`${shirt.id}:M`]: 2 });
    const after = await shown();
    expect(after.cartItems).toEqual({});
    expect(after.cartLines).toEqual([{ product: shirt.id, size: "M", quantity: 2 }]);

    // A size-aware client sends cartLines: the whole cart.
    const lines = [
      { product: shirt.id, size: "S", quantity: 1 },
      { product: scarf.id, quantity: 2 },
    ];
    const answer = await update({ cartLines: lines });
    expect(await answer.json()).toEqual({ success: true, message: "Cart Updated" });
    expect(await saved()).toEqual({ [`${shirt.id}:S`]: 1, [scarf.id]: 2 });
    const roundTrip = await shown();
    expect(roundTrip.cartItems).toEqual({ [scarf.id]: 2 });
    expect(roundTrip.cartLines).toHaveLength(2);
    expect(roundTrip.cartLines).toEqual(expect.arrayContaining(lines));
  });

  it("an update keeps the lines in the order they were added: a line sent again keeps its place, a new one goes last", async () => {
    const user = await createUser();
    const cookie = await signedInCookie(user.id);
    const tee = await createProduct({ name: "Tee" });
    const shirt = await createProduct({ name: "Linen Shirt" }, { sizes: [["M", 5]] });
    const scarf = await createProduct({ name: "Scarf" });
    const cap = await createProduct({ name: "Cap" });
    // Added one after another: the tee, the shirt in M (a sized line), the scarf.
    for (const line of [
      { productId: tee.id, size: "", quantity: 1 },
      { productId: shirt.id, size: "M", quantity: 2 },
      { productId: scarf.id, size: "", quantity: 1 },
    ]) {
      await db()
        .insert(cartItems)
        .values({ userId: user.id, ...line });
    }
    const update = async (body: unknown) =>
      (await site.app.fetch(jsonRequest("/api/cart/update", body, { cookie }))).status;
    const lines = async () => (await (await site.app.fetch(getRequest("/api/user/is-auth", { cookie }))).json()).user;
    const inOrder = [
      { product: tee.id, quantity: 1 },
      { product: shirt.id, size: "M", quantity: 2 },
      { product: scarf.id, quantity: 1 },
    ];
    expect((await lines()).cartLines).toEqual(inOrder);
    // The spec's client saves what it sees, unchanged: nothing moves.
    expect(await update({ cartItems: { [tee.id]: 1, [scarf.id]: 1 } })).toBe(200);
    expect((await lines()).cartLines).toEqual(inOrder);
    // A quantity changed keeps its line's place; a new product goes last.
    expect(await update({ cartItems: { [scarf.id]: 1, [tee.id]: 4, [cap.id]: 1 } })).toBe(200);
    expect((await lines()).cartLines).toEqual([
      { product: tee.id, quantity: 4 },
      { product: shirt.id, size: "M", quantity: 2 },
      { product: scarf.id, quantity: 1 },
      { product: cap.id, quantity: 1 },
    ]);
    // A size-aware client sending the lines back in another order does not reorder them either.
    const now = (await lines()).cartLines;
    expect(await update({ cartLines: [...now].reverse() })).toBe(200);
    expect((await lines()).cartLines).toEqual(now);
  });

  it("validates every id and quantity and stores nothing invalid; 401 for a visitor", async () => {
    const user = await createUser();
    const cookie = await signedInCookie(user.id);
    const a = await createProduct();
    for (const cartItems of [{ [a.id]: 0 }, { [a.id]: 1.5 }, { "x y": 1 }, { unknownproduct: 1 }, "nope", null]) {
      const response = await site.app.fetch(jsonRequest("/api/cart/update", { cartItems }, { cookie }));
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect((await response.json()).success).toBe(false);
    }
    expect((await readSavedCart(user.id)).size).toBe(0);
    const visitor = await site.app.fetch(jsonRequest("/api/cart/update", { cartItems: {} }));
    expect(visitor.status).toBe(401);
  });
});

describe("/api/address", () => {
  it("adds and lists the shopper's own addresses", async () => {
    const user = await createUser();
    const other = await createUser();
    await createAddress(other.id);
    const cookie = await signedInCookie(user.id);
    const added = await site.app.fetch(jsonRequest("/api/address/add", { address: TEST_ADDRESS }, { cookie }));
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ success: true, message: "Address added successfully" });
    const listed = await (await site.app.fetch(getRequest("/api/address/get", { cookie }))).json();
    expect(listed.success).toBe(true);
    expect(listed.addresses).toHaveLength(1);
    expect(listed.addresses[0]).toMatchObject({ ...TEST_ADDRESS, userId: user.id });
    expect(listed.addresses[0]._id).toMatch(/^[0-9a-z]{20}$/);
  });

  it("refuses an unusable address with its field errors; 401 for a visitor", async () => {
    const user = await createUser();
    const cookie = await signedInCookie(user.id);
    const bad = await site.app.fetch(
      jsonRequest("/api/address/add", { address: { ...TEST_ADDRESS, city: "" } }, { cookie }),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      success: false,
      message: "Please enter the city.",
      errors: { city: "Please enter the city." },
    });
    const missing = await site.app.fetch(jsonRequest("/api/address/add", {}, { cookie }));
    expect(await missing.json()).toMatchObject({ success: false, message: "Please send an address." });
    expect((await site.app.fetch(getRequest("/api/address/get"))).status).toBe(401);
    expect((await site.app.fetch(jsonRequest("/api/address/add", { address: TEST_ADDRESS }))).status).toBe(401);
  });
});

describe("/api/order", () => {
  it("places a COD order for the signed-in shopper, ignoring a userId and prices in the body", async () => {
    const user = await createUser();
    const victim = await createUser();
    const cookie = await signedInCookie(user.id);
    const own = await createAddress(user.id);
    const product = await createProduct({ name: "Wool Scarf", category: "Winter", offerPriceCents: 1500 });
    const response = await site.app.fetch(
      jsonRequest(
        "/api/order/cod",
        {
          userId: victim.id,
          items: [{ product: product.id, quantity: 2, offerPrice: 0.01 }],
          address: own.id,
          amount: 0.01,
        },
        { cookie },
      ),
    );
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ success: true, message: "Order Placed Successfully" });
    expect(await db().select().from(orders).where(eq(orders.userId, victim.id))).toEqual([]);

    const listed = await (await site.app.fetch(getRequest("/api/order/user", { cookie }))).json();
    expect(listed.success).toBe(true);
    expect(listed.orders).toHaveLength(1);
    expect(listed.orders[0]).toMatchObject({
      _id: body.orderId,
      paymentType: "COD",
      amount: 30.6,
      status: "Order Placed",
      isPaid: false,
      address: { firstName: "Asha", city: "Pune" },
      items: [
        {
          product: { _id: product.id, name: "Wool Scarf", category: "Winter", offerPrice: 15 },
          quantity: 2,
          amount: 30,
        },
      ],
    });
    // The spec's Order shape: address (the Address's fields, from _id), kept when the address is deleted later.
    expect(listed.orders[0].address._id).toBe(own.id);
    await db().delete(addresses).where(eq(addresses.id, own.id));
    const later = await (await site.app.fetch(getRequest("/api/order/user", { cookie }))).json();
    expect(later.orders[0].address).toMatchObject({ _id: own.id, firstName: "Asha", city: "Pune" });
    expect(later.orders[0].address).not.toHaveProperty("id");
    // Nobody else's orders show up.
    const victimCookie = await signedInCookie(victim.id);
    const theirs = await (await site.app.fetch(getRequest("/api/order/user", { cookie: victimCookie }))).json();
    expect(theirs.orders).toEqual([]);
  });

  it("refuses another shopper's address, bad items and visitors, and dedupes an Idempotency-Key", async () => {
    const user = await createUser();
    const other = await createUser();
    const cookie = await signedInCookie(user.id);
    const own = await createAddress(user.id);
    const foreign = await createAddress(other.id);
    const product = await createProduct();
    const soldOut = await createProduct({ inStock: false });
    const send = (json: unknown, headers: Record<string, string> = {}) => {
      const request = jsonRequest("/api/order/cod", json, { cookie });
      for (const [k, v] of Object.entries(headers)) request.headers.set(k, v);
      return site.app.fetch(request);
    };
    const cases: [unknown, number, string][] = [
      [{ items: [{ product: product.id, quantity: 1 }], address: foreign.id }, 400, "Please select an address"],
      [{ items: [{ product: product.id, quantity: 1 }] }, 400, "Please select an address"],
      [{ items: [{ product: soldOut.id, quantity: 1 }], address: own.id }, 409, `${soldOut.name} is out of stock.`],
      [{ items: [{ product: product.id, quantity: -2 }], address: own.id }, 400, ""],
      [{ items: [{ product: product.id, quantity: "2" }], address: own.id }, 400, ""],
      [{ items: "all of them", address: own.id }, 400, "The order items must be a list."],
      [{ items: [], address: own.id }, 400, "Your cart is empty."],
    ];
    for (const [json, status, message] of cases) {
      const response = await send(json);
      expect(response.status, JSON.stringify(json)).toBe(status);
      const body = await response.json();
      expect(body.success).toBe(false);
      if (message) expect(body.message).toBe(message);
    }
    expect(await db().select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);

    const good = { items: [{ product: product.id, quantity: 1 }], address: own.id };
    const first = await send(good, { "Idempotency-Key": "retry-key-0001" });
    const retry = await send(good, { "Idempotency-Key": "retry-key-0001" });
    expect([first.status, retry.status]).toEqual([201, 200]);
    expect((await retry.json()).orderId).toBe((await first.json()).orderId);
    expect(await db().select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);

    const visitor = await site.app.fetch(jsonRequest("/api/order/cod", good));
    expect(visitor.status).toBe(401);
    expect((await site.app.fetch(getRequest("/api/order/user"))).status).toBe(401);
    expect(await firstRow(db().select().from(users).where(eq(users.id, user.id)))).toBeDefined();
  });
});

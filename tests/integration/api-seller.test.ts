// The seller's /api calls in the spec's shapes, and who may call what (visitor, shopper, seller).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, first } from "#app/lib/db.server.ts";
import { getSeller } from "#app/modules/identity/index.server.ts";
import { placeOrder } from "#app/modules/orders/index.server.ts";
import { products, sessions } from "#db/tables.ts";
import { appForFile } from "../helpers/app.ts";
import { createProduct } from "../helpers/factories.ts";
import { cookiesFrom, getRequest, jsonRequest } from "../helpers/requests.ts";
import { createTestSeller, SELLER_PASSWORD, sellerCookie } from "../helpers/sellers.ts";
import { createShopperWithAddress, createUser, signedInCookie } from "../helpers/shopper.ts";

const site = appForFile();

/** Sends the request through the store's handler, as an /api client's request arrives. */
const call = (request: Request) => site.app.fetch(request);

describe("POST /api/seller/login, GET /api/seller/is-auth, GET /api/seller/logout", () => {
  it("logs in, is recognised, and logs out", async () => {
    const seller = await createTestSeller("api@shop.example");
    const login = await call(
      jsonRequest("/api/seller/login", { email: "API@shop.example", password: SELLER_PASSWORD }),
    );
    expect(login.status).toBe(200);
    expect(await login.json()).toEqual({ success: true, message: "Login successful!" });
    const cookie = cookiesFrom(login);
    expect(await getSeller(getRequest("/", { cookie }))).toEqual(seller);

    const auth = await call(getRequest("/api/seller/is-auth", { cookie }));
    expect(auth.status).toBe(200);
    expect(await auth.json()).toEqual({ success: true });

    const logout = await call(getRequest("/api/seller/logout", { cookie }));
    expect(await logout.json()).toEqual({ success: true, message: "Logged out" });
    expect(await db().select().from(sessions).where(eq(sessions.sellerId, seller.id))).toEqual([]);
    const after = await call(getRequest("/api/seller/is-auth", { cookie }));
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ success: false, message: "Not authorized" });
  });

  it("refuses wrong credentials, missing fields and broken JSON with {success:false, message}", async () => {
    await createTestSeller("refuse@shop.example");
    const cases: [unknown, number, string, string?][] = [
      [{ email: "refuse@shop.example", password: "wrong password" }, 401, "Invalid credentials"],
      [{ email: "nobody@shop.example", password: SELLER_PASSWORD }, 401, "Invalid credentials"],
      [{ email: "refuse@shop.example" }, 400, "Password is required.", "password"],
      [{ email: 42, password: SELLER_PASSWORD }, 400, "Email is required.", "email"],
      ["{broken", 400, "The request body is not valid JSON."],
    ];
    for (const [body, status, message, field] of cases) {
      const response = await call(jsonRequest("/api/seller/login", body));
      expect(response.status, message).toBe(status);
      // A refusal about a field names it.
      const errors = field ? { errors: { [field]: message } } : {};
      expect(await response.json()).toEqual({ success: false, message, ...errors });
      expect(response.headers.get("Set-Cookie")).toBeNull();
    }
  });

  it("does not take a shopper's session for a seller's", async () => {
    const shopper = await createUser();
    const response = await call(getRequest("/api/seller/is-auth", { cookie: await signedInCookie(shopper.id) }));
    expect(response.status).toBe(401);
  });
});

describe("POST /api/product/stock", () => {
  it("sets stock for a seller", async () => {
    const product = await createProduct({ inStock: true });
    const cookie = await sellerCookie();
    const response = await call(jsonRequest("/api/product/stock", { id: product.id, inStock: false }, { cookie }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: "Stock Updated" });
    expect((await first(db().select().from(products).where(eq(products.id, product.id))))!.inStock).toBe(false);
  });

  it("refuses bad bodies and unknown products", async () => {
    const product = await createProduct();
    const cookie = await sellerCookie();
    const cases: [unknown, number][] = [
      [{ id: product.id, inStock: "false" }, 400],
      [{ inStock: true }, 400],
      [{ id: "nosuchproduct", inStock: true }, 404],
      [[], 400],
      ["null", 400],
    ];
    for (const [body, status] of cases) {
      const response = await call(jsonRequest("/api/product/stock", body, { cookie }));
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect((await response.json()).success).toBe(false);
    }
    // What a cross-site HTML form could send (text/plain dressed up as JSON) is not read.
    const formLike = jsonRequest("/api/product/stock", { id: product.id, inStock: false }, { cookie });
    formLike.headers.set("Content-Type", "text/plain");
    expect((await call(formLike)).status).toBe(415);
    expect((await first(db().select().from(products).where(eq(products.id, product.id))))!.inStock).toBe(true);
  });

  it("answers 401 to visitors and shoppers and changes nothing", async () => {
    const product = await createProduct({ inStock: true });
    const shopper = await createUser();
    for (const cookie of [null, await signedInCookie(shopper.id)]) {
      const response = await call(jsonRequest("/api/product/stock", { id: product.id, inStock: false }, { cookie }));
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ success: false, message: "Not authorized" });
    }
    expect((await first(db().select().from(products).where(eq(products.id, product.id))))!.inStock).toBe(true);
  });
});

describe("GET /api/order/seller", () => {
  it("lists the orders with products, address, amount as a decimal and _id", async () => {
    const { user, address } = await createShopperWithAddress();
    const product = await createProduct({ offerPriceCents: 1250, name: "Api Tee" });
    const { order } = await placeOrder({
      userId: user.id,
      addressId: address.id,
      items: [{ productId: product.id, quantity: 3 }],
      paymentType: "COD",
    });
    const response = await call(getRequest("/api/order/seller", { cookie: await sellerCookie() }));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.success).toBe(true);
    const shown = body.orders.find((o: { _id: string }) => o._id === order.id);
    expect(shown).toMatchObject({
      _id: order.id,
      amount: 38.25,
      paymentType: "COD",
      isPaid: false,
      paymentLabel: "Unpaid",
      status: "Order Placed",
      address: { _id: address.id, firstName: "Asha", city: "Pune", zipcode: "411001" },
      items: [{ quantity: 3, name: "Api Tee", product: { _id: product.id, name: "Api Tee", offerPrice: 12.5 } }],
    });
    expect(new Date(shown.createdAt).getTime()).toBe(order.createdAt);
  });

  it("answers 401 to visitors and shoppers", async () => {
    const shopper = await createUser();
    for (const cookie of [null, await signedInCookie(shopper.id)]) {
      const response = await call(getRequest("/api/order/seller", { cookie }));
      expect(response.status).toBe(401);
      const body = await response.json();
      expect(body).toEqual({ success: false, message: "Not authorized" });
      expect(body.orders).toBeUndefined();
    }
  });
});

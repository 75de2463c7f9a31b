// The /api contract as a client written for the spec reads it (docs/api.md): a client that knows only the
// spec's fields runs register, a cart that holds a sized line added on the web store, its cart page, a cash
// order and My Orders against the production build. It reads every answer the way the spec's pages do
// (cart keys looked up in /api/product/list, then offerPrice; an order's items and address) and fails on any
// key or shape it cannot resolve. Fields added beyond the spec are allowed: such a client never reads them.
import { beforeAll, expect, it } from "vitest";
import { type Answer, type Client, json } from "../helpers/app.ts";
import { pngBytes, registerShopper, setUpStore, signIn, unique } from "../helpers/hostile.ts";

const store = setUpStore();

/** A product as the spec's pages read it from GET /api/product/list. */
type SpecProduct = { _id: string; name: string; category: string; offerPrice: number; image: string[] };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The spec's client: the calls of the spec's /api table with only the spec's fields, and what its pages do
 * with the answers. Every problem it meets is written down (`problems`), so one run names them all.
 */
class SpecClient {
  readonly problems: string[] = [];
  products: SpecProduct[] = [];
  cartItems: Record<string, number> = {};
  constructor(readonly http: Client) {}

  private expect(ok: boolean, what: string, answer?: unknown) {
    if (!ok) this.problems.push(`${what}${answer === undefined ? "" : `: ${JSON.stringify(answer).slice(0, 300)}`}`);
    return ok;
  }

  /** The answer's JSON with `success: true`, or a problem. */
  private ok(call: string, a: Answer) {
    this.expect(a.status < 400 && a.json?.success === true, `${call} answered ${a.status}`, a.json ?? a.text);
    return a.json ?? {};
  }

  /** The spec's User: _id, name, email, cartItems (product id → quantity). */
  private readUser(call: string, user: unknown) {
    if (!this.expect(isObject(user), `${call}: no user`, user) || !isObject(user)) return;
    for (const field of ["_id", "name", "email"]) {
      this.expect(typeof user[field] === "string", `${call}: user.${field} is not a string`, user);
    }
    if (!this.expect(isObject(user.cartItems), `${call}: user.cartItems is not a map`, user.cartItems)) return;
    this.cartItems = { ...(user.cartItems as Record<string, number>) };
    this.cartPage(call);
  }

  async loadProducts() {
    const body = this.ok("GET /api/product/list", await this.http.get("/api/product/list"));
    const products = Array.isArray(body.products) ? (body.products as unknown[]) : [];
    this.expect(Array.isArray(body.products), "GET /api/product/list: products is not a list", body.products);
    for (const p of products) {
      const ok =
        isObject(p) &&
        typeof p._id === "string" &&
        typeof p.name === "string" &&
        typeof p.category === "string" &&
        typeof p.offerPrice === "number" &&
        Array.isArray(p.image);
      this.expect(ok, "GET /api/product/list: a product the pages cannot show", p);
    }
    this.products = products.filter(isObject) as SpecProduct[];
  }

  async register(name: string, email: string, password: string) {
    const body = this.ok(
      "POST /api/user/register",
      await this.http.post("/api/user/register", json({ name, email, password })),
    );
    this.readUser("POST /api/user/register", body.user);
  }

  async login(email: string, password: string) {
    const body = this.ok("POST /api/user/login", await this.http.post("/api/user/login", json({ email, password })));
    this.readUser("POST /api/user/login", body.user);
  }

  async fetchUser() {
    this.readUser(
      "GET /api/user/is-auth",
      this.ok("GET /api/user/is-auth", await this.http.get("/api/user/is-auth")).user,
    );
  }

  /** Add to cart as the spec's client does: one more in its map, then the whole map saved. */
  async addToCart(productId: string) {
    this.cartItems[productId] = (this.cartItems[productId] ?? 0) + 1;
    this.ok("POST /api/cart/update", await this.http.post("/api/cart/update", json({ cartItems: this.cartItems })));
  }

  /**
   * The cart page: every key of cartItems is a product id of /api/product/list whose offerPrice it reads.
   * Returns the rows it shows and the total (the spec's client would crash on a key it cannot find).
   */
  cartPage(call = "cart page") {
    const rows = Object.entries(this.cartItems).map(([key, quantity]) => {
      const product = this.products.find((p) => p._id === key);
      this.expect(product !== undefined, `${call}: cartItems key "${key}" is no product of /api/product/list`);
      this.expect(
        Number.isInteger(quantity) && quantity > 0,
        `${call}: cartItems["${key}"] is not a quantity`,
        quantity,
      );
      return { product, quantity, amount: (product?.offerPrice ?? Number.NaN) * quantity };
    });
    return { rows, total: rows.reduce((sum, row) => sum + row.amount, 0) };
  }

  async addAddress(street: string) {
    const address = {
      firstName: "Mira",
      lastName: "Spec",
      email: "mira@example.com",
      street,
      city: "Porto",
      state: "PT",
      zipcode: "4000",
      country: "Portugal",
      phone: "+351 22 000 0000",
    };
    this.ok("POST /api/address/add", await this.http.post("/api/address/add", json({ address })));
  }

  /** The spec's Address: _id, street, city, state, country; the cart page picks the first one. */
  async firstAddressId() {
    const body = this.ok("GET /api/address/get", await this.http.get("/api/address/get"));
    const addresses = Array.isArray(body.addresses) ? (body.addresses as unknown[]) : [];
    for (const a of addresses) {
      const ok = isObject(a) && ["_id", "street", "city", "state", "country"].every((f) => typeof a[f] === "string");
      this.expect(ok, "GET /api/address/get: an address the cart page cannot show", a);
    }
    const first = addresses[0];
    return isObject(first) ? (first._id as string) : "";
  }

  /** Place Order (COD): the spec's body, userId, items [product, quantity] from cartItems, address id. */
  async placeCodOrder(userId: string, addressId: string) {
    const items = Object.entries(this.cartItems).map(([product, quantity]) => ({ product, quantity }));
    const a = await this.http.post("/api/order/cod", json({ userId, items, address: addressId }));
    const body = this.ok("POST /api/order/cod", a);
    this.expect(typeof body.message === "string", "POST /api/order/cod: no message", body);
    this.cartItems = {};
    this.ok("POST /api/cart/update", await this.http.post("/api/cart/update", json({ cartItems: {} })));
  }

  /** My Orders: each order's items (product name, category, image, quantity, offerPrice) and its address. */
  async myOrders() {
    const body = this.ok("GET /api/order/user", await this.http.get("/api/order/user"));
    const orders = Array.isArray(body.orders) ? (body.orders as unknown[]) : [];
    this.expect(Array.isArray(body.orders), "GET /api/order/user: orders is not a list", body.orders);
    for (const order of orders) this.readOrder("GET /api/order/user", order);
    return orders.filter(isObject);
  }

  /** The spec's Order: _id, paymentType, amount, status, createdAt, items [product, quantity], address. */
  readOrder(call: string, order: unknown) {
    if (!this.expect(isObject(order), `${call}: an order is not an object`, order) || !isObject(order)) return;
    const ok =
      typeof order._id === "string" &&
      typeof order.paymentType === "string" &&
      typeof order.amount === "number" &&
      typeof order.status === "string" &&
      !Number.isNaN(new Date(order.createdAt as string).getTime()) &&
      Array.isArray(order.items);
    this.expect(ok, `${call}: an order the page cannot show`, order);
    for (const item of Array.isArray(order.items) ? order.items : []) {
      const product = isObject(item) ? item.product : undefined;
      const shown =
        isObject(item) &&
        Number.isInteger(item.quantity) &&
        isObject(product) &&
        typeof product.name === "string" &&
        typeof product.category === "string" &&
        Array.isArray(product.image) &&
        typeof product.offerPrice === "number";
      this.expect(shown, `${call}: an order item the page cannot show`, item);
    }
    const address = order.address;
    const fields = ["_id", "firstName", "lastName", "street", "city", "state", "zipcode", "country", "phone"];
    this.expect(
      isObject(address) && fields.every((f) => typeof address[f] === "string"),
      `${call}: an order address without the Address's fields (from _id)`,
      address,
    );
  }
}

let sized: { id: string; name: string };
let plain: { id: string; name: string };

/** A product added by the seller through POST /api/product/add; sizes are optional. */
async function addProduct(seller: Client, name: string, sizes?: { size: string; stock: number }[]) {
  const added = await seller.post("/api/product/add", {
    multipart: {
      productData: JSON.stringify({
        name,
        description: ["For the /api contract test"],
        category: "Men",
        price: 50,
        offerPrice: 30,
        ...(sizes ? { sizes } : {}),
      }),
      images: { name: "p.png", mimeType: "image/png", buffer: await pngBytes() },
    },
  });
  expect(added.status, added.text).toBe(201);
  return { id: (added.json!.product as { _id: string })._id, name };
}

beforeAll(async () => {
  const seller = await signIn(store.app, "seller", store.seller);
  sized = await addProduct(seller, `Contract Linen Shirt ${unique()}`, [
    { size: "S", stock: 5 },
    { size: "M", stock: 5 },
  ]);
  plain = await addProduct(seller, `Contract Scarf ${unique()}`);
});

it("a spec-shaped client: register, a sized line from the web store, cart page, COD order and My Orders", async () => {
  const browser = store.app.client();
  const spec = new SpecClient(browser);
  const email = `contract-${unique()}@example.com`;
  await spec.loadProducts();
  await spec.register("Mira Spec", email, "contract-pass-1");
  expect(spec.cartItems).toEqual({});

  // The same shopper adds the shirt in size M on the web store (the product page's form, no JavaScript).
  const added = await browser.post(`/products/men/${sized.id}`, {
    form: { intent: "add", productId: sized.id, size: "M" },
  });
  expect(added.status, added.text.slice(0, 300)).toBeLessThan(400);

  // Back in the spec's app: the cart page resolves every key, and adding the scarf keeps the shirt.
  await spec.fetchUser();
  expect(spec.problems, "the cart page after the web store's sized line").toEqual([]);
  await spec.addToCart(plain.id);
  await spec.fetchUser();
  expect(spec.cartItems).toEqual({ [plain.id]: 1 });
  expect(spec.cartPage().total).toBe(30);
  const lines = (await browser.get("/api/user/is-auth")).json!.user as { cartLines: unknown };
  expect(lines.cartLines, "the web store's sized line survives the spec client's update").toEqual(
    expect.arrayContaining([{ product: sized.id, size: "M", quantity: 1 }]),
  );

  // Login answers the same user shape.
  const again = new SpecClient(store.app.client());
  again.products = spec.products;
  await again.login(email, "contract-pass-1");
  expect(again.cartItems).toEqual({ [plain.id]: 1 });

  // Address, cash order, My Orders.
  await spec.addAddress("12 Rua Nova");
  const addressId = await spec.firstAddressId();
  const userId = ((await browser.get("/api/user/is-auth")).json!.user as { _id: string })._id;
  await spec.placeCodOrder(userId, addressId);
  // The order took the scarf out of the cart; the shirt it never saw is still there for the web store.
  const kept = (await browser.get("/api/user/is-auth")).json!.user as { cartItems: unknown; cartLines: unknown };
  expect(kept).toMatchObject({ cartItems: {}, cartLines: [{ product: sized.id, size: "M", quantity: 1 }] });
  const orders = await spec.myOrders();
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({
    paymentType: "COD",
    items: [{ product: { _id: plain.id, name: plain.name }, quantity: 1 }],
    address: { _id: addressId, street: "12 Rua Nova" },
  });

  // The seller's orders list shows the same order in the spec's shape.
  const seller = new SpecClient(await signIn(store.app, "seller", store.seller));
  const sellerAnswer = await seller.http.get("/api/order/seller");
  expect(sellerAnswer.status).toBe(200);
  const sellerOrders = sellerAnswer.json!.orders as { _id: string }[];
  const mine = sellerOrders.find((o) => o._id === orders[0]!._id);
  seller.readOrder("GET /api/order/seller", mine);

  expect([...spec.problems, ...again.problems, ...seller.problems], "answers the spec's client cannot resolve").toEqual(
    [],
  );
});

it("a sized line only in the saved cart still leaves every cartItems key resolvable after login", async () => {
  const { client, account } = await registerShopper(store.app, "Sized Only");
  const form = await client.post(`/products/men/${sized.id}`, {
    form: { intent: "add", productId: sized.id, size: "S" },
  });
  expect(form.status, form.text.slice(0, 300)).toBeLessThan(400);
  const spec = new SpecClient(store.app.client());
  await spec.loadProducts();
  await spec.login(account.email, account.password);
  await spec.fetchUser();
  expect(spec.cartItems).toEqual({});
  expect(spec.problems).toEqual([]);
});

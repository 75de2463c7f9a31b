// The shop settings (/seller/settings) through the production build's request handler, as a browser without
// JavaScript posts them: every place follows a change (pages, titles, JSON-LD, cart, /api, the order, its
// mail, the Stripe sandbox session), a placed order keeps what it was placed with, and a refused form writes
// nothing.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, first } from "#app/lib/db.server.ts";
import { shopNameField } from "#app/modules/setup/shared/setup-schema.ts";
import { catalogueVersion, mailOutbox, orders, shopSettings } from "#db/tables.ts";
import { type App, type Client, json, routeData, startApp } from "../helpers/app.ts";
import {
  addAddress,
  addProduct,
  createSellerAccount,
  decodeHtml,
  pngBytes,
  registerShopper,
  signIn,
} from "../helpers/hostile.ts";
import { settingsForm } from "../helpers/settings-form.ts";

let app: App;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

async function save(seller: Client, changes: Record<string, string>) {
  return seller.post("/seller/settings", { multipart: settingsForm(changes) });
}

const row = async () => (await first(db().select().from(shopSettings)))!;
const orderRow = async (id: string) => (await first(db().select().from(orders).where(eq(orders.id, id))))!;
/** A page's text as it reads: entities decoded, React's text separators gone. */
const textOf = (html: string) => decodeHtml(html).replaceAll("<!-- -->", "");
const version = async () => (await first(db().select().from(catalogueVersion)))!.version;

describe("shop settings", () => {
  let seller: Client;
  let shopper: Client;
  let address: string;
  let product: { id: string; name: string };
  let olderOrderId: string;
  const productPage = () => `/products/men/${product.id}`;

  beforeAll(async () => {
    seller = await signIn(app, "seller", await createSellerAccount());
    product = await addProduct(seller, "Settings Tee");
    ({ client: shopper } = await registerShopper(app, "Kenji Sato"));
    address = await addAddress(shopper, "2 Order Lane");
    // An order placed under today's settings: $25.00 + 2% tax, free shipping.
    const placed = await shopper.post(
      "/api/order/cod",
      json({ items: [{ product: product.id, quantity: 1 }], address }),
    );
    expect(placed.status, placed.text).toBe(201);
    olderOrderId = String(placed.json!.orderId);
  });

  it("starts unnamed (never the demo's name: decision 0280): Online Shop, 2% tax added on top, free shipping, US dollars", async () => {
    expect(await row()).toMatchObject({
      name: "Online Shop",
      currency: "USD",
      taxRateBasisPoints: 200,
      taxIncluded: false,
      shippingFlatCents: 0,
      freeShippingFromCents: null,
    });
    expect(await orderRow(olderOrderId)).toMatchObject({
      currency: "USD",
      taxRateBasisPoints: 200,
      taxIncluded: false,
      shippingCents: 0,
      taxCents: 50,
      amountCents: 2550,
    });
    const page = await app.client().get(productPage());
    expect(page.text).toContain("$25.00");
    expect(page.text).toContain("(plus 2% tax, added in the cart)");
  });

  it("refuses a bad form and writes nothing", async () => {
    const before = await row();
    const versionBefore = await version();
    for (const [changes, message] of [
      [{ currency: "XXX" }, "Please choose a currency from the list."],
      [{ taxRate: "abc" }, "The tax rate is a percentage from 0 to 100"],
      [{ taxRate: "101" }, "The tax rate is a percentage from 0 to 100"],
      [{ currency: "JPY", shippingFlat: "1.5" }, "must be a whole number of JPY (it has no decimals)"],
      [{ shippingFlat: "-1" }, "must be an amount in USD with a point before the cents, e.g. 4.90"],
      [{ name: "  " }, "Please enter the shop's name."],
      [{ contactEmail: "not an email" }, "Please enter a valid email address."],
      [{ taxIncluded: "maybe" }, "Please say whether prices include tax."],
      [{ termsPolicy: "x".repeat(20_001) }, "Please keep this under 20,000 characters."],
    ] as const) {
      const answer = await save(seller, changes);
      expect(answer.status, JSON.stringify(changes).slice(0, 80)).toBe(400);
      expect(decodeHtml(answer.text)).toContain(message);
    }
    expect(await row()).toEqual(before);
    expect(await version()).toBe(versionBefore);
    // Only the seller may change them.
    for (const someone of [app.client(), shopper]) {
      const answer = await someone.post("/seller/settings", { multipart: settingsForm({ name: "Hijacked" }) });
      expect(answer.status).toBe(303);
      expect(answer.headers.location).toMatch(/\/seller-login/);
    }
    expect((await row()).name).toBe("Online Shop");
  });

  it("takes a shop name as long as the setup page takes (80 characters), and refuses a longer one on both", async () => {
    const longest = `Marigold ${"x".repeat(71)}`;
    expect(shopNameField.safeParse(longest).success).toBe(true);
    expect(shopNameField.safeParse(`${longest}x`).success).toBe(false);
    expect((await save(seller, { name: longest, mailSenderName: longest })).status).toBe(303);
    expect(await row()).toMatchObject({ name: longest, mailSenderName: longest });
    const over = await save(seller, { name: `${longest}x` });
    expect(over.status).toBe(400);
    expect(decodeHtml(over.text)).toContain("Please keep this under 80 characters.");
    expect((await save(seller, {})).status).toBe(303);
  });

  it("in yen with 10% tax included and a shipping fee, every place agrees to the yen", async () => {
    const versionBefore = await version();
    const saved = await save(seller, {
      name: "Kumo Store",
      tagline: "Clothes from Kyoto",
      mailSenderName: "Kumo Orders",
      currency: "JPY",
      taxRate: "10",
      taxIncluded: "yes",
      shippingFlat: "500",
      freeShippingFrom: "10000",
      returnsPolicy: 'Returns within **14 days**.\n\n- Unworn\n- With tags\n\n<script>alert("x")</script>',
    });
    expect(saved.status, saved.text).toBe(303);
    expect(saved.headers.location).toBe("/seller/settings");
    expect(await row()).toMatchObject({
      name: "Kumo Store",
      currency: "JPY",
      taxRateBasisPoints: 1000,
      taxIncluded: true,
      shippingFlatCents: 500,
      freeShippingFromCents: 10_000,
    });
    // Kept catalogue pages are dropped: the catalogue's version went up with the change.
    expect(await version()).toBeGreaterThan(versionBefore);

    // The product page: yen without decimals, the tax wording of prices that include it, title and JSON-LD.
    const page = await app.client().get(productPage());
    expect(page.text).toContain("¥2500");
    expect(page.text).not.toContain("$25.00");
    expect(page.text).toContain("(inclusive of all taxes)");
    expect(page.text).toContain(`<title>${product.name} | Kumo Store</title>`);
    expect(page.text).toContain('"priceCurrency":"JPY"');
    expect(page.text).toContain('"price":"2500"');
    expect(page.text).toContain("Clothes from Kyoto");

    // /api: amounts are decimals of the currency (yen have none).
    const list = await app.client().get("/api/product/list");
    const listed = (list.json!.products as { _id: string; offerPrice: number }[]).find((p) => p._id === product.id)!;
    expect(listed.offerPrice).toBe(2500);

    // The cart: 2 × ¥2500 = ¥5000, of which 10% tax included (¥454), ¥500 shipping below the threshold.
    const carted = await shopper.post("/api/cart/update", json({ cartItems: { [product.id]: 2 } }));
    expect(carted.status, carted.text).toBe(200);
    const cart = textOf((await shopper.get("/cart")).text);
    expect(cart).toContain("Includes tax (10%)");
    expect(cart).toMatch(/data-testid="cart-price">¥5000</);
    expect(cart).toMatch(/data-testid="cart-tax">¥454</);
    expect(cart).toMatch(/data-testid="cart-shipping"[^>]*>¥500</);
    expect(cart).toMatch(/data-testid="cart-total">¥5500</);
    expect(cart).toContain('href="/policies/terms"');

    // A cash order keeps the yen, the tax and the shipping.
    const requestKey = "settings-test-cod";
    const placed = await shopper.post("/cart", {
      form: { intent: "place-order", paymentType: "COD", addressId: address, requestKey },
    });
    expect(placed.status, placed.text).toBe(303);
    const cod = (await first(db().select().from(orders).where(eq(orders.requestKey, requestKey))))!;
    expect(cod).toMatchObject({
      currency: "JPY",
      subtotalCents: 5000,
      taxCents: 454,
      taxIncluded: true,
      taxRateBasisPoints: 1000,
      shippingCents: 500,
      amountCents: 5500,
    });
    // Its mail: the shop's name and the order's amounts.
    const mail = (await db().select().from(mailOutbox)).find(
      (m) => m.kind === "order-confirmation" && m.subject.includes(cod.id),
    )!;
    expect(mail.subject).toBe(`Your Kumo Store order ${cod.id} is placed`);
    for (const line of ["Subtotal: ¥5000", "Shipping: ¥500", "Includes tax (10%): ¥454", "Total: ¥5500"]) {
      expect(mail.textBody).toContain(line);
    }
    expect(mail.textBody).toContain("Thank you for shopping with Kumo Store.");

    // An online order: the Stripe sandbox session is in JPY for the same ¥5500 (the store checks the
    // session's total against the order before it sends the shopper there).
    await shopper.post("/api/cart/update", json({ cartItems: { [product.id]: 2 } }));
    const online = await shopper.post("/cart", {
      form: { intent: "place-order", paymentType: "Online", addressId: address, requestKey: "settings-test-online" },
    });
    expect(online.status, online.text).toBe(303);
    const sessionPath = new URL(online.headers.location!).pathname;
    expect(sessionPath).toMatch(/^\/stripe-sandbox\/checkout\/cs_test_/);
    const onlineOrder = (await first(db().select().from(orders).where(eq(orders.requestKey, "settings-test-online"))))!;
    expect(onlineOrder).toMatchObject({ currency: "JPY", amountCents: 5500 });
    const hosted = textOf((await shopper.get(sessionPath)).text);
    expect(hosted).toContain("¥5500");
    expect(hosted).toContain("Shipping");
    expect(hosted).not.toContain("Tax (");

    // The older order keeps its dollars, its 2% added on top and its free shipping.
    expect(await orderRow(olderOrderId)).toMatchObject({ currency: "USD", taxCents: 50, amountCents: 2550 });
    const mine = await shopper.get("/api/order/user");
    const older = (mine.json!.orders as { _id: string; amount: number; currency: string }[]).find(
      (o) => o._id === olderOrderId,
    )!;
    expect(older).toMatchObject({ amount: 25.5, currency: "USD" });
    const myOrders = textOf((await shopper.get("/my-orders")).text);
    expect(myOrders).toContain("Total Amount : $25.50");
    expect(myOrders).toContain("Total Amount : ¥5500");

    // The seller's CSV: each order in its own currency.
    const csv = await seller.get("/seller/orders.csv");
    expect(csv.status).toBe(200);
    expect(csv.text).toContain("Shipping,Total,Currency");
    expect(csv.text).toMatch(/,5000,,0,454,500,5500,JPY,/);
    expect(csv.text).toMatch(/,25\.00,,0\.00,0\.50,0\.00,25\.50,USD,/);
  });

  it("renders a policy's simple formatting as elements, never a stored script", async () => {
    const page = await app.client().get("/policies/returns");
    expect(page.status).toBe(200);
    expect(page.text).toContain("<strong>14 days</strong>");
    expect(page.text).toMatch(/<li>Unworn<\/li><li>With tags<\/li>/);
    expect(page.text).not.toContain('<script>alert("x")</script>');
    expect(page.text).toContain("&lt;script&gt;");
    expect((await app.client().get("/policies/nothing")).status).toBe(404);
  });

  it("back to dollars with the tax added on top: the pages follow again", async () => {
    const saved = await save(seller, { currency: "USD", taxRate: "2", taxIncluded: "no", shippingFlat: "0" });
    expect(saved.status, saved.text).toBe(303);
    const page = await app.client().get(productPage());
    expect(page.text).toContain("$25.00");
    expect(page.text).toContain("(plus 2% tax, added in the cart)");
    expect(page.text).toContain('"priceCurrency":"USD"');
    // The yen order is still in yen.
    const myOrders = textOf((await shopper.get("/my-orders")).text);
    expect(myOrders).toContain("Total Amount : ¥5500");
    expect(myOrders).toContain("Total Amount : $25.50");
  });

  it("a refused save opens at its first error and says the chosen logo must be chosen again (issue 30)", async () => {
    const logo = { name: "marigold-logo.png", mimeType: "image/png", buffer: await pngBytes() };
    const answer = await seller.post("/seller/settings", {
      multipart: { ...settingsForm({ taxRate: "abc", termsPolicy: "x".repeat(20_001) }), logo },
    });
    expect(answer.status).toBe(400);
    // The first message in the form's order carries autofocus: a browser without JavaScript opens the page there.
    const focused = [...answer.text.matchAll(/<[^>]*autofocus[^>]*>([^<]*)</g)].map((m) => decodeHtml(m[1]!));
    expect(focused).toEqual(["The tax rate is a percentage from 0 to 100, e.g. 2 or 7.5."]);
    expect(textOf(answer.text)).toContain(
      "The logo you chose (marigold-logo.png) was not saved, as the form was refused: choose it again before saving.",
    );
    // A form-level refusal (another tab saved meanwhile) is the one focused.
    const stale = await seller.post("/seller/settings", { multipart: { ...settingsForm(), version: "1" } });
    expect(stale.status).toBe(409);
    expect([...stale.text.matchAll(/<[^>]*autofocus[^>]*>([^<]*)</g)].map((m) => m[1])).toEqual([
      expect.stringContaining("The settings were changed meanwhile"),
    ]);
    expect((await row()).logoUrl).toBe("");
  });

  it("the low-stock mark follows the threshold the owner sets (issue 30)", async () => {
    const added = await seller.post("/api/product/add", {
      multipart: {
        productData: JSON.stringify({ name: "Threshold Tee", category: "Men", price: 30, stock: 8 }),
        images: { name: "tee.png", mimeType: "image/png", buffer: await pngBytes() },
      },
    });
    expect(added.status, added.text).toBe(201);
    const lowList = async () =>
      (
        (await routeData(seller, "/seller/product-list?stock=low", "routes/seller/product-list")).data as {
          products: { name: string; low: boolean }[];
        }
      ).products.map((p) => p.name);
    const lowOnOverview = async () =>
      (
        (await routeData(seller, "/seller/overview", "routes/seller/overview")).data as {
          lowStock: { name: string }[];
        }
      ).lowStock.map((line) => line.name);
    expect(await lowList()).not.toContain("Threshold Tee");
    expect(await lowOnOverview()).not.toContain("Threshold Tee");

    for (const bad of ["", "-1", "2.5", "many", "100001"]) {
      const refused = await save(seller, { lowStockThreshold: bad });
      expect(refused.status, bad).toBe(400);
      expect(decodeHtml(refused.text)).toContain("The low-stock mark is a whole number of units from 0 to 100,000.");
    }
    expect((await row()).lowStockThreshold).toBe(5);

    const saved = await save(seller, { lowStockThreshold: "10" });
    expect(saved.status, saved.text).toBe(303);
    expect((await row()).lowStockThreshold).toBe(10);
    expect(await lowList()).toContain("Threshold Tee");
    expect(await lowOnOverview()).toContain("Threshold Tee");
    const page = textOf((await seller.get("/seller/product-list")).text);
    expect(page).toContain("Low stock (10 or fewer)");
    expect(page).toMatch(/Threshold Tee[\s\S]*Low stock/);
    expect((await save(seller, { lowStockThreshold: "5" })).status).toBe(303);
  });
});

// Issue 30, points 8-9: a shop that is not the demo (DEMO=off: the migrations' row, no demo catalogue) shows
// nothing of the demo: no offers and no links to them, no demo contact details, promises and policies from its own
// settings, no tile of an empty category, and its own name wherever the demo's was written (toasts, review replies,
// the Stripe sandbox's page, meta tags, CSV file names, mail). Through the production build's request handler.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, first, transaction } from "#app/lib/db.server.ts";
import { newId } from "#app/lib/ids.ts";
import { refreshRatingIn } from "#app/modules/reviews/index.server.ts";
import { mailOutbox, reviews, shopSettings, users } from "#db/tables.ts";
import { type App, type Client, json, startApp, submit } from "../helpers/app.ts";
import {
  addAddress,
  addProduct,
  createSellerAccount,
  decodeHtml,
  registerShopper,
  signIn,
} from "../helpers/hostile.ts";
import { settingsForm } from "../helpers/settings-form.ts";
import { toastsFrom } from "../helpers/shopper.ts";

let app: App;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const row = async () => (await first(db().select().from(shopSettings)))!;
/** A page's text as it reads: entities decoded, React's text separators gone. */
const textOf = (html: string) => decodeHtml(html).replaceAll("<!-- -->", "");
/** The text a reader sees, without the tags (bold words of a policy). */
const readable = (html: string) => textOf(html).replace(/<[^>]+>/g, "");
/** What the demo wrote and no other shop may show: its name, its contact details, its promises. */
const DEMO_WORDS = [
  /trendora/i,
  /555-0134/,
  /San Francisco/,
  /Market Street/,
  /within 30 days/,
  /Shipping is free/,
  /% OFF/,
];

const OWN = {
  name: "Maison Lumière",
  tagline: "",
  contactEmail: "",
  phone: "",
  address: "",
  openingHours: "",
  mailSenderName: "Maison Lumière",
  currency: "EUR",
  shippingFlat: "4.90",
  freeShippingFrom: "80",
  returnDays: "14",
  shippingPolicy: "",
  returnsPolicy: "",
  privacyPolicy: "",
  termsPolicy: "",
};

describe("a shop started without the demo", () => {
  let seller: Client;
  let visitor: Client;

  beforeAll(async () => {
    seller = await signIn(app, "seller", await createSellerAccount());
    visitor = app.client();
  });

  it("starts with empty contact details and policies, no tagline, and is not the demo shop", async () => {
    expect(await row()).toMatchObject({
      demo: false,
      returnDays: null,
      tagline: "",
      contactEmail: "",
      phone: "",
      address: "",
      openingHours: "",
      shippingPolicy: "",
      returnsPolicy: "",
      privacyPolicy: "",
      termsPolicy: "",
    });
    const contact = textOf((await visitor.get("/contact")).text);
    expect(contact).toContain("The shop has not given its contact details yet.");
  });

  it("has no offers: /deals says so, no link leads there, the sitemap leaves it out", async () => {
    const deals = await visitor.get("/deals");
    expect(deals.status).toBe(200);
    const text = textOf(deals.text);
    expect(text).toContain("There are no offers right now.");
    expect(text).not.toContain("View All Deals");
    expect(text).not.toContain("% OFF");
    expect(textOf((await visitor.get("/deals?all=1")).text)).not.toContain("Show Less Deals");
    for (const path of ["/", "/deals", "/products", "/contact"]) {
      const page = (await visitor.get(path)).text;
      expect(page, path).not.toContain('href="/deals"');
      expect(textOf(page), path).not.toContain("Explore Deals");
    }
  });

  it("shows the tiles and looks of categories that have products only", async () => {
    const empty = (await visitor.get("/")).text;
    expect(empty).not.toContain('aria-labelledby="categories-heading"');
    expect(empty).not.toContain("Outfit Inspiration");
    await addProduct(seller, "First Shirt");
    const home = (await visitor.get("/")).text;
    expect(home).toContain("/art/category-men.webp");
    expect(home).toContain("/art/look-weekend.webp");
    for (const slug of ["women", "footwear", "accessories", "kids", "ethnic", "winter"]) {
      expect(home, slug).not.toContain(`/art/category-${slug}.webp`);
    }
    expect(home).not.toContain("/art/look-office.webp");
  });

  it("promises on the home page and in its policies only what its settings say", async () => {
    const saved = await seller.post("/seller/settings", { multipart: settingsForm(OWN) });
    expect(saved.status, saved.text.slice(0, 300)).toBe(303);
    const home = textOf((await visitor.get("/")).text);
    expect(home).toContain("Why Choose Maison Lumière?");
    expect(home).toContain("Free shipping on orders from €80.00.");
    expect(home).toContain("Return unworn items within 14 days.");
    expect(home).not.toContain("Free shipping on every order");
    expect(home).not.toContain("Quality you can feel");

    const policy = async (slug: string) => readable((await visitor.get(`/policies/${slug}`)).text);
    expect(await policy("shipping")).toContain("Shipping costs €4.90 per order, and is free on orders from €80.00.");
    expect(await policy("returns")).toContain("You can return an item within 14 days of delivery");
    expect(await policy("terms")).toContain("2% tax is added to the prices in the cart.");
    expect(await policy("privacy")).toContain("We never sell your data.");
    for (const slug of ["shipping", "returns", "privacy", "terms"]) {
      expect(await policy(slug), slug).not.toContain("This policy has not been written yet.");
    }

    // Without days to return, no returns promise; a policy the seller wrote is shown as written.
    const changed = await seller.post("/seller/settings", {
      multipart: settingsForm({ ...OWN, returnDays: "", shippingFlat: "0", returnsPolicy: "Ask us." }),
    });
    expect(changed.status).toBe(303);
    const after = textOf((await visitor.get("/")).text);
    expect(after).not.toContain("Easy returns");
    expect(after).toContain("Free shipping on every order.");
    expect(await policy("returns")).toContain("Ask us.");
    expect(await policy("shipping")).toContain("Shipping is free on every order.");

    // A bad number of days is refused with a message and writes nothing.
    const before = await row();
    const refused = await seller.post("/seller/settings", { multipart: settingsForm({ ...OWN, returnDays: "-3" }) });
    expect(refused.status).toBe(400);
    expect(textOf(refused.text)).toContain("The days to return an item are a whole number from 1 to 365");
    expect(await row()).toEqual(before);
    expect((await seller.post("/seller/settings", { multipart: settingsForm(OWN) })).status).toBe(303);
  });

  it("writes its own name where the demo's was: sign-up, review replies, the sandbox page, meta, CSV names", async () => {
    const register = await submit(app.client(), "/login", {
      mode: "register",
      name: "Lea Roux",
      email: `lea-${newId()}@example.com`,
      password: "longenough",
    });
    expect(register.status).toBe(303);
    expect(await toastsFrom(register)).toEqual(["success: Welcome to Maison Lumière, Lea Roux!"]);

    const saved = textOf((await visitor.get("/saved")).text);
    expect(saved).toContain("The products you saved at Maison Lumière");

    // A review with the seller's reply.
    const product = await addProduct(seller, "Reviewed Shirt");
    const { account } = await registerShopper(app, "Anne Buyer");
    const buyer = (await first(db().select().from(users).where(eq(users.email, account.email))))!;
    const reviewId = newId();
    await db()
      .insert(reviews)
      .values({ id: reviewId, productId: product.id, userId: buyer.id, rating: 5, title: "Fine" });
    await transaction((tx) => refreshRatingIn(tx, product.id));
    const reply = await seller.post("/seller/reviews", { form: { intent: "reply", reviewId, reply: "Merci !" } });
    expect(reply.status).toBe(303);
    const productPage = textOf((await visitor.get(`/products/men/${product.id}`)).text);
    expect(productPage).toContain("Reply from Maison Lumière");

    // The Stripe sandbox's hosted page: whom the shopper pays, and the way back.
    const { client: shopper } = await registerShopper(app, "Paul Online");
    const address = await addAddress(shopper, "3 Rue Claire");
    await shopper.post("/api/cart/update", json({ cartItems: { [product.id]: 1 } }));
    const online = await shopper.post("/cart", {
      form: { intent: "place-order", paymentType: "Online", addressId: address, requestKey: `own-words-${newId()}` },
    });
    expect(online.status, online.text.slice(0, 300)).toBe(303);
    const hosted = await shopper.get(new URL(online.headers.location!).pathname);
    expect(textOf(hosted.text)).toContain("Pay Maison Lumière");
    expect(hosted.text).toContain("<title>TEST MODE · Pay Maison Lumière</title>");

    // CSV downloads are named after the shop.
    const orders = await seller.get("/seller/orders.csv?from=2026-01-01&to=2026-01-31");
    expect(orders.headers["content-disposition"]).toBe(
      'attachment; filename="maison-lumiere-orders-2026-01-01-to-2026-01-31.csv"',
    );
    const products = await seller.get("/seller/products.csv");
    expect(products.headers["content-disposition"]).toMatch(
      /^attachment; filename="maison-lumiere-products-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
  });

  it("no page, file or mail of it shows the demo's name, contact details or promises", async () => {
    const { client: shopper } = await registerShopper(app, "Chloe Cash");
    const address = await addAddress(shopper, "5 Quai Bleu");
    const product = await addProduct(seller, "Cash Shirt");
    await shopper.post("/api/cart/update", json({ cartItems: { [product.id]: 1 } }));
    const cod = await shopper.post("/cart", {
      form: { intent: "place-order", paymentType: "COD", addressId: address, requestKey: `own-words-${newId()}` },
    });
    expect(cod.status, cod.text.slice(0, 300)).toBe(303);

    const pages: [Client, string][] = [
      ...[
        "/",
        "/products",
        "/products/men",
        `/products/men/${product.id}`,
        "/deals",
        "/deals?all=1",
        "/contact",
        "/policies/shipping",
        "/policies/returns",
        "/policies/privacy",
        "/policies/terms",
        "/saved",
        "/cart",
        "/login",
        "/login?login=register",
        "/forgot-password",
        "/seller-login",
        "/loader",
        "/no-such-page",
        "/robots.txt",
        "/sitemap.xml",
        "/api/product/list",
      ].map((path): [Client, string] => [visitor, path]),
      ...["/", "/cart", "/my-orders", "/add-address", "/saved"].map((path): [Client, string] => [shopper, path]),
      ...[
        "/seller",
        "/seller/product-list",
        "/seller/orders",
        "/seller/overview",
        "/seller/reviews",
        "/seller/discounts",
        "/seller/settings",
        "/seller/products.csv",
      ].map((path): [Client, string] => [seller, path]),
    ];
    for (const [client, path] of pages) {
      const answer = await client.get(path);
      expect(answer.status, path).toBeLessThan(500);
      const text = textOf(answer.text);
      for (const words of DEMO_WORDS) expect(text, `${path}: ${words}`).not.toMatch(words);
      for (const value of Object.values(answer.headers)) expect(value, path).not.toMatch(/trendora/i);
    }
    const mails = await db().select().from(mailOutbox);
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      for (const words of DEMO_WORDS) {
        expect(`${mail.subject}\n${mail.textBody}\n${mail.htmlBody}`, mail.subject).not.toMatch(words);
      }
    }
  });
});

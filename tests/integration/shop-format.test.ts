// Money, dates and postcodes in the shop's own form (issue 30, points 10 and 11; decisions 0225 and 0226):
// through the production handler, as a browser without JavaScript posts, after the seller set the shop's
// country and its way of writing dates and amounts in the settings.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, first } from "#app/lib/db.server.ts";
import { newId, newToken } from "#app/lib/ids.ts";
import { formatDate } from "#app/lib/locales.ts";
import { startOnlineCheckout } from "#app/modules/checkout/index.server.ts";
import { actOnCheckoutSession } from "#app/stripe-sandbox/sessions.server.ts";
import { addresses, orders, refunds, shopSettings } from "#db/tables.ts";
import { appForFile, type Client, json } from "../helpers/app.ts";
import { createProduct } from "../helpers/factories.ts";
import { decodeHtml } from "../helpers/hostile.ts";
import { waitUntil } from "../helpers/mail.ts";
import { sellerCookie } from "../helpers/sellers.ts";
import { settingsForm } from "../helpers/settings-form.ts";
import { createAddress, createUser, signedInCookie } from "../helpers/shopper.ts";

const site = appForFile();

/** A page's text as it reads: entities decoded, React's text separators gone. */
const textOf = (html: string) => decodeHtml(html).replaceAll("<!-- -->", "");
/** A page's words alone, without its tags. */
const wordsOf = (html: string) => textOf(html).replace(/<[^>]+>/g, "");
const orderRow = async (id: string) => (await first(db().select().from(orders).where(eq(orders.id, id))))!;
/** The zip code input of the Add Address page. */
const zipInput = (html: string) => html.match(/<input[^>]*name="zipcode"[^>]*>/)?.[0] ?? "";

async function saveSettings(changes: Record<string, string>) {
  const seller = site.client(await sellerCookie());
  const saved = await seller.post("/seller/settings", { multipart: settingsForm(changes) });
  expect(saved.status, textOf(saved.text).slice(0, 2000)).toBe(303);
  return seller;
}

async function shopper(): Promise<{ client: Client; userId: string }> {
  const user = await createUser();
  return { client: site.client(await signedInCookie(user.id)), userId: user.id };
}

const address = {
  firstName: "Ada",
  lastName: "Byron",
  email: "ada@example.com",
  street: "10 Downing Street",
  city: "London",
  state: "",
  phone: "+44 20 7946 0000",
};

describe("a shop in the United States (today's default)", () => {
  it("keeps the spec's numeric zip field, and calls the struck-through price the list price", async () => {
    const { client } = await shopper();
    const page = await client.get("/add-address");
    expect(page.status).toBe(200);
    expect(zipInput(page.text)).toContain('type="number"');
    const product = await createProduct({ offerPriceCents: 2500, priceCents: 4000 });
    const productPage = wordsOf((await site.client().get(`/products/men/${product.id}`)).text);
    expect(productPage).toContain("List price: $40.00");
    expect(productPage).not.toContain("MRP");
  });
});

describe("a shop in the United Kingdom, dates written the British way", () => {
  it("takes letters and spaces in the zip code, checked for the address's country", async () => {
    await saveSettings({ country: "GB", locale: "en-GB", currency: "GBP" });
    const { client, userId } = await shopper();
    const page = await client.get("/add-address");
    expect(zipInput(page.text)).not.toContain('type="number"');
    expect(textOf(page.text)).toContain('value="United Kingdom"');

    const saved = await client.post("/add-address", {
      form: { ...address, zipcode: "sw1a2aa", country: "United Kingdom" },
    });
    expect(saved.status, textOf(saved.text).slice(0, 2000)).toBe(303);
    const rows = await db().select().from(addresses).where(eq(addresses.userId, userId));
    expect(rows.map((r) => r.zipcode)).toEqual(["SW1A 2AA"]);

    const wrong = await client.post("/add-address", { form: { ...address, zipcode: "SW1A 2AA", country: "India" } });
    expect(wrong.status).toBe(400);
    expect(textOf(wrong.text)).toContain("Please enter a valid zip code for India, e.g. 411001.");
    expect(await db().select().from(addresses).where(eq(addresses.userId, userId))).toHaveLength(1);

    // /api: a postcode with letters is a string; a digits-only one may still come as a number (docs/api.md).
    const canada = await client.post(
      "/api/address/add",
      json({ address: { ...address, zipcode: "k1a0b1", country: "Canada" } }),
    );
    expect(canada.status, canada.text).toBe(201);
    expect((canada.json!.address as { zipcode: string }).zipcode).toBe("K1A 0B1");
    const dutch = await client.post(
      "/api/address/add",
      json({ address: { ...address, zipcode: "1012", country: "The Netherlands" } }),
    );
    expect(dutch.status).toBe(400);
    expect(dutch.json!.errors).toEqual({ zipcode: "Please enter a valid zip code for the Netherlands, e.g. 1012 AB." });
  });

  it("writes the seller's order dates in the shop's locale and says in words what an address left empty", async () => {
    const { client } = await shopper();
    const product = await createProduct({ offerPriceCents: 2500, priceCents: 4000 }, { stock: 5 });
    const saved = await client.post(
      "/api/address/add",
      json({ address: { ...address, zipcode: "SW1A 2AA", country: "United Kingdom" } }),
    );
    const placed = await client.post(
      "/api/order/cod",
      json({ items: [{ product: product.id, quantity: 1 }], address: (saved.json!.address as { _id: string })._id }),
    );
    expect(placed.status, placed.text).toBe(201);
    const orderId = String(placed.json!.orderId);
    const { address: kept, createdAt } = await orderRow(orderId);
    // An order kept without a zip code or a phone (an old row, a hand-made fix).
    await db()
      .update(orders)
      .set({ address: { ...kept, zipcode: "", phone: " " } })
      .where(eq(orders.id, orderId));

    const seller = site.client(await sellerCookie());
    const list = textOf((await seller.get("/seller/orders")).text);
    const card = list.slice(list.indexOf(`Order ${orderId}`));
    expect(card).toContain(`Date: ${formatDate(createdAt, "en-GB")}`);
    expect(formatDate(createdAt, "en-GB")).toMatch(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}$/);
    expect(card).toContain("no zip code");
    expect(card).toContain("no phone number");
    expect(list).not.toContain("N/A");

    const mine = textOf((await client.get("/my-orders")).text);
    expect(mine).toContain(formatDate(createdAt, "en-GB"));
  });
});

describe("a shop in Germany, in euros written the German way", () => {
  it("takes a decimal comma in money fields and says what it expects", async () => {
    const seller = await saveSettings({ country: "DE", locale: "de-DE", currency: "EUR", shippingFlat: "4,90" });
    expect((await first(db().select().from(shopSettings)))!).toMatchObject({ shippingFlatCents: 490, locale: "de-DE" });
    expect(textOf((await seller.get("/seller/settings")).text)).toContain('value="4,90"');

    const refused = await seller.post("/seller/settings", {
      multipart: settingsForm({ country: "DE", locale: "de-DE", currency: "EUR", shippingFlat: "1.490,00" }),
    });
    expect(refused.status).toBe(400);
    expect(textOf(refused.text)).toContain(
      "The shipping fee must be an amount in EUR with a comma before the cents, e.g. 4,90 (no thousands separators).",
    );
    expect((await first(db().select().from(shopSettings)))!.shippingFlatCents).toBe(490);

    const product = await createProduct({ offerPriceCents: 2500, priceCents: 4000 });
    const page = wordsOf((await site.client().get(`/products/men/${product.id}`)).text);
    expect(page).toContain("25,00\u00a0€");
    expect(page).toContain("List price: 40,00\u00a0€");
  });

  it("labels the refund amount in the order's currency and takes 1,50", async () => {
    const user = await createUser();
    const kept = await createAddress(user.id);
    const product = await createProduct({ offerPriceCents: 1000, priceCents: 2000 }, { stock: 10 });
    const { orderId } = await startOnlineCheckout({
      userId: user.id,
      addressId: kept.id,
      items: [{ productId: product.id, quantity: 1 }],
      requestKey: newId(),
      origin: "http://localhost:3000",
    });
    await actOnCheckoutSession((await orderRow(orderId)).stripeSessionId!, "pay");
    await waitUntil(async () => (await orderRow(orderId)).isPaid === true);
    expect((await orderRow(orderId)).currency).toBe("EUR");

    const seller = site.client(await sellerCookie());
    const path = `/seller/orders/${orderId}/refund`;
    const page = textOf((await seller.get(path)).text);
    expect(page).toContain("Amount (€)");
    expect(page).not.toContain("Amount ($)");

    const form = { intent: "refund", kind: "amount", reason: "" };
    const wrong = await seller.post(path, { form: { ...form, requestKey: newToken(), amount: "1.500" } });
    expect(wrong.status).toBe(400);
    expect(textOf(wrong.text)).toContain("with a comma before the cents, e.g. 4,90");
    const taken = await seller.post(path, { form: { ...form, requestKey: newToken(), amount: "1,50" } });
    expect(taken.status, textOf(taken.text).slice(0, 2000)).toBe(303);
    const rows = await db().select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(rows.map((r) => r.amountCents)).toEqual([150]);
  });
});

describe("a shop in India", () => {
  it("keeps MRP, the words Indian law asks for, on the product page", async () => {
    await saveSettings({ country: "IN", locale: "en-IN", currency: "INR" });
    const product = await createProduct({ offerPriceCents: 2500, priceCents: 4000 });
    const page = wordsOf((await site.client().get(`/products/men/${product.id}`)).text);
    expect(page).toContain("MRP: ₹40.00");
  });
});

// Every stored text is cleaned once, in the form schemas: control characters are removed, tabs and line breaks
// in a one-line field become spaces, and bidirectional overrides, embeddings and isolates (which make a name
// read backwards on the seller's screen) are removed. Sent through the production build's request handler,
// by the pages' forms and the /api calls alike; what is stored is read back from the database.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { db, first } from "#app/lib/db.server.ts";
import { createSeller } from "#app/modules/identity/index.server.ts";
import { addresses, newsletterSubscribers, products, sellers, users } from "#db/tables.ts";
import { type App, json, startApp } from "../helpers/app.ts";
import { createSellerAccount, pngBytes, registerShopper, signIn, unique } from "../helpers/hostile.ts";

let app: App;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

/** Override (U+202E), embedding (U+202B), isolate (U+2066, U+2069), NUL, BEL, escape, DEL, a C1 control. */
const dirty = (text: string) =>
  `\u202E${text.slice(0, 2)}\u0000\u0007\u001b\u2066${text.slice(2)}\u2069\u007f\u0085\u202B`;

it("names and addresses: cleaned the same by the sign-up form, the JSON calls and the address form", async () => {
  const email = `clean-${unique()}@example.com`;
  const page = await app.client().post("/login", {
    form: { mode: "register", name: dirty("Ann\tLee"), email, password: "clean-pass-1" },
  });
  expect(page.status).toBe(303);
  expect(await first(db().select({ name: users.name }).from(users).where(eq(users.email, email)))).toEqual({
    name: "Ann Lee",
  });

  const api = await app
    .client()
    .post(
      "/api/user/register",
      json({ name: dirty("Bo\nKim"), email: `clean-${unique()}@example.com`, password: "clean-pass-1" }),
    );
  expect(api.status).toBe(201);
  expect(api.json!.user).toMatchObject({ name: "Bo Kim" });

  // A name of nothing but such characters is no name.
  const empty = await app
    .client()
    .post(
      "/api/user/register",
      json({ name: "\u202E\u0000\u2066", email: `x-${unique()}@example.com`, password: "clean-pass-1" }),
    );
  expect(empty.status).toBe(400);
  expect(empty.json).toMatchObject({ errors: { name: "Please enter your name." } });

  const { client: shopper } = await registerShopper(app);
  const fields = {
    firstName: dirty("Asha"),
    lastName: "Rao\u202E",
    email: "asha@example.com",
    street: "12\tPark\u2028Street",
    city: dirty("Pune"),
    state: "MH\u0000",
    zipcode: "411001",
    country: "India\u202C",
    phone: "+91 98765 43210",
  };
  expect((await shopper.post("/add-address", { form: fields })).status).toBe(303);
  expect((await shopper.post("/api/address/add", json({ address: fields }))).status).toBe(201);
  const rows = (await db().select().from(addresses)).slice(-2);
  expect(rows).toHaveLength(2);
  for (const row of rows) {
    expect(row).toMatchObject({
      firstName: "Asha",
      lastName: "Rao",
      street: "12 Park Street",
      city: "Pune",
      state: "MH",
      country: "India",
    });
  }
});

it("emails with control or bidi characters are refused as invalid, by every form and call, and nothing is stored", async () => {
  const counts = () =>
    Promise.all(
      [users, addresses, newsletterSubscribers, sellers].map(async (t) => (await db().select().from(t)).length),
    );
  const before = await counts();
  const { client: shopper } = await registerShopper(app);
  const afterShopper = await counts();
  for (const email of [
    `\u202Eann-${unique()}@example.com`,
    `ann-${unique()}@example.com\u0000`,
    `a\u2066n@example.com`,
  ]) {
    const page = await app
      .client()
      .post("/login", { form: { mode: "register", name: "Ann", email, password: "clean-pass-1" } });
    expect(page.status).toBe(400);
    const api = await app.client().post("/api/user/register", json({ name: "Ann", email, password: "clean-pass-1" }));
    expect(api.json).toMatchObject({ errors: { email: "Please enter a valid email address." } });
    const news = await app.client().post("/api/subscribe", json({ email }));
    expect(news.json).toMatchObject({ success: false, message: "Please enter a valid email address." });
    const address = await shopper.post(
      "/api/address/add",
      json({
        address: {
          firstName: "A",
          street: "1 Road",
          city: "Pune",
          zipcode: "411001",
          country: "India",
          phone: "+91 98765 43210",
          email,
        },
      }),
    );
    expect(address.json).toMatchObject({ errors: { email: "Please enter a valid email address." } });
    await expect(createSeller(email, "seller-pass-1")).rejects.toThrow("Please enter a valid email address.");
  }
  expect(await counts()).toEqual(afterShopper);
  expect(afterShopper[0]).toBe(before[0]! + 1);
});

it("product names and descriptions: cleaned the same by the seller's form and POST /api/product/add", async () => {
  const seller = await signIn(app, "seller", await createSellerAccount());
  const image = { name: "tee.png", mimeType: "image/png", buffer: await pngBytes() };
  const name = `Linen ${unique()}`;
  const description = [dirty("Pure linen"), "Cool\u2067 in\tsummer", "\u202E\u0000"];
  const viaApi = await seller.post("/api/product/add", {
    multipart: {
      productData: JSON.stringify({
        name: `\u202E${name}\u0000 api`,
        description,
        category: "Men",
        price: 40,
        offerPrice: 30,
      }),
      images: image,
    },
  });
  expect(viaApi.status, viaApi.text).toBe(201);
  const viaPage = await seller.post("/seller?index", {
    multipart: {
      name: `${name}\u2066 page\u0007`,
      description: description.join("\n"),
      category: "Men",
      price: "40",
      offerPrice: "30",
      images: image,
    },
  });
  expect(viaPage.status, viaPage.text.slice(0, 300)).toBe(303);
  const stored = (await db().select({ name: products.name, description: products.description }).from(products)).slice(
    -2,
  );
  expect(stored).toEqual([
    { name: `${name} api`, description: ["Pure linen", "Cool in summer"] },
    { name: `${name} page`, description: ["Pure linen", "Cool in summer"] },
  ]);
});

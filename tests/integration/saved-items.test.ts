// Saved items through the production handler: a visitor's in a signed cookie, a shopper's in `saved_items`,
// merged at sign-in; /saved with its prices and stock now, Add to Cart with a size, a product removed from sale;
// the limit; and hostile posts (unknown, malformed, huge ids, unknown intents, a forged cookie) refused with a
// clear 4xx that changes nothing.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#app/lib/db.server.ts";
import { MAX_SAVED_ITEMS, TOO_MANY_SAVED } from "#app/modules/saved/shared/saved-limits.ts";
import { products, savedItems } from "#db/tables.ts";
import { appForFile, type Client, json, routeData } from "../helpers/app.ts";
import { createProduct } from "../helpers/factories.ts";
import { K10, MB, SQLISH, UNKNOWN_ID, unique } from "../helpers/hostile.ts";
import { createUser, signedInCookie, TEST_PASSWORD } from "../helpers/shopper.ts";

const site = appForFile();

type SavedData = {
  items: {
    id: string;
    name: string;
    offerPriceCents: number;
    removed: boolean;
    soldOut: boolean;
    sizes: { size: string; available: boolean }[];
  }[];
};

async function savedPage(client: Client): Promise<SavedData> {
  const page = await routeData(client, "/saved", "routes/saved");
  expect(page.status).toBe(200);
  return page.data as SavedData;
}

async function rootSavedIds(client: Client): Promise<string[]> {
  return ((await routeData(client, "/products", "root")).data as { savedIds: string[] }).savedIds;
}

const post = (client: Client, form: Record<string, string>) => client.post("/saved", { form });
const save = (client: Client, productId: string, redirectTo = "/products") =>
  post(client, { intent: "save", productId, redirectTo });

async function rowsOf(userId: string): Promise<string[]> {
  return (
    await db().select({ productId: savedItems.productId }).from(savedItems).where(eq(savedItems.userId, userId))
  ).map((row) => row.productId);
}

async function signedInShopper() {
  const user = await createUser({ email: `saver-${unique()}@example.com` });
  return { user, client: site.client(await signedInCookie(user.id)) };
}

describe("a visitor's saved items", () => {
  it("are kept in their cookie: save (twice is once), list with the price now, remove", async () => {
    const shirt = await createProduct(
      { name: "Saved Linen Shirt" },
      {
        sizes: [
          ["S", 0],
          ["M", 4],
          ["L", null],
        ],
      },
    );
    const cap = await createProduct({ name: "Saved Cap", category: "Accessories", offerPriceCents: 999 });
    const visitor = site.client();
    const saved = await save(visitor, shirt.id, "/products/men?page=1");
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe("/products/men?page=1");
    expect(visitor.cookie).toMatch(/__saved=[^;]/);
    expect((await save(visitor, shirt.id)).status).toBe(303);
    expect((await save(visitor, cap.id)).status).toBe(303);

    expect(await rootSavedIds(visitor)).toEqual([cap.id, shirt.id]);
    const { items } = await savedPage(visitor);
    expect(items.map((i) => i.name)).toEqual(["Saved Cap", "Saved Linen Shirt"]);
    expect(items[0]!.offerPriceCents).toBe(999);
    expect(items[1]!.sizes).toEqual([
      { size: "S", available: false, fewLeft: null },
      { size: "M", available: true, fewLeft: 4 },
      { size: "L", available: true, fewLeft: null },
    ]);
    // The price now, not when it was saved.
    await db().update(products).set({ offerPriceCents: 799 }).where(eq(products.id, cap.id));
    expect((await savedPage(visitor)).items[0]!.offerPriceCents).toBe(799);

    // The Save button's fetcher (JavaScript) gets a data answer, no redirect: its page stays as it is.
    const kept = await post(visitor, { intent: "unsave", productId: cap.id, redirectTo: "/products", fetcher: "1" });
    expect(kept.status).toBe(200);
    expect(kept.headers.location).toBeUndefined();
    expect(await rootSavedIds(visitor)).toEqual([shirt.id]);
    expect((await save(visitor, cap.id)).status).toBe(303);

    // Another visitor has nothing saved.
    expect(await rootSavedIds(site.client())).toEqual([]);

    // A card's Save without JavaScript posts its grid's one form: `unsave=<id>` / `save=<id>` and the page.
    const fromCard = await post(visitor, { redirectTo: "/products?page=2", unsave: cap.id });
    expect(fromCard.status).toBe(303);
    expect(fromCard.headers.location).toBe("/products?page=2");
    expect(await rootSavedIds(visitor)).toEqual([shirt.id]);
    expect((await post(visitor, { redirectTo: "/products", save: cap.id })).status).toBe(303);
    expect(await rootSavedIds(visitor)).toEqual([cap.id, shirt.id]);

    const removed = await post(visitor, { intent: "unsave", productId: cap.id, redirectTo: "/saved" });
    expect(removed.status).toBe(303);
    expect(await rootSavedIds(visitor)).toEqual([shirt.id]);
    await post(visitor, { intent: "unsave", productId: shirt.id, redirectTo: "/saved" });
    // The last one gone: the cookie goes too, so the visitor's pages may be shared again.
    expect(visitor.cookie).not.toMatch(/__saved=[^;]/);
    expect((await savedPage(visitor)).items).toEqual([]);
  });

  it("are merged into the shopper's at sign-in (theirs kept, products gone dropped) and the cookie cleared", async () => {
    const [a, b, c] = await Promise.all(["A", "B", "C"].map((x) => createProduct({ name: `Merge ${x}` })));
    const gone = await createProduct({ name: "Merge Gone" });
    const user = await createUser({ email: `merge-${unique()}@example.com` });
    const own = site.client(await signedInCookie(user.id));
    await save(own, b!.id);
    await save(own, c!.id);

    const visitor = site.client();
    for (const p of [a!, b!, gone]) await save(visitor, p.id);
    await db().delete(products).where(eq(products.id, gone.id));
    expect(visitor.cookie).toMatch(/__saved=[^;]/);
    const login = await visitor.post("/api/user/login", json({ email: user.email, password: TEST_PASSWORD }));
    expect(login.status, login.text).toBe(200);
    expect(visitor.cookie).not.toMatch(/__saved=/);
    expect(new Set(await rowsOf(user.id))).toEqual(new Set([a!.id, b!.id, c!.id]));
    expect((await savedPage(visitor)).items.map((i) => i.name)).toEqual(["Merge A", "Merge C", "Merge B"]);
  });

  it("reads a forged or tampered cookie as nothing saved", async () => {
    const visitor = site.client();
    visitor.cookie = `__saved=${encodeURIComponent(btoa(JSON.stringify([UNKNOWN_ID])))}`;
    expect(await rootSavedIds(visitor)).toEqual([]);
    expect((await savedPage(visitor)).items).toEqual([]);
  });
});

describe("a shopper's saved items", () => {
  it("are rows of their own; /saved adds to the cart with a size, and says a product removed from sale", async () => {
    const { user, client } = await signedInShopper();
    const shirt = await createProduct(
      { name: "Row Shirt" },
      {
        sizes: [
          ["M", 5],
          ["L", 5],
        ],
      },
    );
    const scarf = await createProduct({ name: "Row Scarf", category: "Accessories" });
    await save(client, shirt.id);
    await save(client, scarf.id);
    expect(new Set(await rowsOf(user.id))).toEqual(new Set([shirt.id, scarf.id]));

    // A product with sizes needs one: refused next to that line, nothing added.
    const noSize = await post(client, { intent: "add", productId: shirt.id, redirectTo: "/saved" });
    expect(noSize.status).toBe(400);
    expect(noSize.text).toContain("Please select a size");
    const added = await post(client, { intent: "add", productId: shirt.id, size: "L", redirectTo: "/saved" });
    expect(added.status).toBe(303);
    expect(added.headers.location).toBe("/saved");
    const cart = await client.get("/api/user/is-auth");
    expect((cart.json!.user as { cartLines: unknown[] }).cartLines).toEqual([
      { product: shirt.id, size: "L", quantity: 1 },
    ]);

    // Taken off sale: still listed, saying so; cannot be added nor saved again; can be removed.
    await db().update(products).set({ removedAt: Date.now() }).where(eq(products.id, scarf.id));
    const { items } = await savedPage(client);
    expect(items.find((i) => i.id === scarf.id)?.removed).toBe(true);
    const page = await client.get("/saved");
    expect(page.text).toContain("No longer available: removed from sale");
    const refused = await post(client, { intent: "add", productId: scarf.id, redirectTo: "/saved" });
    expect(refused.status).toBe(404);
    expect(refused.text).toContain("This product is no longer available.");
    await post(client, { intent: "unsave", productId: scarf.id });
    const again = await save(client, scarf.id);
    expect(again.status).toBe(404);
    expect(await rowsOf(user.id)).toEqual([shirt.id]);
  });

  it(`hold at most ${MAX_SAVED_ITEMS}: one more is refused with a clear message, for shoppers and visitors`, async () => {
    const many = await Promise.all(
      Array.from({ length: MAX_SAVED_ITEMS + 1 }, (_, i) => createProduct({ name: `Many ${i}` })),
    );
    const { user, client } = await signedInShopper();
    const visitor = site.client();
    for (const p of many.slice(0, MAX_SAVED_ITEMS)) {
      expect((await save(client, p.id)).status).toBe(303);
      expect((await save(visitor, p.id)).status).toBe(303);
    }
    const last = many[MAX_SAVED_ITEMS]!.id;
    for (const who of [client, visitor]) {
      const refused = await save(who, last);
      expect(refused.status).toBe(409);
      expect(refused.text).toContain(TOO_MANY_SAVED);
    }
    expect(await rowsOf(user.id)).toHaveLength(MAX_SAVED_ITEMS);
    expect(await rootSavedIds(visitor)).toHaveLength(MAX_SAVED_ITEMS);
    // Saving one already saved is still fine at the limit.
    expect((await save(client, many[0]!.id)).status).toBe(303);
  });
});

describe("hostile posts to /saved", () => {
  it("are refused with a clear 4xx and change nothing", async () => {
    const { user, client } = await signedInShopper();
    const kept = await createProduct({ name: "Kept Saved" });
    await save(client, kept.id);
    const visitor = site.client();
    const cases: [string, Record<string, string>, number, string][] = [
      ["no intent", { productId: kept.id }, 400, "Unknown saved items action."],
      ["an unknown intent", { intent: "delete-all", productId: kept.id }, 400, "Unknown saved items action."],
      ["no product", { intent: "save" }, 404, "This product does not exist."],
      ["a malformed id", { intent: "save", productId: "../../x" }, 404, "This product does not exist."],
      ["an SQL-ish id", { intent: "save", productId: SQLISH }, 404, "This product does not exist."],
      ["a 10,000-character id", { intent: "save", productId: K10 }, 404, "This product does not exist."],
      ["an unknown id", { intent: "save", productId: UNKNOWN_ID }, 404, "This product is no longer available."],
      ["removing a malformed id", { intent: "unsave", productId: "%00" }, 404, "This product does not exist."],
      // A card's Save (its grid's form): the product in the field of what it does.
      ["a card's Save without an id", { save: "" }, 404, "This product does not exist."],
      ["a card's Save of a malformed id", { save: "../../x" }, 404, "This product does not exist."],
      ["a card's Save of an unknown id", { save: UNKNOWN_ID }, 404, "This product is no longer available."],
      ["a card's removal of a 10,000-character id", { unsave: K10 }, 404, "This product does not exist."],
    ];
    for (const who of [client, visitor]) {
      for (const [label, form, status, message] of cases) {
        const answer = await post(who, { ...form, redirectTo: "/products" });
        expect(answer.status, label).toBe(status);
        expect(answer.text, label).toContain(message);
      }
    }
    // A megabyte of id: the body limit or the id check refuses it, never a 500.
    const huge = await post(client, { intent: "save", productId: MB });
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    // A redirect elsewhere is not followed off the site.
    const offSite = await save(client, kept.id, "https://evil.example/");
    expect(offSite.headers.location).toBe("/saved");
    expect(await rowsOf(user.id)).toEqual([kept.id]);
    expect(await rootSavedIds(visitor)).toEqual([]);
    expect(visitor.cookie).not.toMatch(/__saved=[^;]/);
  });
});

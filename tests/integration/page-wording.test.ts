// Small things an owner's and a new user's walk found (issue 16, point 19), read from the pages the
// production build renders: the cart's item count, placeholders, an empty search's count, the product photo's
// srcset. Texts the spec quotes word for word stay as they are ('orders' in the phone menu, the newsletter's
// 'You are subscribed to our page!').
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeProductImage } from "#app/modules/inventory/index.server.ts";
import { type App, startApp } from "../helpers/app.ts";
import { createProduct } from "../helpers/factories.ts";
import { imageBytes } from "../helpers/sellers.ts";

let app: App;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

/** The attributes (names in lower case) of the first `tag` element of `html` whose attributes include `marker`. */
function attributesOf(html: string, tag: string, marker: string): Record<string, string> {
  const element = [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, "g"))]
    .map((m) => m[0])
    .find((e) => e.toLowerCase().includes(marker.toLowerCase()));
  expect(element, `<${tag}> with ${marker}`).toBeDefined();
  return Object.fromEntries(
    [...element!.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map((m) => [m[1]!.toLowerCase(), m[2]!.replaceAll("&amp;", "&")]),
  );
}

/** A page's text as read: tags and React's text separators removed. */
const textOf = (html: string) => html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "");

describe("wording", () => {
  it("the cart counts 1 Item, 2 Items", async () => {
    const visitor = app.client();
    const [a, b] = [await createProduct({ name: "Count Tee A" }), await createProduct({ name: "Count Tee B" })];
    const heading = async () => /Shopping Cart <span[^>]*>([^<]*)<\/span>/.exec((await visitor.get("/cart")).text)?.[1];
    await visitor.post("/cart", { form: { intent: "add", productId: a.id } });
    expect(await heading()).toBe("1 Item");
    await visitor.post("/cart", { form: { intent: "add", productId: b.id } });
    expect(await heading()).toBe("2 Items");
  });

  it("placeholders say what to type: the login modal, forgot password, the newsletter", async () => {
    const visitor = app.client();
    const login = (await visitor.get("/?login")).text;
    const register = (await visitor.get("/?login=register")).text;
    const forgot = (await visitor.get("/forgot-password")).text;
    const home = (await visitor.get("/")).text;
    for (const page of [login, register, forgot, home]) {
      expect(page).not.toMatch(/placeholder="type here"/i);
      expect(page).not.toContain("Enter your email id");
    }
    expect(attributesOf(login, "input", 'type="email"').placeholder).toBe("you@example.com");
    expect(attributesOf(register, "input", 'name="name"').placeholder).toBe("Your name");
    expect(attributesOf(forgot, "input", 'type="email"').placeholder).toBe("you@example.com");
    expect(attributesOf(home, "input", 'autocomplete="email"').placeholder).toBe("Your email address");
  });

  it("an empty search says 0 results; one or more say how many", async () => {
    const visitor = app.client();
    await createProduct({ name: "Wording Search Linen Tee" });
    const none = (await visitor.get("/products?q=zzqqxxnothing")).text;
    expect(textOf(none)).toContain("0 results for “zzqqxxnothing”");
    const one = (await visitor.get("/products?q=Wording%20Search%20Linen")).text;
    expect(textOf(one)).toContain("1 result for “Wording Search Linen”");
  });
});

describe("the product page's photo", () => {
  it("offers a small picture at its real width, never as 800 px, and shows it no larger", async () => {
    const small = await storeProductImage(await imageBytes("png", 364, 364));
    const product = await createProduct({ category: "Men", images: [small] });
    const html = (await app.client().get(`/products/men/${product.id}`)).text;
    const photo = attributesOf(html, "img", 'fetchpriority="high"');
    const key = small.replace(/\.webp$/, "");
    // Written at 200 px, then the full picture at its own 364 px: no 400 or 800 entry that is really 364.
    expect(photo.srcset).toBe(`${key}-200.webp 200w, ${small} 364w`);
    expect([photo.width, photo.height]).toEqual(["364", "364"]);
    expect(photo.class).toContain("max-w-full");
  });

  it("a large picture keeps every width", async () => {
    const large = await storeProductImage(await imageBytes("png", 1200, 900));
    const product = await createProduct({ category: "Men", images: [large] });
    const html = (await app.client().get(`/products/men/${product.id}`)).text;
    const photo = attributesOf(html, "img", 'fetchpriority="high"');
    const key = large.replace(/\.webp$/, "");
    expect(photo.srcset).toBe(`${key}-200.webp 200w, ${key}-400.webp 400w, ${key}-800.webp 800w, ${large} 1000w`);
    expect([photo.width, photo.height]).toEqual(["1000", "750"]);
  });
});

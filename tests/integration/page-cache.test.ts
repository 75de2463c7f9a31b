// The catalogue pages `node build/server-entry.js` keeps for visitors without a session (server/page-cache.ts): a nonce of
// its own in every answer, an ETag and 304, every change to a product or its stock seen at once (the catalogue
// is changed from this process, straight in the database, as another process would), and nothing of one
// visitor's (name, cart count, toasts, the login modal) ever sent to another.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/lib/db.server.ts";
import { productSizes, products } from "#db/tables.ts";
import { createProduct } from "../helpers/factories.ts";
import { type RunningServer, startProductionServer } from "../helpers/production-server.ts";
import { decoded, type RawResponse, rawRequest } from "../helpers/raw-http.ts";
import { cookiesFrom } from "../helpers/requests.ts";
import { createUser, signedInCookie } from "../helpers/shopper.ts";

let server: RunningServer;
let shopperName: string;
let shopper: string;
let tee: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  for (let i = 0; i < 5; i++) await createProduct({ name: `Cached Cap ${i}`, category: "Accessories" });
  tee = await createProduct({ name: "Cached Linen Tee", category: "Men" }, { stock: 5 });
  const user = await createUser({ name: "Zelda Quist" });
  shopperName = user.name;
  shopper = await signedInCookie(user.id);
  server = await startProductionServer();
}, 180_000);

afterAll(async () => {
  expect(await server?.stop()).toBe(0);
});

const get = (path: string, headers: Record<string, string> = {}) =>
  rawRequest(`${server.origin}${path}`, { headers: { "Accept-Encoding": "gzip, br", ...headers } });
const html = (response: RawResponse) => decoded(response).toString("utf8");
const nonceOf = (response: RawResponse) =>
  /script-src 'nonce-([A-Za-z0-9+/=]+)'/.exec(String(response.headers["content-security-policy"]))?.[1];

describe("catalogue pages kept for visitors without a session", () => {
  it("gives every answer a nonce of its own, in the policy and on every script, and the same page", async () => {
    const answers = [await get("/products"), await get("/products"), await get("/products", { "Accept-Encoding": "" })];
    const pages = answers.map(html);
    const nonces = answers.map(nonceOf);
    expect(new Set(nonces).size).toBe(3);
    answers.forEach((answer, i) => {
      expect(answer.status).toBe(200);
      expect(answer.headers["cache-control"]).toBe("private, no-cache");
      expect(answer.headers.etag).toMatch(/^W\/"[\w-]+"$/);
      const attributes = pages[i]!.match(/nonce="[^"]*"/g) ?? [];
      expect(attributes.length).toBeGreaterThan(2);
      for (const attribute of attributes) expect(attribute).toBe(`nonce="${nonces[i]}"`);
    });
    expect(answers[0]!.headers["content-encoding"]).toBe("gzip");
    expect(answers[2]!.headers["content-encoding"]).toBeUndefined();
    const withoutNonce = (page: string, nonce: string | undefined) => page.replaceAll(nonce!, "");
    expect(withoutNonce(pages[1]!, nonces[1])).toBe(withoutNonce(pages[0]!, nonces[0]));
    expect(withoutNonce(pages[2]!, nonces[2])).toBe(withoutNonce(pages[0]!, nonces[0]));
    // A client that takes only brotli gets the same page in brotli.
    const brotli = await get("/products", { "Accept-Encoding": "br" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(withoutNonce(html(brotli), nonceOf(brotli))).toBe(withoutNonce(pages[0]!, nonces[0]));
  });

  it("answers a current ETag with 304 and no new policy, and a page that changed with 200", async () => {
    const first = await get("/products/men");
    const etag = String(first.headers.etag);
    const unchanged = await get("/products/men", { "If-None-Match": etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body.length).toBe(0);
    expect(unchanged.headers.etag).toBe(etag);
    // The browser keeps the page with the policy it came with: a new nonce here would block its scripts.
    expect(unchanged.headers["content-security-policy"]).toBeUndefined();
    await db().update(products).set({ name: "Cached Linen Tee, renamed" }).where(eq(products.id, tee.id));
    const changed = await get("/products/men", { "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(html(changed)).toContain("Cached Linen Tee, renamed");
  });

  it("shows every product and stock change at once", async () => {
    expect(html(await get("/products/accessories"))).toContain("Cached Cap 4");
    const added = await createProduct({ name: "Cached Cap New", category: "Accessories" });
    expect(html(await get("/products/accessories"))).toContain("Cached Cap New");
    await db().update(products).set({ inStock: false }).where(eq(products.id, added.id));
    expect(html(await get("/products/accessories"))).not.toContain("Cached Cap New");

    const page = `/products/men/${tee.id}`;
    expect(html(await get(page))).not.toContain("Out of stock");
    await db().update(productSizes).set({ stock: 0 }).where(eq(productSizes.productId, tee.id));
    const soldOut = html(await get(page));
    expect(soldOut).toMatch(/Sold out|Out of stock/);
    await db().update(productSizes).set({ stock: 3 }).where(eq(productSizes.productId, tee.id));
    expect(html(await get(page))).not.toMatch(/Sold out|Out of stock/);
  });

  it("never sends one visitor's name, cart or toasts to another, nor keeps the login modal", async () => {
    // Kept for visitors first, then asked for by a signed-in shopper: rendered for them, not kept.
    await get("/products");
    const signedIn = await get("/products", { Cookie: shopper });
    expect(html(signedIn)).toContain(shopperName);
    expect(signedIn.headers["cache-control"]).toBe("private, no-store");
    expect(signedIn.headers.etag).toBeUndefined();
    const visitor = html(await get("/products"));
    expect(visitor).not.toContain(shopperName);
    expect(visitor).toContain(">Login<");

    // A visitor's cart and the toast that says so stay with that visitor.
    const added = await rawRequest(`${server.origin}/cart`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.origin },
      body: new URLSearchParams({ intent: "add", productId: tee.id, redirectTo: "/products" }).toString(),
    });
    expect(added.status).toBe(303);
    const cookies = cookiesFrom(added);
    const theirs = html(await get("/products", { Cookie: cookies }));
    expect(theirs).toContain("Added to Cart");
    expect(theirs).toMatch(/data-testid="cart-count"[^>]*>1</);
    const anyoneElse = html(await get("/products"));
    expect(anyoneElse).not.toContain("Added to Cart");
    expect(anyoneElse).toMatch(/data-testid="cart-count"[^>]*>0</);

    // The login modal opens only for the URL that asks for it, which is never kept.
    const modal = await get("/products?login");
    // (Rendered without JavaScript as a section headed "User Login"; a dialog once hydrated.)
    expect(html(modal)).toContain('id="login-title"');
    expect(modal.headers.etag).toBeUndefined();
    expect(html(await get("/products"))).not.toContain('id="login-title"');
  });

  it("never shows one visitor's or shopper's saved items (the Save buttons, the header's count) to another", async () => {
    const page = `/products/men/${tee.id}`;
    const pressed = (text: string) => /aria-pressed="true"/.test(text);
    const saveHere = async (cookie: string) => {
      const answer = await rawRequest(`${server.origin}/saved`, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: server.origin,
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: new URLSearchParams({ intent: "save", productId: tee.id, redirectTo: page }).toString(),
      });
      expect(answer.status).toBe(303);
      return answer;
    };
    // Kept for visitors first: nothing saved on it.
    for (const path of [page, "/products/men"]) expect(pressed(html(await get(path)))).toBe(false);

    // A visitor saves: the saved-items cookie makes their pages their own.
    const saved = await saveHere("");
    const cookies = cookiesFrom(saved);
    expect(cookies).toContain("__saved=");
    const theirs = await get(page, { Cookie: cookies });
    expect(pressed(html(theirs))).toBe(true);
    expect(html(theirs)).toContain('aria-label="Saved items, 1"');
    expect(theirs.headers.etag).toBeUndefined();
    expect(pressed(html(await get("/products/men", { Cookie: cookies })))).toBe(true);
    // A signed-in shopper's saved items too.
    await saveHere(shopper);
    expect(pressed(html(await get(page, { Cookie: shopper })))).toBe(true);

    // Everyone else still gets the kept page, with nothing saved.
    for (const path of [page, "/products/men", "/"]) {
      const anyoneElse = html(await get(path));
      expect(pressed(anyoneElse)).toBe(false);
      expect(anyoneElse).toContain('aria-label="Saved items, 0"');
    }
  });

  it("keeps only catalogue pages: not the cart, nor an error page", async () => {
    expect((await get("/cart")).headers.etag).toBeUndefined();
    expect((await get("/contact")).headers.etag).toBeUndefined();
    const missing = await get("/products?page=99");
    expect(missing.status).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });

  it("never serves a page rendered for a forged Host to other visitors", async () => {
    // Without PUBLIC_URL a page names the origin it was asked for (canonical URL, Open Graph, JSON-LD).
    const canonical = (response: RawResponse) => /<link rel="canonical" href="([^"]*)"/.exec(html(response))?.[1];
    const own = new URL(server.origin).host;
    expect(canonical(await get("/products/kids", { Host: "evil.example" }))).toBe("http://evil.example/products/kids");
    expect(canonical(await get("/products/kids"))).toBe(`http://${own}/products/kids`);
    expect(canonical(await get("/products/kids", { Host: "evil.example" }))).toBe("http://evil.example/products/kids");
  });
});

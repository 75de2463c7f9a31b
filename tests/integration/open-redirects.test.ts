// Open redirects: known bypass forms sent to every place that sends the browser to a path taken from the
// request, through the production build's request handler. Wherever the browser would go (a Location header,
// /loader's meta refresh and "Continue now" link, the login modal's links built from the page's own URL) is
// resolved exactly as a browser resolves it (WHATWG URL parsing: backslashes, tabs and newlines, dot segments)
// and must be this store.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, type Client, startApp } from "../helpers/app.ts";
import {
  addProduct,
  createSellerAccount,
  decodeHtml,
  PASSWORD,
  registerShopper,
  signIn,
  unique,
} from "../helpers/hostile.ts";

const ORIGIN = "http://localhost";

/** Bypass forms seen in the wild (OWASP, PayloadsAllTheThings' open-redirect lists), aimed at evil.example. */
const BYPASSES = [
  // Protocol-relative and slash tricks.
  "//evil.example",
  "///evil.example",
  "////evil.example/",
  "/\\evil.example",
  "\\/evil.example",
  "\\\\evil.example",
  "/\\/evil.example",
  "//\\evil.example",
  "/ /evil.example",
  " //evil.example",
  // Tabs, newlines and other controls, which browsers drop from URLs.
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "\t//evil.example",
  "/\u0000/evil.example",
  "/\u000b/evil.example",
  // Schemes.
  "https://evil.example",
  "HTTPS://EVIL.EXAMPLE",
  "https:evil.example",
  "https:/evil.example",
  "https:\\\\evil.example",
  "ftp://evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  // Dot segments, plain and encoded, that normalise to "//".
  "/.//evil.example",
  "/%2e//evil.example",
  "/%2E%2E//evil.example",
  "/a/..//evil.example",
  "a/..//evil.example",
  ".//evil.example",
  "./\\evil.example",
  "/./\\evil.example",
  "/..//evil.example",
  "..//evil.example",
  "/%2e%2e/%2e%2e//evil.example",
  // Encoded slashes and backslashes.
  "/%2f/evil.example",
  "/%2F%2Fevil.example",
  "%2f%2fevil.example",
  "/%5cevil.example",
  "%5C%5Cevil.example",
  "/%09/evil.example",
  // Userinfo.
  "//user:pass@evil.example",
  "//localhost@evil.example",
  "http://localhost@evil.example",
  "https://localhost:pass@evil.example/",
  "@evil.example",
  "http://evil.example\\@localhost",
  // IDN and other host spellings.
  "//ｅｖｉｌ.example",
  "//evil。example",
  "//xn--80ak6aa92e.com",
  "//evil.example:443",
  "//2130706433",
  "//0x7f.1",
  "//[::ffff:7f00:1]",
];

/** Paths on this site that must still be followed exactly (so the checks below can fail). */
const KEPT = [
  ["/products?q=linen", "/products?q=linen"],
  ["/my-orders", "/my-orders"],
  ["/cart#summary", "/cart#summary"],
] as const;

/** Where a browser on `page` goes for `target` (a Location, an href, a refresh URL). */
function followed(target: string, page = `${ORIGIN}/loader`): URL {
  return new URL(target, page);
}

function expectThisStore(label: string, target: string | null | undefined, page?: string) {
  if (target === null || target === undefined) return;
  expect(followed(target, page).origin, `${label} → ${JSON.stringify(target)}`).toBe(ORIGIN);
}

/** What /loader sends the browser to: the refresh URL (without JavaScript) and the "Continue now" link. */
function loaderTargets(html: string) {
  const refresh = /<meta http-equiv="refresh" content="\d+;url=([^"]*)"/.exec(html)?.[1];
  const link = /<a [^>]*href="([^"]*)"[^>]*>Continue now<\/a>/.exec(html)?.[1];
  return { refresh: refresh && decodeHtml(refresh), link: link && decodeHtml(link) };
}

/** Every link of a page that is not an absolute https link of the page itself (the footer's, the map's). */
function relativeLinks(html: string): string[] {
  return [...html.matchAll(/<a [^>]*href="([^"]*)"/g)]
    .map((match) => decodeHtml(match[1]!))
    .filter((href) => !/^https:\/\/[a-z0-9.-]+\//.test(href));
}

let app: App;
let seller: { email: string; password: string };
let productId: string;
beforeAll(async () => {
  app = await startApp();
  seller = await createSellerAccount();
  productId = (await addProduct(await signIn(app, "seller", seller), "Redirect Tee")).id;
});
afterAll(async () => {
  await app?.close();
});

describe(`${BYPASSES.length} bypass forms`, () => {
  it("is a corpus of at least 30", () => {
    expect(new Set(BYPASSES).size).toBe(BYPASSES.length);
    expect(BYPASSES.length).toBeGreaterThanOrEqual(30);
  });

  it("/loader?next=: the meta refresh and the Continue now link stay on this store", async () => {
    const client = app.client();
    for (const next of BYPASSES) {
      const a = await client.get(`/loader?next=${encodeURIComponent(next)}`);
      expect(a.status).toBe(200);
      const { refresh, link } = loaderTargets(a.text);
      expectThisStore(`refresh for ${JSON.stringify(next)}`, refresh);
      expectThisStore(`link for ${JSON.stringify(next)}`, link);
      // Either refused (the page offers its home page link instead) or a plain path here ("@evil.example" is /@evil.example).
      expect(refresh, next).toBe(link);
      if (refresh === undefined) expect(a.text).toContain("Go to the home page");
      else expect(refresh, next).toMatch(/^\/[^/\\]/);
    }
    for (const [next, path] of KEPT) {
      const { refresh, link } = loaderTargets((await client.get(`/loader?next=${encodeURIComponent(next)}`)).text);
      expect(refresh).toBe(path);
      expect(link).toBe(path);
    }
    expect(loaderTargets((await client.get("/loader?next=my-orders")).text).refresh).toBe("/my-orders");
  });

  it("POST /cart's redirectTo: adding to the cart comes back to this store only", async () => {
    for (const redirectTo of [...BYPASSES, ...KEPT.map(([path]) => path)]) {
      const a = await app.client().post("/cart", { form: { intent: "add", productId, redirectTo } });
      expect(a.status, a.text).toBe(303);
      expectThisStore(`cart redirectTo ${JSON.stringify(redirectTo)}`, a.headers.location, `${ORIGIN}/cart`);
    }
    const kept = await app
      .client()
      .post("/cart", { form: { intent: "add", productId, redirectTo: "/products?q=linen" } });
    expect(kept.headers.location).toBe("/products?q=linen");
    const refused = await app
      .client()
      .post("/cart", { form: { intent: "add", productId, redirectTo: "/.//evil.example" } });
    expect(refused.headers.location).toBe("/cart");
  });

  it("POST /cart's Place Order from a visitor: to the login modal on this store only", async () => {
    for (const redirectTo of BYPASSES) {
      const a = await app.client().post("/cart", { form: { intent: "place-order", paymentType: "COD", redirectTo } });
      expect(a.status).toBe(303);
      expectThisStore(`place-order redirectTo ${JSON.stringify(redirectTo)}`, a.headers.location, `${ORIGIN}/cart`);
      expect(a.headers.location).toBe("/cart?login");
    }
  });

  it("the shopper login's redirectTo (POST /login): back to a page of this store only, else home", async () => {
    const { account } = await registerShopper(app);
    for (const mode of ["login", "register"] as const) {
      for (const redirectTo of BYPASSES) {
        const fields =
          mode === "login"
            ? account
            : { name: "Redirected", email: `redirect-${unique()}@example.com`, password: PASSWORD };
        const a = await app.client().post("/login", { form: { mode, ...fields, redirectTo } });
        expect(a.status, a.text).toBe(303);
        expectThisStore(`${mode} redirectTo ${JSON.stringify(redirectTo)}`, a.headers.location, `${ORIGIN}/login`);
        expect(a.headers.location, `${mode} redirectTo ${JSON.stringify(redirectTo)}`).toBe("/");
      }
    }
    for (const [redirectTo, path] of KEPT) {
      const a = await app.client().post("/login", { form: { mode: "login", ...account, redirectTo } });
      expect(a.headers.location).toBe(path);
    }
  });

  it("the login form's return target (GET ?redirectTo=): a path of this store, never another site", async () => {
    const visitor = app.client();
    const returnTo = (html: string) =>
      decodeHtml(/<input type="hidden" name="redirectTo" value="([^"]*)"/.exec(html)![1]!);
    for (const redirectTo of BYPASSES) {
      for (const page of ["/login", "/?login", "/products?login"]) {
        const a = await visitor.get(
          `${page}${page.includes("?") ? "&" : "?"}redirectTo=${encodeURIComponent(redirectTo)}`,
        );
        expect(a.status).toBe(200);
        const target = returnTo(a.text);
        expectThisStore(`return target on ${page} for ${JSON.stringify(redirectTo)}`, target, `${ORIGIN}${page}`);
        expect(target).toBe(page === "/products?login" ? "/products" : "/");
      }
    }
    expect(returnTo((await visitor.get("/login?redirectTo=%2Fmy-orders")).text)).toBe("/my-orders");
    expect(returnTo((await visitor.get("/products/men?login&q=linen")).text)).toBe("/products/men?q=linen");
  });

  it("the seller sign-in's redirectTo: into the seller area only", async () => {
    for (const redirectTo of BYPASSES) {
      const a = await app.client().post("/seller-login", { form: { ...seller, redirectTo } });
      expect(a.status, a.text).toBe(303);
      expectThisStore(`seller redirectTo ${JSON.stringify(redirectTo)}`, a.headers.location, `${ORIGIN}/seller-login`);
      expect(a.headers.location).toBe("/seller");
    }
    const kept = await app.client().post("/seller-login", { form: { ...seller, redirectTo: "/seller/orders" } });
    expect(kept.headers.location).toBe("/seller/orders");
  });

  it("the page's own path: links built from it (the login modal's) stay on this store", async () => {
    const visitor: Client = app.client();
    for (const form of BYPASSES.filter((b) => b.startsWith("/"))) {
      // As a client sends it on the wire: what is not allowed in a request target is percent-encoded.
      const path = `${encodeURI(form).replaceAll("%5C", "\\")}?login`;
      const a = await visitor.get(path);
      expect(a.status, `${JSON.stringify(path)}: ${a.status}`).toBeLessThan(500);
      const page = `${ORIGIN}${path}`;
      if (a.status >= 300 && a.status < 400) {
        expectThisStore(`redirect for ${JSON.stringify(path)}`, a.headers.location, page);
        continue;
      }
      for (const href of relativeLinks(a.text)) expectThisStore(`link on ${JSON.stringify(path)}`, href, page);
      // The login form's return target, built from the same path.
      const target = /<input type="hidden" name="redirectTo" value="([^"]*)"/.exec(a.text)?.[1];
      if (target !== undefined) {
        expectThisStore(`return target on ${JSON.stringify(path)}`, decodeHtml(target), page);
        expect(decodeHtml(target), path).toMatch(/^\/(?![/\\])/);
      }
    }
    const doubled = await visitor.get("//evil.example/products?login");
    expect(doubled.status).toBe(308);
    expect(doubled.headers.location).toBe("/evil.example/products?login");
  });
});

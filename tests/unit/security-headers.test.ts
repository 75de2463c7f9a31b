// The header rules (app/lib/security-headers.server.ts) and who the client is (request-client.server.ts).
import { afterEach, describe, expect, it } from "vitest";
import { config, resetConfigForTests } from "#app/lib/config.server.ts";
import { requestClient } from "#app/lib/request-client.server.ts";
import {
  applySecurityHeaders,
  carriesPersonalCookie,
  contentSecurityPolicy,
  newNonce,
} from "#app/lib/security-headers.server.ts";
import { sellerCookie } from "../helpers/sellers.ts";
import { createUser, signedInCookie } from "../helpers/shopper.ts";

const saved = { ...process.env };
function withEnv(env: Record<string, string>) {
  resetConfigForTests();
  Object.assign(process.env, env);
}
afterEach(() => {
  process.env = { ...saved };
  resetConfigForTests();
});

const directive = (policy: string, name: string) =>
  policy
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.split(" ")[0] === name);

describe("the Content-Security-Policy", () => {
  it("allows scripts only by a nonce, never inline, and each nonce is new", () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    const nonce = newNonce();
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const policy = contentSecurityPolicy(nonce);
    expect(directive(policy, "script-src")).toBe(`script-src 'nonce-${nonce}'`);
    expect(policy).not.toContain("unsafe-inline");
    expect(policy).not.toContain("unsafe-eval");
    expect(directive(policy, "frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directive(policy, "base-uri")).toBe("base-uri 'none'");
    expect(directive(policy, "object-src")).toBe("object-src 'none'");
    expect(directive(policy, "frame-src")).toBe("frame-src https://www.openstreetmap.org");
    // Without a nonce (an HTML answer not rendered by React Router) no script runs at all.
    expect(directive(contentSecurityPolicy(null), "script-src")).toBe("script-src 'none'");
  });

  it("lets forms lead to Stripe's checkout only when real Stripe is configured", () => {
    withEnv({ NODE_ENV: "test" });
    expect(config().paymentMode).toBe("sandbox");
    expect(directive(contentSecurityPolicy(newNonce()), "form-action")).toBe("form-action 'self'");
    withEnv({ STRIPE_SECRET_KEY: "sk_test_x" });
    expect(directive(contentSecurityPolicy(newNonce()), "form-action")).toBe(
      "form-action 'self' https://checkout.stripe.com",
    );
  });
});

describe("the headers of every response", () => {
  const apply = (init: HeadersInit, target: Parameters<typeof applySecurityHeaders>[1]) =>
    applySecurityHeaders(new Headers(init), target);

  it("always has nosniff and the referrer policy, keeping a route's own stricter referrer policy", () => {
    const json = apply({ "Content-Type": "application/json" }, { https: false, cookie: null });
    expect(json.get("X-Content-Type-Options")).toBe("nosniff");
    expect(json.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    const sandbox = apply({ "Referrer-Policy": "no-referrer" }, { https: false, cookie: null });
    expect(sandbox.get("Referrer-Policy")).toBe("no-referrer");
  });

  it("adds charset=utf-8 to HTML, and a script-less policy to HTML that has none", () => {
    const html = apply({ "Content-Type": "text/html" }, { https: false, cookie: null });
    expect(html.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(directive(html.get("Content-Security-Policy")!, "script-src")).toBe("script-src 'none'");
    const page = apply(
      { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": contentSecurityPolicy("abc") },
      { https: false, cookie: null },
    );
    expect(page.get("Content-Security-Policy")).toContain("'nonce-abc'");
    expect(apply({ "Content-Type": "image/webp" }, { https: false, cookie: null }).has("Content-Security-Policy")).toBe(
      false,
    );
  });

  it("sends HSTS only in production and only over HTTPS", () => {
    const hsts = (https: boolean) => apply({}, { https, cookie: null }).get("Strict-Transport-Security");
    withEnv({ NODE_ENV: "test" });
    expect(hsts(true)).toBeNull();
    withEnv({ NODE_ENV: "production" });
    expect(hsts(false)).toBeNull();
    expect(hsts(true)).toBe("max-age=31536000; includeSubDomains");
  });

  it("marks private, no-store whatever the route said when a shopper's or seller's session cookie came", async () => {
    const shopper = await signedInCookie((await createUser()).id);
    const seller = await sellerCookie();
    for (const cookie of [
      shopper,
      seller,
      `theme=dark; ${shopper}`,
      "__cart=abc",
      "__saved=abc",
      "__discount=abc",
      "theme=dark; __toast=abc",
    ]) {
      expect(carriesPersonalCookie(cookie), cookie).toBe(true);
      const headers = apply({ "Cache-Control": "public, max-age=600" }, { https: false, cookie });
      expect(headers.get("Cache-Control")).toBe("private, no-store");
    }
    for (const cookie of [null, "", "theme=dark", "my__session=1", "__session_x=1"]) {
      expect(carriesPersonalCookie(cookie), String(cookie)).toBe(false);
      expect(apply({}, { https: false, cookie }).has("Cache-Control")).toBe(false);
    }
    // A file that is the same for everyone keeps its caching.
    const file = apply(
      { "Cache-Control": "public, max-age=31536000, immutable" },
      {
        https: false,
        cookie: shopper,
        sharedFile: true,
      },
    );
    expect(file.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  });

  it("marks private, no-store an answer that sets a cookie, even to a request without one", () => {
    const signIn = new Headers({ "Cache-Control": "public, max-age=600" });
    signIn.append("Set-Cookie", "__session=abc; Path=/; HttpOnly");
    expect(applySecurityHeaders(signIn, { https: false, cookie: null }).get("Cache-Control")).toBe("private, no-store");
  });
});

describe("the request's client per TRUST_PROXY", () => {
  const headers = (h: Record<string, string>) => (name: string) => h[name];
  const plain = { remoteAddress: "10.0.0.2", encrypted: false };

  it("believes only the socket by default, whatever the forwarding headers say", () => {
    withEnv({});
    expect(config().TRUST_PROXY).toBe(0);
    const spoofed = headers({ "x-forwarded-for": "1.2.3.4", "x-forwarded-proto": "https" });
    expect(requestClient(plain, spoofed)).toEqual({ address: "10.0.0.2", https: false });
    expect(requestClient({ remoteAddress: "10.0.0.2", encrypted: true }, spoofed).https).toBe(true);
  });

  it("takes what the trusted proxies appended: with one hop, the last entry", () => {
    withEnv({ TRUST_PROXY: "1" });
    const forwarded = headers({ "x-forwarded-for": "6.6.6.6, 203.0.113.7", "x-forwarded-proto": "https" });
    expect(requestClient(plain, forwarded)).toEqual({ address: "203.0.113.7", https: true });
    expect(requestClient(plain, headers({}))).toEqual({ address: "10.0.0.2", https: false });
    expect(requestClient(plain, forwarded, 2)).toEqual({ address: "6.6.6.6", https: true });
    // More hops than entries: the first entry.
    expect(requestClient(plain, headers({ "x-forwarded-for": "203.0.113.7" }), 3).address).toBe("203.0.113.7");
    expect(requestClient(plain, headers({ "x-forwarded-proto": "http" })).https).toBe(false);
  });

  it("reads Node's and Fetch's headers alike", () => {
    const request = new Request("http://x/", { headers: { "X-Forwarded-For": "198.51.100.4" } });
    expect(requestClient(plain, (name) => request.headers.get(name), 1).address).toBe("198.51.100.4");
    expect(requestClient(plain, () => ["198.51.100.9", "198.51.100.5"], 1).address).toBe("198.51.100.5");
  });

  it("accepts a number of hops or off, and nothing else", () => {
    withEnv({ TRUST_PROXY: "off" });
    expect(config().TRUST_PROXY).toBe(0);
    withEnv({ TRUST_PROXY: "2" });
    expect(config().TRUST_PROXY).toBe(2);
    withEnv({ TRUST_PROXY: "yes" });
    expect(() => config()).toThrow(/TRUST_PROXY/);
  });
});

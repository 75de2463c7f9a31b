// server/page-cache.ts: a kept page answered with a fresh nonce, spliced into gzip made once, decodes to exactly
// the page with that nonce (any size of piece, a page without a nonce, a page with a zero byte); and the page
// store (server/page-store.ts) keeps a page only while its version is current and within its bounds, and only a
// template page's 200 without Set-Cookie.
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHARED_PAGE_HEADER, TEMPLATE_PAGE_HEADER } from "../../app/lib/shared-page.ts";
import { type CachedPage, sendCachedPage, sharedPageOf } from "../../server/page-cache.ts";
import { PageStore, pageKey } from "../../server/page-store.ts";
import { decoded, rawRequest } from "../helpers/raw-http.ts";

const NONCE = "AAAAAAAAAAAAAAAAAAAAAA==";

/** The headers of a rendered catalogue page. */
function rendered(policy = `script-src 'nonce-${NONCE}'`) {
  return new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": policy,
    "Cache-Control": "private, no-cache",
    [SHARED_PAGE_HEADER]: "1",
    [TEMPLATE_PAGE_HEADER]: "1",
  });
}

const cache = new Map<string, CachedPage>();
const keep = (path: string, html: string) => {
  const entry = sharedPageOf(1, rendered(), Buffer.from(html), NONCE);
  cache.set(path, entry);
  return entry;
};
let server: http.Server;
let origin: string;

beforeAll(async () => {
  // Answers every request from the entry named by its path, as server.ts does.
  server = http.createServer((req, res) => {
    const entry = cache.get(req.url!);
    if (!entry) return void res.writeHead(404).end();
    sendCachedPage(req, res, entry, false, (headers: Headers) => headers.set("X-Decorated", "yes"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A page with the nonce in `count` places between pieces of random text (no zero byte unless asked). */
function page(count: number, pieceBytes: () => number, zero = false) {
  const piece = () => {
    const text = randomBytes(pieceBytes()).toString("base64").replaceAll("A", "<p>é</p>");
    return zero ? `${text}\u0000${text}` : text;
  };
  let html = piece();
  for (let i = 0; i < count; i++) html += `<script nonce="${NONCE}">${i}</script>${piece()}`;
  return html;
}

describe("a kept page", () => {
  it("decodes to the page with the answer's own nonce, in gzip, brotli or plain", async () => {
    const cases = {
      "/many": page(25, () => Math.floor(Math.random() * 3000)),
      "/large": page(3, () => 200_000),
      "/none": page(0, () => 5000),
      "/zero": page(4, () => 2000, true),
      "/empty-pieces": `<script nonce="${NONCE}"></script><script nonce="${NONCE}"></script>`,
    };
    for (const [path, html] of Object.entries(cases)) {
      keep(path, html);
      const nonces = new Set<string>();
      for (const acceptEncoding of ["gzip, br", "br", ""]) {
        const answer = await rawRequest(`${origin}${path}`, { headers: { "Accept-Encoding": acceptEncoding } });
        expect(answer.status).toBe(200);
        expect(answer.headers["content-encoding"]).toBe(
          acceptEncoding.startsWith("gzip") ? "gzip" : acceptEncoding || undefined,
        );
        expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
        expect(answer.headers["x-decorated"]).toBe("yes");
        const nonce = /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))![1]!;
        nonces.add(nonce);
        // gunzip checks the CRC and the length in the trailer too.
        const body = acceptEncoding.startsWith("gzip") ? gunzipSync(answer.body) : decoded(answer);
        expect(body.toString()).toBe(html.replaceAll(NONCE, nonce));
      }
      expect(nonces.size).toBe(3);
      expect(nonces.has(NONCE)).toBe(false);
    }
  });

  it("answers its ETag with 304 and no policy", async () => {
    const html = page(2, () => 100);
    const entry = keep("/etag", html);
    const answer = await rawRequest(`${origin}/etag`, { headers: { "If-None-Match": entry.etag } });
    expect(answer.status).toBe(304);
    expect(answer.headers.etag).toBe(entry.etag);
    expect(answer.headers["cache-control"]).toBe("private, no-cache");
    expect(answer.headers["content-security-policy"]).toBeUndefined();
  });
});

describe("the page store", () => {
  /** A render of a page with no slot (the same for both made-up visitors). */
  const render = (body: string, status = 200, headers = rendered()) => ({ status, headers, body: Buffer.from(body) });
  const both = (store: PageStore, key: string, version: number, made = render(page(2, () => 100))) =>
    store.store(key, version, made, made);

  it("keeps only a template page's 200 without Set-Cookie, and only for its version", () => {
    const local = new PageStore();
    expect(both(local, "/a", 1, render("<p>page</p>", 404)).refused).toBe(true);
    const notTemplate = rendered();
    notTemplate.delete(TEMPLATE_PAGE_HEADER);
    expect(both(local, "/a", 1, render("<p>page</p>", 200, notTemplate)).refused).toBe(true);
    const withCookie = rendered();
    withCookie.set("Set-Cookie", "a=b");
    expect(both(local, "/a", 1, render("<p>page</p>", 200, withCookie)).refused).toBe(true);
    const html = page(3, () => 100);
    const kept = both(local, "/a", 1, render(html));
    if (kept.refused) throw new Error(kept.reason);
    // The page of a visitor without cookies is the template's fill for nobody: here, the page itself.
    expect(Buffer.concat(kept.shared.parts).toString()).toBe(html.replaceAll(NONCE, ""));
    expect(local.get("/a", 1)).toBeDefined();
    expect(local.get("/a", 2)).toBeUndefined();
    expect(local.get("/a", 1)).toBeUndefined();
  });

  it("forgets the least recently used pages beyond its bounds", () => {
    const local = new PageStore({ maxEntries: 3, maxBytes: 1_000_000 });
    for (const key of ["/1", "/2", "/3"]) both(local, key, 1);
    local.get("/1", 1);
    both(local, "/4", 1);
    expect(["/1", "/2", "/3", "/4"].map((key) => Boolean(local.get(key, 1)))).toEqual([true, false, true, true]);
    const small = new PageStore({ maxEntries: 100, maxBytes: 50_000 });
    for (let i = 0; i < 10; i++) both(small, `/${i}`, 1, render("A".repeat(10_000)));
    expect(small.entries.size).toBeLessThanOrEqual(2);
  });

  it("is used only for a GET of a document without the login flag", () => {
    const request = (method: string, url: string, headers: Record<string, string> = { host: "shop.example" }) =>
      ({ method, url, headers }) as unknown as http.IncomingMessage;
    expect(pageKey(request("GET", "/products?page=2"))).toBe("http://shop.example/products?page=2");
    // A page names its own origin (without PUBLIC_URL): each Host and scheme has pages of its own.
    expect(pageKey(request("GET", "/products", { host: "other.example" }))).toBe("http://other.example/products");
    expect(pageKey(request("GET", "/products"), true)).toBe("https://shop.example/products");
    // With cookies or without: one key (the visitor's parts are filled in, or the fill for nobody is sent).
    expect(pageKey(request("GET", "/products", { host: "shop.example", cookie: "__session=x" }))).toBe(
      "http://shop.example/products",
    );
    expect(pageKey(request("GET", "/products.data"))).toBeNull();
    expect(pageKey(request("GET", "/products?login"))).toBeNull();
    expect(pageKey(request("GET", "/products?q=a&login=register"))).toBeNull();
    expect(pageKey(request("POST", "/products"))).toBeNull();
    expect(pageKey(request("HEAD", "/products"))).toBeNull();
  });
});

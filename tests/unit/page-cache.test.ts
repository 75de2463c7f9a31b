// server/page-cache.ts: a kept page answered with a fresh nonce, spliced into gzip made once, decodes to exactly
// the page with that nonce (any size of piece, a page without a nonce, a page with a zero byte), and the cache
// keeps a page only while its version is current and within its bounds.
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PageCache, pageCacheKey, SHARED_PAGE_HEADER, sendCachedPage } from "../../server/page-cache.ts";
import { decoded, rawRequest } from "../helpers/raw-http.ts";

const NONCE = "AAAAAAAAAAAAAAAAAAAAAA==";

/** The headers of a rendered catalogue page. */
function rendered(policy = `script-src 'nonce-${NONCE}'`) {
  return new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": policy,
    "Cache-Control": "private, no-cache",
    [SHARED_PAGE_HEADER]: "1",
  });
}

const cache = new PageCache();
let server: http.Server;
let origin: string;

beforeAll(async () => {
  // Answers every request from the entry named by its path, as server.ts does.
  server = http.createServer((req, res) => {
    const entry = cache.get(req.url!, 1);
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
      expect(cache.store(path, 1, 200, rendered(), Buffer.from(html))).not.toBeNull();
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
    const entry = cache.store("/etag", 1, 200, rendered(), Buffer.from(html))!;
    const answer = await rawRequest(`${origin}/etag`, { headers: { "If-None-Match": entry.etag } });
    expect(answer.status).toBe(304);
    expect(answer.headers.etag).toBe(entry.etag);
    expect(answer.headers["cache-control"]).toBe("private, no-cache");
    expect(answer.headers["content-security-policy"]).toBeUndefined();
  });
});

describe("the cache", () => {
  it("keeps only a shared 200 without Set-Cookie, and only for its version", () => {
    const local = new PageCache();
    const body = Buffer.from("<p>page</p>");
    expect(local.store("/a", 1, 404, rendered(), body)).toBeNull();
    const notShared = rendered();
    notShared.delete(SHARED_PAGE_HEADER);
    expect(local.store("/a", 1, 200, notShared, body)).toBeNull();
    const withCookie = rendered();
    withCookie.set("Set-Cookie", "a=b");
    expect(local.store("/a", 1, 200, withCookie, body)).toBeNull();
    expect(local.store("/a", 1, 200, rendered(), body)).not.toBeNull();
    expect(local.get("/a", 1)).toBeDefined();
    expect(local.get("/a", 2)).toBeUndefined();
    expect(local.get("/a", 1)).toBeUndefined();
  });

  it("forgets the least recently used pages beyond its bounds", () => {
    const local = new PageCache({ maxEntries: 3, maxBytes: 1_000_000 });
    for (const key of ["/1", "/2", "/3"]) local.store(key, 1, 200, rendered(), Buffer.from(key));
    local.get("/1", 1);
    local.store("/4", 1, 200, rendered(), Buffer.from("/4"));
    expect(["/1", "/2", "/3", "/4"].map((key) => Boolean(local.get(key, 1)))).toEqual([true, false, true, true]);
    const small = new PageCache({ maxEntries: 100, maxBytes: 50_000 });
    for (let i = 0; i < 10; i++) small.store(`/${i}`, 1, 200, rendered(), Buffer.alloc(10_000, 65));
    expect(small.entries.size).toBeLessThanOrEqual(2);
  });

  it("is used only for a GET without any cookie and without the login flag", () => {
    const request = (method: string, url: string, headers: Record<string, string> = { host: "shop.example" }) =>
      ({ method, url, headers }) as unknown as http.IncomingMessage;
    expect(pageCacheKey(request("GET", "/products?page=2"))).toBe("http://shop.example/products?page=2");
    // A page names its own origin (without PUBLIC_URL): each Host and scheme has pages of its own.
    expect(pageCacheKey(request("GET", "/products", { host: "other.example" }))).toBe("http://other.example/products");
    expect(pageCacheKey(request("GET", "/products"), true)).toBe("https://shop.example/products");
    expect(pageCacheKey(request("GET", "/products", { cookie: "__session=x" }))).toBeNull();
    expect(pageCacheKey(request("GET", "/products", { cookie: "anything=else" }))).toBeNull();
    expect(pageCacheKey(request("GET", "/products?login"))).toBeNull();
    expect(pageCacheKey(request("GET", "/products?q=a&login=register"))).toBeNull();
    expect(pageCacheKey(request("POST", "/products"))).toBeNull();
    expect(pageCacheKey(request("HEAD", "/products"))).toBeNull();
  });
});

// What the production server sends: the security headers on every kind of answer, a fresh CSP nonce per
// page, compression as the client accepts it (built files from their precompressed copies, never images),
// and 304s for files the client has. Against `node build/server-entry.js` on the production build.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "#app/lib/config.server.ts";
import { BROTLI_PARAMS, GZIP_LEVEL } from "../../server/compression.ts";
import { createProduct } from "../helpers/factories.ts";
import { productionBuild, type RunningServer, startProductionServer } from "../helpers/production-server.ts";
import { decoded, type RawResponse, rawRequest } from "../helpers/raw-http.ts";
import { sellerCookie } from "../helpers/sellers.ts";
import { createUser, signedInCookie } from "../helpers/shopper.ts";

let server: RunningServer;
let buildDir: string;
let picture: string;
let shopper: string;
let seller: string;

beforeAll(async () => {
  buildDir = await productionBuild();
  const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c0392b" } })
    .webp()
    .toBuffer();
  picture = "testpicture1.webp";
  mkdirSync(config().uploadsDir, { recursive: true });
  writeFileSync(path.join(config().uploadsDir, picture), image);
  for (let i = 0; i < 30; i++) await createProduct({ images: [`/uploads/${picture}`] });
  shopper = await signedInCookie((await createUser()).id);
  seller = await sellerCookie();
  server = await startProductionServer();
}, 180_000);

afterAll(async () => {
  expect(await server?.stop()).toBe(0);
});

const get = (p: string, headers: Record<string, string> = {}) => rawRequest(`${server.origin}${p}`, { headers });

function assetNamed(pattern: RegExp): string {
  const name = readdirSync(path.join(buildDir, "client", "assets")).find((file) => pattern.test(file));
  if (!name) throw new Error(`No built asset matches ${pattern}`);
  return `/assets/${name}`;
}

/** A POST that declares a body and sends only its headers: the server must answer without reading it. */
function declaredOnly(p: string, bytes: number): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.origin}${p}`, {
      method: "POST",
      headers: { "Content-Type": "application/octet-stream", "Content-Length": String(bytes) },
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
        req.destroy();
      });
    });
    req.on("error", reject);
    req.flushHeaders();
  });
}

function nonceOf(response: RawResponse): string {
  const csp = String(response.headers["content-security-policy"]);
  const nonce = /script-src 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
  if (!nonce) throw new Error(`No script nonce in ${csp}`);
  return nonce;
}

function expectEveryResponseHeaders(response: RawResponse) {
  expect(response.headers["x-content-type-options"]).toBe("nosniff");
  expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
}

describe("security headers", () => {
  it("gives each page a policy whose scripts need a nonce made for that response alone", async () => {
    const first = await get("/products");
    const second = await get("/products");
    for (const page of [first, second]) {
      expect(page.status).toBe(200);
      expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
      expectEveryResponseHeaders(page);
      const csp = String(page.headers["content-security-policy"]);
      const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src"))!;
      expect(scriptSrc).not.toContain("unsafe-inline");
      expect(scriptSrc).not.toContain("unsafe-eval");
      for (const directive of [
        "default-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "object-src 'none'",
        "frame-src https://www.openstreetmap.org",
      ]) {
        expect(csp).toContain(directive);
      }
      // Every script in the page carries this response's nonce (a JSON data block, the visitor's island, is
      // never run: no nonce).
      const html = page.body.toString("utf8");
      const scripts = (html.match(/<script\b[^>]*>/g) ?? []).filter((tag) => !tag.includes('type="application/json"'));
      expect(scripts.length).toBeGreaterThan(1);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonceOf(page)}"`);
    }
    expect(nonceOf(first)).not.toBe(nonceOf(second));
  });

  it("sets nosniff and the referrer policy on every kind of answer", async () => {
    const answers = {
      asset: await get(assetNamed(/^root-.*\.js$/)),
      publicFile: await get("/favicon.svg"),
      picture: await get(`/uploads/${picture}`),
      json: await get("/api/product/list"),
      redirect: await get("/my-orders"),
      notFound: await get("/no-such-page"),
      refusedMethod: await rawRequest(`${server.origin}/`, { method: "TRACE" }),
      tooLarge: await declaredOnly("/api/product/add", 30 * 1024 * 1024),
    };
    expect(answers.tooLarge.status).toBe(413);
    expect(answers.redirect.status).toBe(302);
    expect(answers.notFound.status).toBe(404);
    expect(answers.notFound.headers["content-security-policy"]).toContain("script-src 'nonce-");
    expect(answers.refusedMethod.status).toBe(405);
    for (const [kind, answer] of Object.entries(answers)) {
      expect(answer.headers["x-content-type-options"], kind).toBe("nosniff");
      expect(answer.headers["referrer-policy"], kind).toBe("strict-origin-when-cross-origin");
    }
  });

  it("keeps nothing personal in any cache: private, no-store whenever a session cookie came", async () => {
    for (const [cookie, paths] of [
      [shopper, ["/", "/products", "/my-orders", "/api/user/is-auth", "/no-such-page"]],
      [seller, ["/seller", "/seller/orders", "/api/seller/is-auth"]],
    ] as const) {
      for (const p of paths) {
        const response = await get(p, { Cookie: cookie });
        expect(response.status, p).toBeLessThan(500);
        expect(response.headers["cache-control"], p).toBe("private, no-store");
      }
    }
    // Without a cookie: a catalogue page may be kept by the browser (it asks again each time), no other page is marked.
    expect((await get("/products")).headers["cache-control"]).toBe("private, no-cache");
    expect((await get("/contact")).headers["cache-control"]).toBeUndefined();
    // Files that are the same for everyone keep their long caching even with a session cookie.
    const asset = await get(assetNamed(/^root-.*\.js$/), { Cookie: shopper });
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const image = await get(`/uploads/${picture}`, { Cookie: shopper });
    expect(image.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("decides 'a file the same for everyone' from the path the router serves, not from the raw /uploads/ target", async () => {
    const targets = [
      "/uploads/../my-orders",
      "/uploads/%2e%2e/my-orders",
      "/uploads/%2E%2E/my-orders",
      "/uploads/.%2e/my-orders",
      "/uploads/x/../../my-orders",
      "/uploads\\..\\my-orders",
      "/uploads/..\\my-orders",
      "/uploads/../api/user/is-auth",
      "//uploads/../my-orders",
      "/uploads/./../my-orders?x=/uploads/",
    ];
    for (const target of targets) {
      const response = await rawRequest(server.origin, { target, headers: { Cookie: shopper } });
      expect(response.status, target).toBeLessThan(500);
      expect(response.headers["cache-control"], target).toBe("private, no-store");
    }
    // The first one is the shopper's own orders page, which must never be kept by a shared cache.
    const orders = await rawRequest(server.origin, { target: targets[0], headers: { Cookie: shopper } });
    expect(orders.status).toBe(200);
    expect(decoded(orders).toString("utf8")).toContain("My Orders");
    // A picture keeps its caching, spelled plainly or not.
    for (const target of [`/uploads/${picture}`, `/uploads/./${picture}`, `/products/../uploads/${picture}`]) {
      const image = await rawRequest(server.origin, { target, headers: { Cookie: shopper } });
      expect(image.status, target).toBe(200);
      expect(image.headers["cache-control"], target).toBe("public, max-age=31536000, immutable");
    }
  });

  it("sends no HSTS outside production, whatever a client claims about HTTPS", async () => {
    const page = await get("/", { "X-Forwarded-Proto": "https" });
    expect(page.headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("HSTS in production", () => {
  it("is sent only for HTTPS, which a client can claim through X-Forwarded-Proto only behind TRUST_PROXY", async () => {
    const behindProxy = await startProductionServer({ NODE_ENV: "production", TRUST_PROXY: "1" });
    const direct = await startProductionServer({ NODE_ENV: "production" });
    try {
      const hsts = "max-age=31536000; includeSubDomains";
      const viaHttps = await rawRequest(`${behindProxy.origin}/`, { headers: { "X-Forwarded-Proto": "https" } });
      expect(viaHttps.headers["strict-transport-security"]).toBe(hsts);
      const file = await rawRequest(`${behindProxy.origin}/favicon.svg`, { headers: { "X-Forwarded-Proto": "https" } });
      expect(file.headers["strict-transport-security"]).toBe(hsts);
      const viaHttp = await rawRequest(`${behindProxy.origin}/`, { headers: { "X-Forwarded-Proto": "http" } });
      expect(viaHttp.headers["strict-transport-security"]).toBeUndefined();
      const spoofed = await rawRequest(`${direct.origin}/`, { headers: { "X-Forwarded-Proto": "https" } });
      expect(spoofed.status).toBe(200);
      expect(spoofed.headers["strict-transport-security"]).toBeUndefined();
    } finally {
      expect(await behindProxy.stop()).toBe(0);
      expect(await direct.stop()).toBe(0);
    }
  }, 60_000);
});

describe("compression", () => {
  const withoutNonces = (html: Buffer) => html.toString("utf8").replace(/nonce="[^"]+"/g, 'nonce=""');

  it("sends pages in brotli or gzip as the client accepts, decoding to the same page", async () => {
    // Rendered for this request (a cookie, and the login modal: no kept page or template answers it; kept pages
    // and filled templates are sent as they were kept: page-cache.test.ts, page-templates.test.ts).
    const visitor = { Cookie: shopper };
    const page = "/products?login";
    const br = await get(page, { ...visitor, "Accept-Encoding": "gzip, deflate, br" });
    const gzip = await get(page, { ...visitor, "Accept-Encoding": "gzip" });
    const identity = await get(page, visitor);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(identity.headers["content-encoding"]).toBeUndefined();
    for (const response of [br, gzip, identity]) expect(response.headers.vary).toMatch(/Accept-Encoding/i);
    expect(withoutNonces(decoded(br))).toBe(withoutNonces(identity.body));
    expect(withoutNonces(decoded(gzip))).toBe(withoutNonces(identity.body));
    // Streamed out (flushed whenever the page pauses), each is within 10% of compressing the whole page at
    // once with the server's settings (server/compression.ts).
    const whole = {
      br: brotliCompressSync(identity.body, { params: BROTLI_PARAMS }).length,
      gzip: gzipSync(identity.body, { level: GZIP_LEVEL }).length,
    };
    expect(br.body.length).toBeLessThan(whole.br * 1.1);
    expect(gzip.body.length).toBeLessThan(whole.gzip * 1.1);
    expect(br.body.length).toBeLessThan(identity.body.length / 5);
    // A client that refuses brotli gets gzip.
    const noBrotli = await get(page, { ...visitor, "Accept-Encoding": "br;q=0, gzip" });
    expect(noBrotli.headers["content-encoding"]).toBe("gzip");
  });

  it("sends JSON compressed too", async () => {
    const identity = await get("/api/product/list");
    const br = await get("/api/product/list", { "Accept-Encoding": "br" });
    const gzip = await get("/api/product/list", { "Accept-Encoding": "gzip" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    const products = JSON.parse(identity.body.toString("utf8")).products;
    expect(products.length).toBeGreaterThanOrEqual(30);
    expect(decoded(br).equals(identity.body)).toBe(true);
    expect(decoded(gzip).equals(identity.body)).toBe(true);
  });

  it("sends built files from the copies compressed at build time", async () => {
    for (const pattern of [/^entry\.client-.*\.js$/, /^root-.*\.css$/]) {
      const asset = assetNamed(pattern);
      const file = path.join(buildDir, "client", asset);
      const original = readFileSync(file);
      const br = await get(asset, { "Accept-Encoding": "br, gzip" });
      const gzip = await get(asset, { "Accept-Encoding": "gzip" });
      const identity = await get(asset);
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.body.equals(readFileSync(`${file}.br`))).toBe(true);
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(gzip.body.equals(readFileSync(`${file}.gz`))).toBe(true);
      expect(identity.headers["content-encoding"]).toBeUndefined();
      for (const response of [br, gzip, identity]) {
        expect(decoded(response).equals(original)).toBe(true);
        expect(response.headers.vary).toBe("Accept-Encoding");
        expect(Number(response.headers["content-length"])).toBe(response.body.length);
      }
    }
  });

  it("never compresses pictures", async () => {
    const uploaded = await get(`/uploads/${picture}`, { "Accept-Encoding": "br, gzip" });
    expect(uploaded.headers["content-type"]).toBe("image/webp");
    expect(uploaded.headers["content-encoding"]).toBeUndefined();
    expect(uploaded.body.equals(readFileSync(path.join(config().uploadsDir, picture)))).toBe(true);
    // The build step compresses text files only.
    const copies = readdirSync(path.join(buildDir, "client"), { recursive: true })
      .map(String)
      .filter((file) => /\.(br|gz)$/.test(file));
    expect(copies.length).toBeGreaterThan(10);
    for (const copy of copies) expect(copy).toMatch(/\.(js|css|svg|json|txt|html)\.(br|gz)$/);
  });

  it("answers If-None-Match with 304 for the encoding asked for, and HEAD with headers only", async () => {
    const asset = assetNamed(/^entry\.client-.*\.js$/);
    const br = await get(asset, { "Accept-Encoding": "br" });
    const identity = await get(asset);
    expect(br.headers.etag).toBeTruthy();
    expect(br.headers.etag).not.toBe(identity.headers.etag);
    const unchanged = await get(asset, { "Accept-Encoding": "br", "If-None-Match": String(br.headers.etag) });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body.length).toBe(0);
    expect(unchanged.headers.etag).toBe(br.headers.etag);
    // The brotli copy's tag does not stand for the plain bytes.
    const other = await get(asset, { "If-None-Match": String(br.headers.etag) });
    expect(other.status).toBe(200);
    expect(other.body.equals(identity.body)).toBe(true);

    const head = await rawRequest(`${server.origin}${asset}`, { method: "HEAD", headers: { "Accept-Encoding": "br" } });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(br.headers["content-length"]);
    const page = await rawRequest(`${server.origin}/products`, { method: "HEAD" });
    expect(page.status).toBe(200);
    expect(page.body.length).toBe(0);
    expect(page.headers["content-security-policy"]).toContain("script-src 'nonce-");
  });
});

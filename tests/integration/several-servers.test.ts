// Two app servers (`node build/server-entry.js`, two processes) over one store: one database (here one SQLite file;
// the same holds for one PostgreSQL database) and one shared pictures directory, as several servers behind a
// reverse proxy run (docs/decisions/0147-several-app-servers.md). What one changes, the other shows on its very
// next request; a session made on one works on the other; the sign-in throttle counts across both; a picture
// uploaded through one is served by the other. And a server refuses to start as one of several (DATABASE_URL set)
// without the shared secrets, or with the built-in Stripe sandbox.
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { THROTTLE_RULES } from "#app/modules/identity/index.server.ts";
import { Client, json } from "../helpers/app.ts";
import { decodeHtml, pngBytes, unique } from "../helpers/hostile.ts";
import { type RunningServer, startProductionServer } from "../helpers/production-server.ts";
import { createTestSeller, SELLER_PASSWORD } from "../helpers/sellers.ts";
import { settingsForm } from "../helpers/settings-form.ts";

/** What every server of the store is given alike (docs/postgresql.md, Several app servers). */
const shared = {
  SESSION_SECRET: "several-servers-session-secret-0123456789",
  MAIL_SEAL_KEY: "several-servers-mail-seal-key-0123456789abcdef",
  STRIPE_SANDBOX: "off",
  TRUST_PROXY: "1",
  UPLOADS_DIR: "",
};

let a: RunningServer;
let b: RunningServer;

beforeAll(async () => {
  shared.UPLOADS_DIR = mkdtempSync(path.join(process.env.DATA_DIR!, "shared-uploads-"));
  [a, b] = await Promise.all([startProductionServer(shared), startProductionServer(shared)]);
}, 180_000);

afterAll(async () => {
  expect(await a?.stop()).toBe(0);
  expect(await b?.stop()).toBe(0);
});

/** A client of the test helpers (cookie jar, Origin on posts) whose requests go to `server` over HTTP. */
function clientOf(
  server: RunningServer,
  cookie = "",
  forwardedFor = `203.0.113.${Math.floor(Math.random() * 250) + 1}`,
) {
  const client = new Client(async (request) => {
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    if (headers.has("Origin")) headers.set("Origin", server.origin);
    if (!headers.has("X-Forwarded-For")) headers.set("X-Forwarded-For", forwardedFor);
    const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
    return fetch(`${server.origin}${url.pathname}${url.search}`, {
      method: request.method,
      headers,
      body,
      redirect: "manual",
    });
  });
  client.cookie = cookie;
  return client;
}

/** A page as a visitor without a session gets it (so possibly from the server's kept pages). */
async function visitorPage(server: RunningServer, pathAndQuery: string): Promise<string> {
  const answer = await fetch(`${server.origin}${pathAndQuery}`);
  expect(answer.status, pathAndQuery).toBe(200);
  return decodeHtml(await answer.text()).replaceAll("<!-- -->", "");
}

async function sellerOn(server: RunningServer) {
  const seller = await createTestSeller();
  const client = clientOf(server);
  const signedIn = await client.post("/api/seller/login", json({ email: seller.email, password: SELLER_PASSWORD }));
  expect(signedIn.status, signedIn.text).toBe(200);
  return client;
}

async function addProductThrough(seller: Client, name: string) {
  const added = await seller.post("/api/product/add", {
    multipart: {
      productData: JSON.stringify({ name, description: ["Made twice"], category: "Men", price: 40, offerPrice: 25 }),
      images: { name: "tee.png", mimeType: "image/png", buffer: await pngBytes() },
    },
  });
  expect(added.status, added.text).toBe(201);
  return added.json!.product as { _id: string };
}

describe("two servers over one store", () => {
  it("a session made on A is valid on B", async () => {
    const shopper = clientOf(a);
    const email = `two-servers-${unique()}@example.com`;
    const registered = await shopper.post(
      "/api/user/register",
      json({ name: "Ada Two", email, password: "two-servers-1" }),
    );
    expect(registered.status, registered.text).toBe(201);
    const onB = await clientOf(b, shopper.cookie).get("/api/user/is-auth");
    expect(onB.status).toBe(200);
    expect(onB.json).toMatchObject({ success: true, user: { email } });
    // And a seller's, for a page of the seller area.
    const seller = await sellerOn(a);
    const page = await clientOf(b, seller.cookie).get("/seller/settings");
    expect(page.status).toBe(200);
  });

  it("a product edited through A is fresh on B's next request: list page, product page, search count", async () => {
    const seller = await sellerOn(a);
    const word = `Quokka${unique()}`;
    const product = await addProductThrough(seller, "Two Server Tee");
    const productPath = `/products/men/${product._id}`;
    // B keeps its pages and counts for visitors: asked twice, the second is its kept copy.
    for (let i = 0; i < 2; i++) {
      expect(await visitorPage(b, "/products/men")).toContain("Two Server Tee");
      expect(await visitorPage(b, productPath)).toContain("Two Server Tee");
      expect(await visitorPage(b, `/products?q=${word}`)).toContain("0 results");
    }

    const edited = await seller.post(`/seller/products/${product._id}`, {
      multipart: {
        name: `Renamed ${word} Tee`,
        description: "Made twice",
        category: "Men",
        price: "40",
        offerPrice: "31.5",
      },
    });
    expect(edited.status, edited.text).toBe(303);

    const list = await visitorPage(b, "/products/men");
    expect(list).toContain(`Renamed ${word} Tee`);
    expect(list).not.toContain("Two Server Tee");
    const page = await visitorPage(b, productPath);
    expect(page).toContain(`Renamed ${word} Tee`);
    expect(page).toContain("31.50");
    expect(await visitorPage(b, `/products?q=${word}`)).toMatch(/1 result for “Quokka/);
  });

  it("shop settings saved through A are seen on B at once", async () => {
    const seller = await sellerOn(a);
    const onB = clientOf(b, seller.cookie);
    const before = await onB.get("/seller/settings");
    expect(before.status).toBe(200);
    expect(await visitorPage(b, "/contact")).toContain("Online Shop");
    const name = `Two Servers ${unique()}`;
    const saved = await seller.post("/seller/settings", { multipart: settingsForm({ name }) });
    expect(saved.status, saved.text).toBe(303);
    // A signed-in page (never a kept one): B's copy of the settings follows the row's version.
    expect(decodeHtml((await onB.get("/seller/settings")).text)).toContain(name);
    expect(await visitorPage(b, "/contact")).toContain(name);
    // The shopper's cart page, with a session of its own, too.
    const shopper = clientOf(b);
    await shopper.post(
      "/api/user/register",
      json({ name: "Cart Looker", email: `cart-${unique()}@example.com`, password: "two-servers-1" }),
    );
    expect(decodeHtml((await shopper.get("/cart")).text)).toContain(name);
  });

  it("sign-in failures split over A and B count as one: the email, then the address, is refused on both", async () => {
    const rule = THROTTLE_RULES["shopper-sign-in"];
    const email = `throttled-${unique()}@example.com`;
    const registered = await clientOf(a).post(
      "/api/user/register",
      json({ name: "T", email, password: "right-pass-1" }),
    );
    expect(registered.status).toBe(201);
    for (let i = 0; i < rule.perEmail; i++) {
      const failed = await clientOf(i % 2 ? b : a).post("/api/user/login", json({ email, password: `wrong-${i}` }));
      expect(failed.status, `failure ${i + 1}`).toBe(401);
    }
    for (const server of [a, b]) {
      const refused = await clientOf(server).post("/api/user/login", json({ email, password: "right-pass-1" }));
      expect(refused.status).toBe(429);
      expect(refused.json!.message).toMatch(/^Too many sign-in attempts\./);
    }

    // One address (as the reverse proxy tells it), many emails: perClient failures over both lock the address.
    const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    for (let i = 0; i < rule.perClient; i++) {
      const failed = await clientOf(i % 2 ? b : a, "", address).post(
        "/api/user/login",
        json({ email: `guess-${i}-${unique()}@example.com`, password: "whatever-1" }),
      );
      expect(failed.status, `failure ${i + 1}`).toBe(401);
    }
    for (const server of [a, b]) {
      const refused = await clientOf(server, "", address).post(
        "/api/user/login",
        json({ email: `fresh-${unique()}@example.com`, password: "whatever-1" }),
      );
      expect(refused.status).toBe(429);
    }
    // Another address still goes on.
    const other = await clientOf(b).post(
      "/api/user/login",
      json({ email: `x-${unique()}@example.com`, password: "x-1" }),
    );
    expect(other.status).toBe(401);
  });

  it("a picture uploaded through A is served by B, from the shared UPLOADS_DIR", async () => {
    const seller = await sellerOn(a);
    const product = await addProductThrough(seller, "Pictured Twice");
    const listed = await clientOf(b).get("/api/product/list");
    const row = (listed.json!.products as { _id: string; image: string[] }[]).find((p) => p._id === product._id);
    const url = row!.image[0]!;
    expect(url).toMatch(/^\/uploads\/[a-z0-9]+\.webp$/);
    const name = url.slice("/uploads/".length);
    expect(readdirSync(shared.UPLOADS_DIR)).toContain(name);
    expect(existsSync(path.join(process.env.DATA_DIR!, "uploads", name))).toBe(false);
    const fromB = await fetch(`${b.origin}${url}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get("content-type")).toBe("image/webp");
    const fromA = await fetch(`${a.origin}${url}`);
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
  });
});

/** What a server refused to start with printed (after "The server exited:"). */
async function refusal(env: Record<string, string>): Promise<string> {
  // Without the secrets unless the case gives them (the PostgreSQL pass of the suite sets both for its servers).
  const error = await startProductionServer({ SESSION_SECRET: undefined, MAIL_SEAL_KEY: undefined, ...env }).then(
    (started) => {
      void started.stop();
      throw new Error("the server started");
    },
    (reason: Error) => reason,
  );
  return error.message;
}

describe("a server that would be one of several (DATABASE_URL set)", () => {
  const several = { DATABASE_URL: "postgres://store@127.0.0.1:9/store", STRIPE_SANDBOX: "off" };

  it("a refused configuration prints one line saying what to set, not a stack trace", async () => {
    for (const [env, says] of [
      [{ SESSION_SECRET: "too-short" }, "SESSION_SECRET: must be at least 16 characters: set a long random value"],
      // In production the configuration is read as the build loads, before the server reads it itself.
      [{ NODE_ENV: "production", SESSION_SECRET: "too-short" }, "SESSION_SECRET: must be at least 16 characters"],
      [{ MAIL_SEAL_KEY: "short" }, "MAIL_SEAL_KEY: must be at least 32 characters: set a long random value"],
      [{ ...several, SESSION_SECRET: "too-short" }, "SESSION_SECRET: must be at least 16 characters"],
      [several, "With DATABASE_URL set, SESSION_SECRET and MAIL_SEAL_KEY must be set"],
    ] as const) {
      const printed = (await refusal(env))
        .split("\n")
        .slice(1)
        .filter((line) => line.trim() !== "");
      expect(printed, JSON.stringify(env)).toHaveLength(1);
      expect(printed[0]).toContain(says);
    }
  });

  it("refuses to start without SESSION_SECRET and MAIL_SEAL_KEY, saying why", async () => {
    const message = await refusal(several);
    expect(message).toContain(
      "With DATABASE_URL set, SESSION_SECRET and MAIL_SEAL_KEY must be set, to the same value on every app server",
    );
    expect(await refusal({ ...several, SESSION_SECRET: shared.SESSION_SECRET })).toContain(
      "With DATABASE_URL set, MAIL_SEAL_KEY must be set",
    );
  });

  it("refuses to start the built-in Stripe sandbox", async () => {
    const message = await refusal({
      ...several,
      SESSION_SECRET: shared.SESSION_SECRET,
      MAIL_SEAL_KEY: shared.MAIL_SEAL_KEY,
      STRIPE_SANDBOX: "on",
    });
    expect(message).toContain(
      "The built-in Stripe sandbox runs on one server only (it keeps its state in files under DATA_DIR): with DATABASE_URL set, set STRIPE_SECRET_KEY (a Stripe test-mode key works) or STRIPE_SANDBOX=off.",
    );
  });
});

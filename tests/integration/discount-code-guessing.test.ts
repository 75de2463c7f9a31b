// Discount codes cannot be guessed (issue 30, decision 0210), through the production build's request handler:
// every code that cannot be used now (unknown, paused, expired, not started) gets one answer, in the cart and
// in /api; and codes that cannot be used are throttled, 30 per address and 10 per shopper in 15 minutes, then
// 429 with Retry-After before the code is looked at (a real code too).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, first } from "#app/lib/db.server.ts";
import { THROTTLE_RULES } from "#app/modules/identity/index.server.ts";
import { discountCodes, orders } from "#db/tables.ts";
import { appForFile, type Client, json } from "../helpers/app.ts";
import { createProduct } from "../helpers/factories.ts";
import { decodeHtml, unique } from "../helpers/hostile.ts";
import { sellerCookie } from "../helpers/sellers.ts";
import { createAddress, createUser, signedInCookie } from "../helpers/shopper.ts";

const site = appForFile();
const RULE = THROTTLE_RULES["discount-code"];
const TOO_MANY = /Too many discount codes that cannot be used\. Please try again in (a minute|\d+ minutes)\./;
const unusable = (code: string) => `The code “${code}” cannot be used. Please check the code.`;

/** A code made through the seller's form (a plain post, 303 to the list); `fields` as the form names them. */
async function createCode(fields: Record<string, string> = {}) {
  const code = `G${unique()}`
    .replaceAll(/[^A-Za-z0-9]/g, "")
    .slice(0, 20)
    .toUpperCase();
  const seller = site.client(await sellerCookie());
  const answer = await seller.post("/seller/discounts/new", {
    form: { code, kind: "percent", value: "10", ...fields },
  });
  expect(answer.status, answer.text.slice(0, 300)).toBe(303);
  const row = (await first(db().select().from(discountCodes).where(eq(discountCodes.code, code))))!;
  return { code, row };
}

/** A client at `address` (a visitor, or the shopper whose session `cookie` is). */
function clientAt(address: string, cookie = "") {
  const client = site.app.client({ address });
  client.cookie = cookie;
  return client;
}

const applyCode = (client: Client, code: string) =>
  client.post("/cart", { form: { intent: "apply-code", code, redirectTo: "/cart" } });

let addresses = 0;
/** An address of its own, a documentation one (RFC 3849) in a /64 no other test file uses. */
const newAddress = () => `2001:db8:c0de:${(++addresses).toString(16)}::1`;

describe("one answer for every code that cannot be used now", () => {
  it("unknown, paused, expired and future codes answer alike in the cart and in /api", async () => {
    const day = 24 * 60 * 60 * 1000;
    const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const paused = await createCode();
    const seller = site.client(await sellerCookie());
    expect((await seller.post("/seller/discounts", { form: { intent: "pause", id: paused.row.id } })).status).toBe(303);
    const expired = await createCode({ endsOn: iso(Date.now() - 3 * day) });
    const future = await createCode({ startsOn: iso(Date.now() + 3 * day) });
    const product = await createProduct({ offerPriceCents: 4000 });
    const user = await createUser();
    const address = await createAddress(user.id);
    const cookie = await signedInCookie(user.id);
    const shopper = clientAt(newAddress(), cookie);
    await shopper.post("/cart", { form: { intent: "add", productId: product.id } });

    const answers: { status: number; text: string }[] = [];
    for (const code of ["NO-SUCH-CODE-1", paused.code, expired.code, future.code.toLowerCase()]) {
      const shown = code.toUpperCase();
      const page = await applyCode(shopper, code);
      expect(decodeHtml(page.text), code).toContain(unusable(shown));
      const api = await shopper.post(
        "/api/order/cod",
        json({ items: [{ product: product.id, quantity: 1 }], address: address.id, discountCode: code }),
      );
      expect(api.json, code).toEqual({ success: false, message: unusable(shown) });
      answers.push({ status: page.status, text: decodeHtml(page.text).replaceAll(shown, "CODE") });
      answers.push({ status: api.status, text: JSON.stringify(api.json).replaceAll(shown, "CODE") });
    }
    // The same status for all, on the page and in /api: nothing tells a real code from a made-up one.
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([404]));
    expect(await first(db().select().from(orders).where(eq(orders.userId, user.id)))).toBeUndefined();
  });
});

describe("code attempts are throttled", () => {
  it("a visitor guessing with an empty cart: 30 from one address, then 429 even for a real code; other addresses go on", async () => {
    expect(RULE).toMatchObject({ perEmail: 10, perClient: 30, windowMs: 15 * 60 * 1000 });
    const real = await createCode();
    const address = newAddress();
    for (let i = 0; i < RULE.perClient; i++) {
      // A new visitor each time (no cookies kept): the address is what counts.
      const guess = await applyCode(clientAt(address), `GUESS-${i}`);
      expect(guess.status, `guess ${i + 1}`).toBe(404);
    }
    const refused = await applyCode(clientAt(address), real.code);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(RULE.windowMs / 1000);
    expect(decodeHtml(refused.text)).toMatch(TOO_MANY);
    expect(refused.setCookies.join("\n")).not.toContain("__discount=");

    // Another address: the real code is taken (with a line it applies to).
    const other = clientAt(newAddress());
    const product = await createProduct({ offerPriceCents: 2000 });
    await other.post("/cart", { form: { intent: "add", productId: product.id } });
    expect((await applyCode(other, real.code.toLowerCase())).status).toBe(303);
  });

  it("a shopper: 10 codes that cannot be used, then 429 from any address, in the cart and in /api; a code that works does not reset it", async () => {
    const real = await createCode();
    const product = await createProduct({ offerPriceCents: 3000 });
    const user = await createUser();
    const address = await createAddress(user.id);
    const cookie = await signedInCookie(user.id);
    const here = clientAt(newAddress(), cookie);
    await here.post("/cart", { form: { intent: "add", productId: product.id } });
    const order = (discountCode: string, client: Client) =>
      client.post(
        "/api/order/cod",
        json({ items: [{ product: product.id, quantity: 1 }], address: address.id, discountCode }),
      );
    for (let i = 0; i < RULE.perEmail; i++) {
      if (i === 5) expect((await applyCode(here, real.code)).status, "a code that works").toBe(303);
      const guess = i % 2 === 0 ? await applyCode(here, `TRY-${i}`) : await order(`TRY-${i}`, here);
      expect(guess.status, `guess ${i + 1}`).toBe(404);
    }
    // The eleventh, from another address and with a real code, in the cart and in /api: refused, nothing placed.
    const there = newAddress();
    const elsewhere = clientAt(there, cookie);
    const page = await applyCode(elsewhere, real.code);
    expect(page.status).toBe(429);
    expect(decodeHtml(page.text)).toMatch(TOO_MANY);
    const api = await order(real.code, elsewhere);
    expect(api.status).toBe(429);
    expect(api.headers["retry-after"]).toMatch(/^\d+$/);
    expect((api.json as { message: string }).message).toMatch(TOO_MANY);
    expect(await first(db().select().from(orders).where(eq(orders.userId, user.id)))).toBeUndefined();
    // An order without a code is not a code attempt.
    const plain = await elsewhere.post(
      "/api/order/cod",
      json({ items: [{ product: product.id, quantity: 1 }], address: address.id }),
    );
    expect(plain.status, plain.text).toBe(201);

    // Another shopper at that address goes on (refused attempts are not counted).
    const second = await createUser();
    const theirs = clientAt(there, await signedInCookie(second.id));
    await theirs.post("/cart", { form: { intent: "add", productId: product.id } });
    expect((await applyCode(theirs, real.code)).status).toBe(303);
  });
});

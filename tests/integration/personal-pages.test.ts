// Nothing personal ever crosses visitors (issue 22, point 2). The real production server (server.ts from the
// build, run in this process so the test can look inside its page cache) answers 50 signed-in shoppers at once
// over HTTP on loopback, each with a name, a cart, saved items, in some cases a discount code and an order of
// their own, for several rounds of the store's pages, while visitors without a cookie ask for the same pages.
// Every answer must belong to its asker; no kept page may hold anything of anyone's; every personal answer
// must forbid shared caches. Written against behaviour (HTTP answers, the page store's entries), so it holds
// whatever way pages are kept or assembled.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, first } from "#app/lib/db.server.ts";
import { newId } from "#app/lib/ids.ts";
import { reviews } from "#db/tables.ts";
import { insertOrders } from "../helpers/bulk-orders.ts";
import { createProduct } from "../helpers/factories.ts";
import { type InProcessServer, type StoreServer, startServerInProcess } from "../helpers/production-server.ts";
import { decoded, type RawResponse, rawRequest } from "../helpers/raw-http.ts";
import { cookiesFrom } from "../helpers/requests.ts";
import { sellerCookie } from "../helpers/sellers.ts";
import { createUser, signedInCookie } from "../helpers/shopper.ts";

const SHOPPERS = 50;
const ROUNDS = 3;
const CODE = "PRIVATE10";

/**
 * A marker no page has unless it was made for its owner: `Zq` (a shopper: in their name and e-mail address) or
 * `Zl` (their own product), then 10 random letters and digits. Pages are searched for every marker made.
 */
const token = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 12).padEnd(10, "x")}`;
let PERSON = /(?!)/g;
let LINE = /(?!)/g;
const anyOf = (list: string[]) => new RegExp(list.join("|"), "g");

type Shopper = {
  index: number;
  userId: string;
  name: string;
  email: string;
  /** The shopper's own token: in the name and the e-mail address, so no answer to another may hold it. */
  mark: string;
  cookie: string;
  /** Their own product (in the cart, saved, and in an order for some): name token, id, page. */
  line: { mark: string; id: string; page: string };
  quantity: number;
  /** The shared product saved too (odd shoppers): the header says 2 saved items then. */
  savesCommon: boolean;
  hasCode: boolean;
  hasOrder: boolean;
  /** A delivered order of the shared product: the review form on its page (rendered for them, not a template). */
  mayReview: boolean;
  /** Their review of the shared product, with their mark, hidden by the shop: only they see it (in the form). */
  reviewed: boolean;
};

let server: InProcessServer | undefined;
let entry: StoreServer;
let origin: string;
let shoppers: Shopper[];
let commonSaved: { id: string };
/** The shared product's page: every shopper asks for it, so it is answered from its template for most. */
let commonPage: string;

const get = (pathAndQuery: string, cookie?: string) =>
  rawRequest(`${origin}${pathAndQuery}`, {
    headers: { "Accept-Encoding": "gzip, br", ...(cookie ? { Cookie: cookie } : {}) },
  });
const post = async (pathAndQuery: string, form: Record<string, string>, cookie?: string) => {
  const answer = await rawRequest(`${origin}${pathAndQuery}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: origin,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(form).toString(),
  });
  expect(answer.status, `${pathAndQuery} ${JSON.stringify(form)}: ${decoded(answer).toString().slice(0, 300)}`).toBe(
    303,
  );
  return answer;
};
const text = (answer: RawResponse) => decoded(answer).toString("utf8");
const marks = (html: string, pattern: RegExp) => new Set(html.match(pattern) ?? []);
const cartCount = (html: string) => Number(/data-testid="cart-count"[^>]*>(\d+)</.exec(html)?.[1]);
const savedCount = (html: string) => Number(/aria-label="Saved items, (\d+)"/.exec(html)?.[1]);
/** A kept HTML page (not the loader data a navigation reads: `.data`), by its cache key. */
const isPage = (key: string) => !new URL(key).pathname.endsWith(".data");

/** Says how a personal answer may be kept: only by the asker's own browser, and not even there. */
function expectPrivate(answer: RawResponse, what: string) {
  const cacheControl = String(answer.headers["cache-control"] ?? "");
  expect(cacheControl, `${what}: Cache-Control`).toMatch(/\bprivate\b/);
  expect(cacheControl, `${what}: Cache-Control`).toMatch(/\bno-store\b/);
  expect(answer.headers.etag, `${what}: ETag`).toBeUndefined();
}

/** The pages every shopper goes through in a round, and what each must show of theirs. */
function pagesOf(shopper: Shopper) {
  return [
    "/",
    "/products",
    "/products/accessories",
    shopper.line.page,
    commonPage,
    "/products?q=privacy",
    "/cart",
    "/my-orders",
    "/saved",
    // What the pages' JavaScript reads on a navigation: the same loaders' data.
    "/products.data",
    "/cart.data",
  ];
}

function expectOwnAnswer(shopper: Shopper, page: string, answer: RawResponse) {
  const what = `${page} for shopper ${shopper.index}`;
  expect(answer.status, what).toBe(200);
  expectPrivate(answer, what);
  const html = text(answer);
  // Their name is on every page (the header; the loader data of a .data request), nobody else's is.
  expect([...marks(html, PERSON)], what).toEqual([shopper.mark]);
  expect(html, what).toContain(shopper.name);
  if (page.endsWith(".data")) {
    if (page === "/cart.data") {
      expect([...marks(html, LINE)], what).toEqual([shopper.line.mark]);
      expect(html.includes(CODE), what).toBe(shopper.hasCode);
    }
    return;
  }
  expect(cartCount(html), what).toBe(shopper.quantity);
  expect(savedCount(html), what).toBe(shopper.savesCommon ? 2 : 1);
  if (page === "/cart") {
    // Their one line, with their quantity; their code when they gave one.
    expect([...marks(html, LINE)], what).toEqual([shopper.line.mark]);
    expect((html.match(/data-testid="cart-line"/g) ?? []).length, what).toBe(1);
    expect(html.includes(CODE), what).toBe(shopper.hasCode);
  }
  if (page === "/saved") expect([...marks(html, LINE)], what).toEqual([shopper.line.mark]);
  if (page === commonPage || page === "/products/accessories") {
    // The shared product's Save button is theirs (pressed when they saved it), on its page and its card.
    expect(/aria-pressed="(true|false)" aria-label="Save Privacy Scarf"/.exec(html)?.[1], what).toBe(
      String(shopper.savesCommon),
    );
  }
  if (page === commonPage) {
    // The review area is theirs: the form for a buyer (their hidden review in it), else the line for a shopper.
    expect(html.includes('name="rating"'), what).toBe(shopper.mayReview);
    expect(html.includes("Update review"), what).toBe(shopper.reviewed);
    expect(html.includes("You can review this product once an order of it has been delivered."), what).toBe(
      !shopper.mayReview,
    );
  }
  if (page === "/my-orders") expect([...marks(html, LINE)], what).toEqual(shopper.hasOrder ? [shopper.line.mark] : []);
}

/** A visitor without a cookie: never anything of anyone's, an empty cart, nothing saved, the Login link. */
function expectNothingPersonal(page: string, answer: RawResponse) {
  const html = text(answer);
  expect([...marks(html, PERSON)], `${page} for a visitor`).toEqual([]);
  expect(html, `${page} for a visitor`).not.toContain(CODE);
  if (page.endsWith(".data") || answer.status !== 200) return;
  expect(cartCount(html), `${page} for a visitor`).toBe(0);
  expect(savedCount(html), `${page} for a visitor`).toBe(0);
  expect(html, `${page} for a visitor`).toContain(">Login<");
  if (["/cart", "/saved", "/my-orders"].includes(page)) expect([...marks(html, LINE)], page).toEqual([]);
}

beforeAll(async () => {
  server = await startServerInProcess();
  ({ entry, origin } = server);

  // A catalogue with every shopper's own product (a name no other page has), and one product everybody may save.
  for (let i = 0; i < 6; i++) await createProduct({ name: `Privacy Cap ${i}`, category: "Accessories" });
  commonSaved = await createProduct({ name: "Privacy Scarf", category: "Accessories" });
  commonPage = `/products/accessories/${commonSaved.id}`;
  const seller = await sellerCookie();
  await post("/seller/discounts/new", { code: CODE, kind: "percent", value: "10" }, seller);

  shoppers = await Promise.all(
    Array.from({ length: SHOPPERS }, async (_, index) => {
      const mark = token("Zq");
      const user = await createUser({ name: `Privacy Shopper ${mark}`, email: `${mark}@example.com` });
      const lineMark = token("Zl");
      const product = await createProduct({ name: `Privacy Tee ${lineMark}`, category: "Men" });
      return {
        index,
        userId: user.id,
        name: user.name,
        email: user.email,
        mark,
        cookie: await signedInCookie(user.id),
        line: { mark: lineMark, id: product.id, page: `/products/men/${product.id}` },
        quantity: 1 + (index % 3),
        savesCommon: index % 2 === 1,
        hasCode: index % 5 === 0,
        hasOrder: index % 4 === 0,
        mayReview: index % 10 === 3,
        reviewed: index % 20 === 3,
      };
    }),
  );
  PERSON = anyOf(shoppers.map((s) => s.mark));
  LINE = anyOf(shoppers.map((s) => s.line.mark));
  // Each fills their cart, saves, gives a code through the store's own forms, as a browser without JavaScript.
  for (const shopper of shoppers) {
    for (let n = 0; n < shopper.quantity; n++)
      await post("/cart", { intent: "add", productId: shopper.line.id, redirectTo: "/cart" }, shopper.cookie);
    await post("/saved", { intent: "save", productId: shopper.line.id, redirectTo: "/saved" }, shopper.cookie);
    if (shopper.savesCommon)
      await post("/saved", { intent: "save", productId: commonSaved.id, redirectTo: "/saved" }, shopper.cookie);
    if (shopper.hasCode) await post("/cart", { intent: "apply-code", code: CODE, redirectTo: "/cart" }, shopper.cookie);
  }
  await insertOrders(
    shoppers
      .filter((s) => s.hasOrder)
      .map((s) => ({
        id: newId(),
        userId: s.userId,
        paymentType: "COD" as const,
        status: "Order Placed" as const,
        isPaid: false,
        createdAt: Date.now(),
        lines: [{ productId: s.line.id, quantity: 1, unitPriceCents: 1999 }],
      })),
  );
  // Some bought the shared product; some of those review it (their mark in the title), and the shop hides that.
  await insertOrders(
    shoppers
      .filter((s) => s.mayReview)
      .map((s) => ({
        id: newId(),
        userId: s.userId,
        paymentType: "COD" as const,
        status: "Delivered" as const,
        isPaid: true,
        createdAt: Date.now(),
        lines: [{ productId: commonSaved.id, quantity: 1, unitPriceCents: 1999 }],
      })),
  );
  for (const shopper of shoppers.filter((s) => s.reviewed)) {
    await post(commonPage, { intent: "review-save", rating: "2", title: `Mine ${shopper.mark}` }, shopper.cookie);
    const review = await first(db().select({ id: reviews.id }).from(reviews).where(eq(reviews.userId, shopper.userId)));
    await post("/seller/reviews", { intent: "hide", reviewId: String(review?.id) }, seller);
  }
  // The toasts the posts left behind are read once: the rounds compare pages without them.
  for (const shopper of shoppers) await get("/cart", shopper.cookie);
}, 600_000);

afterAll(() => server?.stop());

/** The pages kept for visitors without cookies: each kept template's fill for nobody (server/page-store.ts). */
const sharedPages = () =>
  [...entry.pageStore.entries].flatMap(([key, template]) =>
    template.refused ? [] : [[key, template.shared] as const],
  );

describe("nothing personal crosses visitors", () => {
  it("gives 50 signed-in shoppers at once, round after round, only their own name, cart, saved items and orders", async () => {
    let visitorAnswers = 0;
    const visitorPages = [...new Set(shoppers.flatMap(pagesOf))];
    let done = false;
    // Visitors without a cookie ask for the same pages all along, so kept pages are made and served meanwhile.
    const visitors = (async () => {
      while (!done) {
        for (const page of visitorPages) {
          expectNothingPersonal(page, await get(page));
          visitorAnswers++;
        }
      }
    })();
    try {
      await Promise.all(
        shoppers.map(async (shopper) => {
          for (let round = 0; round < ROUNDS; round++) {
            // Each round in another order, so that different shoppers' pages are rendered side by side.
            const pages = pagesOf(shopper);
            const offset = (shopper.index + round * 3) % pages.length;
            for (const page of [...pages.slice(offset), ...pages.slice(0, offset)])
              expectOwnAnswer(shopper, page, await get(page, shopper.cookie));
          }
        }),
      );
    } finally {
      done = true;
      await visitors;
    }
    expect(visitorAnswers).toBeGreaterThan(0);
    // Most of the shoppers' catalogue pages came from kept templates filled for them (server/page-store.ts):
    // the checks above cover that path, not only pages rendered per request.
    expect(entry.pageStore.counts.filled).toBeGreaterThan(SHOPPERS * ROUNDS);
    // Their carts were rendered for each of them (decision 0260): no template of the cart was ever kept.
    expect(entry.pageStore.entries.has(`${origin}/cart`)).toBe(false);
    // The shared product's page among them: filled for a shopper who may not review it, rendered for a buyer.
    const template = entry.pageStore.entries.get(`${origin}${commonPage}`);
    expect(template?.refused === false ? "kept" : template?.reason).toBe("kept");
    for (const shopper of shoppers) {
      const before = entry.pageStore.counts.filled;
      expectOwnAnswer(shopper, commonPage, await get(commonPage, shopper.cookie));
      expect(entry.pageStore.counts.filled - before, `shopper ${shopper.index}`).toBe(shopper.mayReview ? 0 : 1);
    }
  });

  it("keeps no page with anything of anyone's, and a visitor without a cookie gets none of it", async () => {
    const kept = sharedPages();
    // Kept pages exist (the visitors' catalogue pages): the check below looks at real entries.
    expect(kept.length).toBeGreaterThan(3);
    for (const [key, page] of kept) {
      const html = Buffer.concat(page.parts).toString("utf8");
      expect([...marks(html, PERSON)], key).toEqual([]);
      expect(html, key).not.toContain(CODE);
      expect(page.headers.has("set-cookie"), key).toBe(false);
      if (isPage(key)) {
        expect(cartCount(html), key).toBe(0);
        expect(savedCount(html), key).toBe(0);
      }
      expect(String(page.headers.get("cache-control")), key).not.toMatch(/\bpublic\b/);
    }
    // The kept templates hold nobody's name, code, count or saved state: only the made-up visitors' sentinels.
    const templates = [...entry.pageStore.entries].filter(([, template]) => !template.refused);
    expect(templates.length).toBeGreaterThan(3);
    const { sentinels } = entry.pageStore;
    for (const [key, template] of templates) {
      if (template.refused) continue;
      for (const part of template.parts) {
        const html =
          "constant" in part ? part.constant.raw.toString() : "slot" in part ? `${part.anonymous}${part.member}` : "";
        expect([...marks(html, PERSON)], key).toEqual([]);
        expect(html, key).not.toContain(CODE);
        expect(html, key).not.toContain('name="rating"');
        if (!("slot" in part)) continue;
        if (part.slot === "cart") expect(cartCount(part.member), key).toBe(sentinels.cart);
        if (part.slot === "saved") expect(savedCount(part.member), key).toBe(sentinels.saved);
        if (part.slot.startsWith("save:")) expect(part.anonymous, key).not.toContain('aria-pressed="true"');
      }
    }
    // And every page anyone asked for, asked for now without a cookie (from the cache or not).
    for (const page of [...new Set(shoppers.flatMap(pagesOf))]) {
      const answer = await get(page);
      expectNothingPersonal(page, answer);
      expect(String(answer.headers["cache-control"] ?? ""), page).not.toMatch(/\bpublic\b/);
    }
  });

  it("answers anyone holding a cart, saved items, a code or a message with private, no-store, and keeps none of it", async () => {
    const product = shoppers[0]!.line;
    // A visitor with a cart (the cart cookie), with saved items only, with a code: each a cookie of their own.
    const added = await post("/cart", { intent: "add", productId: product.id, redirectTo: "/products" });
    const withCart = cookiesFrom(added);
    expect(withCart).toContain("__cart=");
    const saved = await post("/saved", { intent: "save", productId: product.id, redirectTo: "/products" });
    const withSaved = cookiesFrom(saved);
    expect(withSaved).toContain("__saved=");
    expect(withSaved).not.toContain("__cart=");
    const coded = await post("/cart", { intent: "apply-code", code: CODE, redirectTo: "/cart" }, withCart);
    const withCode = cookiesFrom(coded, withCart);
    for (const [who, cookie] of [
      ["a visitor with a cart", withCart],
      ["a visitor with saved items", withSaved],
      ["a visitor with a cart and a code", withCode],
    ] as const) {
      for (const page of [
        "/",
        "/products",
        "/products/accessories",
        product.page,
        "/cart",
        "/saved",
        "/products.data",
      ]) {
        const answer = await get(page, cookie);
        expect(answer.status, `${page} for ${who}`).toBe(200);
        expectPrivate(answer, `${page} for ${who}`);
      }
    }
    // The answers that set those cookies, too: none may be kept by anyone but their browser.
    for (const answer of [added, saved, coded]) expect(String(answer.headers["cache-control"])).toMatch(/no-store/);
    // Their pages were never kept: a visitor without a cookie sees nothing saved and an empty cart.
    for (const [key, page] of sharedPages()) {
      const html = Buffer.concat(page.parts).toString("utf8");
      expect(html, key).not.toContain('aria-pressed="true"');
      if (isPage(key)) {
        expect(cartCount(html), key).toBe(0);
        expect(savedCount(html), key).toBe(0);
      }
    }
    for (const page of ["/", "/products", "/products/accessories", product.page]) {
      const html = text(await get(page));
      expect(cartCount(html), page).toBe(0);
      expect(savedCount(html), page).toBe(0);
      expect(html, page).not.toContain('aria-pressed="true"');
    }
  });
});

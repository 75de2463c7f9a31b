// Reviews through the production handler (issue 21): only a shopper with a delivered order reviews (a forged
// post is refused with 403), once per product, edits and deletes; the kept rating, the cards, the product page,
// JSON-LD and /api follow in the same transaction; the seller hides, approves and replies; hostile texts are
// cleaned, capped and shown as text; the Delivered mail links to the form.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, first, transaction } from "#app/lib/db.server.ts";
import { newId } from "#app/lib/ids.ts";
import { catalogueVersion } from "#app/modules/catalog/index.server.ts";
import { setOrderStatus } from "#app/modules/orders/index.server.ts";
import { REVIEWS_PAGE_SIZE, refreshRatingIn } from "#app/modules/reviews/index.server.ts";
import { orderItems, productSizes, products, reviews } from "#db/tables.ts";
import { onPostgres } from "../engines.ts";
import { appForFile, routeData } from "../helpers/app.ts";
import { insertOrders } from "../helpers/bulk-orders.ts";
import { createProduct } from "../helpers/factories.ts";
import { HTML, K10, NUL_EMOJI, SQLISH, UNKNOWN_ID } from "../helpers/hostile.ts";
import { outboxRows } from "../helpers/mail.ts";
import { sellerCookie } from "../helpers/sellers.ts";
import { createUser, signedInCookie } from "../helpers/shopper.ts";

const site = appForFile();
const PRODUCT_ROUTE = "routes/product";

function jsonLdOf(html: string) {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

async function deliveredOrder(userId: string, productId: string, status: "Delivered" | "Shipped" = "Delivered") {
  const id = newId();
  await insertOrders([
    {
      id,
      userId,
      paymentType: "COD",
      status,
      isPaid: true,
      createdAt: Date.now(),
      lines: [{ productId, quantity: 1, unitPriceCents: 1999 }],
    },
  ]);
  return id;
}

const kept = async (id: string) =>
  await first(
    db()
      .select({
        reviewCount: products.reviewCount,
        ratingAverage: products.ratingAverage,
        ratingStars: products.ratingStars,
      })
      .from(products)
      .where(eq(products.id, id)),
  );

type ReviewsData = {
  count: number;
  average: number | null;
  stars: number[];
  canReview: boolean;
  reviews: { title: string; body: string; firstName: string; size: string; sellerReply: string | null }[];
  own: { rating: number; status: string } | null;
};

describe("who may review", () => {
  let product: Awaited<ReturnType<typeof createProduct>>;
  let buyer: string;
  let buyerId: string;
  let stranger: string;
  let shipped: string;
  const path = () => `/products/men/${product.id}`;
  beforeAll(async () => {
    product = await createProduct(
      { name: "Review Test Shirt" },
      {
        sizes: [
          ["M", 5],
          ["L", 5],
        ],
      },
    );
    const user = await createUser({ name: "Meera  Iyer" });
    buyerId = user.id;
    // Bought in size L (the order helper writes '' sizes: the line's size is set here).
    const orderId = await deliveredOrder(user.id, product.id);
    await db().update(orderItems).set({ size: "L" }).where(eq(orderItems.orderId, orderId));
    buyer = await signedInCookie(user.id);
    stranger = await signedInCookie((await createUser()).id);
    const notYet = await createUser();
    await deliveredOrder(notYet.id, product.id, "Shipped");
    shipped = await signedInCookie(notYet.id);
  });

  it("offers the form only to a buyer whose order was delivered; anyone else's post is refused with 403", async () => {
    const visitorData = (await routeData(site.client(), path(), PRODUCT_ROUTE)).data as { reviews: ReviewsData };
    expect(visitorData.reviews).toMatchObject({ count: 0, average: null, canReview: false, reviews: [] });
    expect((await site.client().get(path())).text).toContain("No reviews yet");
    for (const cookie of [stranger, shipped]) {
      const data = (await routeData(site.client(cookie), path(), PRODUCT_ROUTE)).data as { reviews: ReviewsData };
      expect(data.reviews.canReview).toBe(false);
      const page = await site.client(cookie).get(path());
      expect(page.text).not.toContain('name="rating"');
      const forged = await site
        .client(cookie)
        .post(path(), { form: { intent: "review-save", rating: "5", title: "Fake" } });
      expect(forged.status).toBe(403);
      expect(forged.text).toContain("Only shoppers who have received this product can review it.");
    }
    const visitorPost = await site.client().post(path(), { form: { intent: "review-save", rating: "5" } });
    expect(visitorPost.status).toBe(403);
    expect(await db().select().from(reviews)).toEqual([]);
    expect((await kept(product.id))?.reviewCount).toBe(0);

    const data = (await routeData(site.client(buyer), path(), PRODUCT_ROUTE)).data as { reviews: ReviewsData };
    expect(data.reviews.canReview).toBe(true);
    expect((await site.client(buyer).get(path())).text).toContain('name="rating"');
  });

  it("a buyer reviews once, edits and deletes; the kept rating, cards, JSON-LD and /api follow", async () => {
    const buyerClient = site.client(buyer);
    const posted = await buyerClient.post(path(), {
      form: { intent: "review-save", rating: "4", title: "Good shirt", body: "Fits well.\r\nSoft." },
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toBe(`${path()}#reviews`);
    expect(await kept(product.id)).toEqual({ reviewCount: 1, ratingAverage: 4, ratingStars: [0, 0, 0, 1, 0] });

    // A second post changes the one review (UNIQUE per shopper and product).
    await buyerClient.post(path(), { form: { intent: "review-save", rating: "2", title: "Shrank", body: "" } });
    expect(await db().select().from(reviews).where(eq(reviews.productId, product.id))).toHaveLength(1);
    expect(await kept(product.id)).toEqual({ reviewCount: 1, ratingAverage: 2, ratingStars: [0, 1, 0, 0, 0] });

    // Another buyer: the average of both.
    const other = await createUser({ name: "Tom" });
    await deliveredOrder(other.id, product.id);
    await site.client(await signedInCookie(other.id)).post(path(), { form: { intent: "review-save", rating: "5" } });
    expect(await kept(product.id)).toEqual({ reviewCount: 2, ratingAverage: 3.5, ratingStars: [0, 1, 0, 0, 1] });

    const visitor = site.client();
    const page = await visitor.get(path());
    expect(page.text).toContain("Verified buyer");
    expect(page.text).toContain("Meera");
    expect(page.text).not.toContain("Iyer");
    expect(page.text).toContain("Size bought: L");
    expect(page.text).toContain("How reviews are checked");
    const [item] = jsonLdOf(page.text);
    expect(item).toMatchObject({
      aggregateRating: { "@type": "AggregateRating", ratingValue: "3.5", reviewCount: 2, bestRating: 5 },
    });
    const list = await visitor.get("/api/product/list");
    const apiProduct = (
      list.json as { products: { _id: string; rating: number | null; reviewCount: number }[] }
    ).products.find((p) => p._id === product.id);
    expect(apiProduct).toMatchObject({ rating: 3.5, reviewCount: 2 });
    const cards = (await routeData(visitor, "/products", "routes/products")).data as {
      products: { id: string; rating: number | null; reviewCount: number }[];
    };
    expect(cards.products.find((p) => p.id === product.id)).toMatchObject({ rating: 3.5, reviewCount: 2 });

    // Deleting: only one's own; the rating follows.
    const deleted = await buyerClient.post(path(), { form: { intent: "review-delete" } });
    expect(deleted.status).toBe(303);
    expect(await kept(product.id)).toEqual({ reviewCount: 1, ratingAverage: 5, ratingStars: [0, 0, 0, 0, 1] });
    expect((await buyerClient.post(path(), { form: { intent: "review-delete" } })).status).toBe(404);
    expect((await kept(product.id))?.reviewCount).toBe(1);
  });

  it("sorts a list by rating, best first, products without reviews last", async () => {
    const data = (await routeData(site.client(), "/products?sort=rating", "routes/products")).data as {
      products: { id: string; rating: number | null }[];
    };
    expect(data.products[0]!.id).toBe(product.id);
    expect(data.products.slice(1).every((p) => p.rating === null)).toBe(true);
    // SQLite's plan: the list's own index, no sort (PostgreSQL's planner is left to itself).
    if (onPostgres) return;
    const plan = db()
      .$client.prepare(
        "EXPLAIN QUERY PLAN SELECT seq FROM products WHERE in_stock = 1 AND removed_at IS NULL ORDER BY rating_average DESC NULLS LAST, seq DESC LIMIT 24",
      )
      .all() as { detail: string }[];
    expect(plan.map((row) => row.detail).join(" ")).toContain("products_listing_rating_idx");
    expect(plan.map((row) => row.detail).join(" ")).not.toContain("TEMP B-TREE");
  });

  it("hostile input: refused or cleaned, never half written, shown as text", async () => {
    const buyerClient = site.client(buyer);
    const before = await db().select().from(reviews);
    const refused: [Record<string, string>, string][] = [
      [{ intent: "review-save" }, "Please choose from 1 to 5 stars."],
      [{ intent: "review-save", rating: "6" }, "Please choose from 1 to 5 stars."],
      [{ intent: "review-save", rating: "0" }, "Please choose from 1 to 5 stars."],
      [{ intent: "review-save", rating: "4.5" }, "Please choose from 1 to 5 stars."],
      [{ intent: "review-save", rating: SQLISH }, "Please choose from 1 to 5 stars."],
      [{ intent: "review-save", rating: "5", title: K10 }, "The title can be at most 100 characters."],
      [{ intent: "review-save", rating: "5", body: K10 }, "Your review can be at most 2,000 characters."],
    ];
    for (const [form, message] of refused) {
      const answer = await buyerClient.post(path(), { form });
      expect.soft(answer.status, JSON.stringify(form).slice(0, 60)).toBe(400);
      expect.soft(answer.text).toContain(message);
    }
    expect(await db().select().from(reviews)).toEqual(before);
    // Unknown and malformed products.
    for (const id of [UNKNOWN_ID, "..%2f..", "x".repeat(50)]) {
      const answer = await buyerClient.post(`/products/men/${id}`, { form: { intent: "review-save", rating: "5" } });
      expect.soft(answer.status).toBeGreaterThanOrEqual(400);
      expect.soft(answer.status).toBeLessThan(500);
    }

    // Script and control characters: kept as text without the controls, rendered escaped.
    const saved = await buyerClient.post(path(), {
      form: {
        intent: "review-save",
        rating: "3",
        title: `${HTML}${NUL_EMOJI}`,
        body: `${HTML}\n\n\n\nline${NUL_EMOJI}`,
      },
    });
    expect(saved.status).toBe(303);
    const row = (await first(db().select().from(reviews).where(eq(reviews.userId, buyerId))))!;
    for (const text of [row.title, row.body]) {
      expect(text).not.toContain("\u0000");
      expect(text).not.toContain("\u202e");
    }
    expect(row.body).toContain(`${HTML}\n\nline`);
    const page = await site.client().get(path());
    expect(page.text).not.toContain("<script>alert");
    expect(page.text).not.toContain("<img src=x");
    expect(page.text).toContain("&lt;script&gt;alert");
  });
});

describe("the seller's moderation", () => {
  it("hides, shows again, replies; holds new reviews for approval when set", async () => {
    const product = await createProduct({ name: "Moderated Tee" });
    const user = await createUser({ name: "Ravi Kumar" });
    await deliveredOrder(user.id, product.id);
    const shopper = site.client(await signedInCookie(user.id));
    const seller = site.client(await sellerCookie());
    const path = `/products/men/${product.id}`;
    await shopper.post(path, { form: { intent: "review-save", rating: "5", title: "Lovely" } });
    const id = (await first(db().select().from(reviews).where(eq(reviews.productId, product.id))))!.id;

    // A shopper cannot reach the seller's page or its forms.
    const notSeller = await shopper.post("/seller/reviews", { form: { intent: "hide", reviewId: id } });
    expect(notSeller.status).toBe(303);
    expect(notSeller.headers.location).toMatch(/\/seller-login/);
    expect((await kept(product.id))?.reviewCount).toBe(1);

    expect((await seller.post("/seller/reviews", { form: { intent: "hide", reviewId: id } })).status).toBe(303);
    expect((await kept(product.id))?.reviewCount).toBe(0);
    expect((await site.client().get(path)).text).not.toContain("Lovely");
    // Editing does not bring a hidden review back.
    await shopper.post(path, { form: { intent: "review-save", rating: "4", title: "Lovely again" } });
    expect((await kept(product.id))?.reviewCount).toBe(0);
    await seller.post("/seller/reviews", { form: { intent: "publish", reviewId: id } });
    expect(await kept(product.id)).toMatchObject({ reviewCount: 1, ratingAverage: 4 });

    // Every change writes the product's row: the catalogue version goes up, so pages kept for visitors are made again.
    const versionBefore = await catalogueVersion();
    const reply = await seller.post("/seller/reviews", {
      form: { intent: "reply", reviewId: id, reply: `Thank you! ${HTML}` },
    });
    expect(reply.status).toBe(303);
    expect(await catalogueVersion()).toBeGreaterThan(versionBefore);
    const page = await site.client().get(path);
    expect(page.text).toContain("Reply from Online Shop");
    expect(page.text).toContain("Thank you! &lt;script&gt;");
    expect((await seller.post("/seller/reviews", { form: { intent: "reply", reviewId: id, reply: K10 } })).status).toBe(
      400,
    );
    expect((await seller.post("/seller/reviews", { form: { intent: "hide", reviewId: UNKNOWN_ID } })).status).toBe(404);
    expect((await seller.post("/seller/reviews", { form: { intent: "hide", reviewId: SQLISH } })).status).toBe(404);
    expect((await seller.post("/seller/reviews", { form: { intent: "nope" } })).status).toBe(400);

    // Held for approval: a new review waits, counts nothing, and is approved from the held list.
    await seller.post("/seller/reviews", { form: { intent: "settings", hold: "on" } });
    const second = await createUser({ name: "Zoe" });
    await deliveredOrder(second.id, product.id);
    const held = await site.client(await signedInCookie(second.id)).post(path, {
      form: { intent: "review-save", rating: "1", title: "Held one" },
    });
    expect(held.status).toBe(303);
    expect((await kept(product.id))?.reviewCount).toBe(1);
    const list = (await routeData(seller, "/seller/reviews?held=1", "routes/seller/reviews")).data as {
      reviews: { id: string; title: string; status: string }[];
    };
    expect(list.reviews.map((r) => [r.title, r.status])).toEqual([["Held one", "pending"]]);
    await seller.post("/seller/reviews", { form: { intent: "publish", reviewId: list.reviews[0]!.id } });
    expect(await kept(product.id)).toMatchObject({ reviewCount: 2, ratingAverage: 2.5 });
    await seller.post("/seller/reviews", { form: { intent: "settings" } });
  });
});

describe("the product page's list", () => {
  it("pages of five, newest first; the average and the count by star read from the product's row, never counted", async () => {
    const product = await createProduct({ name: "Paged Reviews Tee" });
    const path = `/products/men/${product.id}`;
    const start = Date.now() - 100 * 3_600_000;
    const writers = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((n) => createUser({ name: `Writer${n} Test` })));
    await transaction(async (tx) => {
      await tx.insert(reviews).values(
        writers.map((user, i) => ({
          id: newId(),
          productId: product.id,
          userId: user.id,
          rating: 1 + (i % 5),
          title: `Review number ${i + 1}`,
          createdAt: start + i * 3_600_000,
        })),
      );
      await refreshRatingIn(tx, product.id);
    });
    expect(await kept(product.id)).toEqual({ reviewCount: 7, ratingAverage: 2.57, ratingStars: [2, 2, 1, 1, 1] });
    expect(REVIEWS_PAGE_SIZE).toBe(5);

    type Page = ReviewsData & { page: number; pageCount: number };
    const one = (await routeData(site.client(), path, PRODUCT_ROUTE)).data as { reviews: Page };
    expect(one.reviews.reviews.map((r) => r.title)).toEqual([7, 6, 5, 4, 3].map((n) => `Review number ${n}`));
    expect(one.reviews).toMatchObject({ page: 1, pageCount: 2, count: 7, stars: [2, 2, 1, 1, 1] });
    const two = (await routeData(site.client(), `${path}?reviews=2`, PRODUCT_ROUTE)).data as { reviews: Page };
    expect(two.reviews.reviews.map((r) => r.title)).toEqual(["Review number 2", "Review number 1"]);
    expect(two.reviews).toMatchObject({ page: 2, pageCount: 2 });
    const html = (await site.client().get(`${path}?reviews=2`)).text;
    expect(html).toContain("Page 2 of 2");
    expect(html).toContain("Newer reviews");

    // The page shows the numbers kept on the row (written with every review change), not a count of the rows:
    // kept numbers set apart from the rows here are what the page and its JSON-LD say.
    await transaction(async (tx) => {
      await tx
        .update(products)
        .set({ reviewCount: 9, ratingTotal: 36, ratingAverage: 4, ratingStars: [0, 0, 1, 7, 1] })
        .where(eq(products.id, product.id));
    });
    const page = await site.client().get(path);
    expect(page.text).toContain('data-testid="stars-4">7<');
    expect(page.text).toContain("9 reviews");
    expect(jsonLdOf(page.text)[0]).toMatchObject({ aggregateRating: { ratingValue: "4.0", reviewCount: 9 } });
  });

  it("the page says how reviews are checked as the shop's setting says, for visitors too (kept pages made again)", async () => {
    const product = await createProduct({ name: "Checked Reviews Tee" });
    const path = `/products/men/${product.id}`;
    const seller = site.client(await sellerCookie());
    expect((await site.client().get(path)).text).toContain("reviews are published as written");
    await seller.post("/seller/reviews", { form: { intent: "settings", hold: "on" } });
    try {
      expect((await site.client().get(path)).text).toContain("the shop reads each review before it is published");
    } finally {
      await seller.post("/seller/reviews", { form: { intent: "settings" } });
    }
    expect((await site.client().get(path)).text).toContain("reviews are published as written");
  });

  it("a signed-in shopper's page is made from data kept per catalogue version: it follows every change that raises the version", async () => {
    const product = await createProduct({ name: "Kept Data Tee" }, { sizes: [["M", 9]] });
    const path = `/products/men/${product.id}`;
    const shopper = site.client(await signedInCookie((await createUser({ name: "Kept Viewer" })).id));
    type Page = { product: { name: string; sizes: { size: string; fewLeft: number | null }[] }; reviews: ReviewsData };
    const dataOf = async (url = path) => (await routeData(shopper, url, PRODUCT_ROUTE)).data as Page;
    expect((await dataOf()).reviews).toMatchObject({ count: 0, reviews: [], canReview: false, own: null });

    // A review written outside a review change (no write of the product's row, the version unchanged) is not
    // shown: the page's list is the one kept for this version, not read again per request.
    const writer = await createUser({ name: "Kept Writer" });
    await transaction(async (tx) => {
      await tx
        .insert(reviews)
        .values({ id: newId(), productId: product.id, userId: writer.id, rating: 5, title: "Kept one" });
    });
    expect((await dataOf()).reviews.reviews).toEqual([]);
    // Its kept rating written (as every review change does): the version moves and the page follows.
    await transaction((tx) => refreshRatingIn(tx, product.id));
    const rated = await dataOf();
    expect(rated.reviews).toMatchObject({ count: 1, average: 5, canReview: false });
    expect(rated.reviews.reviews.map((r) => [r.title, r.firstName])).toEqual([["Kept one", "Kept"]]);

    // Stock and the product's own fields (triggers on products and product_sizes raise the version).
    await transaction(async (tx) => {
      await tx.update(productSizes).set({ stock: 2 }).where(eq(productSizes.productId, product.id));
      await tx.update(products).set({ name: "Kept Data Tee, renamed" }).where(eq(products.id, product.id));
    });
    const changed = await dataOf();
    expect(changed.product.name).toBe("Kept Data Tee, renamed");
    expect(changed.product.sizes).toEqual([{ size: "M", available: true, fewLeft: 2 }]);

    // How reviews are checked (the setting raises the version) and the viewer's own part, read per request.
    const seller = site.client(await sellerCookie());
    await seller.post("/seller/reviews", { form: { intent: "settings", hold: "on" } });
    try {
      expect((await shopper.get(path)).text).toContain("the shop reads each review before it is published");
    } finally {
      await seller.post("/seller/reviews", { form: { intent: "settings" } });
    }
    const buyer = await createUser({ name: "Kept Buyer" });
    await deliveredOrder(buyer.id, product.id);
    const buyerData = (await routeData(site.client(await signedInCookie(buyer.id)), path, PRODUCT_ROUTE)).data as Page;
    expect(buyerData.reviews).toMatchObject({ count: 1, canReview: true, own: null });
    expect((await dataOf()).reviews.canReview).toBe(false);
    // A product that is not on sale is never kept: it is a 404 at once.
    await transaction(async (tx) => {
      await tx.update(products).set({ removedAt: Date.now() }).where(eq(products.id, product.id));
    });
    expect((await shopper.get(path)).status).toBe(404);
  });
});

describe("the Delivered mail", () => {
  it("invites a review with a link to the product's review form", async () => {
    const product = await createProduct({ name: "Mail Review Tee" });
    const user = await createUser({ name: "Anu" });
    const orderId = await deliveredOrder(user.id, product.id, "Shipped");
    await setOrderStatus(orderId, "Delivered");
    const mail = (await outboxRows()).find((row) => row.kind === "order-status" && row.textBody.includes(orderId));
    expect(mail?.subject).toContain("has been delivered");
    expect(mail?.textBody).toContain(`Review Mail Review Tee: `);
    expect(mail?.textBody).toContain(`/products/men/${product.id}#reviews`);
    expect(mail?.htmlBody).toContain(`/products/men/${product.id}#reviews`);
  });
});

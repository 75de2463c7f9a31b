// Reviews from buyers (issue 21, docs/decisions/0130-reviews.md): who may review (a shopper with a delivered order
// of the product, once per product), the review itself, the seller's moderation and reply, and the product's
// rating kept in its row (review_count, rating_total, rating_average, rating_stars) in the same transaction as
// every change, so no page ever counts reviews. Every change updates the product's row, which raises the
// catalogue version (a trigger of migration 0006): pages kept for visitors are made again.

import { and, count, desc, eq, sql } from "drizzle-orm";
import {
  type Db,
  db,
  first,
  preparedPerConnection,
  preparedRowsPerConnection,
  type Tx,
  transaction,
} from "#app/lib/db.server.ts";
import { ID_PATTERN, newId } from "#app/lib/ids.ts";
import { pageWindow } from "#app/lib/paging.ts";
import { refuse } from "#app/lib/refusal.ts";
import { bumpCatalogueVersion } from "#app/modules/catalog/index.server.ts";
import { startAttempt } from "#app/modules/identity/index.server.ts";
import { deliveredSizesIn, hasDelivered, keptDeliveryOf } from "#app/modules/orders/index.server.ts";
import type { ReviewInput } from "#app/modules/reviews/shared/review-schema.ts";
import { products, type ReviewStatus, reviewSettings, reviews, tick, users } from "#db/tables.ts";
import type { ShownReview } from "./shared/shown-review.ts";

/** A review as its writer wrote it: what the product page, the writer's own form and the seller's list read. */
const REVIEW_TEXT = {
  id: reviews.id,
  rating: reviews.rating,
  title: reviews.title,
  body: reviews.body,
  size: reviews.size,
};

/** A review as shown on the product page and in the seller's list: its text, writer's name (users), date and reply. */
const SHOWN_REVIEW = {
  ...REVIEW_TEXT,
  demo: reviews.demo,
  /** The writer still holds a delivery of the product (not one returned and refunded in full). */
  verified: keptDeliveryOf(reviews.userId, reviews.productId),
  name: users.name,
  createdAt: reviews.createdAt,
  sellerReply: reviews.sellerReply,
};

/**
 * Reviews on one page of a product's list: five, as most shops show first (the rest a page at a time); each one
 * more is markup and hydration data on every product page (docs/performance.md, "Reviews on the product page").
 */
export const REVIEWS_PAGE_SIZE = 5;
/** Reviews on one page of the seller's list. */
export const SELLER_REVIEWS_PAGE_SIZE = 30;

export const REVIEW_REFUSALS = {
  notBuyer: "Only shoppers who have received this product can review it.",
  signIn: "Please sign in to review this product.",
  noProduct: "This product is not on sale.",
  noReview: "You have not reviewed this product.",
  unknown: "This review is not there any more.",
} as const;

/** The shop's review settings (the one row of review_settings; the defaults when it has none). */
export async function reviewSettingsIn(tx: Tx | Db): Promise<{ holdForApproval: boolean }> {
  const row = await first(tx.select().from(reviewSettings).where(eq(reviewSettings.id, 1)));
  return { holdForApproval: row?.holdForApproval ?? false };
}

/** The same row, read on every product page: a query prepared once per connection. */
const reviewSettingsOn = preparedPerConnection((connection) =>
  connection
    .select({ holdForApproval: reviewSettings.holdForApproval })
    .from(reviewSettings)
    .where(eq(reviewSettings.id, 1))
    .prepare(),
);

/** The shop's review settings as a page reads them (committed data). */
export async function reviewSettingsNow(): Promise<{ holdForApproval: boolean }> {
  return { holdForApproval: (await reviewSettingsOn(db()))?.holdForApproval ?? false };
}

/** Whether new and edited reviews wait for the seller's approval (off by default). */
export async function setHoldReviews(holdForApproval: boolean): Promise<void> {
  await transaction(async (tx) => {
    await tx
      .insert(reviewSettings)
      .values({ id: 1, holdForApproval })
      .onConflictDoUpdate({ target: reviewSettings.id, set: { holdForApproval } });
    // The product pages say how reviews are checked: the copies kept for visitors are made again.
    await bumpCatalogueVersion(tx);
  });
}

/** The product's kept rating, made again from its published reviews (one product's rows, by index). */
export async function refreshRatingIn(tx: Tx, productId: string): Promise<void> {
  const rows = await tx
    .select({ rating: reviews.rating, n: count() })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, "published")))
    .groupBy(reviews.rating);
  const stars: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  for (const row of rows) stars[row.rating - 1] = row.n;
  const reviewCount = stars.reduce((sum, n) => sum + n, 0);
  const ratingTotal = stars.reduce((sum, n, i) => sum + n * (i + 1), 0);
  await tx
    .update(products)
    .set({
      reviewCount,
      ratingTotal,
      ratingAverage: reviewCount > 0 ? Math.round((ratingTotal / reviewCount) * 100) / 100 : null,
      ratingStars: stars,
    })
    .where(eq(products.id, productId));
}

export type OwnReview = {
  id: string;
  rating: number;
  title: string;
  body: string;
  size: string;
  status: ReviewStatus;
};

/** What a shopper may do on a product's page: review it (they received it), and their own review if any. */
export async function reviewerState(
  userId: string | null,
  productId: string,
): Promise<{ canReview: boolean; own: OwnReview | null }> {
  if (!userId || !ID_PATTERN.test(productId)) return { canReview: false, own: null };
  const own = (await ownReviewOn(db(), { productId, userId })) ?? null;
  return { canReview: own !== null || (await hasDelivered(userId, productId)), own };
}

/** The shopper's own review of a product (asked on every product page they open): prepared once per connection. */
const ownReviewOn = preparedPerConnection((connection) =>
  connection
    .select({ ...REVIEW_TEXT, status: reviews.status })
    .from(reviews)
    .where(and(eq(reviews.productId, sql.placeholder("productId")), eq(reviews.userId, sql.placeholder("userId"))))
    .prepare(),
);

/**
 * A review change under the throttle ("review-change": per shopper and per client address): refused with 429 when
 * there were too many lately; a change refused for another reason does not count.
 */
async function throttledChange<T>(userId: string, client: string, change: () => Promise<T>): Promise<T> {
  const attempt = await startAttempt("review-change", { email: `shopper:${userId}`, client });
  try {
    return await change();
  } catch (error) {
    await attempt.withdrawn();
    throw error;
  }
}

/**
 * Writes the shopper's review of a product (a new one, or theirs changed), from the client at `client` (its
 * address; throttled): refused with 403 unless they have a delivered order with it. Published at once, or held
 * for the seller when the shop says so; a review the seller hid stays hidden when it is edited. Returns the status
 * it has now.
 */
export async function saveReview(
  userId: string,
  productId: string,
  input: ReviewInput,
  client: string,
): Promise<ReviewStatus> {
  if (!ID_PATTERN.test(productId)) refuse(REVIEW_REFUSALS.noProduct, 404);
  return throttledChange(userId, client, () => writeReview(userId, productId, input));
}

function writeReview(userId: string, productId: string, input: ReviewInput): Promise<ReviewStatus> {
  return transaction(async (tx) => {
    const product = await first(
      tx.select({ id: products.id, removedAt: products.removedAt }).from(products).where(eq(products.id, productId)),
    );
    if (!product || product.removedAt !== null) refuse(REVIEW_REFUSALS.noProduct, 404);
    const sizes = await deliveredSizesIn(tx, userId, productId);
    if (sizes.length === 0) refuse(REVIEW_REFUSALS.notBuyer, 403);
    const existing = await first(
      tx
        .select({ id: reviews.id, status: reviews.status, size: reviews.size })
        .from(reviews)
        .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId))),
    );
    const held = (await reviewSettingsIn(tx)).holdForApproval;
    const status: ReviewStatus = existing?.status === "hidden" ? "hidden" : held ? "pending" : "published";
    const fields = { rating: input.rating, title: input.title, body: input.body, status };
    if (existing) {
      await tx
        .update(reviews)
        .set({ ...fields, updatedAt: tick() })
        .where(eq(reviews.id, existing.id));
    } else {
      await tx.insert(reviews).values({ id: newId(), productId, userId, size: sizes[0] ?? "", ...fields });
    }
    await refreshRatingIn(tx, productId);
    return status;
  });
}

/** Deletes the shopper's own review of a product (from the client at `client`; throttled with the changes). */
export async function deleteReview(userId: string, productId: string, client: string): Promise<void> {
  if (!ID_PATTERN.test(productId)) refuse(REVIEW_REFUSALS.noReview, 404);
  await throttledChange(userId, client, () =>
    transaction(async (tx) => {
      const deleted = await tx
        .delete(reviews)
        .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)))
        .returning({ id: reviews.id });
      if (deleted.length === 0) refuse(REVIEW_REFUSALS.noReview, 404);
      await refreshRatingIn(tx, productId);
    }),
  );
}

/** The first word of a shopper's name: what their review shows of them. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] || "A shopper";
}

/** A page of a product's published reviews, newest first (on every product page): prepared once per connection. */
const reviewPageOn = preparedRowsPerConnection((connection) =>
  connection
    .select({
      ...SHOWN_REVIEW,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.productId, sql.placeholder("productId")), eq(reviews.status, "published")))
    .orderBy(desc(reviews.createdAt))
    .limit(REVIEWS_PAGE_SIZE)
    .offset(sql.placeholder("offset"))
    .prepare(),
);

/** One page of a product's published reviews, newest first (`total`: the product's kept review count). */
export async function productReviewPage(productId: string, total: number, page: number) {
  const window = pageWindow(total, page, REVIEWS_PAGE_SIZE);
  const rows = total === 0 ? [] : await reviewPageOn(db(), { productId, offset: window.offset });
  return {
    reviews: rows.map(({ name, ...row }): ShownReview => ({ ...row, firstName: firstNameOf(name) })),
    page: window.page,
    pageCount: window.pageCount,
  };
}

export type { ShownReview };

export type SellerReview = ShownReview & {
  status: ReviewStatus;
  productId: string;
  productName: string;
  productCategory: string;
};

/** A page of every review, newest first, for the seller (`held`: only those waiting for approval). */
export async function sellerReviewPage({ page, held }: { page: number; held: boolean }) {
  const where = held ? eq(reviews.status, "pending") : undefined;
  const total = (await first(db().select({ n: count() }).from(reviews).where(where)))?.n ?? 0;
  const window = pageWindow(total, page, SELLER_REVIEWS_PAGE_SIZE);
  const rows = await db()
    .select({
      ...SHOWN_REVIEW,
      status: reviews.status,
      productId: reviews.productId,
      productName: products.name,
      productCategory: products.category,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(where)
    .orderBy(desc(reviews.createdAt))
    .limit(SELLER_REVIEWS_PAGE_SIZE)
    .offset(window.offset);
  const pending = (await first(db().select({ n: count() }).from(reviews).where(eq(reviews.status, "pending"))))?.n ?? 0;
  return {
    rows: rows.map(({ name, ...row }): SellerReview => ({ ...row, firstName: firstNameOf(name) })),
    total,
    pending,
    page: window.page,
    pageCount: window.pageCount,
  };
}

async function reviewProductIn(tx: Tx, reviewId: string): Promise<string> {
  if (!ID_PATTERN.test(reviewId)) refuse(REVIEW_REFUSALS.unknown, 404);
  const row = await first(tx.select({ productId: reviews.productId }).from(reviews).where(eq(reviews.id, reviewId)));
  if (!row) refuse(REVIEW_REFUSALS.unknown, 404);
  return row.productId;
}

/** The seller hides a review, or shows it (a hidden one again, or a held one: approved). */
export async function setReviewStatus(reviewId: string, status: "published" | "hidden"): Promise<void> {
  await transaction(async (tx) => {
    const productId = await reviewProductIn(tx, reviewId);
    await tx.update(reviews).set({ status }).where(eq(reviews.id, reviewId));
    await refreshRatingIn(tx, productId);
  });
}

/** The seller's public reply to a review ("" removes it). */
export async function replyToReview(reviewId: string, reply: string): Promise<void> {
  await transaction(async (tx) => {
    const productId = await reviewProductIn(tx, reviewId);
    await tx
      .update(reviews)
      .set({ sellerReply: reply || null, repliedAt: reply ? tick() : null })
      .where(eq(reviews.id, reviewId));
    // The reply is on the product page: its row is written again so the kept pages are made again.
    await refreshRatingIn(tx, productId);
  });
}

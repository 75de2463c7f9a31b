// The product page's review forms (write, change, delete one's review): the shopper's own review only, and only
// with a delivered order of the product (app/modules/reviews refuses anyone else with 403).
import { REVIEW_INTENTS } from "#app/lib/intents.ts";
import { parsePage } from "#app/lib/listing.ts";
import { parseOrRefuse, refuse } from "#app/lib/refusal.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import {
  deleteReview,
  productReviewPage,
  REVIEW_REFUSALS,
  reviewerState,
  reviewSettingsNow,
  saveReview,
} from "#app/modules/reviews/index.server.ts";
import { reviewSchema } from "#app/modules/reviews/shared/review-schema.ts";

/** Whether a form's intent is one of the review forms'. */
export function isReviewIntent(intent: unknown): boolean {
  return intent === REVIEW_INTENTS.save || intent === REVIEW_INTENTS.delete;
}

/** Saves or deletes the shopper's review of `productId`, then back to the page's reviews (`here`). */
export async function answerReviewChange(
  request: Request,
  form: URLSearchParams,
  shopperId: string | null,
  productId: string,
  here: string,
  client: string,
) {
  if (!shopperId) refuse(REVIEW_REFUSALS.signIn, 403);
  const back = `${here}#reviews`;
  if (form.get("intent") === REVIEW_INTENTS.delete) {
    await deleteReview(shopperId, productId, client);
    return redirectWithToast(request, back, { type: "success", message: "Your review was deleted." });
  }
  const input = parseOrRefuse(reviewSchema, {
    rating: form.get("rating") ?? undefined,
    title: form.get("title") ?? undefined,
    body: form.get("body") ?? undefined,
  });
  const status = await saveReview(shopperId, productId, input, client);
  const message =
    status === "published"
      ? "Thank you: your review is published."
      : status === "pending"
        ? "Thank you: your review will show once the shop has checked it."
        : "Your review was saved. The shop has hidden it from the product page.";
  return redirectWithToast(request, back, { type: "success", message });
}

/**
 * The reviews part of a product page's data that is the same for everyone: the kept rating, a page of published
 * reviews and how reviews are checked. It changes only with the catalogue's version (a review change writes the
 * product's row; the hold setting raises the version), so the product page keeps it per version
 * (app/routes/product-data.server.ts).
 */
export async function shownReviewsData(
  product: { id: string; reviewCount: number; ratingAverage: number | null; ratingStars: number[] },
  pageParam: string | null,
) {
  const count = product.reviewCount;
  const page = await productReviewPage(product.id, count, parsePage(pageParam) ?? 1);
  return {
    count,
    average: count > 0 ? product.ratingAverage : null,
    stars: product.ratingStars,
    ...page,
    holdForApproval: (await reviewSettingsNow()).holdForApproval,
  };
}

/** The reviews part of a product page's data that is the viewer's own: whether they may review, and their review. */
export async function reviewViewerData(shopperId: string | null, productId: string) {
  const viewer = await reviewerState(shopperId, productId);
  return { signedIn: shopperId !== null, canReview: viewer.canReview, own: viewer.own };
}

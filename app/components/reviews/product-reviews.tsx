// The product page's reviews (issue 21): the kept average and count by star, how reviews are checked, the
// signed-in buyer's form (write, change, delete), and the published reviews, newest first, a page at a time.
// Plain forms and links: everything works without JavaScript. Review texts are rendered as text, never as HTML.
import { Form, Link } from "react-router";
import { SubmitButton } from "#app/components/button.tsx";
import { FieldError } from "#app/components/form-messages.tsx";
import { formatAverage, reviewCountText, StarRow } from "#app/components/stars.tsx";
import type { FormReply } from "#app/lib/form-reply.ts";
import { formErrorOf, typedValue } from "#app/lib/form-reply.ts";
import { REVIEW_INTENTS } from "#app/lib/intents.ts";
import { formatDate } from "#app/lib/locales.ts";
import { type ReviewViewerView, Slot, useReviewViewer } from "#app/lib/visitor.tsx";
import { REVIEW_BODY_MAX, REVIEW_TITLE_MAX } from "#app/modules/reviews/shared/review-schema.ts";
import type { ShownReview } from "#app/modules/reviews/shared/shown-review.ts";
import { useShop } from "#app/modules/shop/shared/shop.ts";

/**
 * The page's reviews: what is the same for everyone, and on a data request the viewer's part (signedIn, canReview,
 * own); a document carries that in the island instead (useReviewViewer, app/lib/visitor.tsx).
 */
export type ReviewsData = {
  count: number;
  average: number | null;
  stars: number[];
  reviews: ShownReview[];
  page: number;
  pageCount: number;
  holdForApproval: boolean;
} & Partial<ReviewViewerView>;

/** Whether a refused post came from one of the review forms (it echoes their intent). */
export function isReviewReply(reply: unknown): boolean {
  const intent = typedValue(reply, "intent");
  return intent === REVIEW_INTENTS.save || intent === REVIEW_INTENTS.delete;
}

/** "29 November 2026" or "November 29, 2026": the day (UTC) in the shop's locale. */
export function reviewDate(ms: number, locale: string): string {
  return formatDate(ms, locale, "long");
}

/** How the shop checks reviews (the EU asks shops to say so; 16 CFR 465 forbids ratings nobody gave). */
function checkedSentence(hold: boolean): string {
  return `How reviews are checked: only shoppers who bought this product and had it delivered can review it, once each; ${
    hold ? "the shop reads each review before it is published" : "reviews are published as written"
  }, and the shop may hide a review that breaks its rules. The rating counts every review shown here.`;
}

export function ProductReviews({
  productId,
  reviews,
  reply,
}: {
  productId: string;
  reviews: ReviewsData;
  reply: FormReply | null;
}) {
  const viewer = useReviewViewer(productId, reviews);
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="mt-16 scroll-mt-24">
      <h2 id="reviews-heading" className="text-2xl font-semibold text-gray-800">
        Customer reviews
      </h2>
      <div className="mt-4 flex flex-col gap-8 md:flex-row">
        <div className="md:w-1/3">
          <RatingBreakdown reviews={reviews} />
          <p className="mt-4 text-xs text-gray-500">{checkedSentence(reviews.holdForApproval)}</p>
          <div className="mt-6">
            {/* The viewer's own part: a slot of the page's template (server/page-store.ts). */}
            <Slot name={`review:${productId}`}>
              <ReviewFormArea viewer={viewer} reply={reply} />
            </Slot>
          </div>
        </div>
        <div className="md:w-2/3">
          {reviews.reviews.length === 0 ? (
            <p className="text-gray-500">No reviews yet</p>
          ) : (
            <>
              <ol aria-label="Reviews, newest first" className="flex flex-col divide-y divide-gray-200">
                {reviews.reviews.map((review) => (
                  <ReviewItem key={review.id} review={review} />
                ))}
              </ol>
              <ReviewPager page={reviews.page} pageCount={reviews.pageCount} />
              {reviews.reviews.some((review) => review.demo) ? (
                <p className="mt-2 text-xs text-gray-500">
                  Reviews marked "Demo review" are sample data of the demo shop, not from real buyers.
                </p>
              ) : null}
            </>
          )}
        </div>
      </div>
    </section>
  );
}

function RatingBreakdown({ reviews }: { reviews: ReviewsData }) {
  if (reviews.count === 0 || reviews.average === null) {
    return <p className="text-base text-gray-700">No reviews yet</p>;
  }
  const average = formatAverage(reviews.average);
  return (
    <div>
      <div className="flex items-center gap-2">
        <StarRow
          filled={Math.round(Number(average))}
          size={20}
          label={`Rated ${average} out of 5 from ${reviewCountText(reviews.count)}`}
        />
        <p className="text-base text-gray-800" aria-hidden="true">
          {`${average} out of 5`}
        </p>
      </div>
      <p className="mt-1 text-sm text-gray-600">{reviewCountText(reviews.count)}</p>
      <table className="mt-3 w-full text-sm" aria-label="Reviews by stars">
        <tbody>
          {[5, 4, 3, 2, 1].map((star) => {
            const n = reviews.stars[star - 1] ?? 0;
            return (
              <tr key={star}>
                <th scope="row" className="w-16 py-0.5 text-left font-normal text-gray-600">
                  {star === 1 ? "1 star" : `${star} stars`}
                </th>
                <td className="py-0.5">
                  {/* A meter, not a styled box: the Content-Security-Policy allows no inline styles. */}
                  <meter value={n} min={0} max={reviews.count} aria-hidden="true" className="block h-2 w-full" />
                </td>
                <td className="w-10 py-0.5 text-right text-gray-600" data-testid={`stars-${star}`}>
                  {n}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function ReviewItem({ review }: { review: ReviewsData["reviews"][number] }) {
  const { name: shopName, locale } = useShop();
  return (
    <li className="py-4" data-testid="review">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StarRow filled={review.rating} size={14} label={`${review.rating} out of 5 stars`} />
        {review.title ? <h3 className="font-medium text-gray-800">{review.title}</h3> : null}
      </div>
      <p className="mt-1 text-xs text-gray-500">
        <span className="font-medium text-gray-700">{review.firstName}</span>
        {" · "}
        <time dateTime={new Date(review.createdAt).toISOString()}>{reviewDate(review.createdAt, locale)}</time>
        {review.demo ? (
          <>
            {" · "}
            <span className="font-medium text-gray-500">Demo review</span>
          </>
        ) : review.verified ? (
          <>
            {" · "}
            <span className="font-medium text-green-700">Verified buyer</span>
          </>
        ) : null}
        {review.size ? ` · Size bought: ${review.size}` : null}
      </p>
      {review.body ? <p className="mt-2 whitespace-pre-line break-words text-sm text-gray-700">{review.body}</p> : null}
      {review.sellerReply ? (
        <div className="mt-3 rounded bg-gray-50 p-3 text-sm">
          <p className="text-xs font-medium text-gray-700">{`Reply from ${shopName}`}</p>
          <p className="mt-1 whitespace-pre-line break-words text-gray-700">{review.sellerReply}</p>
        </div>
      ) : null}
    </li>
  );
}

function ReviewPager({ page, pageCount }: { page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  const href = (n: number) => (n > 1 ? `?reviews=${n}#reviews` : "#reviews");
  return (
    <nav aria-label="Reviews pages" className="mt-4 flex items-center gap-4 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} preventScrollReset className="text-primary hover:underline">
          Newer reviews
        </Link>
      ) : null}
      <span className="text-gray-600">{`Page ${page} of ${pageCount}`}</span>
      {page < pageCount ? (
        <Link to={href(page + 1)} preventScrollReset className="text-primary hover:underline">
          Older reviews
        </Link>
      ) : null}
    </nav>
  );
}

const STATUS_NOTE: Record<string, string> = {
  pending: "Your review is waiting for the shop's check; it shows here once it is approved.",
  hidden: "The shop has hidden your review from this page.",
};

function ReviewFormArea({ viewer, reply }: { viewer: ReviewViewerView; reply: FormReply | null }) {
  if (!viewer.canReview) {
    // A refused post (a forged one, or a review deleted meanwhile) is said here too.
    return (
      <>
        <NotOffered signedIn={viewer.signedIn} />
        <FieldError id="review-error" errors={formErrorOf(reply)} focus />
      </>
    );
  }
  return <ReviewForm viewer={viewer} reply={reply} />;
}

function NotOffered({ signedIn }: { signedIn: boolean }) {
  if (!signedIn) {
    return (
      <p className="text-sm text-gray-600">
        Bought this?{" "}
        <Link to="/login" className="text-primary underline">
          Sign in
        </Link>{" "}
        to review it once it has been delivered.
      </p>
    );
  }
  return <p className="text-sm text-gray-600">You can review this product once an order of it has been delivered.</p>;
}

/** The title (a line) or the text (`rows`: a box of that many lines) of a review, labelled, with its error. */
function ReviewText({
  name,
  label,
  rows,
  maxLength,
  defaultValue,
  errors,
}: {
  name: string;
  label: string;
  rows?: number;
  maxLength: number;
  defaultValue: string;
  errors: string[] | undefined;
}) {
  const id = `review-${name}`;
  const control = {
    id,
    name,
    maxLength,
    defaultValue,
    "aria-invalid": errors ? true : undefined,
    "aria-describedby": errors ? `${id}-error` : undefined,
    className: "w-full rounded border border-gray-300 px-3 py-2 text-sm outline-none focus:border-primary",
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm text-gray-600">
        {label}
      </label>
      {rows ? <textarea rows={rows} {...control} /> : <input {...control} />}
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  );
}

function ReviewForm({ viewer, reply }: { viewer: ReviewViewerView; reply: FormReply | null }) {
  const own = viewer.own;
  const errors = (reply?.error ?? {}) as Record<string, string[] | undefined>;
  const typed = (name: string, fallback: string) => (reply ? (typedValue(reply, name) ?? "") : fallback);
  const chosen = reply ? typedValue(reply, "rating") : own ? String(own.rating) : undefined;
  return (
    <div>
      <h3 className="text-base font-medium text-gray-800">{own ? "Your review" : "Write a review"}</h3>
      {own && STATUS_NOTE[own.status] ? <p className="mt-1 text-sm text-amber-700">{STATUS_NOTE[own.status]}</p> : null}
      <Form method="post" preventScrollReset className="mt-3 flex flex-col gap-3" aria-labelledby="review-form-label">
        <span id="review-form-label" className="sr-only">
          {own ? "Change your review" : "Write a review"}
        </span>
        <input type="hidden" name="intent" value={REVIEW_INTENTS.save} />
        <fieldset aria-describedby={errors.rating ? "review-rating-error" : undefined}>
          <legend className="mb-1 text-sm text-gray-600">Your rating</legend>
          <div className="flex flex-wrap gap-2">
            {[1, 2, 3, 4, 5].map((n) => (
              <label
                key={n}
                className="flex cursor-pointer items-center gap-1 rounded border border-gray-300 px-2 py-1 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10"
              >
                <input type="radio" name="rating" value={n} defaultChecked={chosen === String(n)} required />
                {n} {n === 1 ? "star" : "stars"}
              </label>
            ))}
          </div>
          <FieldError id="review-rating-error" errors={errors.rating} />
        </fieldset>
        <ReviewText
          name="title"
          label="Title (optional)"
          maxLength={REVIEW_TITLE_MAX}
          defaultValue={typed("title", own?.title ?? "")}
          errors={errors.title}
        />
        <ReviewText
          name="body"
          label={`Your review (optional, up to ${REVIEW_BODY_MAX.toLocaleString("en-US")} characters)`}
          rows={5}
          maxLength={REVIEW_BODY_MAX}
          defaultValue={typed("body", own?.body ?? "")}
          errors={errors.body}
        />
        <FieldError id="review-error" errors={formErrorOf(reply)} focus />
        <div>
          <SubmitButton size="sm">{own ? "Update review" : "Post review"}</SubmitButton>
        </div>
      </Form>
      {own ? (
        <Form method="post" preventScrollReset className="mt-3">
          <input type="hidden" name="intent" value={REVIEW_INTENTS.delete} />
          <SubmitButton variant="danger" size="sm">
            Delete my review
          </SubmitButton>
        </Form>
      ) : null}
    </div>
  );
}

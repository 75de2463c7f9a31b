import { Form, Link } from "react-router";
import { SubmitButton } from "#app/components/button.tsx";
import { reviewDate } from "#app/components/reviews/product-reviews.tsx";
import { ListCount, RefusalAboveList, RowFields, SellerPager } from "#app/components/seller/pager.tsx";
import { StarRow } from "#app/components/stars.tsx";
import { formAction } from "#app/lib/form-reply.server.ts";
import { formErrorOf, typedValue } from "#app/lib/form-reply.ts";
import { SELLER_REVIEW_INTENTS } from "#app/lib/intents.ts";
import { notFound } from "#app/lib/not-found.ts";
import { sellerPageOf } from "#app/lib/paging.ts";
import { productPath } from "#app/lib/product-links.ts";
import { parseOrRefuse, refuse } from "#app/lib/refusal.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import {
  replyToReview,
  reviewSettingsNow,
  sellerReviewPage,
  setHoldReviews,
  setReviewStatus,
} from "#app/modules/reviews/index.server.ts";
import { REPLY_MAX, replySchema } from "#app/modules/reviews/shared/review-schema.ts";
import { useShop } from "#app/modules/shop/shared/shop.ts";
import { sellerMeta } from "#app/routes/seo.ts";
import type { Route } from "./+types/reviews";

export const meta: Route.MetaFunction = () => sellerMeta("Reviews");

/** The list's address: `?held=1` only the reviews waiting for approval; `?page=N`. */
function reviewsPath(page: number, held: boolean): string {
  const params = new URLSearchParams();
  if (held) params.set("held", "1");
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `/seller/reviews${search ? `?${search}` : ""}`;
}

/** `/seller/reviews`: every review, newest first, 30 a page (`?held=1`: those waiting for approval). */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const page = sellerPageOf(params.get("page"));
  if (!page) throw notFound();
  const held = params.get("held") === "1";
  const list = await sellerReviewPage({ page, held });
  return {
    ...list,
    held,
    holdForApproval: (await reviewSettingsNow()).holdForApproval,
    reviews: list.rows.map((row) => ({
      ...row,
      productHref: productPath({ id: row.productId, category: row.productCategory }),
    })),
  };
}

export function action({ request }: Route.ActionArgs) {
  return formAction(request, async (form) => {
    const intent = form.get("intent");
    const back = reviewsPath(sellerPageOf(form.get("page")) ?? 1, form.get("held") === "1");
    if (intent === SELLER_REVIEW_INTENTS.settings) {
      const hold = form.get("hold") === "on";
      await setHoldReviews(hold);
      const message = hold ? "New reviews now wait for your approval." : "New reviews are now published at once.";
      return redirectWithToast(request, back, { type: "success", message });
    }
    const reviewId = form.get("reviewId") ?? "";
    if (intent === SELLER_REVIEW_INTENTS.hide || intent === SELLER_REVIEW_INTENTS.publish) {
      const hide = intent === SELLER_REVIEW_INTENTS.hide;
      await setReviewStatus(reviewId, hide ? "hidden" : "published");
      const message = hide ? "The review is hidden." : "The review is published.";
      return redirectWithToast(request, back, { type: "success", message });
    }
    if (intent === SELLER_REVIEW_INTENTS.reply) {
      const { reply } = parseOrRefuse(replySchema, { reply: form.get("reply") ?? undefined });
      await replyToReview(reviewId, reply);
      return redirectWithToast(request, back, {
        type: "success",
        message: reply ? "Your reply is published." : "Your reply was removed.",
      });
    }
    refuse("Unknown action.");
  });
}

const STATUS_LABEL = { published: "Published", pending: "Waiting for approval", hidden: "Hidden" } as const;

export default function SellerReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { reviews, page, pageCount, total, pending, held, holdForApproval } = loaderData;
  const { locale } = useShop();
  const refusal = formErrorOf(actionData);
  const refusedId = typedValue(actionData, "reviewId");
  const replyError = (actionData?.error as Record<string, string[] | undefined> | undefined)?.reply?.[0] ?? null;
  return (
    <section className="flex max-w-4xl flex-col gap-4 p-4 md:p-10">
      <h1 className="text-2xl font-semibold text-gray-800">Reviews</h1>
      <Form method="post" className="flex flex-wrap items-center gap-3 rounded border border-gray-300 p-4 text-sm">
        <input type="hidden" name="intent" value={SELLER_REVIEW_INTENTS.settings} />
        <label className="flex items-center gap-2">
          <input type="checkbox" name="hold" defaultChecked={holdForApproval} />
          Hold new reviews for my approval
        </label>
        <SubmitButton size="sm" variant="quiet">
          Save setting
        </SubmitButton>
        <p className="w-full text-xs text-gray-500">
          {holdForApproval
            ? "New and changed reviews wait here until you approve them."
            : "New reviews are published at once; you can hide any of them."}
        </p>
      </Form>
      <nav aria-label="Which reviews" className="flex gap-4 text-sm">
        <Link
          to={reviewsPath(1, false)}
          aria-current={held ? undefined : "page"}
          className="text-primary hover:underline"
        >
          All reviews
        </Link>
        <Link
          to={reviewsPath(1, true)}
          aria-current={held ? "page" : undefined}
          className="text-primary hover:underline"
        >
          Waiting for approval ({pending})
        </Link>
      </nav>
      <RefusalAboveList refusal={refusal} listed={reviews.some((r) => r.id === refusedId)} />
      {total === 0 ? (
        <p className="text-gray-500">{held ? "No reviews are waiting for approval." : "No reviews yet"}</p>
      ) : (
        <>
          <ListCount total={total} noun={["review", "reviews"]} page={page} pageCount={pageCount} />
          <ul className="flex flex-col gap-4">
            {reviews.map((review) => {
              const error = refusedId === review.id ? (replyError ?? refusal) : null;
              return (
                <li
                  key={review.id}
                  data-testid="seller-review"
                  className="flex flex-col gap-2 rounded-md border border-gray-300 p-4 text-sm text-gray-700"
                >
                  <p>
                    <Link to={review.productHref} className="font-medium text-gray-800 hover:text-primary">
                      {review.productName}
                    </Link>{" "}
                    · {review.firstName} · {reviewDate(review.createdAt, locale)}
                    {review.size ? ` · Size ${review.size}` : ""}
                  </p>
                  <div className="flex items-center gap-3">
                    <StarRow filled={review.rating} size={14} label={`${review.rating} out of 5 stars`} />
                    <span data-testid="review-status" className="text-xs font-medium">
                      {STATUS_LABEL[review.status]}
                    </span>
                  </div>
                  {review.title ? <p className="font-medium text-gray-800">{review.title}</p> : null}
                  {review.body ? <p className="whitespace-pre-line break-words">{review.body}</p> : null}
                  <div className="flex flex-wrap gap-2">
                    <Form method="post">
                      <RowFields page={page} values={{ reviewId: review.id }} />
                      {held ? <input type="hidden" name="held" value="1" /> : null}
                      {review.status === "published" ? (
                        <SubmitButton size="sm" variant="quiet" name="intent" value={SELLER_REVIEW_INTENTS.hide}>
                          Hide
                        </SubmitButton>
                      ) : (
                        <SubmitButton size="sm" variant="quiet" name="intent" value={SELLER_REVIEW_INTENTS.publish}>
                          {review.status === "pending" ? "Approve" : "Show again"}
                        </SubmitButton>
                      )}
                    </Form>
                  </div>
                  <Form method="post" className="flex flex-col gap-2">
                    <RowFields page={page} values={{ intent: SELLER_REVIEW_INTENTS.reply, reviewId: review.id }} />
                    {held ? <input type="hidden" name="held" value="1" /> : null}
                    <label htmlFor={`reply-${review.id}`} className="text-xs text-gray-600">
                      Your public reply (empty removes it)
                    </label>
                    <textarea
                      id={`reply-${review.id}`}
                      name="reply"
                      rows={2}
                      maxLength={REPLY_MAX}
                      defaultValue={review.sellerReply ?? ""}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `reply-${review.id}-error` : undefined}
                      className="w-full rounded border border-gray-300 px-3 py-2 outline-none focus:border-primary"
                    />
                    {error ? (
                      <p id={`reply-${review.id}-error`} role="alert" className="text-xs text-red-600">
                        {error}
                      </p>
                    ) : null}
                    <div>
                      <SubmitButton size="sm">Save reply</SubmitButton>
                    </div>
                  </Form>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <SellerPager page={page} pageCount={pageCount} href={(n) => reviewsPath(n, held)} />
    </section>
  );
}

// The reviews module's front door: routes and other modules import from here only.
export {
  deleteReview,
  firstNameOf,
  type OwnReview,
  productReviewPage,
  REVIEW_REFUSALS,
  REVIEWS_PAGE_SIZE,
  refreshRatingIn,
  replyToReview,
  reviewerState,
  reviewSettingsNow,
  type SellerReview,
  type ShownReview,
  saveReview,
  sellerReviewPage,
  setHoldReviews,
  setReviewStatus,
} from "./reviews.server.ts";

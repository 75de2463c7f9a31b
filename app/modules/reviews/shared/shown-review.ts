// The review as the product page shows it: the shape the server sends and the browser's review list reads.
/** A review as the product page shows it. */
export type ShownReview = {
  id: string;
  rating: number;
  title: string;
  body: string;
  size: string;
  firstName: string;
  /** A review of the demo data (db/demo/reviews.ts): labelled "Demo review", not "Verified buyer". */
  demo: boolean;
  /** "Verified buyer": the writer still holds a delivered order of the product (not returned and refunded in full). */
  verified: boolean;
  createdAt: number;
  sellerReply: string | null;
};

// The review form's rules (app/modules/reviews/shared/review-schema.ts): stars 1 to 5 only, texts cleaned of control and bidi
// characters (line breaks kept in the text, at most one empty line), limits refused rather than cut.
import { describe, expect, it } from "vitest";
import {
  cleanMultiline,
  REVIEW_BODY_MAX,
  REVIEW_TITLE_MAX,
  replySchema,
  reviewSchema,
} from "#app/modules/reviews/shared/review-schema.ts";

describe("reviewSchema", () => {
  it("takes 1 to 5 stars, as text or a number, and nothing else", () => {
    for (const rating of ["1", "5", " 3 ", 4]) expect(reviewSchema.safeParse({ rating }).success).toBe(true);
    for (const rating of [undefined, "", "0", "6", "4.5", "1e0", "five", 2.5, null, ["5"]]) {
      expect(reviewSchema.safeParse({ rating }).success, String(rating)).toBe(false);
    }
  });

  it("cleans the texts and keeps the line breaks of the review", () => {
    const parsed = reviewSchema.parse({
      rating: "4",
      title: "  Good\u0000 fit\u202e\n ",
      body: "Line one\r\n\r\n\r\n\r\nLine two\u0007\ttabbed\u2066",
    });
    expect(parsed).toEqual({ rating: 4, title: "Good fit", body: "Line one\n\nLine two tabbed" });
    expect(cleanMultiline("a\u2028b")).toBe("a\nb");
  });

  it("refuses texts over the limits instead of cutting them", () => {
    expect(reviewSchema.safeParse({ rating: "5", title: "t".repeat(REVIEW_TITLE_MAX) }).success).toBe(true);
    expect(reviewSchema.safeParse({ rating: "5", title: "t".repeat(REVIEW_TITLE_MAX + 1) }).success).toBe(false);
    expect(reviewSchema.safeParse({ rating: "5", body: "b".repeat(REVIEW_BODY_MAX + 1) }).success).toBe(false);
    expect(replySchema.safeParse({ reply: "r".repeat(1001) }).success).toBe(false);
    expect(replySchema.parse({})).toEqual({ reply: "" });
  });
});

// A product's rating from its published reviews (kept on the product, app/modules/reviews): the stars, the
// average and the count, or "No reviews yet". Never a rating nobody gave (issue 21).
import { ICON, STARS_WIDTH } from "./icons.tsx";

/** An average as shown: one decimal ("4.3", "5.0"). */
export function formatAverage(average: number): string {
  return (Math.round(average * 10) / 10).toFixed(1);
}

/** One formatter for every count (toLocaleString makes one per call). */
const COUNT_FORMAT = new Intl.NumberFormat("en-US");

export function reviewCountText(count: number): string {
  return `${COUNT_FORMAT.format(count)} ${count === 1 ? "review" : "reviews"}`;
}

/**
 * The stars' height in CSS px, or "card": a card's (24 on a list page), sized once in app.css (`.card .stars`)
 * rather than in each.
 */
type StarSize = number | "card";

/**
 * Five stars, `filled` of them coloured, announced as `label`: the sprite's five-star strip in grey, and over it
 * the same strip in amber, clipped by app.css to the first `filled` stars (`.stars[data-filled]`: a list page
 * has up to 24 of them, so the clip is named there rather than drawn in each). data-filled says how many are
 * filled.
 */
export function StarRow({ filled, size = 16, label }: { filled: number; size?: StarSize; label: string }) {
  const stars = Math.max(0, Math.min(5, Math.round(filled)));
  return (
    <svg
      role="img"
      aria-label={label}
      width={size === "card" ? undefined : Math.round((size * STARS_WIDTH) / 20)}
      height={size === "card" ? undefined : size}
      viewBox={`0 0 ${STARS_WIDTH} 20`}
      data-filled={stars}
      className="stars"
    >
      <use href={`#${ICON.stars}`} />
      {stars > 0 ? <use href={`#${ICON.stars}`} /> : null}
    </svg>
  );
}

/**
 * The rating, announced as "Rated 4.3 out of 5 from 12 reviews"; "No reviews yet" without reviews. `testId`:
 * the product page's one rating is found by it (a card's, one of 24, carries none).
 */
export function Stars({
  average,
  count,
  size = 16,
  className = "",
  testId,
}: {
  average: number | null;
  count: number;
  size?: StarSize;
  className?: string;
  testId?: string;
}) {
  if (count === 0 || average === null) {
    return (
      <p className={`no-reviews ${className}`.trim()} data-testid={testId}>
        No reviews yet
      </p>
    );
  }
  const shown = formatAverage(average);
  return (
    <div className={`rating ${className}`.trim()} data-testid={testId}>
      <StarRow
        filled={Math.round(Number(shown))}
        size={size}
        label={`Rated ${shown} out of 5 from ${reviewCountText(count)}`}
      />
      <span aria-hidden="true">{`${shown} (${COUNT_FORMAT.format(count)})`}</span>
    </div>
  );
}

// A product's rating from its published reviews (kept on the product, app/modules/reviews): the stars, the
// average and the count, or "No reviews yet". Never a rating nobody gave (issue 21).

function Star({ filled, size }: { filled: boolean; size: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 20 20"
      aria-hidden="true"
      data-filled={filled}
      className={filled ? "text-amber-400" : "text-gray-300"}
    >
      <path fill="currentColor" d="M10 1.5l2.6 5.3 5.9.9-4.25 4.1 1 5.85L10 14.9l-5.25 2.75 1-5.85L1.5 7.7l5.9-.9z" />
    </svg>
  );
}

/** An average as shown: one decimal ("4.3", "5.0"). */
export function formatAverage(average: number): string {
  return (Math.round(average * 10) / 10).toFixed(1);
}

export function reviewCountText(count: number): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? "review" : "reviews"}`;
}

/** Five stars, `filled` of them coloured, announced as `label`. */
export function StarRow({ filled, size = 16, label }: { filled: number; size?: number; label: string }) {
  return (
    <span role="img" aria-label={label} className="flex items-center gap-0.5">
      {[1, 2, 3, 4, 5].map((i) => (
        <Star key={i} filled={i <= filled} size={size} />
      ))}
    </span>
  );
}

/** The rating, announced as "Rated 4.3 out of 5 from 12 reviews"; "No reviews yet" without reviews. */
export function Stars({ average, count, size = 16 }: { average: number | null; count: number; size?: number }) {
  if (count === 0 || average === null) {
    return (
      <p className="text-xs text-gray-500" data-testid="rating">
        No reviews yet
      </p>
    );
  }
  const shown = formatAverage(average);
  return (
    <div className="flex items-center gap-0.5" data-testid="rating">
      <StarRow
        filled={Math.round(Number(shown))}
        size={size}
        label={`Rated ${shown} out of 5 from ${reviewCountText(count)}`}
      />
      <span aria-hidden="true" className="ml-1 text-xs text-gray-500">
        {shown} ({count.toLocaleString("en-US")})
      </span>
    </div>
  );
}

/** The spec's fixed rating: every product shows 4 of 5 stars. */
export const STATIC_RATING = 4;

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

/** A star rating, announced as "Rated 4 out of 5". */
export function Stars({ rating = STATIC_RATING, size = 16 }: { rating?: number; size?: number }) {
  return (
    <div className="flex items-center gap-0.5">
      <span role="img" aria-label={`Rated ${rating} out of 5`} className="flex items-center gap-0.5">
        {[1, 2, 3, 4, 5].map((i) => (
          <Star key={i} filled={i <= rating} size={size} />
        ))}
      </span>
      <span aria-hidden="true" className="ml-1 text-xs text-gray-500">
        ({rating})
      </span>
    </div>
  );
}

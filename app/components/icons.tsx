// Icons drawn many times on a page (a card's five stars, its heart and its cart): each path is in the page once, in the
// sprite the layout renders (IconSprite), and every icon is a <use> of it. A list of 24 cards sent the star's
// path 120 times before (about a quarter of /products' HTML, issue 22). A row of stars is the five-star strip
// twice: grey, then amber clipped to the stars that are filled.

const STAR = "M10 1.5l2.6 5.3 5.9.9-4.25 4.1 1 5.85L10 14.9l-5.25 2.75 1-5.85L1.5 7.7l5.9-.9z";
const HEART =
  "M12 20.5s-7.5-4.6-9.3-9.2C1.4 7.9 3.6 4.5 7 4.5c2 0 3.6 1.1 5 3 1.4-1.9 3-3 5-3 3.4 0 5.6 3.4 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2z";

/** The ids of the sprite's symbols. */
export const ICON = { star: "i-star", stars: "i-stars", heart: "i-heart", cart: "i-cart" } as const;

/** The five stars' strip: each star 20 units wide with 2 between them (STARS_WIDTH in all). */
export const STAR_STEP = 22;
export const STARS_WIDTH = 5 * 20 + 4 * 2;

/**
 * The symbols every page's icons use, once per page (in the layout, so pages changed without a reload keep
 * it). Not display:none: some browsers draw nothing from a symbol inside an undisplayed svg.
 */
export function IconSprite() {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute">
      <symbol id={ICON.star} viewBox="0 0 20 20">
        <path fill="currentColor" d={STAR} />
      </symbol>
      <symbol id={ICON.stars} viewBox={`0 0 ${STARS_WIDTH} 20`}>
        {[0, 1, 2, 3, 4].map((i) => (
          <use key={i} href={`#${ICON.star}`} x={i * STAR_STEP} width="20" height="20" />
        ))}
      </symbol>
      <symbol id={ICON.heart} viewBox="0 0 24 24">
        <path d={HEART} />
      </symbol>
      <symbol id={ICON.cart} viewBox="0 0 24 24">
        <path d="M3 3h2l2.4 12.2a2 2 0 0 0 2 1.6h8.2a2 2 0 0 0 2-1.5L21 8H6" />
        <circle cx="10" cy="20" r="1.3" />
        <circle cx="18" cy="20" r="1.3" />
      </symbol>
    </svg>
  );
}

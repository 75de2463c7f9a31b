// Product image URLs. A stored image (`/uploads/<key>.webp`, the URL products keep) is the full-size picture
// (at most FULL_SIZE px); beside it the pipeline writes one WebP per IMAGE_WIDTHS entry
// (`/uploads/<key>-<width>.webp`), which lists and pages offer through `srcset`. Pictures stored before the
// widths existed have only the 400 px one: the uploads route answers a missing width with the next larger
// file it has (app/modules/inventory/images.server.ts), so every URL made here works for them too.
const STORED = /^\/uploads\/([a-z0-9]+)\.webp$/;

export const FULL_SIZE = 1000;
/** The widths every stored picture is written in, smallest first. */
export const IMAGE_WIDTHS = [200, 400, 800] as const;
export const THUMBNAIL_WIDTH = 400;

/** The `width` px version of a stored product image (other URLs are returned as they are). */
export function imageWidthUrl(url: string, width: number): string {
  const match = STORED.exec(url);
  return match ? `/uploads/${match[1]}-${width}.webp` : url;
}

/** The small version of a stored product image (other URLs are returned as they are). */
export function thumbnailUrl(url: string): string {
  return imageWidthUrl(url, THUMBNAIL_WIDTH);
}

/**
 * Every width of a stored image as a `srcset` (undefined for an image that is not stored here). With the
 * picture's real width (`natural`), only the widths it was really written in: a picture smaller than a width
 * is stored at its own size under that width's name (never enlarged), so offering it as wider would have the
 * browser fetch it for a larger slot and stretch it.
 */
export function imageSrcSet(
  url: string,
  natural?: number,
  { withFull = true, from = 0 }: { withFull?: boolean; from?: number } = {},
): string | undefined {
  if (!STORED.test(url)) return undefined;
  const full = natural ?? FULL_SIZE;
  // `from`: the narrowest width offered (a card's picture leaves out the 200 px one, see CARD_SRCSET).
  const widths = IMAGE_WIDTHS.filter((width) => width < full && width >= from);
  const listed = widths.map((width) => `${imageWidthUrl(url, width)} ${width}w`);
  // A card is never shown wider than 220 px: 800 px covers a 3× screen, the full picture adds only bytes.
  return (withFull || listed.length === 0 ? [...listed, `${url} ${full}w`] : listed).join(", ");
}

/**
 * A card's pictures (24 on a list page, each written in `srcset` and React's preloads): the 400 and 800 px ones.
 * A card is never shown wider than 220 CSS px, so 800 px covers a 3× screen; the 200 px one would only be
 * chosen by a screen at 1× with a card under 200 px (a phone or a narrow window at 1×), which then loads the
 * 400 px one (issue 22: the 200 px entry was about 1 KB of /products).
 */
export const CARD_SRCSET = { withFull: false, from: THUMBNAIL_WIDTH } as const;

/** The picture formats a seller may upload (checked on the decoded image, whatever the file claims). */
export const UPLOAD_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;
/** The same, as the seller's form and the refusals say it. */
export const UPLOAD_FORMATS_TEXT = "JPEG, PNG, WebP or AVIF";

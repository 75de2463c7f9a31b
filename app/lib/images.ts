// Product image URLs. Every stored image exists in two WebP sizes: the full one (its URL is what
// products store) and a small one for lists and thumbnails.
const STORED = /^\/uploads\/([a-z0-9]+)\.webp$/;

/** The small version of a stored product image (other URLs are returned as they are). */
export function thumbnailUrl(url: string): string {
  const match = STORED.exec(url);
  return match ? `/uploads/${match[1]}-${THUMBNAIL_WIDTH}.webp` : url;
}

export const FULL_SIZE = 1000;
export const THUMBNAIL_WIDTH = 400;

/** The picture formats a seller may upload (checked on the decoded image, whatever the file claims). */
export const UPLOAD_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;
/** The same, as the seller's form and the refusals say it. */
export const UPLOAD_FORMATS_TEXT = "JPEG, PNG, WebP or AVIF";

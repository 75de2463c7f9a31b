// Sizes and stock counts as the pages and the /api shapes see them (shared by server and browser code).

/** The size label of the one stock line of a product without sizes. */
export const NO_SIZE = "";
/** What a product without sizes shows as its size (the spec's default). */
export const FREE_SIZE = "Free Size";
/**
 * A count at or below this is low: 'Only N left' for shoppers. The seller's low-stock mark uses the threshold
 * of the shop's settings (this by default; decision 0232).
 */
export const LOW_STOCK = 5;
/** The largest count a seller may enter. */
export const MAX_STOCK = 100_000;
export const MAX_SIZE_LENGTH = 30;
export const MAX_SIZES = 30;

/** Size sets a seller starts from; "free" means no sizes (one count, shown as 'Free Size'). */
export const SIZE_PRESETS = {
  clothing: { label: "Clothing (XS–XXL)", sizes: ["XS", "S", "M", "L", "XL", "XXL"] },
  shoes: { label: "Shoes (UK 5–11)", sizes: ["UK 5", "UK 6", "UK 7", "UK 8", "UK 9", "UK 10", "UK 11"] },
  kids: {
    label: "Kids (2–13 years)",
    sizes: ["2-3 years", "4-5 years", "6-7 years", "8-9 years", "10-11 years", "12-13 years"],
  },
  free: { label: "Free size (no sizes)", sizes: [] },
} as const satisfies Record<string, { label: string; sizes: readonly string[] }>;
export type SizePreset = keyof typeof SIZE_PRESETS;

/** A size with its count (null = not counted). */
export type SizeStock = { size: string; stock: number | null };

/** Whether a line with this count can be bought now. */
export const isAvailable = (stock: number | null) => stock === null || stock > 0;

/** Whether a count is low enough to say so ('Only N left'); sold out (0 or less) is not "low", it is gone. */
export const isLow = (stock: number | null) => stock !== null && stock > 0 && stock <= LOW_STOCK;

/** Whether a counted size is at or below the seller's low-stock threshold (sold out included): time to restock. */
export const isBelowThreshold = (stock: number | null, threshold: number) => stock !== null && stock <= threshold;

/** A product whose every line is counted and at 0 is sold out. */
export const isSoldOut = (lines: readonly SizeStock[]) => !lines.some((line) => isAvailable(line.stock));

/** Whether these are the sizes of a product with sizes (not the one line of a product without). */
export const hasSizes = (lines: readonly SizeStock[]) => lines.some((line) => line.size !== NO_SIZE);

/** The cart key of a line: "<productId>" without a size, "<productId>:<size>" with one (the /api's keys). */
export function cartKey(productId: string, size: string): string {
  return size === NO_SIZE ? productId : `${productId}:${size}`;
}

/** A cart key split into product id and size (ids never hold ':'; a size may). */
export function splitCartKey(key: string): { productId: string; size: string } {
  const colon = key.indexOf(":");
  return colon < 0 ? { productId: key, size: NO_SIZE } : { productId: key.slice(0, colon), size: key.slice(colon + 1) };
}

/** "Linen Shirt, M", or "Linen Shirt" for a product without sizes: how messages name a line. */
export function lineName(productName: string, size: string): string {
  return size === NO_SIZE ? productName : `${productName}, ${size}`;
}

/** A size label as stored: trimmed, at most 30 characters, no control characters ('' = no size). */
export function isSizeLabel(value: unknown): value is string {
  return (
    typeof value === "string" &&
    value.length <= MAX_SIZE_LENGTH &&
    value === value.trim() &&
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    !/[\u0000-\u001f\u007f]/.test(value)
  );
}

// Limits of a product as the seller enters it: shared by the forms (hints, maxLength) and the
// server rules in app/modules/inventory/product-writes.server.ts, which are what actually enforce them.
export const MAX_IMAGES = 4;
export const MAX_IMAGE_MB = 5;
export const NAME_MAX_LENGTH = 120;
export const DESCRIPTION_MAX_LINES = 20;
export const DESCRIPTION_LINE_MAX_LENGTH = 300;

/** Add Product without a photo: said by the service, and by the page's own check with JavaScript. */
export const NO_IMAGE = "Add at least one product image.";

// The seller's writes to the catalogue: add and edit under the one set of product field rules, stock, remove from
// sale and back. A failed add or edit leaves nothing behind: no product row and no stored image file.
import { and, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import { first, transaction } from "#app/lib/db.server.ts";
import { ID_PATTERN, newId } from "#app/lib/ids.ts";
import { DEFAULT_LOCALE } from "#app/lib/locales.ts";
import { DEFAULT_CURRENCY } from "#app/lib/money.ts";
import { fieldErrorsOf, parseOrRefuse, Refusal, refuse } from "#app/lib/refusal.ts";
import { MAX_IMAGES, NO_IMAGE } from "#app/modules/inventory/shared/product-limits.ts";
import {
  type ProductFields,
  productFieldsSchemaIn,
  sellingPrice,
} from "#app/modules/inventory/shared/product-schema.ts";
import { NO_SIZE } from "#app/modules/inventory/shared/sizes.ts";
import { products } from "#db/tables.ts";
import { deleteProductImages, storeProductImage, uploadProblem } from "./images.server.ts";
import type { ImageUpload } from "./product-upload.server.ts";
import { getProductForSeller } from "./seller-product-list.server.ts";
import { type CountChange, saveStockLines } from "./stock.server.ts";

/** A refusal of the photos, shown under the image slots. */
function imagesRefusal(message: string): Refusal {
  return new Refusal(message, 400, { images: message });
}

/**
 * Decodes and stores images one by one; if one is refused, the ones already stored are deleted and the
 * refusal is about the photos.
 */
async function storeImages(uploads: readonly ImageUpload[]): Promise<string[]> {
  const urls: string[] = [];
  try {
    for (const upload of uploads) urls.push(await storeProductImage(upload.bytes, upload.fileName));
    return urls;
  } catch (error) {
    await deleteProductImages(urls);
    if (error instanceof Refusal) throw imagesRefusal(error.message);
    throw error;
  }
}

/** The first upload that is not a picture a seller may upload (its header only; storing decodes it whole). */
async function firstUploadProblem(uploads: readonly ImageUpload[]): Promise<string | null> {
  for (const upload of uploads) {
    const problem = await uploadProblem(upload.bytes, upload.fileName);
    if (problem) return problem;
  }
  return null;
}

/** The stock lines a product form asks for: its sizes, or the one line of a product without sizes. */
function stockLinesOfFields(fields: ProductFields): CountChange[] {
  if (fields.sizes.length > 0) return fields.sizes;
  return [{ size: NO_SIZE, stock: fields.stock, ...(fields.stockWas === undefined ? {} : { was: fields.stockWas }) }];
}

/** Adds a product with its images (1 to 4) and its sizes and counts. Any refusal or failure stores nothing. */
/** Adds a product; its prices are typed in `currency` (the shop's), its messages in the shop's `locale`. */
export async function addProduct(
  input: unknown,
  uploads: readonly ImageUpload[],
  currency = DEFAULT_CURRENCY,
  locale = DEFAULT_LOCALE,
): Promise<string> {
  const parsed = productFieldsSchemaIn(currency, locale).safeParse(input);
  // Every mistake in one answer: the photos' with the fields' (a seller without JavaScript posts once per round).
  const imagesError =
    uploads.length === 0
      ? NO_IMAGE
      : uploads.length > MAX_IMAGES
        ? `Add at most ${MAX_IMAGES} images.`
        : parsed.success
          ? null
          : await firstUploadProblem(uploads);
  if (!parsed.success) {
    const { form, ...errors } = fieldErrorsOf(parsed.error);
    const all = imagesError ? { images: imagesError, ...errors } : errors;
    throw new Refusal(form ?? Object.values(all)[0] ?? "Please check the form.", 400, all);
  }
  if (imagesError) throw imagesRefusal(imagesError);
  const fields = parsed.data;

  const urls = await storeImages(uploads);
  const id = newId();
  try {
    await transaction(async (tx) => {
      await tx.insert(products).values({
        id,
        name: fields.name,
        description: fields.description,
        category: fields.category,
        priceCents: fields.price,
        offerPriceCents: sellingPrice(fields),
        images: urls,
        inStock: true,
      });
      await saveStockLines(tx, id, stockLinesOfFields(fields));
    });
  } catch (error) {
    await deleteProductImages(urls);
    throw error;
  }
  return id;
}

/**
 * The photo changes of an edit, by slot (0 to 3, the positions of the product's current images):
 * a new upload replaces the image in its slot (or fills an empty one); `remove` empties a slot.
 */
export type PhotoChanges = { replace: ReadonlyMap<number, ImageUpload>; remove: ReadonlySet<number> };

/**
 * Edits a product's fields, sizes and photos. New images are stored first; replaced ones are deleted after the
 * save. Counts the seller did not change are not written (see saveStockLines).
 */
export async function updateProduct(
  productId: string,
  input: unknown,
  photos: PhotoChanges,
  currency = DEFAULT_CURRENCY,
  locale = DEFAULT_LOCALE,
): Promise<void> {
  const current = await getProductForSeller(productId);
  if (!current) refuse("Product not found", 404);
  const fields = parseOrRefuse(productFieldsSchemaIn(currency, locale), input);
  for (const slot of [...photos.replace.keys(), ...photos.remove]) {
    if (!Number.isInteger(slot) || slot < 0 || slot >= MAX_IMAGES) throw imagesRefusal("Unknown photo slot.");
  }

  const slots = Array.from({ length: MAX_IMAGES }, (_, i) => i);
  const keptCount = slots.filter(
    (i) => photos.replace.has(i) || (i < current.images.length && !photos.remove.has(i)),
  ).length;
  if (keptCount === 0) throw imagesRefusal("Keep or add at least one product image.");

  const uploads = slots.flatMap((i) => {
    const upload = photos.replace.get(i);
    return upload ? [upload] : [];
  });
  const stored = await storeImages(uploads);
  const newUrls = [...stored];
  const images = slots.flatMap((i) => {
    if (photos.replace.has(i)) return [newUrls.shift()!];
    const existing = current.images[i];
    return existing && !photos.remove.has(i) ? [existing] : [];
  });

  let previousImages: string[];
  try {
    const saved = await transaction(async (tx) => {
      const row = await first(tx.select({ images: products.images }).from(products).where(eq(products.id, productId)));
      if (!row) return null;
      await tx
        .update(products)
        .set({
          name: fields.name,
          description: fields.description,
          category: fields.category,
          priceCents: fields.price,
          offerPriceCents: sellingPrice(fields),
          images,
        })
        .where(eq(products.id, productId));
      await saveStockLines(tx, productId, stockLinesOfFields(fields));
      return row.images;
    });
    if (!saved) refuse("Product not found", 404);
    previousImages = saved;
  } catch (error) {
    await deleteProductImages(stored);
    throw error;
  }
  // Files no longer used by the product (orders show the product's current images).
  await deleteProductImages(previousImages.filter((url) => !images.includes(url)));
}

/**
 * Changes one product on the seller's word, when `condition` holds; otherwise 'Product not found' (404).
 * Gives the product's name (the seller's list names it in its message).
 */
async function updateProductIf(
  productId: unknown,
  changes: Partial<typeof products.$inferInsert>,
  condition: SQL,
): Promise<string> {
  if (typeof productId !== "string" || !ID_PATTERN.test(productId)) refuse("Product not found", 404);
  const [changed] = await transaction((tx) =>
    tx
      .update(products)
      .set(changes)
      .where(and(eq(products.id, productId), condition))
      .returning({ name: products.name }),
  );
  if (!changed) refuse("Product not found", 404);
  return changed.name;
}

/** Sets a product on sale in or out of stock; gives its name. */
export async function setInStock(productId: unknown, inStock: boolean): Promise<string> {
  return updateProductIf(productId, { inStock }, isNull(products.removedAt));
}

/**
 * Takes a product off the shop. The row stays (with its images), so orders that contain it keep
 * showing it; the storefront lists only products whose removedAt is empty.
 */
export async function removeFromSale(productId: unknown): Promise<string> {
  return updateProductIf(productId, { removedAt: Date.now() }, isNull(products.removedAt));
}

/** Puts a removed product back on sale. */
export async function restoreToSale(productId: unknown): Promise<string> {
  return updateProductIf(productId, { removedAt: null }, isNotNull(products.removedAt));
}

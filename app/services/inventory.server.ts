// The seller's side of the catalogue: reading a product upload safely, the one set of product
// field rules, and every product write (add, edit, stock, remove from sale). A failed add or edit
// leaves nothing behind: no product row and no stored image file.
import {
  type FileUpload,
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from "@remix-run/form-data-parser";
import { and, desc, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { CATEGORY_PATHS } from "#app/lib/categories.ts";
import { db } from "#app/lib/db.server.ts";
import { BadRequest, fieldErrors } from "#app/lib/http.server.ts";
import { ID_PATTERN, newId } from "#app/lib/ids.ts";
import { parseMoneyToCents } from "#app/lib/money.ts";
import {
  DESCRIPTION_LINE_MAX_LENGTH,
  DESCRIPTION_MAX_LINES,
  MAX_IMAGE_MB,
  MAX_IMAGES,
  NAME_MAX_LENGTH,
} from "#app/lib/product-limits.ts";
import { products } from "#db/schema.ts";
import { deleteProductImages, ImageError, storeProductImage } from "./images.server.ts";

export const MAX_IMAGE_BYTES = MAX_IMAGE_MB * 1024 * 1024;
/** The whole upload: four full-size images plus the text fields, with room for multipart overhead. */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
/** Any single text field (the product JSON of the /api call is the largest). */
const MAX_TEXT_FIELD_BYTES = 64 * 1024;
const MAX_PARTS = 40;

export type ImageUpload = { fieldName: string; fileName: string; bytes: Uint8Array };
export type ProductUpload = { fields: Map<string, string>; images: ImageUpload[] };

/**
 * Reads a multipart product form as a stream with limits: at most 4 files of 5 MB each, 25 MB in
 * all, a bounded number of parts and bounded text fields. Files from fields `isImageField` does not
 * accept are dropped; an empty file input (no file chosen) is skipped. Nothing is stored here.
 * Call it only after checking the seller: it is what reads the body.
 */
export async function readProductUpload(
  request: Request,
  isImageField: (fieldName: string) => boolean,
): Promise<ProductUpload> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data")) {
    throw new BadRequest("Send the product as a multipart/form-data form.", 415);
  }
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_UPLOAD_BYTES) throw new BadRequest(tooLargeMessage(), 413);

  const images: ImageUpload[] = [];
  const keepImage = async (file: FileUpload) => {
    if (!isImageField(file.fieldName)) return null;
    // A file input left empty still sends a part, with no bytes (and no file name).
    if (file.size === 0) return null;
    images.push({
      fieldName: file.fieldName,
      fileName: file.name === "file-upload" ? "An image" : file.name.slice(0, 100) || "An image",
      bytes: new Uint8Array(await file.arrayBuffer()),
    });
    return null;
  };
  let form: FormData;
  try {
    form = await parseFormData(
      request,
      { maxFiles: MAX_IMAGES, maxFileSize: MAX_IMAGE_BYTES, maxTotalSize: MAX_UPLOAD_BYTES, maxParts: MAX_PARTS },
      keepImage,
    );
  } catch (error) {
    throw uploadError(error);
  }
  const fields = new Map<string, string>();
  for (const [key, value] of form) {
    if (typeof value !== "string") continue;
    if (Buffer.byteLength(value) > MAX_TEXT_FIELD_BYTES) throw new BadRequest(`The field "${key}" is too long.`, 413);
    if (!fields.has(key)) fields.set(key, value);
  }
  return { fields, images };
}

function tooLargeMessage() {
  return `The upload is too large: at most ${MAX_IMAGES} images of ${MAX_IMAGE_MB} MB each.`;
}

function uploadError(error: unknown): BadRequest {
  if (error instanceof MaxFilesExceededError) return new BadRequest(`Add at most ${MAX_IMAGES} images.`);
  if (error instanceof MaxFileSizeExceededError)
    return new BadRequest(`Each image must be at most ${MAX_IMAGE_MB} MB.`, 413);
  if (error instanceof MaxTotalSizeExceededError) return new BadRequest(tooLargeMessage(), 413);
  if (error instanceof MaxPartsExceededError) return new BadRequest("The form has too many fields.", 413);
  if (error instanceof MaxHeaderSizeExceededError) return new BadRequest("The form could not be read.", 400);
  if (error instanceof FormDataParseError) return new BadRequest("The form could not be read.", 400);
  if (error instanceof BadRequest) return error;
  // The body stream itself failed (the client went away or sent a broken body).
  if (error instanceof TypeError) return new BadRequest("The form could not be read.", 400);
  throw error;
}

// The one set of product field rules, for the page forms and the /api call alike.
function money(label: string) {
  return z.unknown().transform((value, ctx) => {
    if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) {
      ctx.addIssue({ code: "custom", message: `${label} is required.` });
      return z.NEVER;
    }
    const cents = parseMoneyToCents(value);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: `${label} must be a number with at most two decimals, e.g. 19.99.` });
      return z.NEVER;
    }
    if (cents === 0) {
      ctx.addIssue({ code: "custom", message: `${label} must be more than 0.` });
      return z.NEVER;
    }
    return cents;
  });
}

/** A textarea (one bullet per line) or a list of lines; blank lines are dropped. */
function toLines(value: string | string[] | undefined): string[] {
  const lines = typeof value === "string" ? value.split(/\r\n|\r|\n/) : (value ?? []);
  return lines.map((line) => line.trim()).filter((line) => line.length > 0);
}

export const productFieldsSchema = z
  .object({
    name: z
      .string("Product name is required.")
      .trim()
      .min(1, "Product name is required.")
      .max(NAME_MAX_LENGTH, `The product name can be at most ${NAME_MAX_LENGTH} characters.`),
    description: z
      .union([z.string(), z.array(z.string())], "The description must be text.")
      .optional()
      .transform(toLines)
      .pipe(
        z
          .array(
            z
              .string()
              .max(
                DESCRIPTION_LINE_MAX_LENGTH,
                `Each description line can be at most ${DESCRIPTION_LINE_MAX_LENGTH} characters.`,
              ),
          )
          .max(DESCRIPTION_MAX_LINES, `The description can have at most ${DESCRIPTION_MAX_LINES} lines.`),
      ),
    category: z.enum(CATEGORY_PATHS, "Select a category."),
    price: money("Product price"),
    offerPrice: money("Offer price"),
  })
  .superRefine((product, ctx) => {
    if (product.offerPrice > product.price) {
      ctx.addIssue({
        code: "custom",
        path: ["offerPrice"],
        message: "The offer price cannot be above the product price.",
      });
    }
  });

export type ProductFields = z.infer<typeof productFieldsSchema>;

/** Field errors (keyed by field: name, description, category, price, offerPrice, images) and the status. */
export type SaveResult =
  | { ok: true; productId: string }
  | { ok: false; status: number; errors: Record<string, string> };

function refused(errors: Record<string, string>, status = 400): SaveResult {
  return { ok: false, status, errors };
}

/**
 * Decodes and stores images one by one; if one is refused, the ones already stored are deleted
 * and the ImageError's message is returned.
 */
async function storeImages(uploads: readonly ImageUpload[]): Promise<{ urls: string[] } | { error: string }> {
  const urls: string[] = [];
  try {
    for (const upload of uploads) urls.push(await storeProductImage(upload.bytes, upload.fileName));
    return { urls };
  } catch (error) {
    await deleteProductImages(urls);
    if (error instanceof ImageError) return { error: error.message };
    throw error;
  }
}

/** Adds a product with its images (1 to 4). Any refusal or failure stores nothing. */
export async function addProduct(input: unknown, uploads: readonly ImageUpload[]): Promise<SaveResult> {
  const parsed = productFieldsSchema.safeParse(input);
  if (!parsed.success) return refused(fieldErrors(parsed.error));
  if (uploads.length === 0) return refused({ images: "Add at least one product image." });
  if (uploads.length > MAX_IMAGES) return refused({ images: `Add at most ${MAX_IMAGES} images.` });

  const stored = await storeImages(uploads);
  if ("error" in stored) return refused({ images: stored.error });
  const fields = parsed.data;
  const id = newId();
  try {
    db()
      .insert(products)
      .values({
        id,
        name: fields.name,
        description: fields.description,
        category: fields.category,
        priceCents: fields.price,
        offerPriceCents: fields.offerPrice,
        images: stored.urls,
        inStock: true,
      })
      .run();
  } catch (error) {
    await deleteProductImages(stored.urls);
    throw error;
  }
  return { ok: true, productId: id };
}

/**
 * The photo changes of an edit, by slot (0 to 3, the positions of the product's current images):
 * a new upload replaces the image in its slot (or fills an empty one); `remove` empties a slot.
 */
export type PhotoChanges = { replace: ReadonlyMap<number, ImageUpload>; remove: ReadonlySet<number> };

/** Edits a product's fields and photos. New images are stored first; replaced ones are deleted after the save. */
export async function updateProduct(productId: string, input: unknown, photos: PhotoChanges): Promise<SaveResult> {
  const current = getProductForSeller(productId);
  if (!current) return refused({ form: "Product not found" }, 404);
  const parsed = productFieldsSchema.safeParse(input);
  if (!parsed.success) return refused(fieldErrors(parsed.error));
  for (const slot of [...photos.replace.keys(), ...photos.remove]) {
    if (!Number.isInteger(slot) || slot < 0 || slot >= MAX_IMAGES) return refused({ images: "Unknown photo slot." });
  }

  const slots = Array.from({ length: MAX_IMAGES }, (_, i) => i);
  const keptCount = slots.filter(
    (i) => photos.replace.has(i) || (i < current.images.length && !photos.remove.has(i)),
  ).length;
  if (keptCount === 0) return refused({ images: "Keep or add at least one product image." });

  const uploads = slots.flatMap((i) => {
    const upload = photos.replace.get(i);
    return upload ? [upload] : [];
  });
  const stored = await storeImages(uploads);
  if ("error" in stored) return refused({ images: stored.error });
  const newUrls = [...stored.urls];
  const images = slots.flatMap((i) => {
    if (photos.replace.has(i)) return [newUrls.shift()!];
    const existing = current.images[i];
    return existing && !photos.remove.has(i) ? [existing] : [];
  });

  const fields = parsed.data;
  let previousImages: string[];
  try {
    const saved = db().transaction(
      (tx) => {
        const row = tx.select({ images: products.images }).from(products).where(eq(products.id, productId)).get();
        if (!row) return null;
        tx.update(products)
          .set({
            name: fields.name,
            description: fields.description,
            category: fields.category,
            priceCents: fields.price,
            offerPriceCents: fields.offerPrice,
            images,
          })
          .where(eq(products.id, productId))
          .run();
        return row.images;
      },
      { behavior: "immediate" },
    );
    if (!saved) {
      await deleteProductImages(stored.urls);
      return refused({ form: "Product not found" }, 404);
    }
    previousImages = saved;
  } catch (error) {
    await deleteProductImages(stored.urls);
    throw error;
  }
  // Files no longer used by the product (orders show the product's current images).
  await deleteProductImages(previousImages.filter((url) => !images.includes(url)));
  return { ok: true, productId };
}

export type SellerProduct = {
  id: string;
  name: string;
  category: string;
  description: string[];
  priceCents: number;
  offerPriceCents: number;
  images: string[];
  inStock: boolean;
  removedAt: number | null;
};

const sellerProductColumns = {
  id: products.id,
  name: products.name,
  category: products.category,
  description: products.description,
  priceCents: products.priceCents,
  offerPriceCents: products.offerPriceCents,
  images: products.images,
  inStock: products.inStock,
  removedAt: products.removedAt,
};

/** One product as the seller sees it (also a removed one), or null for an unknown or malformed id. */
export function getProductForSeller(productId: string): SellerProduct | null {
  if (typeof productId !== "string" || !ID_PATTERN.test(productId)) return null;
  return db().select(sellerProductColumns).from(products).where(eq(products.id, productId)).get() ?? null;
}

/** Every product: those on sale first, newest first; those removed from sale after them. */
export function listSellerProducts(): SellerProduct[] {
  return db()
    .select(sellerProductColumns)
    .from(products)
    .orderBy(sql`${products.removedAt} IS NOT NULL`, desc(products.createdAt), products.id)
    .all();
}

/** Changes one product when its id is well formed and `condition` holds; true when a row changed. */
function updateProductIf(productId: string, changes: Partial<typeof products.$inferInsert>, condition: SQL): boolean {
  if (typeof productId !== "string" || !ID_PATTERN.test(productId)) return false;
  const result = db()
    .update(products)
    .set(changes)
    .where(and(eq(products.id, productId), condition))
    .run();
  return result.changes > 0;
}

/** Sets a product in or out of stock; false when there is no such product on sale. */
export function setStock(productId: string, inStock: boolean): boolean {
  return updateProductIf(productId, { inStock }, isNull(products.removedAt));
}

/**
 * Takes a product off the shop. The row stays (with its images), so orders that contain it keep
 * showing it; the storefront lists only products whose removedAt is empty.
 */
export function removeFromSale(productId: string): boolean {
  return updateProductIf(productId, { removedAt: Date.now() }, isNull(products.removedAt));
}

/** Puts a removed product back on sale. */
export function restoreToSale(productId: string): boolean {
  return updateProductIf(productId, { removedAt: null }, isNotNull(products.removedAt));
}

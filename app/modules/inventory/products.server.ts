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
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { db, first, transaction } from "#app/lib/db.server.ts";
import { ID_PATTERN, newId } from "#app/lib/ids.ts";
import { DEFAULT_LOCALE } from "#app/lib/locales.ts";
import { DEFAULT_CURRENCY } from "#app/lib/money.ts";
import { type Page, pageWindow, SELLER_PAGE_SIZE } from "#app/lib/paging.ts";
import { fieldErrorsOf, parseOrRefuse, Refusal, refuse } from "#app/lib/refusal.ts";
import { MAX_IMAGE_MB, MAX_IMAGES, NO_IMAGE } from "#app/modules/inventory/shared/product-limits.ts";
import {
  type ProductFields,
  productFieldsSchemaIn,
  sellingPrice,
} from "#app/modules/inventory/shared/product-schema.ts";
import { LOW_STOCK, NO_SIZE, type SizeStock } from "#app/modules/inventory/shared/sizes.ts";
import { productSizes, products } from "#db/tables.ts";
import { deleteProductImages, storeProductImage, uploadProblem } from "./images.server.ts";
import { type CountChange, saveStockLines, stockLinesIn } from "./stock.server.ts";

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
    refuse("Send the product as a multipart/form-data form.", 415);
  }
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_UPLOAD_BYTES) refuse(tooLargeMessage(), 413);

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
    if (Buffer.byteLength(value) > MAX_TEXT_FIELD_BYTES) refuse(`The field "${key}" is too long.`, 413);
    if (!fields.has(key)) fields.set(key, value);
  }
  return { fields, images };
}

function tooLargeMessage() {
  return `The upload is too large: at most ${MAX_IMAGES} images of ${MAX_IMAGE_MB} MB each.`;
}

function uploadError(error: unknown): Refusal {
  if (error instanceof MaxFilesExceededError) return new Refusal(`Add at most ${MAX_IMAGES} images.`);
  if (error instanceof MaxFileSizeExceededError)
    return new Refusal(`Each image must be at most ${MAX_IMAGE_MB} MB.`, 413);
  if (error instanceof MaxTotalSizeExceededError) return new Refusal(tooLargeMessage(), 413);
  if (error instanceof MaxPartsExceededError) return new Refusal("The form has too many fields.", 413);
  if (error instanceof Refusal) return error;
  // A broken form, or the body stream itself failed (the client went away or sent a broken body).
  if (
    error instanceof MaxHeaderSizeExceededError ||
    error instanceof FormDataParseError ||
    error instanceof TypeError
  ) {
    return new Refusal("The form could not be read.");
  }
  throw error;
}

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
  /** Its sizes and counts ('' alone: a product without sizes). */
  sizes: SizeStock[];
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

async function withSizes(rows: Omit<SellerProduct, "sizes">[]): Promise<SellerProduct[]> {
  const sizes = await stockLinesIn(
    db(),
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, sizes: sizes.get(row.id) ?? [] }));
}

/** One product as the seller sees it (also a removed one), or null for an unknown or malformed id. */
export async function getProductForSeller(productId: string): Promise<SellerProduct | null> {
  if (typeof productId !== "string" || !ID_PATTERN.test(productId)) return null;
  const row = await first(db().select(sellerProductColumns).from(products).where(eq(products.id, productId)));
  return row ? (await withSizes([row]))[0]! : null;
}

/**
 * Products on sale first (0), removed ones after (1): an integer on every engine (a comparison is 0/1 on SQLite but
 * a boolean on PostgreSQL, and the page of a row compares it with a value read back).
 */
const removedLast = sql<number>`(CASE WHEN ${products.removedAt} IS NULL THEN 0 ELSE 1 END)`.mapWith(Number);

/**
 * A product on sale with a counted size at or below the shop's threshold `at` (sold out, or oversold, included):
 * time to restock.
 */
const lowStock = (at: number) =>
  and(
    isNull(products.removedAt),
    exists(
      db()
        .select({ one: sql`1` })
        .from(productSizes)
        .where(
          and(eq(productSizes.productId, products.id), isNotNull(productSizes.stock), lte(productSizes.stock, at)),
        ),
    ),
  );

/**
 * One page of every product: those on sale first, newest first; those removed from sale after them.
 * `onlyLowStock` keeps the products on sale that are low on some size. A page past the end is the last page.
 */
export async function listSellerProducts({
  onlyLowStock = false,
  lowStockAt = LOW_STOCK,
  page = 1,
  limit = SELLER_PAGE_SIZE,
}: {
  onlyLowStock?: boolean;
  /** The shop's low-stock threshold (its settings). */
  lowStockAt?: number;
  page?: number;
  limit?: number;
} = {}): Promise<Page<SellerProduct>> {
  const where = onlyLowStock ? lowStock(lowStockAt) : undefined;
  const total = (await first(db().select({ n: count() }).from(products).where(where)))?.n ?? 0;
  const window = pageWindow(total, page, limit);
  const rows = await db()
    .select(sellerProductColumns)
    .from(products)
    .where(where)
    .orderBy(removedLast, desc(products.createdAt), asc(products.id))
    .limit(limit)
    .offset(window.offset);
  return { rows: await withSizes(rows), total, page: window.page, pageCount: window.pageCount };
}

/**
 * The page of the seller's list (`onlyLowStock`: the low-stock list) a product's row is on, or null when the
 * list does not hold it: a change that moves a row (Remove from sale sends it to the end) comes back to it.
 */
export async function sellerProductPage(
  productId: string,
  {
    onlyLowStock = false,
    lowStockAt = LOW_STOCK,
    limit = SELLER_PAGE_SIZE,
  }: { onlyLowStock?: boolean; lowStockAt?: number; limit?: number } = {},
): Promise<number | null> {
  const removed = removedLast;
  const row = await first(
    db()
      .select({ removed, createdAt: products.createdAt })
      .from(products)
      .where(and(eq(products.id, productId), onlyLowStock ? lowStock(lowStockAt) : undefined)),
  );
  if (!row) return null;
  // The rows before it in the list's order: on sale first, newest first, then by id.
  const before = or(
    sql`${removed} < ${row.removed}`,
    and(sql`${removed} = ${row.removed}`, gt(products.createdAt, row.createdAt)),
    and(sql`${removed} = ${row.removed}`, eq(products.createdAt, row.createdAt), lt(products.id, productId)),
  );
  const counted = await first(
    db()
      .select({ n: count() })
      .from(products)
      .where(and(before, onlyLowStock ? lowStock(lowStockAt) : undefined)),
  );
  const rank = counted?.n ?? 0;
  return Math.floor(rank / limit) + 1;
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

/** A product's name, for a message about it; 'Product not found' (404) when there is none. */
export async function productNameOf(productId: string): Promise<string> {
  const row = await first(db().select({ name: products.name }).from(products).where(eq(products.id, productId)));
  if (!row) refuse("Product not found", 404);
  return row.name;
}

/** Most products a list of names may pick (a discount code's products). */
export const MAX_NAMED_PRODUCTS = 200;

/**
 * The products a seller names, one name a line (a discount code's products): each name picks every product of
 * that name, whatever its letter case. `unknown` lists the names no product has, as typed.
 */
export async function productIdsNamed(names: readonly string[]): Promise<{ ids: string[]; unknown: string[] }> {
  const wanted = [...new Set(names.map((name) => name.trim()).filter(Boolean))].slice(0, MAX_NAMED_PRODUCTS + 1);
  if (wanted.length === 0) return { ids: [], unknown: [] };
  const rows = await db()
    .select({ id: products.id, name: products.name })
    .from(products)
    // lower() of SQLite folds ASCII letters only: a name typed exactly as stored matches on either engine.
    .where(
      or(
        inArray(products.name, wanted),
        inArray(
          sql`lower(${products.name})`,
          wanted.map((name) => name.toLowerCase()),
        ),
      ),
    )
    .orderBy(asc(products.name), asc(products.id));
  const found = new Set(rows.map((row) => row.name.toLowerCase()));
  return { ids: rows.map((row) => row.id), unknown: wanted.filter((name) => !found.has(name.toLowerCase())) };
}

/** The names of these products, in their order (an id of no product is left out). */
export async function productNamesOf(ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db()
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row.name]));
  return [...new Set(ids.flatMap((id) => byId.get(id) ?? []))];
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

// Reading a seller's product upload safely: a multipart form read as a stream with limits on files, sizes, parts
// and text fields. Nothing is stored here (product-writes.server.ts stores what passes the product rules).
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
import { Refusal, refuse } from "#app/lib/refusal.ts";
import { MAX_IMAGE_MB, MAX_IMAGES } from "#app/modules/inventory/shared/product-limits.ts";

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

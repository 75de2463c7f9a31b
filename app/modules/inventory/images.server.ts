// Product images: every upload is decoded with sharp (so a non-image is refused whatever its name or
// type claims), re-encoded to WebP in the sizes the pages need, and stored under DATA_DIR/uploads.
import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { config } from "#app/lib/config.server.ts";
import { Refusal } from "#app/lib/refusal.ts";
import { FULL_SIZE, IMAGE_WIDTHS, UPLOAD_FORMATS_TEXT } from "#app/modules/inventory/shared/images.ts";

/** Largest decoded image we accept, in pixels (stops decompression bombs). */
const MAX_PIXELS = 50_000_000;

/**
 * Whether sharp decoded one of the formats a seller may upload (UPLOAD_TYPES). SVG (which would be
 * rendered), GIF, TIFF, HEIC and the rest sharp can read are refused; AVIF is HEIF with AV1 inside.
 */
function isUploadFormat(meta: sharp.Metadata): boolean {
  if (meta.format === "heif") return meta.compression === "av1";
  return meta.format === "jpeg" || meta.format === "png" || meta.format === "webp";
}

function newImageKey() {
  return randomBytes(12).toString("hex");
}

/** The file names of an image: the full size first, then one per width. */
function fileNames(key: string): string[] {
  return [`${key}.webp`, ...IMAGE_WIDTHS.map((width) => `${key}-${width}.webp`)];
}

/** Files an image URL stands for on disk (full size and every width). */
function filesFor(url: string): string[] {
  const match = /^\/uploads\/([a-z0-9]+)\.webp$/.exec(url);
  if (!match) return [];
  const dir = config().uploadsDir;
  return fileNames(match[1]!).map((name) => path.join(dir, name));
}

/** Why an upload would be refused by storeProductImage, read from its header only; null when it looks fine. */
export async function uploadProblem(input: Uint8Array, label = "The file"): Promise<string | null> {
  try {
    const meta = await sharp(input, { failOn: "error", limitInputPixels: MAX_PIXELS }).metadata();
    if (!meta.width || !meta.height) return `${label} is not an image.`;
    if (!isUploadFormat(meta)) return `${label} is not a ${UPLOAD_FORMATS_TEXT} picture.`;
    return null;
  } catch {
    return `${label} is not an image we can read (use ${UPLOAD_FORMATS_TEXT}).`;
  }
}

/**
 * Decodes an image and stores it in every size; returns its URL (`/uploads/<key>.webp`). A picture smaller
 * than a width is stored at its own size under that width's name (never enlarged). A Refusal when the bytes
 * are not a decodable image in a format a seller may upload. `from` "drawing" is the demo catalogue's own SVG
 * drawings (db/seed.ts), never an upload.
 */
export async function storeProductImage(
  input: Uint8Array,
  label = "The file",
  from: "upload" | "drawing" = "upload",
): Promise<string> {
  let encoded: Buffer[];
  try {
    const source = sharp(input, { failOn: "error", limitInputPixels: MAX_PIXELS }).rotate();
    const meta = await source.metadata();
    if (!meta.width || !meta.height) throw new Refusal(`${label} is not an image.`);
    if (from === "upload" && !isUploadFormat(meta)) {
      throw new Refusal(`${label} is not a ${UPLOAD_FORMATS_TEXT} picture.`);
    }
    const resized = (size: number, quality: number) =>
      source.clone().resize(size, size, { fit: "inside", withoutEnlargement: true }).webp({ quality }).toBuffer();
    encoded = await Promise.all([resized(FULL_SIZE, 82), ...IMAGE_WIDTHS.map((width) => resized(width, 78))]);
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal(`${label} is not an image we can read (use ${UPLOAD_FORMATS_TEXT}).`);
  }
  const key = newImageKey();
  const dir = config().uploadsDir;
  await mkdir(dir, { recursive: true });
  const url = `/uploads/${key}.webp`;
  const files = filesFor(url);
  // Written under a temporary name first, so a crash never leaves half an image behind a real name.
  await Promise.all(files.map((file, i) => writeFile(`${file}.tmp`, encoded[i]!)));
  for (const file of files) await rename(`${file}.tmp`, file);
  return url;
}

/** Removes stored images (used to undo a failed product save). */
export async function deleteProductImages(urls: readonly string[]): Promise<void> {
  await Promise.all(urls.flatMap(filesFor).map((file) => rm(file, { force: true })));
}

/** The file behind an /uploads/ name, or null for any name we would not have made. */
/** Pixel sizes of stored pictures read so far (a stored file never changes: a new picture gets a new key). */
const storedSizes = new Map<string, { width: number; height: number } | null>();

/**
 * The real pixel size of a stored picture's full-size file (at most FULL_SIZE, smaller when the upload was
 * smaller); null for a URL that is not stored here or a file that is missing. Reads the file's header once.
 */
export async function storedImageSize(url: string): Promise<{ width: number; height: number } | null> {
  const cached = storedSizes.get(url);
  if (cached !== undefined) return cached;
  const file = /^\/uploads\/([a-z0-9]+\.webp)$/.exec(url);
  const filePath = file ? uploadedFilePath(file[1]!) : null;
  let size: { width: number; height: number } | null = null;
  if (filePath) {
    try {
      const meta = await sharp(filePath).metadata();
      if (meta.width && meta.height) size = { width: meta.width, height: meta.height };
    } catch {
      // A missing or unreadable file: no size (the picture is offered as before).
    }
  }
  if (storedSizes.size >= 10_000) storedSizes.clear();
  if (size) storedSizes.set(url, size);
  return size;
}

export function uploadedFilePath(name: string): string | null {
  if (!/^[a-z0-9]+(-\d+)?\.webp$/.test(name)) return null;
  return path.join(config().uploadsDir, name);
}

/**
 * The file that answers an /uploads/ name, and its size; null when there is none. A width the picture was
 * not stored in (pictures stored before the widths existed have only the 400 px one) is answered with the
 * next larger width it has, or the full size.
 */
export async function findUploadedFile(name: string): Promise<{ file: string; size: number } | null> {
  const file = uploadedFilePath(name);
  if (!file) return null;
  const match = /^([a-z0-9]+)-(\d+)\.webp$/.exec(name);
  const names = match
    ? [
        name,
        ...IMAGE_WIDTHS.filter((width) => width > Number(match[2])).map((width) => `${match[1]}-${width}.webp`),
        `${match[1]}.webp`,
      ]
    : [name];
  const candidates = names.map((candidate) => path.join(path.dirname(file), candidate));
  for (const candidate of candidates) {
    const info = await stat(candidate).catch(() => null);
    if (info?.isFile()) return { file: candidate, size: info.size };
  }
  return null;
}

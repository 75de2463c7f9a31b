// Product images: every upload is decoded with sharp (so a non-image is refused whatever its name or
// type claims), re-encoded to WebP in the sizes the pages need, and stored under DATA_DIR/uploads.
import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { config } from "#app/lib/config.server.ts";
import { FULL_SIZE, THUMBNAIL_WIDTH, UPLOAD_FORMATS_TEXT } from "#app/lib/images.ts";
import { Refusal } from "#app/lib/refusal.ts";

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

/** Files an image URL stands for on disk (full size and thumbnail). */
function filesFor(url: string): string[] {
  const match = /^\/uploads\/([a-z0-9]+)\.webp$/.exec(url);
  if (!match) return [];
  const dir = config().uploadsDir;
  return [path.join(dir, `${match[1]}.webp`), path.join(dir, `${match[1]}-${THUMBNAIL_WIDTH}.webp`)];
}

/**
 * Decodes an image and stores it; returns its URL (`/uploads/<key>.webp`). A Refusal when the bytes are not
 * a decodable image in a format a seller may upload. `from` "drawing" is the demo catalogue's own SVG
 * drawings (db/seed.ts), never an upload.
 */
export async function storeProductImage(
  input: Uint8Array,
  label = "The file",
  from: "upload" | "drawing" = "upload",
): Promise<string> {
  let full: Buffer;
  let thumb: Buffer;
  try {
    const source = sharp(input, { failOn: "error", limitInputPixels: MAX_PIXELS }).rotate();
    const meta = await source.metadata();
    if (!meta.width || !meta.height) throw new Refusal(`${label} is not an image.`);
    if (from === "upload" && !isUploadFormat(meta)) {
      throw new Refusal(`${label} is not a ${UPLOAD_FORMATS_TEXT} picture.`);
    }
    [full, thumb] = await Promise.all([
      source
        .clone()
        .resize(FULL_SIZE, FULL_SIZE, { fit: "inside", withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer(),
      source
        .clone()
        .resize(THUMBNAIL_WIDTH, THUMBNAIL_WIDTH, { fit: "inside", withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer(),
    ]);
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal(`${label} is not an image we can read (use ${UPLOAD_FORMATS_TEXT}).`);
  }
  const key = newImageKey();
  const dir = config().uploadsDir;
  await mkdir(dir, { recursive: true });
  const url = `/uploads/${key}.webp`;
  const [fullFile, thumbFile] = filesFor(url) as [string, string];
  // Written under a temporary name first, so a crash never leaves half an image behind a real name.
  await writeFile(`${fullFile}.tmp`, full);
  await writeFile(`${thumbFile}.tmp`, thumb);
  await rename(`${fullFile}.tmp`, fullFile);
  await rename(`${thumbFile}.tmp`, thumbFile);
  return url;
}

/** Removes stored images (used to undo a failed product save). */
export async function deleteProductImages(urls: readonly string[]): Promise<void> {
  await Promise.all(urls.flatMap(filesFor).map((file) => rm(file, { force: true })));
}

/** The file behind an /uploads/ name, or null for any name we would not have made. */
export function uploadedFilePath(name: string): string | null {
  if (!/^[a-z0-9]+(-\d+)?\.webp$/.test(name)) return null;
  return path.join(config().uploadsDir, name);
}

// The demo catalogue's pictures, committed as files (docs/decisions/0265-demo-pictures-as-files.md). Each
// picture is what the uploads pipeline wrote for a drawing of demo-art/ (the full size and one WebP per width),
// kept in db/demo/pictures/ under a readable name (`<product>-<view>.webp`, `<product>-<view>-<width>.webp`);
// pictures.json lists them per product, in the order the product shows them. The seed copies them under new
// upload names, as a seller's upload is stored: nothing is drawn, decoded or encoded. `npm run demo:draw`
// (demo-art/pictures.ts) writes the folder again after a drawing changes.
import { randomBytes } from "node:crypto";
import { copyFile, mkdir, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The committed pictures. */
export const PICTURES_DIR = fileURLToPath(new URL("./pictures/", import.meta.url));
/** The list of the committed pictures, in PICTURES_DIR. */
export const MANIFEST_FILE = "pictures.json";

/** One committed picture: its file name without `.webp`, the view it shows, and what it was drawn from. */
export type CommittedPicture = {
  name: string;
  view: string;
  /** A hash of the look, view and size it was drawn from (demo-art/pictures.ts, pictureLookHash). */
  look: string;
};

export type PictureManifest = {
  /** The pixel size the pictures were drawn at (square). */
  size: number;
  /** The widths the pipeline wrote beside the full size (app/modules/inventory/shared/images.ts, IMAGE_WIDTHS, when drawn). */
  widths: number[];
  /** A hash of the drawing code (demo-art/) the pictures were drawn with. */
  drawing: string;
  /** Each product's pictures, by product name, in the order the product shows them. */
  products: Record<string, CommittedPicture[]>;
};

/** The files of one picture: the full size first, then one per width (the names the uploads pipeline uses). */
export function pictureFiles(name: string, widths: readonly number[]): string[] {
  return [`${name}.webp`, ...widths.map((width) => `${name}-${width}.webp`)];
}

export async function readPictureManifest(dir = PICTURES_DIR): Promise<PictureManifest> {
  return JSON.parse(await readFile(path.join(dir, MANIFEST_FILE), "utf8")) as PictureManifest;
}

/**
 * The committed pictures of a product, by name: an error when the folder does not have the `count` the
 * catalogue asks for (run `npm run demo:draw`).
 */
export function picturesOf(manifest: PictureManifest, product: string, count: number): CommittedPicture[] {
  const pictures = manifest.products[product] ?? [];
  if (pictures.length !== count) {
    throw new Error(
      `${product}: db/demo/pictures has ${pictures.length} pictures, the catalogue asks for ${count} (npm run demo:draw)`,
    );
  }
  return pictures;
}

/**
 * One committed picture stored as an upload (`/uploads/<key>.webp` and its widths, under a new key), like a
 * seller's: every file is copied under a temporary name of its own first, so a crash never leaves half a
 * picture behind a real name. Returns the upload's URL.
 */
export async function copyDemoPicture(
  picture: CommittedPicture,
  widths: readonly number[],
  uploadsDir: string,
  dir = PICTURES_DIR,
): Promise<string> {
  const key = randomBytes(12).toString("hex");
  const from = pictureFiles(picture.name, widths).map((file) => path.join(dir, file));
  const to = pictureFiles(key, widths).map((file) => path.join(uploadsDir, file));
  const tmp = `.${randomBytes(6).toString("hex")}.tmp`;
  await mkdir(uploadsDir, { recursive: true });
  await Promise.all(from.map((file, i) => copyFile(file, `${to[i]}${tmp}`)));
  for (const file of to) await rename(`${file}${tmp}`, file);
  return `/uploads/${key}.webp`;
}

/** Removes copies made by copyDemoPicture (to undo a seed that did not happen). */
export async function removeDemoPictures(urls: readonly string[], widths: readonly number[], uploadsDir: string) {
  const keys = urls.map((url) => /^\/uploads\/([a-z0-9]+)\.webp$/.exec(url)?.[1]).filter((key) => key !== undefined);
  const files = keys.flatMap((key) => pictureFiles(key, widths));
  await Promise.all(files.map((file) => rm(path.join(uploadsDir, file), { force: true })));
}

// The demo catalogue's pictures, drawn once per checkout (docs/decisions/0015-demo-photographs.md). Drawing
// the 117 pictures costs about 12 s of CPU, so the first seed keeps what the image pipeline wrote for each
// one in a git-ignored cache (.cache/demo-pictures/<version>/), and later seeds (every e2e run, every fresh
// DATA_DIR) copy those files under new upload names instead of drawing again. <version> is a hash of the
// drawing code (demo-art/), of the pipeline that encodes the pictures and of sharp's libraries: a change to
// any of them starts a new cache, so a stale picture is never copied.
import { createHash, randomBytes } from "node:crypto";
import { copyFile, mkdir, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { config } from "#app/lib/config.server.ts";
import { storeProductImage } from "#app/modules/inventory/index.server.ts";
import { IMAGE_WIDTHS } from "#app/modules/inventory/shared/images.ts";
import { drawGarment, type Look, type View } from "#demo-art/draw.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Where the pictures are kept between runs (DEMO_PICTURES_CACHE moves it). */
export const DEFAULT_CACHE_DIR = process.env.DEMO_PICTURES_CACHE ?? path.join(ROOT, ".cache", "demo-pictures");

/** What the pictures depend on, relative to the project root: every file in a folder counts. */
const DRAWING_CODE = ["demo-art", "app/modules/inventory/images.server.ts", "app/modules/inventory/shared/images.ts"];

async function filesUnder(file: string): Promise<string[]> {
  if (!(await stat(file)).isDirectory()) return [file];
  const entries = await readdir(file, { withFileTypes: true });
  const nested = await Promise.all(entries.map((entry) => filesUnder(path.join(file, entry.name))));
  return nested.flat();
}

/**
 * A hash of the drawing code under `root` (paths and contents of every file of DRAWING_CODE) and of the
 * libraries sharp draws and encodes with. Pictures cached under another version are never used.
 */
export async function drawingCodeVersion(root = ROOT): Promise<string> {
  const hash = createHash("sha256").update(JSON.stringify(sharp.versions));
  const files = (await Promise.all(DRAWING_CODE.map((file) => filesUnder(path.join(root, file))))).flat();
  for (const file of files.map((f) => path.relative(root, f).split(path.sep).join("/")).sort()) {
    hash.update(`\0${file}\0`).update(await readFile(path.join(root, file)));
  }
  return hash.digest("hex").slice(0, 16);
}

/** The names the pipeline gives one stored picture: the full size first, then one per width. */
function fileNames(key: string): string[] {
  return [`${key}.webp`, ...IMAGE_WIDTHS.map((width) => `${key}-${width}.webp`)];
}

async function copyAll(from: string[], to: string[]) {
  // Under a temporary name of this copy's own first, so a crash (or two seeds filling the cache at once)
  // never leaves half a picture behind a real name.
  const tmp = `.${randomBytes(6).toString("hex")}.tmp`;
  await Promise.all(from.map((file, i) => copyFile(file, `${to[i]}${tmp}`)));
  for (const file of to) await rename(`${file}${tmp}`, file);
}

export type DemoPicture = { url: string; drawn: boolean };

export type PictureOptions = {
  size: number;
  /** Shown in the pipeline's messages. */
  label: string;
  cacheDir?: string;
  /** drawingCodeVersion(), computed once per seed. */
  version: string;
};

/**
 * One product picture stored as an upload (`/uploads/<key>.webp` and its widths), like a seller's. Copied
 * from the cache when this version of the drawing code already made it; otherwise drawn, stored through the
 * uploads pipeline and its files kept in the cache for the next run.
 */
export async function demoPicture(
  look: Look,
  view: View,
  { size, label, cacheDir = DEFAULT_CACHE_DIR, version }: PictureOptions,
): Promise<DemoPicture> {
  const dir = path.join(cacheDir, version);
  const name = createHash("sha256").update(JSON.stringify({ look, view, size })).digest("hex").slice(0, 24);
  const cached = fileNames(name).map((file) => path.join(dir, file));
  const uploads = config().uploadsDir;
  const hit = (await Promise.all(cached.map((file) => stat(file).catch(() => null)))).every((info) => info?.isFile());
  if (hit) {
    const key = randomBytes(12).toString("hex");
    await mkdir(uploads, { recursive: true });
    await copyAll(
      cached,
      fileNames(key).map((file) => path.join(uploads, file)),
    );
    return { url: `/uploads/${key}.webp`, drawn: false };
  }
  const svg = Buffer.from(await drawGarment(look, { view, size }));
  // Rasterised once here: the pipeline decodes its input once per size it writes, and an SVG with
  // lighting filters costs far more to decode than a PNG.
  const png = await sharp(svg).png({ compressionLevel: 0 }).toBuffer();
  const url = await storeProductImage(png, label);
  const key = /^\/uploads\/([a-z0-9]+)\.webp$/.exec(url)![1]!;
  try {
    await mkdir(dir, { recursive: true });
    await copyAll(
      fileNames(key).map((file) => path.join(uploads, file)),
      cached,
    );
  } catch (error) {
    // A checkout that cannot be written to still seeds: it draws every time.
    console.warn(`The demo picture cache ${dir} cannot be written (${error}); pictures are drawn each time.`);
  }
  return { url, drawn: true };
}

/** Removes the pictures of other versions of the drawing code (they can never be used again). */
export async function pruneDemoPictures(version: string, cacheDir = DEFAULT_CACHE_DIR): Promise<void> {
  const entries = await readdir(cacheDir).catch(() => [] as string[]);
  await Promise.all(
    entries
      .filter((entry) => entry !== version)
      .map((entry) => rm(path.join(cacheDir, entry), { recursive: true, force: true })),
  );
}

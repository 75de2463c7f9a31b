// `npm run demo:draw`: draws the demo catalogue's pictures and writes them to db/demo/pictures/, where the
// seed copies them from (db/demo/pictures.ts; docs/decisions/0265-demo-pictures-as-files.md). Each picture is
// drawn as SVG (draw.ts), rasterised once and stored through the app's own uploads pipeline (the full size and
// one WebP per width, exactly as a seller's upload), then kept under a readable name; pictures.json lists them.
// Run it after changing a drawing or a product's look: demo-art/pictures.test.ts fails until it is run.
import { createHash } from "node:crypto";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { DEMO_PRODUCTS } from "#db/demo/catalogue.ts";
import type { Look, View } from "#db/demo/looks.ts";
import {
  type CommittedPicture,
  MANIFEST_FILE,
  PICTURES_DIR,
  type PictureManifest,
  pictureFiles,
} from "#db/demo/pictures.ts";
import { drawGarment, viewsOf } from "./draw.ts";

export const DEMO_ART = fileURLToPath(new URL(".", import.meta.url));

/**
 * Pictures are drawn at this size: big enough for the product page (shown at up to 600 CSS pixels), and small
 * enough that drawing the whole catalogue stays within seconds.
 */
export const PICTURE_SIZE = 560;
/** Pictures drawn at once (sharp works on the libuv thread pool). */
const PARALLEL = 4;

/** A hash of the drawing code: every file of demo-art/ but its tests, by path and content. */
export function drawingHash(root = DEMO_ART): string {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
  const hash = createHash("sha256");
  const sources = files(root)
    .map((file) => path.relative(root, file).split(path.sep).join("/"))
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .sort();
  for (const file of sources) hash.update(`\0${file}\0`).update(readFileSync(path.join(root, file)));
  return hash.digest("hex").slice(0, 16);
}

/** A hash of what one picture is drawn from: the product's look, the view and the size. */
export function pictureLookHash(look: Look, view: View, size = PICTURE_SIZE): string {
  const { kind, color, accent, pattern, fabric, style } = look;
  return createHash("sha256")
    .update(JSON.stringify({ look: { kind, color, accent, pattern, fabric, style }, view, size }))
    .digest("hex")
    .slice(0, 24);
}

/** A product name as a file name: "Classic Crew Neck Cotton T-Shirt" → "classic-crew-neck-cotton-t-shirt". */
export function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** The pictures the catalogue asks for: each product's first `pictures` views of its kind, by product name. */
export function drawingList(): Record<string, CommittedPicture[]> {
  const list: Record<string, CommittedPicture[]> = {};
  for (const product of DEMO_PRODUCTS) {
    const views = viewsOf(product.kind).slice(0, product.pictures);
    if (views.length < product.pictures) {
      throw new Error(`${product.name}: a ${product.kind} has only ${views.length} views, not ${product.pictures}`);
    }
    list[product.name] = views.map((view) => ({
      name: `${slug(product.name)}-${view}`,
      view,
      look: pictureLookHash(product, view),
    }));
  }
  return list;
}

async function inParallel<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Draws every picture of the list into `out` (emptied first) and writes its pictures.json. */
export async function drawPictures(out = PICTURES_DIR): Promise<PictureManifest> {
  // The app's pipeline stores into its uploads folder: a temporary one for this run.
  const uploads = mkdtempSync(path.join(tmpdir(), "demo-draw-"));
  process.env.UPLOADS_DIR = uploads;
  const [{ storeProductImage }, { IMAGE_WIDTHS }] = await Promise.all([
    import("#app/modules/inventory/index.server.ts"),
    import("#app/modules/inventory/shared/images.ts"),
  ]);
  const widths = [...IMAGE_WIDTHS];
  const list = drawingList();
  const next = `${out.replace(/\/$/, "")}.next`;
  rmSync(next, { recursive: true, force: true });
  mkdirSync(next, { recursive: true });
  try {
    const jobs = DEMO_PRODUCTS.flatMap((product) => list[product.name]!.map((picture) => ({ product, picture })));
    await inParallel(jobs, PARALLEL, async ({ product, picture }) => {
      const svg = Buffer.from(await drawGarment(product, { view: picture.view as View, size: PICTURE_SIZE }));
      // Rasterised once here: the pipeline decodes its input once per size it writes, and an SVG with
      // lighting filters costs far more to decode than a PNG.
      const png = await sharp(svg).png({ compressionLevel: 0 }).toBuffer();
      const url = await storeProductImage(png, product.name);
      const key = /^\/uploads\/([a-z0-9]+)\.webp$/.exec(url)![1]!;
      const stored = pictureFiles(key, widths);
      pictureFiles(picture.name, widths).forEach((file, i) => {
        renameSync(path.join(uploads, stored[i]!), path.join(next, file));
      });
    });
    const manifest: PictureManifest = { size: PICTURE_SIZE, widths, drawing: drawingHash(), products: list };
    writeFileSync(path.join(next, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    rmSync(out, { recursive: true, force: true });
    renameSync(next, out);
    return manifest;
  } finally {
    rmSync(next, { recursive: true, force: true });
    rmSync(uploads, { recursive: true, force: true });
  }
}

const runDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (runDirectly) {
  const started = Date.now();
  const manifest = await drawPictures();
  const pictures = Object.values(manifest.products).flat().length;
  const bytes = readdirSync(PICTURES_DIR).reduce((sum, file) => sum + statSync(path.join(PICTURES_DIR, file)).size, 0);
  console.log(
    `Drew ${pictures} pictures into ${PICTURES_DIR} (${(bytes / 1e6).toFixed(1)} MB, ${Date.now() - started} ms).`,
  );
}

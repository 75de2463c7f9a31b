// Loads the demo catalogue into an empty store: `node --import tsx db/seed.ts` (npm start, npm run db:seed).
// A store that already has products is left alone. Product pictures are drawn by db/demo/draw.ts and
// stored through the same image pipeline as a seller's uploads.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { count } from "drizzle-orm";
import sharp from "sharp";
import { closeDb, db } from "#app/lib/db.server.ts";
import { newId } from "#app/lib/ids.ts";
import { parseMoneyToCents } from "#app/lib/money.ts";
import { deleteProductImages, storeProductImage } from "#app/services/images.server.ts";
import { ensureDemoSeller } from "#app/services/sellers.server.ts";
import { productSizes, products } from "#db/schema.ts";
import { DEMO_PRODUCTS, type DemoProduct } from "./demo/catalogue.ts";
import { drawGarment, viewsOf } from "./demo/draw.ts";
import { demoStock } from "./demo/stock.ts";

/**
 * Pictures are drawn at this size: big enough for the product page (shown at up to 600 CSS pixels),
 * and quick enough that seeding the whole catalogue stays within a few seconds.
 */
export const PICTURE_SIZE = 560;
/** Pictures encoded at once (sharp works on the libuv thread pool). */
const PARALLEL = 4;

/** The product's pictures: the first `pictures` views of its kind (front, back, a close-up...). */
export function demoViews(product: DemoProduct) {
  const views = viewsOf(product.kind).slice(0, product.pictures);
  if (views.length < product.pictures) {
    throw new Error(`${product.name}: a ${product.kind} has only ${views.length} views, not ${product.pictures}`);
  }
  return views;
}

async function drawPictures(product: DemoProduct): Promise<string[]> {
  const { kind, color, accent, pattern, fabric, style } = product;
  const look = { kind, color, accent, pattern, fabric, style };
  const urls: string[] = [];
  for (const view of demoViews(product)) {
    const svg = Buffer.from(await drawGarment(look, { view, size: PICTURE_SIZE }));
    // Rasterised once here: the pipeline decodes its input once per size it writes, and an SVG with
    // lighting filters costs far more to decode than a PNG.
    const png = await sharp(svg).png({ compressionLevel: 0 }).toBuffer();
    urls.push(await storeProductImage(png, product.name));
  }
  return urls;
}

async function inParallel<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function cents(amount: number): number {
  const value = parseMoneyToCents(amount.toFixed(2));
  if (value === null) throw new Error(`Bad demo price ${amount}`);
  return value;
}

export type SeedResult = { seeded: true; products: number } | { seeded: false; existing: number };

/**
 * Adds the demo catalogue when the products table is empty; otherwise does nothing.
 * `now` fixes the creation times (products of different categories alternate, newest first).
 */
export async function seedDemoCatalogue({ now = Date.now() }: { now?: number } = {}): Promise<SeedResult> {
  const existing = db().select({ n: count() }).from(products).get()?.n ?? 0;
  if (existing > 0) return { seeded: false, existing };

  const pictures = await inParallel(DEMO_PRODUCTS, PARALLEL, drawPictures);
  const perCategory = new Map<string, number>();
  const categoryOrder = [...new Set(DEMO_PRODUCTS.map((p) => p.category))];
  const rows = DEMO_PRODUCTS.map((product, i) => {
    const rank = perCategory.get(product.category) ?? 0;
    perCategory.set(product.category, rank + 1);
    const minutesAgo = rank * categoryOrder.length + categoryOrder.indexOf(product.category);
    return {
      id: newId(),
      name: product.name,
      category: product.category,
      description: product.description,
      priceCents: cents(product.price),
      offerPriceCents: cents(product.offerPrice),
      images: pictures[i]!,
      inStock: product.inStock ?? true,
      createdAt: now - minutesAgo * 60_000,
    };
  });
  const sizes = DEMO_PRODUCTS.flatMap((product, i) =>
    demoStock(product).map((line, position) => ({ productId: rows[i]!.id, position, ...line })),
  );

  try {
    const inserted = db().transaction(
      (tx) => {
        // Checked again inside the write lock: two seeds started together add the catalogue once.
        const again = tx.select({ n: count() }).from(products).get()?.n ?? 0;
        if (again > 0) return 0;
        tx.insert(products).values(rows).run();
        tx.insert(productSizes).values(sizes).run();
        return rows.length;
      },
      { behavior: "immediate" },
    );
    if (inserted === 0) {
      await deleteProductImages(pictures.flat());
      return { seeded: false, existing: db().select({ n: count() }).from(products).get()?.n ?? 0 };
    }
    return { seeded: true, products: inserted };
  } catch (error) {
    await deleteProductImages(pictures.flat());
    throw error;
  }
}

const runDirectly = process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url;
if (runDirectly) {
  const started = Date.now();
  try {
    const result = await seedDemoCatalogue();
    if (result.seeded) {
      console.log(`Seeded the demo catalogue: ${result.products} products (${Date.now() - started} ms).`);
    } else {
      console.log(`The store already has ${result.existing} products; the demo catalogue was not loaded.`);
    }
    // The demo seller (README, "Seller area"), never with NODE_ENV=production.
    if ((await ensureDemoSeller()) === "created") console.log("Created the demo seller seller@trendora.test.");
  } finally {
    closeDb();
  }
}

// Loads the demo catalogue into an empty store: `node --import tsx db/seed.ts` (npm start, npm run db:seed).
// A store that already has products is left alone. Product pictures are drawn by demo-art/draw.ts and
// stored through the same image pipeline as a seller's uploads, once per checkout: later seeds copy them
// from a cache (db/demo/pictures.ts).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { count, inArray } from "drizzle-orm";
import { closeDb, db, first, prepareDatabase, transaction } from "#app/lib/db.server.ts";
import { newId, newToken } from "#app/lib/ids.ts";
import { parseMoneyToCents } from "#app/lib/money.ts";
import { ensureDemoSeller, hashPassword } from "#app/modules/identity/index.server.ts";
import { deleteProductImages } from "#app/modules/inventory/index.server.ts";
import { refreshRatingIn } from "#app/modules/reviews/index.server.ts";
import { makeDemoShop } from "#app/modules/shop/index.server.ts";
import { productSizes, products, reviews, users } from "#db/tables.ts";
import { viewsOf } from "#demo-art/draw.ts";
import { DEMO_PRODUCTS, type DemoProduct } from "./demo/catalogue.ts";
import { DEFAULT_CACHE_DIR, demoPicture, drawingCodeVersion, pruneDemoPictures } from "./demo/pictures.ts";
import { DEMO_SHOPPERS, demoReviews, demoShopperEmail } from "./demo/reviews.ts";
import { DEMO_SHOP } from "./demo/shop.ts";
import { demoStock } from "./demo/stock.ts";

/**
 * Pictures are drawn at this size: big enough for the product page (shown at up to 600 CSS pixels),
 * and quick enough that drawing the whole catalogue (first seed of a checkout) stays within seconds.
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

type Drawn = { urls: string[]; drawn: number };

async function productPictures(product: DemoProduct, cacheDir: string, version: string): Promise<Drawn> {
  const { kind, color, accent, pattern, fabric, style } = product;
  const look = { kind, color, accent, pattern, fabric, style };
  const urls: string[] = [];
  let drawn = 0;
  for (const view of demoViews(product)) {
    const picture = await demoPicture(look, view, { size: PICTURE_SIZE, label: product.name, cacheDir, version });
    urls.push(picture.url);
    if (picture.drawn) drawn++;
  }
  return { urls, drawn };
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

/** `drawn`: pictures drawn by this run; the others were copied from the cache. */
export type SeedResult = { seeded: true; products: number; drawn: number } | { seeded: false; existing: number };

/**
 * Adds the demo catalogue when the products table is empty; otherwise does nothing.
 * `now` fixes the creation times (products of different categories alternate, newest first);
 * `cacheDir` is where pictures drawn once are kept (db/demo/pictures.ts).
 */
export async function seedDemoCatalogue({
  now = Date.now(),
  cacheDir = DEFAULT_CACHE_DIR,
}: {
  now?: number;
  cacheDir?: string;
} = {}): Promise<SeedResult> {
  const existing = (await first(db().select({ n: count() }).from(products)))?.n ?? 0;
  if (existing > 0) return { seeded: false, existing };

  const version = await drawingCodeVersion();
  const made = await inParallel(DEMO_PRODUCTS, PARALLEL, (product) => productPictures(product, cacheDir, version));
  await pruneDemoPictures(version, cacheDir);
  const pictures = made.map((p) => p.urls);
  const drawn = made.reduce((sum, p) => sum + p.drawn, 0);
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
      demo: true,
    };
  });
  const sizes = DEMO_PRODUCTS.flatMap((product, i) =>
    demoStock(product).map((line, position) => ({ productId: rows[i]!.id, position, ...line })),
  );
  // DEMO DATA (db/demo/reviews.ts): made-up shoppers who cannot sign in (one hash of a password nobody knows)
  // and their reviews, each marked demo.
  const lockedHash = await hashPassword(newToken());
  const shoppers = DEMO_SHOPPERS.map((name, i) => ({
    id: newId(),
    name,
    email: demoShopperEmail(i),
    passwordHash: lockedHash,
    createdAt: now - 120 * 86_400_000,
  }));

  try {
    const inserted = await transaction(async (tx) => {
      // Checked again inside the write lock: two seeds started together add the catalogue once.
      const again = (await first(tx.select({ n: count() }).from(products)))?.n ?? 0;
      if (again > 0) return 0;
      await tx.insert(products).values(rows);
      await tx.insert(productSizes).values(sizes);
      await tx.insert(users).values(shoppers).onConflictDoNothing();
      const stored = await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(
          inArray(
            users.email,
            shoppers.map((shopper) => shopper.email),
          ),
        );
      const idOf = new Map(stored.map((row) => [row.email, row.id]));
      const shopperIds = shoppers.map((shopper) => idOf.get(shopper.email)!);
      const demo = demoReviews().map((review) => ({
        id: newId(),
        productId: rows[review.product]!.id,
        userId: shopperIds[review.shopper]!,
        rating: review.rating,
        title: review.title,
        body: review.body,
        size: review.size,
        demo: true,
        createdAt: now - review.daysAgo * 86_400_000 - review.shopper * 60_000,
      }));
      if (demo.length > 0) await tx.insert(reviews).values(demo).onConflictDoNothing();
      for (const id of new Set(demo.map((review) => review.productId))) await refreshRatingIn(tx, id);
      // The demo shop's words and offers come with its catalogue (a shop started with DEMO=off has none of them).
      await makeDemoShop(tx, DEMO_SHOP);
      return rows.length;
    });
    if (inserted === 0) {
      await deleteProductImages(pictures.flat());
      return { seeded: false, existing: (await first(db().select({ n: count() }).from(products)))?.n ?? 0 };
    }
    return { seeded: true, products: inserted, drawn };
  } catch (error) {
    await deleteProductImages(pictures.flat());
    throw error;
  }
}

/** DEMO=off (or 0, false, no): start without the demo catalogue and the demo seller. */
export function demoOff(value = process.env.DEMO): boolean {
  return ["off", "0", "false", "no"].includes((value ?? "").trim().toLowerCase());
}

const runDirectly = process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url;
if (runDirectly) {
  const started = Date.now();
  try {
    // The database is created or brought up to date first (on PostgreSQL: db/migrations-pg, under its lock).
    await prepareDatabase();
    if (demoOff()) {
      // An empty store, for a shop starting for real (docs/deploy.md): the server prints a setup link instead.
      console.log("DEMO=off: the demo catalogue and the demo seller were not loaded.");
    } else {
      const result = await seedDemoCatalogue();
      if (result.seeded) {
        const pictures = result.drawn > 0 ? `${result.drawn} pictures drawn` : "pictures copied from the cache";
        console.log(
          `Seeded the demo catalogue: ${result.products} products, ${pictures} (${Date.now() - started} ms).`,
        );
      } else {
        console.log(`The store already has ${result.existing} products; the demo catalogue was not loaded.`);
      }
      // The demo seller (README, "Seller area"), never with NODE_ENV=production.
      if ((await ensureDemoSeller()) === "created") console.log("Created the demo seller seller@trendora.test.");
    }
  } finally {
    await closeDb();
  }
}

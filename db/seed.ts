// Loads the demo catalogue into an empty store: `node --import tsx db/seed.ts` (npm start, npm run db:seed).
// A store that already has products is left alone. Product pictures are the committed files of
// db/demo/pictures/ (drawn by demo-art/, `npm run demo:draw`), copied under new upload names like a seller's
// uploads (db/demo/pictures.ts): the seed draws, decodes and encodes nothing.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { count, inArray } from "drizzle-orm";
import { config } from "#app/lib/config.server.ts";
import { closeDb, db, first, prepareDatabase, transaction } from "#app/lib/db.server.ts";
import { newId, newToken } from "#app/lib/ids.ts";
import { parseMoneyToCents } from "#app/lib/money.ts";
import { ensureDemoSeller, hashPassword } from "#app/modules/identity/index.server.ts";
import { refreshRatingIn } from "#app/modules/reviews/index.server.ts";
import { makeDemoShop } from "#app/modules/shop/index.server.ts";
import { productSizes, products, reviews, users } from "#db/tables.ts";
import { DEMO_PRODUCTS } from "./demo/catalogue.ts";
import { copyDemoPicture, PICTURES_DIR, picturesOf, readPictureManifest, removeDemoPictures } from "./demo/pictures.ts";
import { DEMO_SHOPPERS, demoReviews, demoShopperEmail } from "./demo/reviews.ts";
import { DEMO_SHOP } from "./demo/shop.ts";
import { demoStock } from "./demo/stock.ts";

/** Products whose pictures are copied at once. */
const PARALLEL = 8;

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
 * `now` fixes the creation times (products of different categories alternate, newest first);
 * `picturesDir` is where the committed pictures are (db/demo/pictures/).
 */
export async function seedDemoCatalogue({
  now = Date.now(),
  picturesDir = PICTURES_DIR,
}: {
  now?: number;
  picturesDir?: string;
} = {}): Promise<SeedResult> {
  const existing = (await first(db().select({ n: count() }).from(products)))?.n ?? 0;
  if (existing > 0) return { seeded: false, existing };

  const manifest = await readPictureManifest(picturesDir);
  const uploads = config().uploadsDir;
  // Every product's list is checked before anything is copied.
  const committed = DEMO_PRODUCTS.map((product) => picturesOf(manifest, product.name, product.pictures));
  const copied: string[] = [];
  const undo = () => removeDemoPictures(copied, manifest.widths, uploads);
  const pictures = await inParallel(committed, PARALLEL, async (list) => {
    const urls: string[] = [];
    for (const picture of list) {
      const url = await copyDemoPicture(picture, manifest.widths, uploads, picturesDir);
      copied.push(url);
      urls.push(url);
    }
    return urls;
  });
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
      await undo();
      return { seeded: false, existing: (await first(db().select({ n: count() }).from(products)))?.n ?? 0 };
    }
    return { seeded: true, products: inserted };
  } catch (error) {
    await undo();
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
        console.log(`Seeded the demo catalogue: ${result.products} products (${Date.now() - started} ms).`);
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

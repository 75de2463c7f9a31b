// A large generated catalogue for the benchmark: N products with realistic names, prices, stock and
// pictures, shoppers with addresses, and a few orders per 100 products over the last 90 days, written
// into the store's own database (DATA_DIR, migrated by the app) in one transaction.
// Pictures: a handful of the demo catalogue's committed pictures (db/demo/pictures/) are copied in as uploads
// once; every product then gets its own picture files as hard links to those, so 100,000 products cost 14
// copies, not 100,000.
import { randomBytes } from "node:crypto";
import { linkSync, readdirSync } from "node:fs";
import { count } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { CATEGORY_PATHS, type CategoryPath } from "#app/lib/categories.ts";
import { config } from "#app/lib/config.server.ts";
import { db, first as firstRow, type Tx, transaction } from "#app/lib/db.server.ts";
import { newId } from "#app/lib/ids.ts";
import { computeTotals, DEFAULT_PRICING } from "#app/lib/money.ts";
import { hashPassword } from "#app/modules/identity/index.server.ts";
import { NO_SIZE } from "#app/modules/inventory/shared/sizes.ts";
import { DEMO_PRODUCTS } from "#db/demo/catalogue.ts";
import { copyDemoPicture, picturesOf, readPictureManifest } from "#db/demo/pictures.ts";
import { addresses, orderItems, orders, productSizes, products, reviews, users } from "#db/tables.ts";

/** Garments per category: what a name ends with. */
const GARMENTS: Record<CategoryPath, string[]> = {
  Men: ["Shirt", "T-Shirt", "Polo Shirt", "Chinos", "Jeans", "Blazer", "Shorts", "Sweatshirt", "Henley", "Trousers"],
  Women: ["Dress", "Blouse", "Top", "Skirt", "Jeans", "Cardigan", "Shirt Dress", "Jumpsuit", "Leggings", "T-Shirt"],
  Footwear: ["Sneakers", "Loafers", "Ankle Boots", "Sandals", "Block Heels", "Running Shoes", "Flip-Flops", "Oxfords"],
  Accessories: ["Belt", "Scarf", "Cap", "Wallet", "Tote Bag", "Sunglasses", "Watch", "Backpack"],
  Kids: ["T-Shirt", "Romper", "Dungarees", "Hoodie", "Shorts", "Frock", "Pyjama Set", "Shirt"],
  Ethnic: ["Kurta", "Saree", "Sherwani", "Lehenga", "Kurta Set", "Nehru Jacket", "Dupatta", "Salwar Suit"],
  Winter: ["Jacket", "Puffer Jacket", "Sweater", "Hoodie", "Overcoat", "Thermal Set", "Beanie", "Gloves"],
};
const STYLES = ["Classic", "Slim Fit", "Relaxed", "Oversized", "Everyday", "Premium", "Lightweight", "Vintage"];
const MORE_STYLES = ["Essential", "Tailored", "Casual", "Cropped", "Festive", "Weekend", "Urban", "Heritage"];
const COLOURS = ["Navy", "Black", "White", "Olive", "Maroon", "Beige", "Grey", "Mustard", "Teal", "Rust"];
const MORE_COLOURS = ["Charcoal", "Sky Blue", "Blush Pink", "Forest Green", "Ivory", "Burgundy", "Indigo", "Sand"];
const MATERIALS = ["Cotton", "Linen", "Denim", "Wool", "Silk", "Fleece", "Leather", "Corduroy", "Knit", "Rayon"];
/** A word few names contain (about 1 in 500): the benchmark's rare search. */
export const RARE_WORD = "Seersucker";
/** A word many names contain (Shirt, T-Shirt, Polo Shirt, Sweatshirt, Shirt Dress): the common search. */
export const COMMON_WORD = "shirt";
const RARE_SHARE = 0.002;
const SIZES = ["XS", "S", "M", "L", "XL", "XXL"];
const SHOE_SIZES = ["UK 6", "UK 7", "UK 8", "UK 9", "UK 10"];
const FEATURES = [
  "Machine wash cold, tumble dry low",
  "Regular fit, true to size",
  "Breathable fabric for all-day comfort",
  "Reinforced stitching at stress points",
  "Made from responsibly sourced fibres",
  "Colour-fast dyes that keep their shade",
  "Soft finish that gets better with every wash",
  "Packed in plastic-free packaging",
];
const FIRST_NAMES = ["Asha", "Ben", "Chen", "Dara", "Elif", "Femi", "Gita", "Hugo", "Ines", "Jon", "Kavya", "Luis"];
const CITIES = ["Mumbai", "Pune", "Leeds", "Lyon", "Austin", "Porto", "Delhi", "Oslo", "Accra", "Quito"];

const DAY = 24 * 60 * 60 * 1000;
const PRODUCTS_PER_SHOPPER = 500;
const ORDERS_PER_100_PRODUCTS = 3;
const ORDER_DAYS = 90;
const CATALOGUE_DAYS = 365;
const INSERT_CHUNK = 500;

/** A small seeded random generator (mulberry32): the same seed gives the same catalogue. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const between = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, pick, between };
}

type Random = ReturnType<typeof seededRandom>;

/** A product name like "Slim Fit Navy Linen Shirt"; about 1 in 500 is made of seersucker. */
export function productName(random: Random, category: CategoryPath): string {
  const style = random.pick(random.next() < 0.5 ? STYLES : MORE_STYLES);
  const colour = random.pick(random.next() < 0.5 ? COLOURS : MORE_COLOURS);
  const material = random.next() < RARE_SHARE ? RARE_WORD : random.pick(MATERIALS);
  return `${style} ${colour} ${material} ${random.pick(GARMENTS[category])}`;
}

/** Two stored pictures per category: the front pictures of the demo catalogue's first two products of it. */
async function storePicturePool(): Promise<Map<CategoryPath, string[]>> {
  const manifest = await readPictureManifest();
  const pool = new Map<CategoryPath, string[]>();
  for (const category of CATEGORY_PATHS) {
    const looks = DEMO_PRODUCTS.filter((p) => p.category === category).slice(0, 2);
    const urls: string[] = [];
    for (const look of looks) {
      const [front] = picturesOf(manifest, look.name, look.pictures);
      urls.push(await copyDemoPicture(front!, manifest.widths, config().uploadsDir));
    }
    pool.set(category, urls);
  }
  return pool;
}

/** Gives a stored picture a new name: every file the pipeline wrote for it, hard-linked under a new key. */
function pictureCopier(uploadsDir: string) {
  const files = readdirSync(uploadsDir);
  const filesByKey = new Map<string, string[]>();
  return (url: string): string => {
    const key = /^\/uploads\/([a-z0-9]+)\.webp$/.exec(url)?.[1];
    if (!key) throw new Error(`Unexpected picture URL ${url}`);
    let own = filesByKey.get(key);
    if (!own) {
      own = files.filter((f) => f.startsWith(key) && !f.endsWith(".tmp"));
      filesByKey.set(key, own);
    }
    const copy = randomBytes(12).toString("hex");
    for (const file of own) linkSync(`${uploadsDir}/${file}`, `${uploadsDir}/${copy}${file.slice(key.length)}`);
    return url.replace(key, copy);
  };
}

function price(random: Random, category: CategoryPath) {
  const [min, max] = category === "Accessories" || category === "Kids" ? [8, 60] : [15, 200];
  const priceCents = random.between(min, max) * 100 - 1;
  // A third at full price, the rest 5–45% off, ending in 9.
  const off = random.next() < 0.33 ? 0 : random.between(5, 45);
  const offerPriceCents = off === 0 ? priceCents : Math.max(99, Math.floor((priceCents * (100 - off)) / 1000) * 10 + 9);
  return { priceCents, offerPriceCents: Math.min(offerPriceCents, priceCents) };
}

/** Many rows in a few statements (SQLite caps the parameters of one statement), all in the caller's transaction. */
async function insertInChunks<T extends SQLiteTable>(tx: Tx, table: T, rows: T["$inferInsert"][]) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await tx.insert(table).values(rows.slice(i, i + INSERT_CHUNK));
}

export type CatalogueSummary = {
  products: number;
  onSale: number;
  inStock: number;
  shoppers: number;
  orders: number;
  orderLines: number;
  /** Products on sale and in stock whose names contain COMMON_WORD / RARE_WORD (what a search lists). */
  commonWordMatches: number;
  rareWordMatches: number;
  /**
   * Up to 60 products a shopper can buy (on sale, in stock), spread over the catalogue, for the bench's requests,
   * each with a size whose units are not counted (the bench's orders never run out).
   */
  samples: { id: string; category: string; size: string }[];
};

/**
 * Writes `size` products (with shoppers, addresses and orders) into the store's database under DATA_DIR.
 * The database must have no products yet. `now` fixes the newest creation time.
 */
export async function generateCatalogue({
  size,
  seed = 1,
  now = Date.now(),
}: {
  size: number;
  seed?: number;
  now?: number;
}): Promise<CatalogueSummary> {
  if (!Number.isInteger(size) || size < 1) throw new Error("The catalogue size must be a whole number above 0.");
  const existing = (await firstRow(db().select({ n: count() }).from(products)))?.n ?? 0;
  if (existing > 0) throw new Error(`The store already has ${existing} products.`);

  const random = seededRandom(seed);
  const pool = await storePicturePool();
  const copyPicture = pictureCopier(config().uploadsDir);

  const productRows: (typeof products.$inferInsert)[] = [];
  for (let i = 0; i < size; i++) {
    const category = CATEGORY_PATHS[i % CATEGORY_PATHS.length]!;
    const pictures = pool.get(category)!;
    const first = random.pick(pictures);
    const images = [copyPicture(first)];
    if (random.next() < 0.3) images.push(copyPicture(pictures.find((p) => p !== first) ?? first));
    productRows.push({
      id: newId(),
      name: productName(random, category),
      category,
      description: [random.pick(FEATURES), random.pick(FEATURES), random.pick(FEATURES)].filter(
        (line, index, lines) => lines.indexOf(line) === index,
      ),
      ...price(random, category),
      images,
      inStock: random.next() >= 0.08,
      // Spread over a year, newest first.
      createdAt: now - Math.floor(((i + random.next()) * CATALOGUE_DAYS * DAY) / size),
      removedAt: random.next() < 0.01 ? now - random.between(1, 30) * DAY : null,
    });
  }

  // Sizes as the demo catalogue has them: shoe sizes, clothing XS–XXL with counts (some low or sold out),
  // accessories one line that is not counted.
  const sizeRows: (typeof productSizes.$inferInsert)[] = [];
  const sizesOf = new Map<string, string[]>();
  const listed = productRows.filter((p) => p.inStock && p.removedAt === null);
  const sampleCount = Math.min(60, listed.length);
  const samples = Array.from({ length: sampleCount }, (_, i) => listed[Math.floor((i * listed.length) / sampleCount)]!);
  const sampleIds = new Set(samples.map((p) => p.id));
  for (const product of productRows) {
    const labels =
      product.category === "Footwear" ? SHOE_SIZES : product.category === "Accessories" ? [NO_SIZE] : SIZES;
    sizesOf.set(product.id!, labels);
    labels.forEach((size, position) => {
      const counted = size !== NO_SIZE && !(sampleIds.has(product.id) && position === 0);
      const stock = counted ? (random.next() < 0.05 ? 0 : random.between(1, 40)) : null;
      sizeRows.push({ productId: product.id!, size, position, stock });
    });
  }

  const passwordHash = await hashPassword(randomBytes(16).toString("hex"));
  const shopperCount = Math.max(1, Math.ceil(size / PRODUCTS_PER_SHOPPER));
  const userRows: (typeof users.$inferInsert)[] = [];
  const addressRows: (typeof addresses.$inferInsert & { userId: string })[] = [];
  for (let i = 0; i < shopperCount; i++) {
    const id = newId();
    const firstName = random.pick(FIRST_NAMES);
    userRows.push({ id, name: firstName, email: `shopper${i}@bench.test`, passwordHash, createdAt: now - 200 * DAY });
    addressRows.push({
      id: newId(),
      userId: id,
      firstName,
      lastName: "Bench",
      email: `shopper${i}@bench.test`,
      street: `${random.between(1, 250)} Market Street`,
      city: random.pick(CITIES),
      state: "",
      zipcode: String(random.between(10000, 99999)),
      country: "India",
      phone: `+91 98${random.between(10000000, 99999999)}`,
    });
  }

  // Orders favour a popular few products, so "trending" has something to find.
  const orderable = productRows.filter((p) => p.inStock && p.removedAt === null);
  const orderCount = Math.max(1, Math.round((size * ORDERS_PER_100_PRODUCTS) / 100));
  const orderRows: (typeof orders.$inferInsert)[] = [];
  const lineRows: (typeof orderItems.$inferInsert)[] = [];
  for (let i = 0; i < orderCount; i++) {
    const shopper = random.between(0, shopperCount - 1);
    const address = addressRows[shopper]!;
    const orderId = newId();
    const wanted = new Map<string, { productId: string; size: string; unitPriceCents: number; quantity: number }>();
    const lineCount = random.between(1, 5);
    for (let l = 0; l < lineCount; l++) {
      const product = orderable[Math.floor(random.next() ** 3 * orderable.length)]!;
      const size = random.pick(sizesOf.get(product.id!)!);
      wanted.set(`${product.id}:${size}`, {
        productId: product.id!,
        size,
        unitPriceCents: product.offerPriceCents,
        quantity: random.between(1, 3),
      });
    }
    for (const [position, line] of [...wanted.values()].entries()) {
      lineRows.push({ id: newId(), orderId, position, ...line });
    }
    const totals = computeTotals([...wanted.values()], DEFAULT_PRICING);
    const createdAt = now - Math.floor(random.next() * ORDER_DAYS * DAY);
    const ageDays = (now - createdAt) / DAY;
    const online = random.next() < 0.4;
    orderRows.push({
      id: orderId,
      userId: address.userId,
      paymentType: online ? "Online" : "COD",
      subtotalCents: totals.subtotalCents,
      taxCents: totals.taxCents,
      amountCents: totals.totalCents,
      status:
        random.next() < 0.04 ? "Cancelled" : ageDays > 10 ? "Delivered" : ageDays > 3 ? "Shipped" : "Order Placed",
      isPaid: online,
      paidAt: online ? createdAt : null,
      addressId: address.id,
      address: {
        firstName: address.firstName,
        lastName: address.lastName ?? "",
        email: address.email ?? "",
        street: address.street,
        city: address.city,
        state: address.state ?? "",
        zipcode: address.zipcode,
        country: address.country,
        phone: address.phone,
      },
      createdAt,
    });
  }

  // The trending count the order services keep: units in placed (cash, or paid online), not cancelled orders.
  const placed = new Set(orderRows.filter((o) => o.status !== "Cancelled").map((o) => o.id));
  const unitsSold = new Map<string, number>();
  for (const line of lineRows) {
    if (placed.has(line.orderId)) unitsSold.set(line.productId, (unitsSold.get(line.productId) ?? 0) + line.quantity);
  }
  for (const row of productRows) row.unitsSold = unitsSold.get(row.id!) ?? 0;

  // Reviews (issue 21): two products in five are rated, their numbers kept on the row as app/modules/reviews keeps
  // them; the sample products (whose pages are measured) have real review rows, 25 each, the rest only the numbers.
  type Stars = [number, number, number, number, number];
  const keep = (row: typeof products.$inferInsert, stars: Stars) => {
    const n = stars.reduce((a, b) => a + b, 0);
    const total = stars.reduce((a, b, i) => a + b * (i + 1), 0);
    Object.assign(row, {
      reviewCount: n,
      ratingTotal: total,
      ratingAverage: n > 0 ? Math.round((total / n) * 100) / 100 : null,
      ratingStars: stars,
    });
  };
  productRows.forEach((row, i) => {
    if (i % 5 < 2) keep(row, [i % 3, (i * 7) % 4, (i * 3) % 6, 1 + ((i * 5) % 9), 1 + ((i * 11) % 13)]);
  });
  const reviewRows: (typeof reviews.$inferInsert)[] = [];
  for (const row of productRows) {
    if (!sampleIds.has(row.id!)) continue;
    const stars: Stars = [0, 0, 0, 0, 0];
    userRows.slice(0, 25).forEach((user, k) => {
      const rating = 1 + ((k * 7 + reviewRows.length) % 5);
      stars[rating - 1]! += 1;
      reviewRows.push({
        id: newId(),
        productId: row.id!,
        userId: user.id!,
        rating,
        title: `Review ${k + 1}`,
        body: "Fits well, soft fabric, arrived quickly. ".repeat(1 + (k % 4)),
        size: sizesOf.get(row.id!)?.[0] ?? "",
        createdAt: now - k * 3_600_000,
      });
    });
    keep(row, stars);
  }

  // One transaction around every batch: one commit (one fsync) for the whole catalogue.
  await transaction(async (tx) => {
    await insertInChunks(tx, products, productRows);
    await insertInChunks(tx, productSizes, sizeRows);
    await insertInChunks(tx, users, userRows);
    await insertInChunks(tx, addresses, addressRows);
    await insertInChunks(tx, orders, orderRows);
    await insertInChunks(tx, orderItems, lineRows);
    await insertInChunks(tx, reviews, reviewRows);
  });

  const matching = (word: string) => listed.filter((p) => p.name.toLowerCase().includes(word.toLowerCase())).length;
  return {
    products: productRows.length,
    onSale: productRows.filter((p) => p.removedAt === null).length,
    inStock: listed.length,
    shoppers: userRows.length,
    orders: orderRows.length,
    orderLines: lineRows.length,
    commonWordMatches: matching(COMMON_WORD),
    rareWordMatches: matching(RARE_WORD),
    samples: samples.map((p) => ({ id: p.id!, category: p.category, size: sizesOf.get(p.id!)![0]! })),
  };
}

// `npm run db:copy -- postgres://...` (scripts/db-copy.ts, decision 0144), run as the operator runs it, against a
// throw-away PostgreSQL: a store with rows in every table (the demo catalogue, shoppers, a seller, carts, orders of
// every kind, refunds, discounts, reviews, saved items, mail, sessions, settings) copies with every count and
// checksum equal, and Drizzle reads the same rows back on PostgreSQL; a non-empty target is refused and left as it
// was; a failure mid-copy leaves the target empty; hostile values survive, and a NUL (PostgreSQL cannot store
// one) is refused with the row that holds it.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { eq, is } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import postgresJs from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "#app/lib/config.server.ts";
import { db, openDatabase, transaction } from "#app/lib/db.server.ts";
import { closePostgres, connectPostgres, migratePostgres } from "#app/lib/db-postgres.server.ts";
import { newId } from "#app/lib/ids.ts";
import * as pgSchema from "#db/schema.pg.ts";
import * as s from "#db/schema.ts";
import { seedDemoCatalogue } from "#db/seed.ts";
import { TEST_ADDRESS } from "../helpers/address.ts";
import { postgresBinDir, postgresForFile } from "../helpers/postgres.ts";
import { sellerCookie } from "../helpers/sellers.ts";
import { createUser, signedInCookie } from "../helpers/shopper.ts";

const postgres = postgresForFile();
const scratch = mkdtempSync(path.join(tmpdir(), "store-db-copy-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Run = { code: number; stdout: string; stderr: string };

/** The tool as an operator runs it (DATA_DIR is this file's store unless --from says otherwise). */
async function dbCopy(...args: string[]): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "scripts/db-copy.ts", ...args],
      { env: { ...process.env, DATA_DIR: config().dataDir }, maxBuffer: 64 * 1024 * 1024 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

/** Every table of db/schema.ts and its PostgreSQL twin. */
const TABLES = Object.entries(s)
  .filter(([, table]) => is(table, SQLiteTable))
  .map(([key, table]) => ({
    key,
    name: getTableConfig(table as SQLiteTable).name,
    sqlite: table as SQLiteTable,
    pg: (pgSchema as Record<string, unknown>)[key] as PgTable,
  }));

/** Rows in one order whatever the engine sorted them by. */
const sorted = <T>(rows: T[]) =>
  [...rows].sort((a, b) =>
    JSON.stringify(a) < JSON.stringify(b) ? -1 : JSON.stringify(a) > JSON.stringify(b) ? 1 : 0,
  );

/** Per table: row count and an md5 of every row as PostgreSQL prints it (what "left untouched" compares). */
async function fingerprint(url: string): Promise<Record<string, string>> {
  const client = postgresJs(url, { max: 1, onnotice: () => {} });
  try {
    const result: Record<string, string> = {};
    for (const { name } of TABLES) {
      const [row] = await client.unsafe(
        `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM "${name}" t`,
      );
      result[name] = `${row!.n} ${row!.h}`;
    }
    return result;
  } finally {
    await client.end();
  }
}

/** Rows per table on PostgreSQL. */
async function counts(url: string): Promise<Record<string, number>> {
  const client = postgresJs(url, { max: 1, onnotice: () => {} });
  try {
    const result: Record<string, number> = {};
    for (const { name } of TABLES) {
      const [row] = await client.unsafe(`SELECT count(*)::int AS n FROM "${name}"`);
      result[name] = row!.n as number;
    }
    return result;
  } finally {
    await client.end();
  }
}

/** What a freshly migrated target holds: the migration's catalogue_version and shop_settings rows only. */
const EMPTY = Object.fromEntries(
  TABLES.map(({ name }) => [name, name === "catalogue_version" || name === "shop_settings" ? 1 : 0]),
);

const DAY = 86_400_000;

/** The rest of a lived-in store, written as the modules write it (one transaction). */
async function fillTheStore() {
  await seedDemoCatalogue();
  const shopper = await createUser({ name: "Zoë 🧵 Ünal-Ωmega", email: "zoe@example.com" });
  const other = await createUser();
  await signedInCookie(shopper.id);
  await sellerCookie();
  const [first, second, third] = await db().select().from(s.products).limit(3);
  const now = Date.now();
  const address = { id: newId(), userId: shopper.id, ...TEST_ADDRESS, createdAt: now - 30 * DAY };
  const orderAddress = { ...TEST_ADDRESS, id: address.id };
  const code = { id: newId(), code: "WINTER10", kind: "percent" as const, value: 10, productIds: [first!.id] };
  const cod = { id: newId(), paymentType: "COD" as const, status: "Order Placed" as const, isPaid: false };
  const paid = { id: newId(), paymentType: "Online" as const, status: "Delivered" as const, isPaid: true };
  const cancelled = { id: newId(), paymentType: "Online" as const, status: "Cancelled" as const, isPaid: false };
  await transaction(async (tx) => {
    await tx.insert(s.addresses).values(address);
    await tx.insert(s.discountCodes).values([
      { ...code, uses: 1, maxUses: 100, startsAt: now - DAY, endsAt: now + 30 * DAY, categories: ["Men", "Winter"] },
      { id: newId(), code: "FLAT5", kind: "amount", value: 500, minSubtotalCents: 2000, paused: true },
    ]);
    let minute = 0;
    for (const [order, discount] of [
      [cod, 0],
      [paid, 200],
      [cancelled, 0],
    ] as const) {
      const subtotal = 2 * first!.offerPriceCents;
      const tax = Math.round((subtotal - discount) * 0.02);
      await tx.insert(s.orders).values({
        ...order,
        userId: shopper.id,
        subtotalCents: subtotal,
        discountCents: discount,
        discountCode: discount ? code.code : null,
        taxCents: tax,
        shippingCents: 0,
        amountCents: subtotal - discount + tax,
        paidAt: order.isPaid ? now - 9 * DAY : null,
        addressId: address.id,
        address: orderAddress,
        requestKey: newId(),
        stripeSessionId: order.paymentType === "Online" ? `cs_test_${newId()}` : null,
        stockReturnedAt: order.status === "Cancelled" ? now - DAY : null,
        createdAt: now - 10 * DAY + minute++ * 60_000,
        updatedAt: now - DAY,
      });
      await tx.insert(s.orderItems).values({
        id: newId(),
        orderId: order.id,
        productId: first!.id,
        size: "M",
        quantity: 2,
        stockTaken: true,
        unitPriceCents: first!.offerPriceCents,
      });
    }
    await tx.insert(s.discountUses).values({
      id: newId(),
      codeId: code.id,
      orderId: paid.id,
      userId: shopper.id,
      state: "used",
    });
    await tx.insert(s.orderPayments).values([
      { orderId: paid.id, paymentIntentId: `pi_${newId()}`, returnedAt: now - 2 * DAY },
      { orderId: cod.id, exportedAt: now - DAY },
    ]);
    await tx.insert(s.refunds).values({
      id: newId(),
      orderId: paid.id,
      amountCents: first!.offerPriceCents,
      reason: "requested_by_customer",
      status: "succeeded",
      stripeRefundId: `re_${newId()}`,
      idempotencyKey: newId(),
      restock: true,
      lines: [{ position: 0, quantity: 1 }],
    });
    await tx.insert(s.stripeEvents).values({ id: `evt_${newId()}`, type: "checkout.session.completed" });
    await tx.insert(s.reviews).values({
      id: newId(),
      productId: first!.id,
      userId: shopper.id,
      rating: 4,
      title: "Warm — and 暖かい",
      body: "Line one\nLine two\ttabbed 👍🏽",
      size: "M",
      status: "pending",
      sellerReply: "Thank you!",
      repliedAt: now,
    });
    await tx.insert(s.cartItems).values([
      { userId: shopper.id, productId: second!.id, size: "L", quantity: 3 },
      { userId: other.id, productId: third!.id, quantity: 1 },
    ]);
    await tx.insert(s.cartDiscountCodes).values({ userId: shopper.id, code: code.code });
    await tx.insert(s.savedItems).values([
      { userId: shopper.id, productId: third!.id },
      { userId: other.id, productId: first!.id },
    ]);
    await tx.insert(s.newsletterSubscribers).values({ id: newId(), email: "news@example.com" });
    await tx.insert(s.mailOutbox).values([
      {
        id: newId(),
        messageId: `<${newId()}@example.com>`,
        kind: "order-confirmation",
        recipient: shopper.email,
        subject: "Your order 🧥",
        textBody: "Thanks!\n".repeat(20_000),
        htmlBody: "<p>Thanks!</p>",
        state: "sent",
        attempts: 1,
        dueAt: now,
        sentAt: now,
      },
      {
        id: newId(),
        messageId: `<${newId()}@example.com>`,
        kind: "password-reset",
        recipient: shopper.email,
        subject: "Reset",
        textBody: "{{secret}}",
        htmlBody: "{{secret}}",
        dueAt: now + 60_000,
        claimToken: newId(),
        lastError: "421 try later",
        sealedSecret: "v1.sealed",
        secretExpiresAt: now + 3_600_000,
      },
    ]);
    await tx.insert(s.passwordResets).values({
      id: newId(),
      userId: shopper.id,
      tokenHash: newId(),
      expiresAt: now + 3_600_000,
    });
    await tx.insert(s.throttledAttempts).values({
      id: newId(),
      kind: "shopper-sign-in",
      email: "zoe@example.com",
      client: "2001:db8::/64",
      at: now,
    });
    await tx.insert(s.setupTokens).values({ tokenHash: newId(), expiresAt: now + DAY });
    await tx.insert(s.reviewSettings).values({ id: 1, holdForApproval: true });
    await tx
      .update(s.shopSettings)
      .set({ name: "Zoë's Shop", currency: "EUR", taxIncluded: true, freeShippingFromCents: 5000, updatedAt: now });
    await tx.update(s.productSizes).set({ stock: 0 }).where(eq(s.productSizes.productId, third!.id));
  });
}

describe("db:copy", () => {
  let target: string;

  beforeAll(async () => {
    await fillTheStore();
    target = await postgres.server().createDatabase();
  });

  it("copies a store with rows in every table: every count and checksum equal, the same rows through Drizzle", async () => {
    for (const { name, sqlite } of TABLES) {
      expect((await db().select().from(sqlite)).length, `rows in ${name}`).toBeGreaterThan(0);
    }
    const uploads = path.join(scratch, "shared-uploads");
    const run = await dbCopy(target, "--uploads-to", uploads);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    for (const { name } of TABLES) expect(run.stdout).toMatch(new RegExp(`^${name} .* same$`, "m"));
    expect(run.stdout).toMatch(/every count and checksum matches/);
    expect(run.stdout).toMatch(/Set SESSION_SECRET on every server to the contents of/);

    const pg = connectPostgres(target, { max: 1 });
    try {
      for (const { name, sqlite, pg: table } of TABLES) {
        const there = await pg.select().from(table);
        const here = await db().select().from(sqlite);
        expect(sorted(there), name).toEqual(sorted(here));
      }
    } finally {
      await closePostgres(pg);
    }

    // Every picture the products name is in the shared folder.
    const named = (await db().select({ images: s.products.images }).from(s.products)).flatMap((p) => p.images);
    expect(named.length).toBeGreaterThan(60);
    for (const url of named) expect(existsSync(path.join(uploads, url.replace("/uploads/", "")))).toBe(true);
    expect(readdirSync(uploads).length).toBeGreaterThanOrEqual(named.length);
  });

  it("keeps the copy alive: a product added on PostgreSQL afterwards gets the next seq, the version moves on", async () => {
    const pg = connectPostgres(target, { max: 1 });
    try {
      const version = async () => (await pg.select().from(pgSchema.catalogueVersion))[0]!.version;
      const before = await version();
      const [copied] = await db().select().from(s.products).limit(1);
      const createdAt = copied!.createdAt;
      const id = newId();
      await pg.transaction(async (tx) => {
        await tx
          .insert(pgSchema.products)
          .values({ id, name: "Later", category: "Men", priceCents: 1, offerPriceCents: 1, createdAt });
      });
      const [added] = await pg.select().from(pgSchema.products).where(eqId(id));
      // Same millisecond as a copied product: the next rank after it, never a copied product's seq.
      expect(added!.seq).toBe(copied!.seq! + 1);
      expect(await version()).toBe(before + 1);
      await pg.delete(pgSchema.products).where(eqId(id));
    } finally {
      await closePostgres(pg);
    }
  });

  it("the copied shop survives pg_dump -Fc and pg_restore into a new database (docs/deploy.md)", async () => {
    const bin = postgresBinDir();
    const dump = path.join(scratch, "store.dump");
    await promisify(execFile)(path.join(bin, "pg_dump"), ["-Fc", "-d", target, "-f", dump]);
    const restored = await postgres.server().createDatabase();
    await promisify(execFile)(path.join(bin, "pg_restore"), ["--no-owner", "--exit-on-error", "-d", restored, dump]);
    expect(await fingerprint(restored)).toEqual(await fingerprint(target));
    // The store accepts it as it is: every migration recorded, nothing to apply.
    expect(await migratePostgres(restored)).toBe(0);
  });

  it("copies a running store from one snapshot: a shopper and their address written together arrive together", async () => {
    // While the tool reads, this process (the running store) keeps writing shoppers, each with an address in
    // the same transaction. users is copied before addresses: reading them at different moments would copy
    // addresses whose shopper was not copied (PostgreSQL would refuse them) or shoppers without their address.
    const fresh = await postgres.server().createDatabase();
    let stop = false;
    let written = 0;
    const writer = (async () => {
      while (!stop) {
        await transaction(async (tx) => {
          const id = newId();
          await tx.insert(s.users).values({ id, name: "Snap", email: `snap-${id}@example.com`, passwordHash: "h" });
          await tx.insert(s.addresses).values({ id: newId(), userId: id, ...TEST_ADDRESS });
        });
        written++;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const atStart = written;
    const run = await dbCopy(fresh);
    const atEnd = written;
    stop = true;
    await writer;
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(atEnd - atStart, "shoppers written during the copy").toBeGreaterThan(20);

    const client = postgresJs(fresh, { max: 1, onnotice: () => {} });
    try {
      const [row] = await client`SELECT
        (SELECT count(*)::int FROM users WHERE name = 'Snap') AS shoppers,
        (SELECT count(*)::int FROM addresses a JOIN users u ON u.id = a.user_id WHERE u.name = 'Snap') AS addresses`;
      expect(row!.shoppers).toBe(row!.addresses);
      expect(row!.shoppers).toBeGreaterThanOrEqual(atStart);
    } finally {
      await client.end();
    }
  });

  it("refuses a target that holds a shop, and leaves it as it was", async () => {
    const before = await fingerprint(target);
    const run = await dbCopy(target);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/The target database is not empty: .*products \(63\).*orders \(3\)/);
    expect(run.stdout).toBe("");
    expect(await fingerprint(target)).toEqual(before);

    // A shop whose only change is its settings is a shop too.
    const settingsOnly = await postgres.server().createDatabase();
    await migratePostgres(settingsOnly);
    const client = postgresJs(settingsOnly, { max: 1, onnotice: () => {} });
    await client`UPDATE shop_settings SET name = 'Mine', version = 2`;
    await client.end();
    const again = await dbCopy(settingsOnly);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/not empty: shop_settings \(1\)/);
  });

  it("a failure mid-copy leaves the target empty and says why", async () => {
    // A source whose order line points at a product that is not there (written with foreign keys off): PostgreSQL
    // refuses it after the tables before it were copied.
    const file = path.join(scratch, "orphan.db");
    const sqlite = openDatabase(file).$client;
    sqlite.pragma("foreign_keys = OFF");
    sqlite.exec(`INSERT INTO products (id, name, category, price_cents, offer_price_cents, created_at)
      VALUES ('p1', 'Kept', 'Men', 100, 90, 1795000000000)`);
    sqlite.exec(
      `INSERT INTO users (id, name, email, password_hash, created_at) VALUES ('u1', 'U', 'u@x.test', 'h', 1)`,
    );
    sqlite.exec(`INSERT INTO orders (id, user_id, payment_type, subtotal_cents, tax_cents, amount_cents, address, created_at)
      VALUES ('o1', 'u1', 'COD', 100, 2, 102, '{}', 2)`);
    sqlite.exec(`INSERT INTO order_items (id, order_id, product_id, quantity, unit_price_cents)
      VALUES ('i1', 'o1', 'gone', 1, 100)`);
    sqlite.close();
    const fresh = await postgres.server().createDatabase();
    const run = await dbCopy(fresh, "--from", file);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/PostgreSQL refused the rows 1–1 of order_items: .*foreign key/);
    expect(run.stderr).toMatch(/Nothing was copied/);
    expect(run.stdout).toMatch(/products: 1 rows/);
    expect(await counts(fresh)).toEqual(EMPTY);

    // A target whose migrations are recorded but lacks a table: refused before anything is written.
    const broken = await postgres.server().createDatabase();
    await migratePostgres(broken);
    const client = postgresJs(broken, { max: 1, onnotice: () => {} });
    await client`DROP TABLE reviews CASCADE`;
    await client.end();
    const refused = await dbCopy(broken, "--from", file);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/lacks the table reviews/);
  });

  it("hostile values survive exactly: control characters, 4-byte emoji, 1 MB of text, integers past 2^53", async () => {
    const file = path.join(scratch, "hostile.db");
    const store = openDatabase(file);
    const huge = "ü😀".repeat(350_000);
    const strange = "a\u0001b\u0007\u001b[31m\u007f\u0085\u202e\u2066\uFFFD\uFEFF 𝔘𝔫𝔦 👩🏽‍🚀\r\n\t'\"\\";
    const at = 1_795_000_000_000;
    await store.insert(s.products).values({
      id: "h1",
      name: strange,
      category: "Women",
      description: [huge, strange, "\\u0000 is only text here"],
      priceCents: 5_000_000_123,
      offerPriceCents: 0,
      images: [],
      createdAt: at,
      ratingAverage: 0.1 + 0.2,
      ratingStars: [1, 0, 0, 0, 2_000_000_000],
    });
    await store
      .insert(s.users)
      .values({ id: "u😀", name: strange, email: "e@x.test", passwordHash: huge, createdAt: at });
    store.$client.close();
    // Past 2^53 (a JS number cannot hold it): written as SQLite holds it, compared as text.
    const raw = new Database(file);
    raw.exec(`UPDATE products SET price_cents = 9007199254740993, removed_at = -9223372036854775808 WHERE id = 'h1'`);
    raw.close();

    const fresh = await postgres.server().createDatabase();
    const run = await dbCopy(fresh, "--from", file);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);

    const client = postgresJs(fresh, { max: 1, onnotice: () => {} });
    try {
      const [product] = await client`SELECT name, description, price_cents::text AS price, removed_at::text AS removed,
        rating_average, rating_stars, seq::text AS seq FROM products`;
      expect(product).toEqual({
        name: strange,
        description: [huge, strange, "\\u0000 is only text here"],
        price: "9007199254740993",
        removed: "-9223372036854775808",
        rating_average: 0.1 + 0.2,
        rating_stars: [1, 0, 0, 0, 2_000_000_000],
        seq: String(at * 1024),
      });
      const [user] = await client`SELECT id, name, password_hash FROM users`;
      expect(user).toEqual({ id: "u😀", name: strange, password_hash: huge });
    } finally {
      await client.end();
    }
  });

  it("refuses a NUL, which PostgreSQL cannot store, naming its row; the target stays empty", async () => {
    const file = path.join(scratch, "nul.db");
    const store = openDatabase(file);
    await store.insert(s.products).values({
      id: "n1",
      name: "fine",
      category: "Men",
      description: ["before\u0000after"],
      priceCents: 1,
      offerPriceCents: 1,
      createdAt: 1,
    });
    store.$client.close();
    const fresh = await postgres.server().createDatabase();
    const run = await dbCopy(fresh, "--from", file);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/products\.description of the row id=n1 contains a NUL character/);
    expect(await counts(fresh)).toEqual(EMPTY);
  });

  it("refuses bad arguments and a missing store with exit code 2", async () => {
    expect((await dbCopy()).code).toBe(2);
    expect((await dbCopy("mysql://x")).stderr).toMatch(/Usage: npm run db:copy/);
    const missing = await dbCopy(target, "--from", path.join(scratch, "none.db"));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/No SQLite store at/);
  });
});

const eqId = (id: string) => eq(pgSchema.products.id, id);

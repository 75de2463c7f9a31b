// The same rows written through Drizzle come back as the same JS values on SQLite (db/schema.ts) and on
// PostgreSQL (db/schema.pg.ts): times and money as numbers (also past 2^31), booleans, JSON as arrays and
// objects (stored as JSON, not as a JSON string), reals, nulls, defaults.
import path from "node:path";
import { asc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/lib/db.server.ts";
import { closePostgres, connectPostgres, migratePostgres, type PgDb } from "#app/lib/db-postgres.server.ts";
import * as pgSchema from "#db/schema.pg.ts";
import * as sqliteSchema from "#db/schema.ts";
import { postgresForFile } from "../helpers/postgres.ts";

const postgres = postgresForFile();
let pg: PgDb;
let sqlite: ReturnType<typeof openDatabase>;

const BIG = 5_000_000_123; // past 2^31
const at = 1_795_000_000_000;
const rows = {
  users: [{ id: "u1", name: "Åsa Ωmega", email: "asa@example.test", passwordHash: "h", createdAt: at }],
  products: [
    {
      id: "p1",
      name: "Café ΟΔΟΣ 夏季",
      category: "Women",
      description: ["Soft", "Ünïcode ✓"],
      priceCents: 999_999_999,
      offerPriceCents: 1,
      images: ["/uploads/a.webp", "/uploads/b.webp"],
      inStock: false,
      createdAt: at,
      removedAt: at + 5,
      demo: true,
      reviewCount: 3,
      ratingTotal: 11,
      ratingAverage: 11 / 3,
      ratingStars: [0, 1, 0, 1, 1] as [number, number, number, number, number],
    },
    { id: "p2", name: "Plain", category: "Men", priceCents: 100, offerPriceCents: 90, createdAt: at + 1 },
  ],
  addresses: [
    {
      id: "a1",
      userId: "u1",
      firstName: "Åsa",
      street: "1 Road",
      city: "Town",
      zipcode: "123",
      country: "SE",
      phone: "+46",
      createdAt: at,
    },
  ],
  orders: [
    {
      id: "o1",
      userId: "u1",
      paymentType: "Online" as const,
      subtotalCents: BIG,
      discountCents: 123,
      discountCode: "SAVE",
      taxCents: 0,
      amountCents: BIG - 123,
      taxIncluded: true,
      isPaid: true,
      paidAt: at + 10,
      addressId: "a1",
      address: {
        id: "a1",
        firstName: "Åsa",
        lastName: "",
        email: "",
        street: "1 Road",
        city: "Town",
        state: "",
        zipcode: "123",
        country: "SE",
        phone: "+46",
      },
      requestKey: "k1",
      createdAt: at + 2,
    },
  ],
  refunds: [
    {
      id: "r1",
      orderId: "o1",
      amountCents: BIG - 200,
      idempotencyKey: "i1",
      lines: [{ position: 0, quantity: 2 }],
      createdAt: at + 3,
    },
    { id: "r2", orderId: "o1", amountCents: 1, idempotencyKey: "i2", restock: true, createdAt: at + 3 },
  ],
  discountCodes: [
    {
      id: "d1",
      code: "SAVE",
      kind: "amount" as const,
      value: BIG,
      productIds: ["p1"],
      categories: ["Women"],
      createdAt: at + 4,
    },
  ],
};

/** Each table of `rows` on both engines. */
const TABLES = {
  users: [sqliteSchema.users, pgSchema.users],
  products: [sqliteSchema.products, pgSchema.products],
  addresses: [sqliteSchema.addresses, pgSchema.addresses],
  orders: [sqliteSchema.orders, pgSchema.orders],
  refunds: [sqliteSchema.refunds, pgSchema.refunds],
  discountCodes: [sqliteSchema.discountCodes, pgSchema.discountCodes],
} as const;

beforeAll(async () => {
  sqlite = openDatabase(path.join(process.env.DATA_DIR!, "values.db"));
  await migratePostgres(postgres.url());
  pg = connectPostgres(postgres.url(), { max: 2 });
  for (const [table, values] of Object.entries(rows) as [keyof typeof rows, object[]][]) {
    const [sqliteTable, pgTable] = TABLES[table];
    // biome-ignore lint/suspicious/noExplicitAny: the same rows for both schemas' tables of that name.
    await sqlite.insert(sqliteTable as any).values(values);
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    await pg.insert(pgTable as any).values(values);
  }
});
afterAll(async () => {
  if (pg) await closePostgres(pg);
});

describe("values through Drizzle on both engines", () => {
  for (const table of Object.keys(rows) as (keyof typeof rows)[]) {
    it(`${table}: the same values back`, async () => {
      const [sqliteTable, pgTable] = TABLES[table];
      const fromSqlite = await sqlite.select().from(sqliteTable).orderBy(asc(sqliteTable.id));
      const fromPg = await pg.select().from(pgTable).orderBy(asc(pgTable.id));
      expect(fromPg).toEqual(fromSqlite);
      expect(fromPg).toHaveLength(rows[table].length);
    });
  }

  it("keeps the values the rows were written with (numbers past 2^31, JSON, booleans)", async () => {
    const [order] = await pg.select().from(pgSchema.orders);
    expect(order).toMatchObject({
      subtotalCents: BIG,
      isPaid: true,
      taxIncluded: true,
      address: rows.orders[0]!.address,
    });
    expect(typeof order!.createdAt).toBe("number");
    const [product] = await pg.select().from(pgSchema.products).orderBy(asc(pgSchema.products.id));
    expect(product).toMatchObject({ description: ["Soft", "Ünïcode ✓"], inStock: false, seq: at * 1024 });
    // Stored as JSON, so PostgreSQL's JSON operators work on it.
    const kinds = await pg.execute(
      sql`SELECT jsonb_typeof(description) AS d, jsonb_typeof(rating_stars) AS s FROM products`,
    );
    expect(Array.from(kinds)).toEqual([
      { d: "array", s: "array" },
      { d: "array", s: "array" },
    ]);
    const [address] = await pg.execute(sql`SELECT address->>'firstName' AS first FROM orders`);
    expect(address).toEqual({ first: "Åsa" });
  });
});

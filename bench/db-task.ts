// `node --import tsx bench/db-task.ts <task> ...`: what the bench's 200-for-5 run reads and writes straight in the
// store's database (DATA_DIR's SQLite file, or DATABASE_URL's PostgreSQL), with no server involved; prints JSON.
// - `stock <productId> <units>`: gives the product's second size (a counted one) exactly <units> units; prints
//   { size }.
// - `check <productId> <size>`: what the database holds for that size: { stock, unitsOrdered, orders }, the units
//   left and the units and orders of every order line of it.
import { and, eq, sql } from "drizzle-orm";
import { closeDb, db, first, transaction } from "#app/lib/db.server.ts";
import { orderItems, productSizes } from "#db/tables.ts";

const [task, productId, arg] = process.argv.slice(2);

async function main(): Promise<unknown> {
  if (!productId) throw new Error("Usage: db-task.ts stock <productId> <units> | check <productId> <size>");
  if (task === "stock") {
    const units = Number(arg);
    if (!Number.isInteger(units) || units < 0) throw new Error(`stock: units must be a whole number (got ${arg})`);
    return transaction(async (tx) => {
      const line = await first(
        tx
          .select({ size: productSizes.size })
          .from(productSizes)
          .where(and(eq(productSizes.productId, productId), eq(productSizes.position, 1))),
      );
      if (!line) throw new Error(`Product ${productId} has no second size.`);
      await tx
        .update(productSizes)
        .set({ stock: units })
        .where(and(eq(productSizes.productId, productId), eq(productSizes.size, line.size)));
      return { size: line.size };
    });
  }
  if (task === "check") {
    const size = arg ?? "";
    const line = await first(
      db()
        .select({ stock: productSizes.stock })
        .from(productSizes)
        .where(and(eq(productSizes.productId, productId), eq(productSizes.size, size))),
    );
    const ordered = await first(
      db()
        .select({
          units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)`.mapWith(Number),
          orders: sql<number>`count(distinct ${orderItems.orderId})`.mapWith(Number),
        })
        .from(orderItems)
        .where(and(eq(orderItems.productId, productId), eq(orderItems.size, size))),
    );
    return { stock: line?.stock ?? null, unitsOrdered: ordered?.units ?? 0, orders: ordered?.orders ?? 0 };
  }
  throw new Error(`Unknown task "${task}"`);
}

try {
  process.stdout.write(`${JSON.stringify(await main())}\n`);
} finally {
  await closeDb();
}

// Stock counts: what each product is sold in and how many are left, the one place units are taken and put
// back, and the seller's count changes. Every function that writes runs inside the caller's immediate
// transaction (or its own), with statements that stay correct on PostgreSQL across processes: a guarded
// `UPDATE … SET stock = stock - q WHERE … AND stock >= q RETURNING`, lines in product-id order, and claims
// made with a conditional update before anything is put back.
import { and, asc, eq, inArray, isNotNull, isNull, notInArray, or, sql } from "drizzle-orm";
import { type Db, first, type Tx, transaction } from "#app/lib/db.server.ts";
import { Refusal, refuse } from "#app/lib/refusal.ts";
import { hasSizes, lineName, MAX_STOCK, NO_SIZE, type SizeStock } from "#app/modules/inventory/shared/sizes.ts";
import { orderItems, orders, productSizes } from "#db/tables.ts";

/** Each product's sizes with their counts, in the seller's order (a product has at least one line). */
export async function stockLinesIn(tx: Tx | Db, productIds: readonly string[]): Promise<Map<string, SizeStock[]>> {
  const byProduct = new Map<string, SizeStock[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await tx
    .select({ productId: productSizes.productId, size: productSizes.size, stock: productSizes.stock })
    .from(productSizes)
    .where(inArray(productSizes.productId, [...new Set(productIds)]))
    .orderBy(asc(productSizes.productId), asc(productSizes.position), asc(productSizes.size));
  for (const { productId, ...line } of rows) {
    const lines = byProduct.get(productId);
    if (lines) lines.push(line);
    else byProduct.set(productId, [line]);
  }
  return byProduct;
}

/** One product's sizes and counts (empty for an unknown product). */
export async function stockLinesOf(tx: Tx | Db, productId: string): Promise<SizeStock[]> {
  return (await stockLinesIn(tx, [productId])).get(productId) ?? [];
}

/**
 * The line of `size` among a product's lines, or a 400 refusal: no size chosen for a product with sizes
 * (`noSize`, by default 'Please select a size for Linen Shirt'), or a size it does not have.
 */
export function sizeLineOf(
  productName: string,
  lines: readonly SizeStock[],
  size: string,
  noSize: Refusal = new Refusal(`Please select a size for ${productName}`),
): SizeStock {
  const line = lines.find((l) => l.size === size);
  if (line) return line;
  if (size === NO_SIZE && hasSizes(lines)) throw noSize;
  refuse(hasSizes(lines) ? `${productName} has no size ${size}.` : `${productName} has no sizes.`);
}

/** Refuses a line that wants more than is left: 'Only 2 left of Linen Shirt, M', or that it is sold out (409). */
export function refuseShortStock(productName: string, size: string, left: number | null): never {
  const name = lineName(productName, size);
  if (left === null) refuse(`${name} is no longer available`, 409);
  if (left <= 0) refuse(`${name} is sold out`, 409);
  refuse(`Only ${left} left of ${name}`, 409);
}

/** One product's size as a map key ('' is the size of a product without sizes). */
export function stockKey(productId: string, size: string): string {
  return `${productId}\u0000${size}`;
}

/** An order line as stock sees it: which product and size, how many, and the name its refusal uses. */
export type StockRequest = { productId: string; size: string; quantity: number; name: string };

const byProductAndSize = <T extends { productId: string; size: string }>(a: T, b: T) =>
  a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : a.size < b.size ? -1 : a.size > b.size ? 1 : 0;

/**
 * Takes the units of an order's lines, inside the transaction that writes the order: one guarded decrement
 * per line, in product-id order (so two orders never wait on each other's rows in opposite orders). A line
 * that would go below zero refuses the whole order (409, 'Only 2 left of Linen Shirt, M'), and the caller's
 * transaction stores nothing. Returns, per line, whether it took from a count (a size not counted has none).
 */
export async function takeStock(tx: Tx, lines: readonly StockRequest[]): Promise<boolean[]> {
  const taken = new Array<boolean>(lines.length).fill(false);
  const order = lines.map((line, index) => ({ ...line, index })).sort(byProductAndSize);
  for (const line of order) {
    const where = and(eq(productSizes.productId, line.productId), eq(productSizes.size, line.size));
    const [changed] = await tx
      .update(productSizes)
      // A count that is null (not counted) stays null.
      .set({ stock: sql`${productSizes.stock} - ${line.quantity}` })
      .where(and(where, or(isNull(productSizes.stock), sql`${productSizes.stock} >= ${line.quantity}`)))
      .returning({ stock: productSizes.stock });
    if (!changed) {
      const left = await first(tx.select({ stock: productSizes.stock }).from(productSizes).where(where));
      refuseShortStock(line.name, line.size, left ? left.stock : null);
    }
    taken[line.index] = changed.stock !== null;
  }
  return taken;
}

type OrderStockLine = { id: string; productId: string; size: string; quantity: number; position: number };

async function orderStockLines(tx: Tx, orderId: string, onlyTaken: boolean): Promise<OrderStockLine[]> {
  const rows = await tx
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      size: orderItems.size,
      quantity: orderItems.quantity,
      position: orderItems.position,
    })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), onlyTaken ? eq(orderItems.stockTaken, true) : undefined));
  return rows.sort(byProductAndSize);
}

/**
 * THE way an order's units go back to stock (cancelled by the seller, a failed or expired payment, a closed
 * checkout, a swept stale one, or an order taken back), inside the caller's transaction. Idempotent per
 * order: the order is claimed first (`stock_returned_at` set where it was empty), so whichever event comes
 * first puts the units back and every later one finds nothing to do. Returns whether this call put them back.
 * Units go back only to lines that took them, and only to sizes that are still counted.
 */
export async function returnOrderStock(
  tx: Tx,
  orderId: string,
  /** Units of a line (by its place in the order) already put back by a refund with restock: not returned again. */
  alreadyReturned: ReadonlyMap<number, number> = new Map(),
): Promise<boolean> {
  const [claimed] = await tx
    .update(orders)
    .set({ stockReturnedAt: Date.now() })
    .where(and(eq(orders.id, orderId), isNull(orders.stockReturnedAt)))
    .returning({ id: orders.id });
  if (!claimed) return false;
  const places = (await orderStockLines(tx, orderId, false)).map((line) => line.position).sort((a, b) => a - b);
  for (const line of await orderStockLines(tx, orderId, true)) {
    const quantity = line.quantity - (alreadyReturned.get(places.indexOf(line.position)) ?? 0);
    if (quantity <= 0) continue;
    await tx
      .update(productSizes)
      .set({ stock: sql`${productSizes.stock} + ${quantity}` })
      .where(
        and(
          eq(productSizes.productId, line.productId),
          eq(productSizes.size, line.size),
          isNotNull(productSizes.stock),
        ),
      );
  }
  return true;
}

/**
 * A refund with restock: `quantity` units of the order's line at `index` (its place in the order) go back,
 * when that line took them and the order's units have not all gone back already. Returns whether they did.
 */
export async function returnLineUnits(tx: Tx, orderId: string, index: number, quantity: number): Promise<boolean> {
  const order = await first(tx.select({ returned: orders.stockReturnedAt }).from(orders).where(eq(orders.id, orderId)));
  if (!order || order.returned !== null) return false;
  const line = (await orderStockLines(tx, orderId, false)).sort((a, b) => a.position - b.position)[index];
  if (!line || quantity <= 0) return false;
  const taken = await first(
    tx.select({ taken: orderItems.stockTaken }).from(orderItems).where(eq(orderItems.id, line.id)),
  );
  if (!taken?.taken) return false;
  await tx
    .update(productSizes)
    .set({ stock: sql`${productSizes.stock} + ${Math.min(quantity, line.quantity)}` })
    .where(
      and(eq(productSizes.productId, line.productId), eq(productSizes.size, line.size), isNotNull(productSizes.stock)),
    );
  return true;
}

/**
 * A payment arrived for an order whose units had gone back (its checkout had been closed): the order is
 * placed after all, so its units are taken again, once (the claim clears `stock_returned_at`). The money is
 * in, so this cannot refuse: a size that sold out meanwhile goes below zero and is logged as oversold, for
 * the seller to see in the product list.
 */
export async function retakeOrderStock(tx: Tx, orderId: string): Promise<void> {
  const [claimed] = await tx
    .update(orders)
    .set({ stockReturnedAt: null })
    .where(and(eq(orders.id, orderId), isNotNull(orders.stockReturnedAt)))
    .returning({ id: orders.id });
  if (!claimed) return;
  for (const line of await orderStockLines(tx, orderId, false)) {
    const [changed] = await tx
      .update(productSizes)
      .set({ stock: sql`${productSizes.stock} - ${line.quantity}` })
      .where(
        and(
          eq(productSizes.productId, line.productId),
          eq(productSizes.size, line.size),
          isNotNull(productSizes.stock),
        ),
      )
      .returning({ stock: productSizes.stock });
    await tx
      .update(orderItems)
      .set({ stockTaken: Boolean(changed) })
      .where(eq(orderItems.id, line.id));
    if (changed && changed.stock !== null && changed.stock < 0) {
      console.warn(`Order ${orderId} was paid after its checkout closed: ${line.productId} ${line.size} is oversold`);
    }
  }
}

/**
 * A count as the seller changes it, with the count the form showed (`was`: undefined for a new line). A count
 * the seller left as it was is not written, so units sold while the form was open stay sold; a changed count
 * is applied as a change to the count as it is now (the form said 5, the seller typed 12, one sold meanwhile:
 * 11 are left), kept within 0 and 100,000. A line that becomes or stops being counted is set as typed.
 */
export type CountChange = { size: string; stock: number | null; was?: number | null };

async function applyCount(tx: Tx, productId: string, change: CountChange, position?: number): Promise<void> {
  const { stock, was } = change;
  const where = and(eq(productSizes.productId, productId), eq(productSizes.size, change.size));
  const positionChange = position === undefined ? {} : { position };
  if (was !== undefined && stock === was) {
    if (position !== undefined) await tx.update(productSizes).set(positionChange).where(where);
    return;
  }
  if (stock !== null && typeof was === "number") {
    const moved = sql`${productSizes.stock} + ${stock - was}`;
    await tx
      .update(productSizes)
      .set({
        ...positionChange,
        stock: sql`CASE WHEN ${productSizes.stock} IS NULL THEN ${stock} WHEN ${moved} < 0 THEN 0 WHEN ${moved} > ${MAX_STOCK} THEN ${MAX_STOCK} ELSE ${moved} END`,
      })
      .where(where);
    return;
  }
  await tx
    .update(productSizes)
    .set({ ...positionChange, stock })
    .where(where);
}

/**
 * Sets a product's sizes (add and edit): `lines` in the seller's order, or one line with size '' for a product
 * without sizes. Sizes that are no longer listed are removed (carts holding them show them as unavailable;
 * orders keep their label). Inside the caller's transaction.
 */
export async function saveStockLines(tx: Tx, productId: string, lines: readonly CountChange[]): Promise<void> {
  const current = new Set((await stockLinesOf(tx, productId)).map((line) => line.size));
  const sizes = lines.map((line) => line.size);
  await tx
    .delete(productSizes)
    .where(and(eq(productSizes.productId, productId), sizes.length ? notInArray(productSizes.size, sizes) : undefined));
  for (const [position, line] of lines.entries()) {
    if (current.has(line.size)) await applyCount(tx, productId, line, position);
    else await tx.insert(productSizes).values({ productId, size: line.size, position, stock: line.stock });
  }
}

/**
 * The product list's count form: changes the counts of existing sizes of one product (others untouched).
 * Returns the product's lines afterwards; refuses a size the product does not have.
 */
export async function changeCounts(productId: string, changes: readonly CountChange[]): Promise<SizeStock[]> {
  return transaction(async (tx) => {
    const current = new Set((await stockLinesOf(tx, productId)).map((line) => line.size));
    if (current.size === 0) refuse("Product not found", 404);
    for (const change of changes) {
      if (!current.has(change.size)) {
        refuse(
          change.size === NO_SIZE
            ? "This product has sizes now: reload the list."
            : `There is no size ${change.size} any more: reload the list.`,
          409,
        );
      }
      await applyCount(tx, productId, change);
    }
    return stockLinesOf(tx, productId);
  });
}

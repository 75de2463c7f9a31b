// Placing orders and listing a shopper's orders. Everything an order stores is recomputed here from
// the database: the client's prices, totals and user ids are never trusted.
import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { db } from "#app/lib/db.server.ts";
import { ID_PATTERN, newId } from "#app/lib/ids.ts";
import { computeTotals } from "#app/lib/money.ts";
import { addresses, cartItems, orderItems, orders, type PaymentType, products } from "#db/schema.ts";
import { addressSnapshot } from "./addresses.server.ts";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "./cart.server.ts";

export type OrderLineInput = { productId: string; quantity: number };
export type Order = typeof orders.$inferSelect;
export type PlacedLine = { productId: string; name: string; quantity: number; unitPriceCents: number };

/** A refused order: the message is shown to the shopper; status is the HTTP status to answer with. */
export class OrderError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** The one rule for which orders count as placed: every COD order, and Online orders only once paid. */
export const placedOrderCondition: SQL = sql`(${orders.paymentType} = 'COD' OR ${orders.isPaid} = 1)`;

const REQUEST_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** Checks the lines' shape: ids we generate, whole quantities 1..99, one line per product. */
function normaliseLines(items: unknown): OrderLineInput[] {
  if (!Array.isArray(items)) throw new OrderError("The order items must be a list.");
  if (items.length === 0) throw new OrderError("Your cart is empty.");
  if (items.length > MAX_CART_LINES) throw new OrderError(`An order can hold at most ${MAX_CART_LINES} products.`);
  const merged = new Map<string, number>();
  for (const item of items) {
    const { productId, quantity } = (item ?? {}) as Partial<OrderLineInput>;
    if (typeof productId !== "string" || !ID_PATTERN.test(productId)) {
      throw new OrderError("Invalid product id in the order.");
    }
    if (typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY) {
      throw new OrderError(`Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}.`);
    }
    const total = (merged.get(productId) ?? 0) + quantity;
    if (total > MAX_LINE_QUANTITY) {
      throw new OrderError(`Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}.`);
    }
    merged.set(productId, total);
  }
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

function orderLines(tx: Pick<ReturnType<typeof db>, "select">, orderId: string): PlacedLine[] {
  return tx
    .select({
      productId: orderItems.productId,
      name: products.name,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(sql`${orderItems}.rowid`)
    .all();
}

/**
 * Recomputes everything from the database in ONE synchronous immediate transaction: products exist, not
 * removed, in stock; quantities whole 1..99; address belongs to the user ('Please select an address' when
 * missing); unit prices from products (client prices/userIds ignored). Stores order + order_items
 * (unitPriceCents) + address snapshot; status 'Order Placed'; isPaid false; clears the user's saved cart
 * in the same transaction. A repeated requestKey for the same user returns the existing order with
 * created=false instead of a second order.
 */
export function placeOrder(input: {
  userId: string;
  addressId: string | null | undefined;
  items: OrderLineInput[];
  paymentType: "COD" | "Online";
  requestKey?: string | null;
}): { order: Order; lines: PlacedLine[]; created: boolean } {
  const { userId, addressId, paymentType } = input;
  const paymentTypes: PaymentType[] = ["COD", "Online"];
  if (!paymentTypes.includes(paymentType)) throw new OrderError("Please choose a payment method.");
  const requestKey = input.requestKey ?? null;
  if (requestKey !== null && (typeof requestKey !== "string" || !REQUEST_KEY.test(requestKey))) {
    throw new OrderError("Invalid request key.");
  }

  return db().transaction(
    (tx) => {
      // The same form submitted again (double click, reload, back and resubmit): the first order stands.
      if (requestKey) {
        const existing = tx
          .select()
          .from(orders)
          .where(and(eq(orders.userId, userId), eq(orders.requestKey, requestKey)))
          .get();
        if (existing) return { order: existing, lines: orderLines(tx, existing.id), created: false };
      }

      if (!addressId) throw new OrderError("Please select an address");
      const address =
        typeof addressId === "string" && ID_PATTERN.test(addressId)
          ? tx
              .select()
              .from(addresses)
              .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
              .get()
          : undefined;
      if (!address) throw new OrderError("Please select an address");

      const wanted = normaliseLines(input.items);
      const rows = tx
        .select({
          id: products.id,
          name: products.name,
          offerPriceCents: products.offerPriceCents,
          inStock: products.inStock,
          removedAt: products.removedAt,
        })
        .from(products)
        .where(
          inArray(
            products.id,
            wanted.map((l) => l.productId),
          ),
        )
        .all();
      const byId = new Map(rows.map((r) => [r.id, r]));
      const lines: PlacedLine[] = wanted.map(({ productId, quantity }) => {
        const product = byId.get(productId);
        if (!product) throw new OrderError("A product in your order does not exist.", 404);
        if (product.removedAt !== null) throw new OrderError(`${product.name} is no longer available.`, 409);
        if (!product.inStock) throw new OrderError(`${product.name} is out of stock.`, 409);
        return { productId, name: product.name, quantity, unitPriceCents: product.offerPriceCents };
      });

      const totals = computeTotals(lines);
      const order = tx
        .insert(orders)
        .values({
          id: newId(),
          userId,
          paymentType,
          subtotalCents: totals.subtotalCents,
          taxCents: totals.taxCents,
          amountCents: totals.totalCents,
          status: "Order Placed",
          isPaid: false,
          addressId: address.id,
          address: addressSnapshot(address),
          requestKey,
        })
        .returning()
        .get();
      for (const line of lines) {
        tx.insert(orderItems)
          .values({
            id: newId(),
            orderId: order.id,
            productId: line.productId,
            quantity: line.quantity,
            unitPriceCents: line.unitPriceCents,
          })
          .run();
      }
      tx.delete(cartItems).where(eq(cartItems.userId, userId)).run();
      return { order, lines, created: true };
    },
    { behavior: "immediate" },
  );
}

export type UserOrderLine = {
  productId: string;
  name: string;
  category: string;
  image: string | null;
  quantity: number;
  unitPriceCents: number;
  lineCents: number;
};
export type UserOrder = Order & { lines: UserOrderLine[] };

/** A stored order line with its product as it is now; product is null when the product row is gone. */
export type OrderLineWithProduct = {
  productId: string;
  quantity: number;
  unitPriceCents: number;
  product: { id: string; name: string; category: string; images: string[]; offerPriceCents: number } | null;
};

/**
 * The lines of these orders joined with their products (a LEFT join: a product row can only vanish with
 * foreign keys off, and the order must still list), grouped by order id, in the order they were stored.
 */
export function orderLinesFor(orderIds: string[]): Map<string, OrderLineWithProduct[]> {
  const byOrder = new Map<string, OrderLineWithProduct[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = db()
    .select({
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
      product: {
        id: products.id,
        name: products.name,
        category: products.category,
        images: products.images,
        offerPriceCents: products.offerPriceCents,
      },
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(sql`${orderItems}.rowid`)
    .all();
  for (const { orderId, ...row } of rows) {
    const line = { ...row, quantity: row.quantity || 1 };
    const lines = byOrder.get(orderId);
    if (lines) lines.push(line);
    else byOrder.set(orderId, [line]);
  }
  return byOrder;
}

/** The shopper's placed orders, newest first, with their lines (a line whose product row is gone is left out). */
export function listUserOrders(userId: string): UserOrder[] {
  const list = db()
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), placedOrderCondition))
    .orderBy(desc(orders.createdAt), desc(sql`${orders}.rowid`))
    .all();
  const linesByOrder = orderLinesFor(list.map((o) => o.id));
  return list.map((order) => ({ ...order, lines: (linesByOrder.get(order.id) ?? []).flatMap(userOrderLine) }));
}

/** A line as My Orders shows it, or none when its product row is gone. */
function userOrderLine({ productId, quantity, unitPriceCents, product }: OrderLineWithProduct): UserOrderLine[] {
  if (!product) return [];
  return [
    {
      productId,
      name: product.name,
      category: product.category,
      image: product.images[0] ?? null,
      quantity,
      unitPriceCents,
      lineCents: computeTotals([{ unitPriceCents, quantity }]).subtotalCents,
    },
  ];
}

// A shopper's orders read back: the placed ones with their lines as My Orders shows them, and the address an
// order was sent to.
import { and, desc, eq } from "drizzle-orm";
import { db } from "#app/lib/db.server.ts";
import { lineAmount } from "#app/lib/money.ts";
import { orders } from "#db/tables.ts";
import { type Order, placedOrderCondition } from "./order-checks.server.ts";
import { type OrderLine, orderLinesIn } from "./order-lines.server.ts";

/** The id of the address an order was sent to, even when that address was deleted since (null: not known). */
export function orderAddressId(order: Pick<Order, "address" | "addressId">): string | null {
  const kept = (order.address as { id?: unknown } | null)?.id;
  return typeof kept === "string" ? kept : order.addressId;
}

export type UserOrderLine = {
  productId: string;
  /** The size ordered ('' for a product without sizes). */
  size: string;
  name: string;
  category: string;
  image: string | null;
  quantity: number;
  unitPriceCents: number;
  lineCents: number;
};
export type UserOrder = Order & { lines: UserOrderLine[] };

/** The shopper's placed orders, newest first, with their lines (a line whose product row is gone is left out). */
export async function listUserOrders(userId: string): Promise<UserOrder[]> {
  const list = await db()
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), placedOrderCondition))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const linesByOrder = await orderLinesIn(
    db(),
    list.map((o) => o.id),
  );
  return list.map((order) => ({ ...order, lines: (linesByOrder.get(order.id) ?? []).flatMap(userOrderLine) }));
}

/** A line as My Orders shows it, or none when its product row is gone. */
function userOrderLine({ productId, size, quantity, unitPriceCents, product }: OrderLine): UserOrderLine[] {
  if (!product) return [];
  return [
    {
      productId,
      size,
      name: product.name,
      category: product.category,
      image: product.images[0] ?? null,
      quantity,
      unitPriceCents,
      lineCents: lineAmount({ unitPriceCents, quantity }),
    },
  ];
}

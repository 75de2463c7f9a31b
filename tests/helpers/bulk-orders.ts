// Many orders at once, straight into the test's database: one transaction, a few hundred rows per statement. For
// the tests that need thousands of orders (the overview and exports at 100,000); amounts follow the store's rule.
import { transaction } from "#app/lib/db.server.ts";
import { computeTotals, DEFAULT_PRICING } from "#app/lib/money.ts";
import { type OrderAddress, type OrderStatus, orderItems, orders, type PaymentType } from "#db/tables.ts";

export type BulkOrder = {
  id: string;
  userId: string;
  paymentType: PaymentType;
  status: OrderStatus;
  isPaid: boolean;
  createdAt: number;
  lines: { productId: string; quantity: number; unitPriceCents: number }[];
};

const ADDRESS: OrderAddress = {
  firstName: "Bulk",
  lastName: "Buyer",
  email: "",
  street: "1 Test Road",
  city: "Pune",
  state: "MH",
  zipcode: "411001",
  country: "India",
  phone: "+91 90000 00000",
};

/** Rows per INSERT statement (SQLite caps the parameters of one statement). */
const CHUNK = 500;

export async function insertOrders(list: Iterable<BulkOrder>): Promise<number> {
  let count = 0;
  await transaction(async (tx) => {
    let orderRows: (typeof orders.$inferInsert)[] = [];
    let lineRows: (typeof orderItems.$inferInsert)[] = [];
    const flush = async () => {
      // Orders first: their lines point at them.
      if (orderRows.length > 0) await tx.insert(orders).values(orderRows);
      for (let i = 0; i < lineRows.length; i += CHUNK) await tx.insert(orderItems).values(lineRows.slice(i, i + CHUNK));
      orderRows = [];
      lineRows = [];
    };
    for (const o of list) {
      const totals = computeTotals(o.lines, DEFAULT_PRICING);
      orderRows.push({
        id: o.id,
        userId: o.userId,
        paymentType: o.paymentType,
        subtotalCents: totals.subtotalCents,
        taxCents: totals.taxCents,
        amountCents: totals.totalCents,
        status: o.status,
        isPaid: o.isPaid,
        paidAt: o.isPaid ? o.createdAt : null,
        address: ADDRESS,
        createdAt: o.createdAt,
      });
      o.lines.forEach((line, position) => {
        lineRows.push({
          id: `${o.id}-${position}`,
          orderId: o.id,
          productId: line.productId,
          quantity: line.quantity,
          unitPriceCents: line.unitPriceCents,
          position,
        });
      });
      count++;
      if (orderRows.length >= CHUNK) await flush();
    }
    await flush();
  });
  return count;
}

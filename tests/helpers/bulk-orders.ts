// Many orders at once, straight into the test's SQLite file: one transaction, prepared statements. For the
// tests that need thousands of orders (the overview and exports at 100,000); amounts follow the store's rule.
import { db } from "#app/lib/db.server.ts";
import { computeTotals, DEFAULT_PRICING } from "#app/lib/money.ts";
import type { OrderStatus, PaymentType } from "#db/schema.ts";

export type BulkOrder = {
  id: string;
  userId: string;
  paymentType: PaymentType;
  status: OrderStatus;
  isPaid: boolean;
  createdAt: number;
  lines: { productId: string; quantity: number; unitPriceCents: number }[];
};

const ADDRESS = JSON.stringify({
  firstName: "Bulk",
  lastName: "Buyer",
  email: "",
  street: "1 Test Road",
  city: "Pune",
  state: "MH",
  zipcode: "411001",
  country: "India",
  phone: "+91 90000 00000",
});

export function insertOrders(list: Iterable<BulkOrder>): number {
  const client = db().$client;
  const order = client.prepare(
    `INSERT INTO orders (id, user_id, payment_type, subtotal_cents, tax_cents, amount_cents, status, is_paid, paid_at, address, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const item = client.prepare(
    "INSERT INTO order_items (id, order_id, product_id, quantity, unit_price_cents, position) VALUES (?, ?, ?, ?, ?, ?)",
  );
  let count = 0;
  client.transaction(() => {
    for (const o of list) {
      const totals = computeTotals(o.lines, DEFAULT_PRICING);
      order.run(
        o.id,
        o.userId,
        o.paymentType,
        totals.subtotalCents,
        totals.taxCents,
        totals.totalCents,
        o.status,
        o.isPaid ? 1 : 0,
        o.isPaid ? o.createdAt : null,
        ADDRESS,
        o.createdAt,
      );
      o.lines.forEach((line, position) => {
        item.run(`${o.id}-${position}`, o.id, line.productId, line.quantity, line.unitPriceCents, position);
      });
      count++;
    }
  })();
  return count;
}

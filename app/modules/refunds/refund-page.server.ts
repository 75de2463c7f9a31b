// What the seller's refund page and the order lists show about an order's money: its refunds, what is left to
// refund by line and in all, what may be done now (or why not), and the refunds, returns and exports of many
// orders at once for lists and /api.
import { inArray } from "drizzle-orm";
import { db, type Tx } from "#app/lib/db.server.ts";
import { lineName } from "#app/modules/inventory/shared/sizes.ts";
import { MISSING_PRODUCT_NAME, orderLinesIn } from "#app/modules/orders/index.server.ts";
import { orderPayments, refunds } from "#db/tables.ts";
import {
  counts,
  isReturned,
  ledgerOf,
  linesAmount,
  needsRetry,
  type OrderRow,
  orderOf,
  type RefundLabel,
  type RefundRow,
  refundedUnits,
  refundLabel,
  refundRules,
} from "./refund-rules.server.ts";

export type MoneyFacts = {
  refundStatus: RefundLabel | null;
  /** Refunds that went through. */
  refundedCents: number;
  /** A delivered order that came back. */
  returned: boolean;
  /** A cash order marked paid that an orders CSV has carried (its payment can no longer be undone). */
  exported: boolean;
  /** The refund a "Try again" sends again: failed, or never confirmed by Stripe. */
  retryRefundId: string | null;
};

/** Refunds, returns and exports of these orders (orders with none are absent), for lists and /api. */
export async function moneyFactsOf(
  list: readonly { id: string; amountCents: number }[],
): Promise<Map<string, MoneyFacts>> {
  const facts = new Map<string, MoneyFacts>();
  if (list.length === 0) return facts;
  const ids = list.map((o) => o.id);
  const rows = await db().select().from(refunds).where(inArray(refunds.orderId, ids));
  const payments = await db().select().from(orderPayments).where(inArray(orderPayments.orderId, ids));
  const extras = new Map(payments.map((row) => [row.orderId, row]));
  for (const order of list) {
    const own = rows.filter((r) => r.orderId === order.id);
    const extra = extras.get(order.id);
    if (own.length === 0 && !extra?.returnedAt && !extra?.exportedAt) continue;
    facts.set(order.id, {
      refundStatus: refundLabel(own, order.amountCents),
      refundedCents: own.filter((r) => r.status === "succeeded").reduce((sum, r) => sum + r.amountCents, 0),
      returned: Boolean(extra?.returnedAt),
      exported: Boolean(extra?.exportedAt),
      retryRefundId: own.find(needsRetry)?.id ?? null,
    });
  }
  return facts;
}

export type RefundPageLine = {
  index: number;
  name: string;
  quantity: number;
  unitPriceCents: number;
  /** Units not refunded yet by line. */
  refundable: number;
  /** What refunding those units gives back: their price less their share of the discount, with tax added on top. */
  refundableCents: number;
};

export type RefundPage = {
  order: Pick<OrderRow, "id" | "status" | "amountCents" | "currency" | "paymentType" | "createdAt" | "taxIncluded">;
  returned: boolean;
  lines: RefundPageLine[];
  refunds: RefundRow[];
  refundStatus: RefundLabel | null;
  /** What is left to refund: paid minus pending and succeeded refunds. */
  refundableCents: number;
  canCancel: boolean;
  canRefund: boolean;
  why: string | null;
};

/** The seller's refund page for an order (404 for an order the seller does not see). */
export async function refundPage(orderId: unknown): Promise<RefundPage> {
  // Read outside any transaction, through the read connection (the helpers take a Tx for their writers' sake).
  const tx = db() as unknown as Tx;
  const order = await orderOf(tx, orderId);
  const rows = await ledgerOf(tx, order.id);
  const returned = await isReturned(tx, order.id);
  const done = refundedUnits(rows);
  const orderLines = (await orderLinesIn(tx, [order.id])).get(order.id) ?? [];
  const taken = rows.filter(counts).reduce((sum, r) => sum + r.amountCents, 0);
  const refundableCents = Math.max(0, order.amountCents - taken);
  const lines = orderLines.map((line, index) => {
    const refundable = Math.max(0, line.quantity - (done.get(index) ?? 0));
    return {
      index,
      name: lineName(line.product?.name ?? MISSING_PRODUCT_NAME, line.size),
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      refundable,
      refundableCents:
        refundable === 0
          ? 0
          : Math.min(
              refundableCents,
              linesAmount(order, orderLines, [{ position: index, quantity: refundable }], done),
            ),
    };
  });
  const rules = refundRules(order, returned);
  return {
    order: {
      id: order.id,
      status: order.status,
      amountCents: order.amountCents,
      currency: order.currency,
      paymentType: order.paymentType,
      createdAt: order.createdAt,
      taxIncluded: order.taxIncluded,
    },
    returned,
    lines,
    refunds: rows,
    refundStatus: refundLabel(rows, order.amountCents),
    refundableCents,
    canCancel: rules.canCancel,
    canRefund: rules.canRefund && refundableCents > 0,
    why: rules.why ?? (refundableCents > 0 ? null : nothingLeft(order, rules.canCancel)),
  };
}

/** Why nothing can be refunded (and, for an order not shipped yet, that it can still be cancelled). */
function nothingLeft(order: OrderRow, canCancel: boolean): string {
  if (!canCancel) return "Everything paid for this order has been refunded.";
  return order.amountCents === 0
    ? "Nothing was paid for this order: cancelling it refunds nothing and puts its units back in stock."
    : "Everything paid for this order has been refunded: cancelling it puts its units back in stock.";
}

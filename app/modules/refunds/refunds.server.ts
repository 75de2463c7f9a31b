// Refunds of paid online orders, through Stripe, kept in the `refunds` ledger. The rules that keep a refund
// from being lost or made twice:
// - A refund is first a ledger row with its own idempotency key (the form's token: a double click or a resent
//   form finds the same row), written in one immediate transaction that also checks that pending and succeeded
//   refunds never exceed what was paid; only then is `stripe.refunds.create` called with that key, so a retry
//   of the same row replays Stripe's first answer instead of refunding again.
// - Stripe's answer and its events (`refund.created`, `refund.updated`, `refund.failed`, `charge.refunded`)
//   all go through applyStripeRefund, which finds the row by the Stripe id or by the row id sent as metadata,
//   only moves a status forward, and records a refund made in Stripe's dashboard (found by the payment intent)
//   as a row of its own. Each event is claimed (claimStripeEvent, the checkout module's) in the same transaction
//   as its effect.
// - A refund Stripe refused or that failed later stays a failed row (it counts for nothing) until the seller
//   tries again: a new row with a key made from the failed one, so "Try again" twice is one new refund.
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import Stripe from "stripe";
import { db, first, type Tx, takeTurnsOn, transaction } from "#app/lib/db.server.ts";
import { ID_PATTERN, newId } from "#app/lib/ids.ts";
import { computeTotals, DEFAULT_PRICING, formatMoney, lineAmount, shareOut } from "#app/lib/money.ts";
import { fieldErrorsOf, Refusal, refuse } from "#app/lib/refusal.ts";
import { bumpCatalogueVersion } from "#app/modules/catalog/index.server.ts";
import { claimStripeEvent, stripeClient } from "#app/modules/checkout/index.server.ts";
import { returnLineUnits } from "#app/modules/inventory/index.server.ts";
import { lineName } from "#app/modules/inventory/shared/sizes.ts";
import {
  cancelForRefund,
  enqueueRefundMail,
  MISSING_PRODUCT_NAME,
  type OrderLine,
  orderLinesIn,
  recordPaymentIntent,
} from "#app/modules/orders/index.server.ts";
import { type RefundForm, refundFormSchema } from "#app/modules/refunds/shared/refund-schema.ts";
import { shopSettings } from "#app/modules/shop/index.server.ts";
import { type OrderStatus, orderPayments, orders, type RefundLine, type RefundState, refunds } from "#db/tables.ts";

export type RefundRow = typeof refunds.$inferSelect;
export type RefundLabel = "Refunded" | "Partly refunded" | "Refund pending" | "Refund failed";

/** Statuses that take money back out of what is left to refund. */
const COUNTING: RefundState[] = ["pending", "succeeded"];

const counts = (row: Pick<RefundRow, "status">) => COUNTING.includes(row.status);

/** Where a refund's status may go: never back to pending, and a failed or canceled one stays so. */
function mayMove(from: RefundState, to: RefundState): boolean {
  if (from === to) return false;
  if (from === "pending") return true;
  return from === "succeeded" && to === "failed";
}

/** The order's refund state as the seller's list, My Orders and /api show it; null when nothing was refunded. */
export function refundLabel(rows: readonly RefundRow[], paidCents: number): RefundLabel | null {
  if (rows.some((r) => r.status === "pending")) return "Refund pending";
  if (rows.some((r) => r.status === "failed" && r.retriedAt === null)) return "Refund failed";
  const refunded = rows.filter((r) => r.status === "succeeded").reduce((sum, r) => sum + r.amountCents, 0);
  if (refunded <= 0) return null;
  return refunded >= paidCents ? "Refunded" : "Partly refunded";
}

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

/** A refund the seller can try again: failed and not retried yet, or one Stripe could not be reached for. */
export const needsRetry = (row: RefundRow) =>
  (row.status === "failed" && row.retriedAt === null) ||
  (row.status === "pending" && row.stripeRefundId === null && row.failure !== null);

type OrderRow = typeof orders.$inferSelect;

async function orderOf(tx: Tx, orderId: unknown): Promise<OrderRow> {
  if (typeof orderId !== "string" || !ID_PATTERN.test(orderId)) refuse("Order not found", 404);
  const order = await first(tx.select().from(orders).where(eq(orders.id, orderId)));
  // The seller sees cash orders and paid online ones only.
  if (!order || (order.paymentType === "Online" && !order.isPaid)) refuse("Order not found", 404);
  return order;
}

/** What may be done with the order's money now: cancel and refund, refund, or nothing (and why). */
function refundRules(
  order: OrderRow,
  returned: boolean,
): { canCancel: boolean; canRefund: boolean; why: string | null } {
  if (order.paymentType !== "Online") {
    return { canCancel: false, canRefund: false, why: "Cash orders are not refunded through the store." };
  }
  const byStatus: Record<OrderStatus, { canCancel: boolean; canRefund: boolean; why: string | null }> = {
    "Order Placed": { canCancel: true, canRefund: true, why: null },
    Shipped: {
      canCancel: false,
      canRefund: false,
      why: "The order has shipped: it can no longer be cancelled. Once it is delivered and comes back, mark it returned and refund it.",
    },
    Delivered: returned
      ? { canCancel: false, canRefund: true, why: null }
      : {
          canCancel: false,
          canRefund: false,
          why: "A delivered order is refunded once it has come back: mark it returned first.",
        },
    Cancelled: { canCancel: false, canRefund: true, why: null },
  };
  return byStatus[order.status];
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

/** Units of each line (by index) already refunded by line, by refunds that count (or that put units back). */
function refundedUnits(rows: readonly RefundRow[], restockedOnly = false): Map<number, number> {
  const units = new Map<number, number>();
  for (const row of rows) {
    if (restockedOnly ? !row.restock : !counts(row)) continue;
    for (const line of row.lines ?? []) units.set(line.position, (units.get(line.position) ?? 0) + line.quantity);
  }
  return units;
}

function ledgerOf(tx: Tx, orderId: string): Promise<RefundRow[]> {
  return tx.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(desc(refunds.createdAt));
}

const isReturned = async (tx: Tx, orderId: string) =>
  Boolean(
    (
      await first(
        tx.select({ at: orderPayments.returnedAt }).from(orderPayments).where(eq(orderPayments.orderId, orderId)),
      )
    )?.at,
  );

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

/** Checks the refund form; a Refusal names the fields at fault. */
export function parseRefundForm(input: unknown, currency: string, locale?: string): RefundForm {
  const parsed = refundFormSchema(currency, locale).safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error);
    throw new Refusal(Object.values(errors)[0] ?? "Please check the form.", 400, errors);
  }
  return parsed.data;
}

/**
 * Each line's share of the order's discount, as stored when it was placed. An order placed before shares were
 * stored (decision 0215) spreads its discount over all its lines by their amounts, as computeTotals does for a
 * code that applies to every line.
 */
function discountShares(order: Pick<OrderRow, "discountCents">, lines: readonly OrderLine[]): number[] {
  if (lines.every((line) => typeof line.discountCents === "number"))
    return lines.map((line) => line.discountCents ?? 0);
  return shareOut(order.discountCents, lines.map(lineAmount));
}

/**
 * The amount of a refund by line, as the order computed it: the units' prices less their line's share of the
 * order's discount, and the tax on that when it was added on top (at the order's own rate; shipping is not refunded
 * by line). A line's share goes back unit by unit, counted from the units refunded before (`done`), so refunding
 * all of a line's units in several refunds gives back its share exactly.
 */
function linesAmount(
  order: Pick<OrderRow, "discountCents" | "taxRateBasisPoints" | "taxIncluded">,
  orderLines: readonly OrderLine[],
  refunded: readonly RefundLine[],
  done: ReadonlyMap<number, number>,
): number {
  const shares = discountShares(order, orderLines);
  let goodsCents = 0;
  for (const { position, quantity } of refunded) {
    const line = orderLines[position];
    if (!line) continue;
    const share = shares[position] ?? 0;
    const before = done.get(position) ?? 0;
    const shareOf = (units: number) => Math.floor((share * units) / line.quantity);
    goodsCents +=
      lineAmount({ unitPriceCents: line.unitPriceCents, quantity }) - (shareOf(before + quantity) - shareOf(before));
  }
  const pricing = { ...DEFAULT_PRICING, taxRateBasisPoints: order.taxRateBasisPoints, taxIncluded: order.taxIncluded };
  return computeTotals([{ unitPriceCents: goodsCents, quantity: 1 }], pricing).totalCents;
}

/** Whether every unit of every line has been refunded by line, counting `more`. */
function everyUnitRefunded(orderLines: readonly OrderLine[], rows: readonly RefundRow[], more: readonly RefundLine[]) {
  const units = refundedUnits(rows);
  for (const line of more) units.set(line.position, (units.get(line.position) ?? 0) + line.quantity);
  return orderLines.every((line, index) => (units.get(index) ?? 0) >= line.quantity);
}

/**
 * The seller asks for a refund (and, for `kind: "cancel"`, cancels the order). Writes the ledger row first, then
 * asks Stripe. The same form sent twice (same requestKey) makes one refund. An order not shipped yet is cancelled
 * too when the refund leaves none of its units or nothing of what was paid (decision 0216): then all that is left
 * goes back. Returns the row as it stands (null when the order was cancelled with nothing left to refund: an
 * order paid $0, or refunded in full before) and whether the order is cancelled by it.
 */
export async function requestRefund(
  orderId: unknown,
  form: RefundForm,
): Promise<{ refund: RefundRow | null; cancelled: boolean }> {
  const { row, cancelled } = await transaction(async (tx): Promise<{ row: RefundRow | null; cancelled: boolean }> => {
    // One refund decision per order at a time (before the order is read): the same form twice, or two forms,
    // see each other's row and the order as the other left it.
    await takeTurnsOn(tx, [`refunds:${String(orderId)}`]);
    const order = await orderOf(tx, orderId);
    const existing = await first(tx.select().from(refunds).where(eq(refunds.idempotencyKey, form.requestKey)));
    if (existing) {
      if (existing.orderId !== order.id) refuse("This form has expired. Please open it again.", 409);
      return { row: existing, cancelled: false };
    }
    const rows = await ledgerOf(tx, order.id);
    const rules = refundRules(order, await isReturned(tx, order.id));
    const left = order.amountCents - rows.filter(counts).reduce((sum, r) => sum + r.amountCents, 0);
    if (form.kind === "cancel" && left <= 0) {
      // Nothing to pay back: only the cancel. The same form again finds the order cancelled already.
      if (order.status === "Cancelled") return { row: null, cancelled: false };
      if (!rules.canCancel) refuse(rules.why ?? "This order can no longer be cancelled.", 409);
      await cancelForRefund(tx, order.id, refundedUnits(rows, true));
      return { row: null, cancelled: true };
    }
    if (form.kind === "cancel" && !rules.canCancel) refuse(rules.why ?? "This order can no longer be cancelled.", 409);
    if (!rules.canRefund) refuse(rules.why ?? "This order cannot be refunded.", 409);
    if (left <= 0) refuse("Everything paid for this order has been refunded already.", 409);
    const orderLines = (await orderLinesIn(tx, [order.id])).get(order.id) ?? [];
    let amountCents = left;
    let lines: RefundLine[] | null = null;
    if (form.kind === "lines") {
      const done = refundedUnits(rows);
      lines = [];
      for (const [index, quantity] of form.lines.entries()) {
        if (quantity === 0) continue;
        const line = orderLines[index];
        if (!line) refuse("That line is not in this order.", 400);
        const refundable = line.quantity - (done.get(index) ?? 0);
        if (quantity > refundable) {
          refuse(`Only ${refundable} of ${line.product?.name ?? MISSING_PRODUCT_NAME} can still be refunded.`, 400, {
            [`qty-${index}`]: `At most ${refundable}.`,
          });
        }
        lines.push({ position: index, quantity });
      }
      if (lines.length === 0) refuse("Choose how many units of each line to refund.", 400);
      amountCents = Math.min(left, linesAmount(order, orderLines, lines, done));
    } else if (form.kind === "amount") {
      if (form.amount === null) refuse("Enter the amount to refund.", 400, { amount: "Enter the amount to refund." });
      if (form.amount > left) {
        refuse(
          `Only ${formatMoney(left, order.currency, (await shopSettings()).locale)} is left to refund on this order.`,
          400,
          {
            amount: `At most ${formatMoney(left, order.currency, (await shopSettings()).locale)}.`,
          },
        );
      }
      amountCents = form.amount;
    }
    // An order not shipped yet that keeps no unit, or nothing of what was paid, is not sent: it is cancelled, and
    // what is left (shipping, a cent of rounding) goes back with it.
    const cancels =
      form.kind === "cancel" ||
      (rules.canCancel && (amountCents >= left || (lines !== null && everyUnitRefunded(orderLines, rows, lines))));
    if (cancels) amountCents = left;
    const now = Date.now();
    const [inserted] = await tx
      .insert(refunds)
      .values({
        id: newId(),
        orderId: order.id,
        amountCents,
        reason: form.reason,
        status: "pending",
        idempotencyKey: form.requestKey,
        restock: form.restock && lines !== null,
        lines,
        updatedAt: now,
      })
      .returning();
    if (form.restock && lines) {
      for (const line of lines) await returnLineUnits(tx, order.id, line.position, line.quantity);
    }
    if (cancels) await cancelForRefund(tx, order.id, refundedUnits([...rows, inserted!], true));
    return { row: inserted!, cancelled: cancels };
  });
  if (!row || row.stripeRefundId || row.status !== "pending") return { refund: row, cancelled };
  return { refund: await sendToStripe(row), cancelled };
}

/**
 * Tries a refund again: one Stripe never confirmed is sent again with its own key (if Stripe made it, its
 * first answer comes back); one Stripe refused or that failed becomes a new row (key `retry:<row id>`, so a
 * second click finds it) for the same amount and lines.
 */
export async function retryRefund(orderId: unknown, refundId: unknown): Promise<RefundRow> {
  const row = await transaction(async (tx) => {
    await takeTurnsOn(tx, [`refunds:${String(orderId)}`]);
    const order = await orderOf(tx, orderId);
    if (typeof refundId !== "string" || !ID_PATTERN.test(refundId)) refuse("Refund not found", 404);
    const failed = await first(
      tx
        .select()
        .from(refunds)
        .where(and(eq(refunds.id, refundId), eq(refunds.orderId, order.id))),
    );
    if (!failed) refuse("Refund not found", 404);
    if (failed.status === "pending" && failed.stripeRefundId === null) return failed;
    const key = `retry:${failed.id}`;
    const again = await first(tx.select().from(refunds).where(eq(refunds.idempotencyKey, key)));
    if (again) return again;
    if (failed.status !== "failed" || failed.retriedAt !== null)
      refuse("Only a failed refund can be tried again.", 409);
    const left =
      order.amountCents - (await ledgerOf(tx, order.id)).filter(counts).reduce((sum, r) => sum + r.amountCents, 0);
    if (failed.amountCents > left)
      refuse(
        `Only ${formatMoney(left, order.currency, (await shopSettings()).locale)} is left to refund on this order.`,
        409,
      );
    const now = Date.now();
    await tx.update(refunds).set({ retriedAt: now, updatedAt: now }).where(eq(refunds.id, failed.id));
    const [inserted] = await tx
      .insert(refunds)
      .values({
        id: newId(),
        orderId: order.id,
        amountCents: failed.amountCents,
        reason: failed.reason,
        status: "pending",
        idempotencyKey: key,
        // The units went back with the first attempt.
        restock: false,
        lines: failed.lines,
        updatedAt: now,
      })
      .returning();
    return inserted!;
  });
  if (row.stripeRefundId || row.status !== "pending") return row;
  return sendToStripe(row);
}

/** The payment intent the order was paid with: recorded when it was paid, or read from its Checkout Session. */
async function paymentIntentOf(orderId: string): Promise<string> {
  const known = (
    await first(
      db().select({ id: orderPayments.paymentIntentId }).from(orderPayments).where(eq(orderPayments.orderId, orderId)),
    )
  )?.id;
  if (known) return known;
  const sessionId = (
    await first(db().select({ id: orders.stripeSessionId }).from(orders).where(eq(orders.id, orderId)))
  )?.id;
  if (!sessionId) throw new Error(`Order ${orderId} has no Checkout Session to refund`);
  const session = await stripeClient().checkout.sessions.retrieve(sessionId);
  const intent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
  if (!intent) throw new Error(`Checkout Session ${sessionId} has no payment intent`);
  await transaction(async (tx) => {
    await recordPaymentIntent(tx, orderId, intent);
  });
  return intent;
}

/** Asks Stripe for the row's refund, with the row's idempotency key, and records its answer. */
async function sendToStripe(row: RefundRow): Promise<RefundRow> {
  try {
    const paymentIntent = await paymentIntentOf(row.orderId);
    const refund = await stripeClient().refunds.create(
      {
        payment_intent: paymentIntent,
        amount: row.amountCents,
        ...(row.reason ? { reason: row.reason as Stripe.RefundCreateParams.Reason } : {}),
        metadata: { orderId: row.orderId, refundId: row.id },
      },
      { idempotencyKey: row.idempotencyKey },
    );
    await applyStripeRefund(refund);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      // Stripe refused it (more than is left, refunded already...): nothing was made, so it fails for good.
      await markRefused(row.id, error.message);
    } else {
      // Not known whether Stripe made it: it stays pending, and "Try again" sends the same key.
      const message = error instanceof Error ? error.message : String(error);
      console.warn(`Refund ${row.id} of order ${row.orderId} did not reach Stripe:`, message);
      await transaction(async (tx) => {
        await tx
          .update(refunds)
          .set({ failure: `Stripe could not be reached: ${message}`, updatedAt: Date.now() })
          .where(and(eq(refunds.id, row.id), isNull(refunds.stripeRefundId)));
      });
    }
  }
  return (await first(db().select().from(refunds).where(eq(refunds.id, row.id)))) ?? row;
}

async function markRefused(id: string, message: string): Promise<void> {
  await transaction(async (tx) => {
    await tx
      .update(refunds)
      .set({ status: "failed", failure: message, updatedAt: Date.now() })
      .where(and(eq(refunds.id, id), eq(refunds.status, "pending"), isNull(refunds.stripeRefundId)));
  });
}

type RefundFacts = Pick<Stripe.Refund, "id" | "amount" | "status" | "reason" | "metadata" | "payment_intent"> & {
  failure_reason?: string | null;
};

export type RefundOutcome = "recorded" | "updated" | "unchanged" | "unknown-payment" | "duplicate-event" | "ignored";

const STATES: readonly string[] = ["pending", "succeeded", "failed", "canceled"];

/**
 * THE way Stripe's word about a refund is recorded (its answer to create, and each of its events), in one
 * transaction that claims the event first. A refund that went through mails the shopper, once.
 */
export function applyStripeRefund(
  refund: RefundFacts,
  event?: Pick<Stripe.Event, "id" | "type">,
): Promise<RefundOutcome> {
  return transaction(async (tx) => {
    if (event && !(await claimStripeEvent(tx, event))) return "duplicate-event";
    return applyIn(tx, refund);
  });
}

async function applyIn(tx: Tx, refund: RefundFacts): Promise<RefundOutcome> {
  const status = (STATES.includes(refund.status ?? "") ? refund.status : "pending") as RefundState;
  const failure = refund.failure_reason ? `Stripe: ${refund.failure_reason.replaceAll("_", " ")}` : null;
  const ownId = refund.metadata?.refundId;
  let row =
    (await first(tx.select().from(refunds).where(eq(refunds.stripeRefundId, refund.id)))) ??
    (ownId && ID_PATTERN.test(ownId)
      ? await first(
          tx
            .select()
            .from(refunds)
            .where(and(eq(refunds.id, ownId), isNull(refunds.stripeRefundId))),
        )
      : undefined);
  if (!row) {
    // Made in Stripe's dashboard: recorded against the order paid with that payment intent.
    const intent = typeof refund.payment_intent === "string" ? refund.payment_intent : refund.payment_intent?.id;
    const owner = intent
      ? await first(
          tx
            .select({ orderId: orderPayments.orderId })
            .from(orderPayments)
            .where(eq(orderPayments.paymentIntentId, intent))
            .limit(1),
        )
      : undefined;
    if (!owner) return "unknown-payment";
    [row] = await tx
      .insert(refunds)
      .values({
        id: newId(),
        orderId: owner.orderId,
        amountCents: refund.amount,
        reason: refund.reason ?? null,
        status,
        stripeRefundId: refund.id,
        idempotencyKey: `stripe:${refund.id}`,
        failure,
        updatedAt: Date.now(),
      })
      .returning();
    if (status === "succeeded") await refundWentThrough(tx, row!);
    return "recorded";
  }
  const changes: Partial<RefundRow> = {};
  if (row.stripeRefundId === null) changes.stripeRefundId = refund.id;
  if (mayMove(row.status, status)) {
    changes.status = status;
    if (status !== "succeeded") changes.failure = failure;
    else changes.failure = null;
  }
  if (Object.keys(changes).length === 0) return "unchanged";
  await tx
    .update(refunds)
    .set({ ...changes, updatedAt: Date.now() })
    .where(eq(refunds.id, row.id));
  if (changes.status === "succeeded") await refundWentThrough(tx, { ...row, ...changes });
  return "updated";
}

/** A refund went through: the shopper is mailed (once), and what depends on a full refund follows. */
async function refundWentThrough(tx: Tx, row: RefundRow): Promise<void> {
  const order = await first(
    tx.select({ amountCents: orders.amountCents }).from(orders).where(eq(orders.id, row.orderId)),
  );
  if (!order) return;
  const refunded = (await ledgerOf(tx, row.orderId))
    .filter((r) => r.status === "succeeded")
    .reduce((sum, r) => sum + r.amountCents, 0);
  await enqueueRefundMail(tx, row.orderId, {
    amountCents: row.amountCents,
    full: refunded >= order.amountCents,
    refundedCents: refunded,
  });
  // A returned order refunded in full no longer makes its buyer a verified buyer (orders' keptDeliveryOf): the
  // product pages kept with the label are made again.
  if (refunded >= order.amountCents && (await isReturned(tx, row.orderId))) await bumpCatalogueVersion(tx);
}

export const REFUND_EVENT_TYPES = ["refund.created", "refund.updated", "refund.failed", "charge.refunded"];

/**
 * A verified refund event. `charge.refunded` carries the charge, not the refund: its refunds are listed from
 * Stripe and each recorded (the event is claimed with them). Throws when Stripe cannot be reached, so the
 * webhook answers 500 and Stripe sends it again.
 */
export async function handleRefundEvent(event: Stripe.Event): Promise<RefundOutcome> {
  switch (event.type) {
    case "refund.created":
    case "refund.updated":
    case "refund.failed":
      return applyStripeRefund(event.data.object, event);
    case "charge.refunded": {
      const charge = event.data.object;
      const intent = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
      if (!intent) return "ignored";
      const list = await stripeClient().refunds.list({ payment_intent: intent, limit: 100 });
      return transaction(async (tx) => {
        if (!(await claimStripeEvent(tx, event))) return "duplicate-event";
        const outcomes: RefundOutcome[] = [];
        // One after another: each may read what the one before wrote.
        for (const refund of list.data) outcomes.push(await applyIn(tx, refund));
        return outcomes.find((o) => o === "recorded" || o === "updated") ?? outcomes[0] ?? "unchanged";
      });
    }
    default:
      return "ignored";
  }
}

/** A delivered online order came back: it can be refunded now. */
export async function markReturned(orderId: unknown): Promise<void> {
  await transaction(async (tx) => {
    const order = await orderOf(tx, orderId);
    if (order.paymentType !== "Online") refuse("Only orders paid online are returned and refunded here.", 409);
    if (order.status !== "Delivered") refuse("Only a delivered order can be marked returned.", 409);
    if (await isReturned(tx, order.id)) refuse("This order is already marked returned.", 409);
    await tx
      .insert(orderPayments)
      .values({ orderId: order.id, returnedAt: Date.now() })
      .onConflictDoUpdate({ target: orderPayments.orderId, set: { returnedAt: Date.now() } });
  });
}

// The seller's requests about an order's money: a refund (by line, by amount, or with a cancel), trying a refund
// again, and marking a delivered order returned. The rules that keep a refund from being lost or made twice:
// - A refund is first a ledger row with its own idempotency key (the form's token: a double click or a resent
//   form finds the same row), written in one immediate transaction that also checks that pending and succeeded
//   refunds never exceed what was paid; only then is `stripe.refunds.create` called with that key, so a retry
//   of the same row replays Stripe's first answer instead of refunding again.
// - Stripe's answer goes through applyStripeRefund (stripe-refund-events.server.ts), as its events do.
// - A refund Stripe refused or that failed later stays a failed row (it counts for nothing) until the seller
//   tries again: a new row with a key made from the failed one, so "Try again" twice is one new refund.
import { and, eq, isNull } from "drizzle-orm";
import Stripe from "stripe";
import { db, first, takeTurnsOn, transaction } from "#app/lib/db.server.ts";
import { ID_PATTERN, newId } from "#app/lib/ids.ts";
import { formatMoney } from "#app/lib/money.ts";
import { fieldErrorsOf, Refusal, refuse } from "#app/lib/refusal.ts";
import { stripeClient } from "#app/modules/checkout/index.server.ts";
import { returnLineUnits } from "#app/modules/inventory/index.server.ts";
import {
  cancelForRefund,
  MISSING_PRODUCT_NAME,
  orderLinesIn,
  recordPaymentIntent,
} from "#app/modules/orders/index.server.ts";
import { type RefundForm, refundFormSchema } from "#app/modules/refunds/shared/refund-schema.ts";
import { shopSettings } from "#app/modules/shop/index.server.ts";
import { orderPayments, orders, type RefundLine, refunds } from "#db/tables.ts";
import {
  counts,
  everyUnitRefunded,
  isReturned,
  ledgerOf,
  linesAmount,
  orderOf,
  type RefundRow,
  refundedUnits,
  refundRules,
} from "./refund-rules.server.ts";
import { applyStripeRefund } from "./stripe-refund-events.server.ts";

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

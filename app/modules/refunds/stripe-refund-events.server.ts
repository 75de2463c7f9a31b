// Stripe's word about a refund: its answer to create and each of its events (`refund.created`, `refund.updated`,
// `refund.failed`, `charge.refunded`) all go through applyStripeRefund, which finds the row by the Stripe id or by
// the row id sent as metadata, only moves a status forward, and records a refund made in Stripe's dashboard (found
// by the payment intent) as a row of its own. Each event is claimed (claimStripeEvent, the checkout module's) in
// the same transaction as its effect.
import { and, eq, isNull } from "drizzle-orm";
import type Stripe from "stripe";
import { first, type Tx, transaction } from "#app/lib/db.server.ts";
import { ID_PATTERN, newId } from "#app/lib/ids.ts";
import { bumpCatalogueVersion } from "#app/modules/catalog/index.server.ts";
import { claimStripeEvent, stripeClient } from "#app/modules/checkout/index.server.ts";
import { enqueueRefundMail } from "#app/modules/orders/index.server.ts";
import { orderPayments, orders, type RefundState, refunds } from "#db/tables.ts";
import { isReturned, ledgerOf, type RefundRow } from "./refund-rules.server.ts";

/** Where a refund's status may go: never back to pending, and a failed or canceled one stays so. */
function mayMove(from: RefundState, to: RefundState): boolean {
  if (from === to) return false;
  if (from === "pending") return true;
  return from === "succeeded" && to === "failed";
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

// Refunds, as Stripe makes them: a paid session's payment intent and its charge (kept in
// DATA_DIR/stripe-sandbox/payments/<pi>.json, written when the session is paid), `POST /v1/refunds` against
// either, Stripe's errors for a refund larger than what is left (`amount_too_large`) and for a charge refunded
// in full already (`charge_already_refunded`), `GET /v1/refunds/:id`, `GET /v1/refunds?payment_intent=`, the
// amounts on the charge (`amount_refunded`, `refunded`), and the signed events Stripe sends: `refund.created`,
// `charge.refunded`, and for a refund that fails later `refund.updated` and `refund.failed`.
// The test switch `POST /v1/test_helpers/sandbox/fail_next_refund` with `payment_intent` (not a Stripe call)
// makes the next refund of that payment answer 'pending' and then fail, as a refund to an expired card does on
// Stripe. It is kept per payment, so tests running at once never take each other's switch.
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { sandboxDataDir } from "#app/lib/stripe-sandbox-config.server.ts";
import { StripeApiError } from "./errors.server.ts";
import { nowSeconds, stripeId } from "./objects.server.ts";
import {
  integerParam,
  metadataParam,
  optionalString,
  type Params,
  refuseUnknownParams,
  requireString,
} from "./params.server.ts";
import { readJsonFile, writeJsonAtomically } from "./store.server.ts";
import { deliverObjectEvent } from "./webhooks.server.ts";

export type SandboxRefund = {
  id: string;
  object: "refund";
  amount: number;
  balance_transaction: null;
  charge: string;
  created: number;
  currency: string;
  failure_reason?: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  receipt_number: null;
  status: "pending" | "succeeded" | "failed" | "canceled";
};

export type SandboxCharge = {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: true;
  created: number;
  currency: string;
  livemode: false;
  metadata: Record<string, string>;
  paid: true;
  payment_intent: string;
  refunded: boolean;
  status: "succeeded";
};

export type SandboxPaymentIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  created: number;
  currency: string;
  latest_charge: string;
  livemode: false;
  metadata: Record<string, string>;
  status: "succeeded";
};

type PaymentRecord = { paymentIntent: SandboxPaymentIntent; charge: SandboxCharge; refunds: SandboxRefund[] };

const PI_PATTERN = /^pi_[0-9A-Za-z]{1,100}$/;
const CHARGE_PATTERN = /^ch_[0-9A-Za-z]{1,100}$/;
const REFUND_PATTERN = /^re_[0-9A-Za-z]{1,100}$/;
const REASONS = ["duplicate", "fraudulent", "requested_by_customer"];

const paymentsDir = () => path.join(sandboxDataDir(), "payments");
const paymentFile = (id: string) => path.join(paymentsDir(), `${id}.json`);
const chargeIndexFile = (id: string) => path.join(paymentsDir(), "charges", `${id}.json`);
const refundIndexFile = (id: string) => path.join(paymentsDir(), "refunds", `${id}.json`);
const failNextFile = (paymentIntentId: string) => path.join(paymentsDir(), "fail-next", `${paymentIntentId}.json`);

function loadPayment(paymentIntentId: string): PaymentRecord | null {
  if (!PI_PATTERN.test(paymentIntentId)) return null;
  return readJsonFile<PaymentRecord>(paymentFile(paymentIntentId));
}

const savePayment = (record: PaymentRecord) => writeJsonAtomically(paymentFile(record.paymentIntent.id), record);

/** A session was just paid: its payment intent and charge, for the amount paid. Returns the payment intent's id. */
export function recordPayment(amount: number, currency: string, metadata: Record<string, string>): string {
  const created = nowSeconds();
  const paymentIntentId = stripeId("pi");
  const chargeId = stripeId("ch");
  savePayment({
    paymentIntent: {
      id: paymentIntentId,
      object: "payment_intent",
      amount,
      amount_received: amount,
      created,
      currency,
      latest_charge: chargeId,
      livemode: false,
      metadata,
      status: "succeeded",
    },
    charge: {
      id: chargeId,
      object: "charge",
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      captured: true,
      created,
      currency,
      livemode: false,
      metadata,
      paid: true,
      payment_intent: paymentIntentId,
      refunded: false,
      status: "succeeded",
    },
    refunds: [],
  });
  writeJsonAtomically(chargeIndexFile(chargeId), { paymentIntent: paymentIntentId });
  return paymentIntentId;
}

const noSuch = (kind: string, id: string, param: string) =>
  new StripeApiError(404, `No such ${kind}: '${id}'`, { param, code: "resource_missing" });

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** What is refunded on the charge: succeeded and pending refunds (a failed or canceled one gives its amount back). */
const refundedOf = (record: PaymentRecord) =>
  record.refunds
    .filter((r) => r.status === "pending" || r.status === "succeeded")
    .reduce((sum, r) => sum + r.amount, 0);

function updateChargeAmounts(record: PaymentRecord) {
  record.charge.amount_refunded = refundedOf(record);
  record.charge.refunded = record.charge.amount_refunded >= record.charge.amount;
}

function paymentOfParams(params: Params): PaymentRecord {
  if (params.payment_intent !== undefined) {
    const id = requireString(params, "payment_intent");
    const record = loadPayment(id);
    if (!record) throw noSuch("payment_intent", id, "payment_intent");
    return record;
  }
  if (params.charge !== undefined) {
    const id = requireString(params, "charge");
    const index = CHARGE_PATTERN.test(id) ? readJsonFile<{ paymentIntent: string }>(chargeIndexFile(id)) : null;
    const record = index ? loadPayment(index.paymentIntent) : null;
    if (!record) throw noSuch("charge", id, "charge");
    return record;
  }
  throw new StripeApiError(
    400,
    "One of the following params should be provided for this request: payment_intent or charge.",
    {
      code: "parameter_missing",
    },
  );
}

/**
 * `POST /v1/refunds`: checked and written with no `await` between the read and the save (the store's file
 * access is synchronous), so two refunds at once cannot both take the last of the charge. Its events are sent
 * before the answer, as the sandbox does for sessions; a refund the switch fails is failed just after.
 */
export async function createRefund(params: Params): Promise<SandboxRefund> {
  refuseUnknownParams(params, new Set(["payment_intent", "charge", "amount", "reason", "metadata", "expand"]));
  const record = paymentOfParams(params);
  const left = record.charge.amount - refundedOf(record);
  if (left <= 0) {
    throw new StripeApiError(400, `Charge ${record.charge.id} has already been refunded.`, {
      code: "charge_already_refunded",
    });
  }
  const amount = params.amount === undefined ? left : integerParam(params.amount, "amount", 1, 99_999_999);
  if (amount > left) {
    throw new StripeApiError(
      400,
      `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`,
      { param: "amount", code: "amount_too_large" },
    );
  }
  const reason = optionalString(params, "reason", 50);
  if (reason !== null && !REASONS.includes(reason)) {
    throw new StripeApiError(400, `Invalid reason: must be one of ${REASONS.join(", ")}`, { param: "reason" });
  }
  const switchFile = failNextFile(record.paymentIntent.id);
  const failing = existsSync(switchFile);
  if (failing) rmSync(switchFile, { force: true });
  const refund: SandboxRefund = {
    id: stripeId("re"),
    object: "refund",
    amount,
    balance_transaction: null,
    charge: record.charge.id,
    created: nowSeconds(),
    currency: record.charge.currency,
    metadata: metadataParam(params),
    payment_intent: record.paymentIntent.id,
    reason,
    receipt_number: null,
    status: failing ? "pending" : "succeeded",
  };
  record.refunds.push(refund);
  updateChargeAmounts(record);
  savePayment(record);
  writeJsonAtomically(refundIndexFile(refund.id), { paymentIntent: record.paymentIntent.id });
  await deliverObjectEvent(refund, "refund.created");
  if (!failing) await deliverObjectEvent(record.charge, "charge.refunded");
  else setImmediate(() => void failRefund(refund.id));
  return refund;
}

/** The switched refund fails: its amount goes back onto the charge, and `refund.updated`, `refund.failed` are sent. */
async function failRefund(refundId: string) {
  const record = paymentOfRefund(refundId);
  const refund = record?.refunds.find((r) => r.id === refundId);
  if (!record || refund?.status !== "pending") return;
  refund.status = "failed";
  refund.failure_reason = "expired_or_canceled_card";
  updateChargeAmounts(record);
  savePayment(record);
  await deliverObjectEvent(refund, "refund.updated");
  await deliverObjectEvent(refund, "refund.failed");
}

function paymentOfRefund(refundId: string): PaymentRecord | null {
  if (!REFUND_PATTERN.test(refundId)) return null;
  const index = readJsonFile<{ paymentIntent: string }>(refundIndexFile(refundId));
  return index ? loadPayment(index.paymentIntent) : null;
}

export function retrieveRefund(id: string, params: Params): SandboxRefund {
  refuseUnknownParams(params, new Set(["expand"]));
  const refund = paymentOfRefund(id)?.refunds.find((r) => r.id === id);
  if (!refund) throw noSuch("refund", id, "id");
  return refund;
}

/** `GET /v1/refunds?payment_intent=` (or `charge=`): newest first, as Stripe lists them. */
export function listRefunds(params: Params) {
  refuseUnknownParams(params, new Set(["payment_intent", "charge", "limit", "expand"]));
  const record = paymentOfParams(params);
  const limit = params.limit === undefined ? 10 : integerParam(params.limit, "limit", 1, 100);
  const all = [...record.refunds].reverse();
  return { object: "list", data: all.slice(0, limit), has_more: all.length > limit, url: "/v1/refunds" };
}

export function retrievePaymentIntent(id: string, params: Params): SandboxPaymentIntent {
  refuseUnknownParams(params, new Set(["expand"]));
  const record = loadPayment(id);
  if (!record) throw noSuch("payment_intent", id, "intent");
  return record.paymentIntent;
}

export function retrieveCharge(id: string, params: Params): SandboxCharge {
  refuseUnknownParams(params, new Set(["expand"]));
  const index = CHARGE_PATTERN.test(id) ? readJsonFile<{ paymentIntent: string }>(chargeIndexFile(id)) : null;
  const record = index ? loadPayment(index.paymentIntent) : null;
  if (!record) throw noSuch("charge", id, "charge");
  return record.charge;
}

/** The test switch: the next refund of this payment answers 'pending' and then fails. */
export function failNextRefund(params: Params) {
  refuseUnknownParams(params, new Set(["payment_intent"]));
  const record = paymentOfParams(params);
  writeJsonAtomically(failNextFile(record.paymentIntent.id), { at: Date.now() });
  return { object: "sandbox_switch", payment_intent: record.paymentIntent.id, fail_next_refund: true };
}

// Webhooks as Stripe sends them: an event POSTed to the store's webhook route, signed with the SDK's own
// `webhooks.generateTestHeaderString` (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.payload")`), so the
// store verifies it exactly as it verifies Stripe's. Each delivery is recorded on its session.
import Stripe from "stripe";
import { sandboxBaseUrl, sandboxWebhookSecret } from "#app/lib/stripe-sandbox-config.server.ts";
import { type DeliveryLog, nowSeconds, type SandboxSession, stripeId } from "./objects.server.ts";
import { WEBHOOK_PATH, WEBHOOK_TIMEOUT_MS } from "./settings.server.ts";
import { loadRecord, saveRecord } from "./store.server.ts";

export type EventType =
  | "checkout.session.completed"
  | "checkout.session.async_payment_failed"
  | "checkout.session.expired";

/** The events of refunds (refunds.server.ts). */
export type RefundEventType = "refund.created" | "refund.updated" | "refund.failed" | "charge.refunded";

/** A Stripe event about this object, and its payload as sent (pretty-printed, as Stripe sends it). */
function eventFor(session: object, type: EventType | RefundEventType) {
  const event = {
    id: stripeId("evt"),
    object: "event",
    api_version: Stripe.API_VERSION,
    created: nowSeconds(),
    data: { object: session },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
  return { id: event.id, payload: JSON.stringify(event, null, 2) };
}

/** The `Stripe-Signature` header for a payload, made by the SDK as Stripe makes it. */
export const signPayload = (payload: string) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret: sandboxWebhookSecret() });

/**
 * Sends one event to the store's webhook route and records how it went. A failed delivery is not fatal:
 * the shopper's return through /loader retrieves the session and fulfils the order anyway.
 */
export async function deliverEvent(session: SandboxSession, type: EventType) {
  const delivery = await sendEvent(session, type);
  recordDelivery(session.id, delivery);
}

/** Sends one event about a refund or a charge (not recorded on a session). */
export async function deliverObjectEvent(object: object, type: RefundEventType) {
  await sendEvent(object, type);
}

async function sendEvent(object: object, type: EventType | RefundEventType): Promise<DeliveryLog> {
  const { id, payload } = eventFor(object, type);
  const target = new URL(WEBHOOK_PATH, sandboxBaseUrl());
  let status: number | null = null;
  let failure: string | null = null;
  try {
    const response = await fetch(target, {
      method: "POST",
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Stripe-Signature": signPayload(payload),
        "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      },
      body: payload,
      redirect: "manual",
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    status = response.status;
    await response.arrayBuffer();
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  if (status === null || status < 200 || status >= 300) {
    console.warn(`Stripe sandbox: webhook ${type} to ${target.href} failed (${status ?? failure})`);
  }
  return { eventId: id, type, at: Date.now(), status, error: failure };
}

function recordDelivery(sessionId: string, delivery: DeliveryLog) {
  const latest = loadRecord(sessionId);
  if (!latest) return;
  latest.deliveries.push(delivery);
  saveRecord(latest);
}

/** The webhooks a session has sent (for tests and the page's log). */
export function sandboxDeliveries(sessionId: string): DeliveryLog[] {
  return loadRecord(sessionId)?.deliveries ?? [];
}

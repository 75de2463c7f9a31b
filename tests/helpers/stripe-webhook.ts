// A Stripe webhook event as Stripe sends it: the JSON event, signed with the webhook secret in the
// Stripe-Signature header. One place for what five test files wrote out by hand.
import Stripe from "stripe";
import { newId } from "#app/lib/ids.ts";
import { webhookSecret } from "#app/modules/checkout/index.server.ts";

/** The body of a webhook event of `type` about `object` (a Checkout Session...). */
export function webhookEvent(type: string, object: object, id = `evt_${newId()}`): string {
  return JSON.stringify({
    id,
    object: "event",
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object },
  });
}

/** The Stripe-Signature header for `payload`: signed with the store's webhook secret unless another is given. */
export function signWebhook(payload: string, options: { secret?: string; timestamp?: number } = {}): string {
  const secret = options.secret ?? webhookSecret();
  if (!secret) throw new Error("No webhook secret: start the Stripe sandbox (or pass one) before signing an event.");
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: options.timestamp });
}

/** A POST to /api/stripe/webhook at `origin` carrying `payload`, signed with `signature` (none when null). */
export function webhookRequest(origin: string | URL, payload: string, signature: string | null = signWebhook(payload)) {
  const headers = new Headers({ "Content-Type": "application/json" });
  if (signature !== null) headers.set("Stripe-Signature", signature);
  return new Request(new URL("/api/stripe/webhook", origin), { method: "POST", headers, body: payload });
}

/**
 * Delivers a signed event over HTTP to the server at `origin`, as Stripe does (again, for a replay), and
 * returns the status and the store's `outcome` ("paid", "already-paid", "already-closed"...).
 */
export async function deliverWebhook(
  origin: string | URL,
  type: string,
  object: object,
  options: { id?: string; secret?: string } = {},
): Promise<{ status: number; outcome: string }> {
  const payload = webhookEvent(type, object, options.id);
  const response = await fetch(webhookRequest(origin, payload, signWebhook(payload, { secret: options.secret })));
  const body = (await response.json()) as { outcome?: string };
  return { status: response.status, outcome: String(body.outcome) };
}

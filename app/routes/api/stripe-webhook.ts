// POST /api/stripe/webhook: Stripe's (or the sandbox's) signed events. The raw body is verified with
// `stripe.webhooks.constructEvent`; a missing or wrong signature gets 400 and changes nothing.
import { readBodyBytes } from "#app/lib/http.server.ts";
import { Refusal } from "#app/lib/refusal.ts";
import { handleStripeEvent, stripeClient, webhookSecret } from "#app/modules/checkout/index.server.ts";
import { handleRefundEvent, REFUND_EVENT_TYPES } from "#app/modules/refunds/index.server.ts";
import type { Route } from "./+types/stripe-webhook";

/** Stripe's event payloads are small; anything larger is not from Stripe. */
const MAX_WEBHOOK_BYTES = 512 * 1024;
/** How far a signature's timestamp may lie in either direction (the SDK's own tolerance, which it checks only for the past). */
const TOLERANCE_SECONDS = 300;

/** Whether the signature header is dated more than the tolerance ahead: such an event would stay replayable. */
function datedInTheFuture(signature: string): boolean {
  const timestamp = Number(/(?:^|,)\s*t=(\d{1,12})\s*(?:,|$)/.exec(signature)?.[1] ?? Number.NaN);
  return timestamp > Date.now() / 1000 + TOLERANCE_SECONDS;
}

export function loader() {
  return Response.json({ error: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  const signature = request.headers.get("Stripe-Signature");
  if (!signature) return Response.json({ error: "Missing Stripe-Signature header." }, { status: 400 });
  // None in payment mode "off" either: no online payment, so no event is taken.
  const secret = webhookSecret();
  if (!secret) {
    console.warn("No webhook signing secret (STRIPE_WEBHOOK_SECRET unset, or online payment off): event refused.");
    return Response.json({ error: "Webhook signing secret is not configured." }, { status: 400 });
  }
  // The body exactly as sent: the signature covers its bytes.
  let payload: string;
  try {
    payload = (await readBodyBytes(request, MAX_WEBHOOK_BYTES)).toString("utf8");
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return Response.json(
      { error: error.status === 413 ? "Payload too large." : error.message },
      { status: error.status },
    );
  }
  let event: ReturnType<ReturnType<typeof stripeClient>["webhooks"]["constructEvent"]>;
  try {
    event = stripeClient().webhooks.constructEvent(payload, signature, secret, TOLERANCE_SECONDS);
  } catch {
    return Response.json({ error: "Invalid Stripe signature." }, { status: 400 });
  }
  if (datedInTheFuture(signature)) {
    return Response.json({ error: "Invalid Stripe signature: its timestamp is in the future." }, { status: 400 });
  }
  if (REFUND_EVENT_TYPES.includes(event.type)) {
    try {
      return Response.json({ received: true, outcome: await handleRefundEvent(event) });
    } catch (error) {
      // Stripe could not be asked about the charge's refunds: it sends the event again later.
      console.warn(`Refund event ${event.id} not handled yet:`, error instanceof Error ? error.message : error);
      return Response.json({ error: "Could not handle the event now; send it again." }, { status: 503 });
    }
  }
  const outcome = await handleStripeEvent(event);
  return Response.json({ received: true, outcome });
}

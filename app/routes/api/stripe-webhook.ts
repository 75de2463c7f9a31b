// POST /api/stripe/webhook: Stripe's (or the sandbox's) signed events. The raw body is verified with
// `stripe.webhooks.constructEvent`; a missing or wrong signature gets 400 and changes nothing.
import { handleStripeEvent, stripeClient, webhookSecret } from "#app/services/payments.server.ts";
import type { Route } from "./+types/stripe-webhook";

/** Stripe's event payloads are small; anything larger is not from Stripe. */
const MAX_WEBHOOK_BYTES = 512 * 1024;

export function loader() {
  return Response.json({ error: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  const signature = request.headers.get("Stripe-Signature");
  if (!signature) return Response.json({ error: "Missing Stripe-Signature header." }, { status: 400 });
  const secret = webhookSecret();
  if (!secret) {
    console.warn("STRIPE_WEBHOOK_SECRET is not set: webhook events cannot be verified.");
    return Response.json({ error: "Webhook signing secret is not configured." }, { status: 400 });
  }
  const payload = await readRawBody(request);
  if (payload === null) return Response.json({ error: "Payload too large." }, { status: 413 });
  let event: ReturnType<ReturnType<typeof stripeClient>["webhooks"]["constructEvent"]>;
  try {
    event = stripeClient().webhooks.constructEvent(payload, signature, secret);
  } catch {
    return Response.json({ error: "Invalid Stripe signature." }, { status: 400 });
  }
  const outcome = handleStripeEvent(event);
  return Response.json({ received: true, outcome });
}

/** The body exactly as sent (the signature covers its bytes), or null when it is too large. */
async function readRawBody(request: Request): Promise<string | null> {
  if (Number(request.headers.get("Content-Length") ?? "0") > MAX_WEBHOOK_BYTES) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_WEBHOOK_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

// The built-in Stripe sandbox's settings, read from configuration by both of its sides: the payment service
// (the SDK's key and host/port/protocol, the webhook signing secret) and the sandbox itself in
// app/stripe-sandbox/ (which key it accepts, where it delivers webhooks, what it signs them with). Neither
// side imports the other: the payment service reaches the sandbox only over HTTP, through the SDK.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { config, keptSecret } from "./config.server.ts";

/** The API key the store uses in sandbox mode; the sandbox accepts no other. Public: no money moves there. */
export const SANDBOX_SECRET_KEY = "sk_test_trendora_sandbox";

/** How the store's server reaches itself: the SDK's host/port/protocol and the sandbox's webhook target. */
export function sandboxBaseUrl(): URL {
  const c = config();
  if (c.STRIPE_SANDBOX_URL) return new URL(c.STRIPE_SANDBOX_URL);
  const wildcard = c.HOST === "0.0.0.0" || c.HOST === "::" || c.HOST === "[::]";
  const host = wildcard ? "127.0.0.1" : c.HOST.includes(":") && !c.HOST.startsWith("[") ? `[${c.HOST}]` : c.HOST;
  return new URL(`http://${host}:${c.PORT}`);
}

/** Where the sandbox keeps its state: DATA_DIR/stripe-sandbox. */
export const sandboxDataDir = () => path.join(config().dataDir, "stripe-sandbox");

/**
 * The webhook signing secret in sandbox mode: STRIPE_WEBHOOK_SECRET, or one made once and kept in DATA_DIR. Made
 * the way the session secret is (written whole, then linked into place): servers over one DATA_DIR that make it
 * at once (the first payments after a start) sign and check with the same secret, never a half-written file.
 */
export function sandboxWebhookSecret(): string {
  return (
    config().STRIPE_WEBHOOK_SECRET ||
    keptSecret(path.join(sandboxDataDir(), "webhook-secret"), () => `whsec_${randomBytes(24).toString("hex")}`)
  );
}

export const PRODUCTION_SANDBOX_WARNING = [
  "",
  "*** WARNING: the built-in Stripe sandbox is ON in production (STRIPE_SANDBOX=on, no STRIPE_SECRET_KEY). ***",
  '*** Online payments are TEST MODE only: anyone can "pay" for an order without any money being taken.  ***',
  "*** Use this for a demo only. A real shop sets STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and PUBLIC_URL. ***",
  "",
].join("\n");

// Said once, when the production server loads this module at start-up (the server build imports every
// module before it listens): a shop that runs the sandbox by mistake would give its goods away.
if (process.env.NODE_ENV === "production" && config().paymentMode === "sandbox") {
  console.warn(PRODUCTION_SANDBOX_WARNING);
}

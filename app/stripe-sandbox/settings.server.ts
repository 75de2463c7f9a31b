// The sandbox's own settings: when it answers, its paths and its limits.
// What the store's payment code shares with it (API key, address, webhook secret) is in
// app/lib/stripe-sandbox-config.server.ts.
import { config } from "#app/lib/config.server.ts";

/** Whether the sandbox answers at all: only in payment mode "sandbox" (see config.server.ts). */
export const isSandboxEnabled = () => config().paymentMode === "sandbox";

/** Where the sandbox delivers its webhooks, on the store it serves. */
export const WEBHOOK_PATH = "/api/stripe/webhook";
/** The hosted checkout page: this prefix and the session id. */
export const CHECKOUT_PAGE_PATH = "/stripe-sandbox/checkout/";

export const MAX_API_BODY_BYTES = 256 * 1024;
export const MAX_LINE_ITEMS = 100;
export const MIN_SESSION_SECONDS = 30 * 60;
export const MAX_SESSION_SECONDS = 24 * 60 * 60;
/** Stripe's minimum charge in US dollars. */
export const MIN_USD_AMOUNT = 50;
export const WEBHOOK_TIMEOUT_MS = 10_000;

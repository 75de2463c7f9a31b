// The sandbox's own settings: when it answers, its paths and limits, and which return URLs it accepts.
// What the store's payment code shares with it (API key, address, webhook secret) is in
// app/lib/stripe-sandbox-config.server.ts.
import { networkInterfaces } from "node:os";
import { config } from "#app/lib/config.server.ts";
import { sandboxBaseUrl } from "#app/lib/stripe-sandbox-config.server.ts";

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
/**
 * Stripe's minimum charge of a Checkout Session, in the currency's minor units (Stripe's "minimum and maximum
 * charge amounts"); a currency not listed here is not checked.
 */
export const MIN_CHARGE: Readonly<Record<string, number>> = {
  usd: MIN_USD_AMOUNT,
  eur: 50,
  gbp: 30,
  inr: 50,
  cad: 50,
  aud: 50,
  nzd: 50,
  chf: 50,
  sgd: 50,
  jpy: 50,
  hkd: 400,
  mxn: 1000,
  brl: 50,
  sek: 300,
  nok: 300,
  dkk: 250,
  pln: 200,
  aed: 200,
};
export const WEBHOOK_TIMEOUT_MS = 10_000;

const LOOPBACK_NAMES = ["localhost", "::1"];

/** A hostname as URL and HOST spell it, comparable: no IPv6 brackets, lower case. */
const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, "").toLowerCase();

/** Hostnames of this machine: its loopback names, its network interfaces' addresses, HOST and STRIPE_SANDBOX_URL. */
function ownHostnames(): Set<string> {
  const names = new Set([...LOOPBACK_NAMES, bare(sandboxBaseUrl().hostname), bare(config().HOST)]);
  for (const addresses of Object.values(networkInterfaces())) {
    for (const { address } of addresses ?? []) names.add(bare(address));
  }
  return names;
}

/**
 * Whether the shopper may be sent back to this URL: only to the store itself, so that a session made with
 * the sandbox's public API key cannot turn the hosted page into a redirect to another site. The store's
 * origin is PUBLIC_URL's when it is set (the store builds its return URLs from it). Without it the store
 * builds them from the origin each shopper's request came to, which the sandbox cannot know in advance:
 * any address of this machine is accepted then (a loopback name, an interface address, HOST, or
 * STRIPE_SANDBOX_URL's host), on any port, since a forwarded port or a dev server changes the port.
 */
export function isStoreOrigin(url: URL): boolean {
  const { PUBLIC_URL } = config();
  if (PUBLIC_URL) return url.origin === new URL(PUBLIC_URL).origin;
  const hostname = bare(url.hostname);
  return /^127(\.\d{1,3}){3}$/.test(hostname) || ownHostnames().has(hostname);
}

/**
 * The origin a session's return URLs are not on, or null when the hosted page asked for at `pageUrl` may send
 * the shopper to them. The API cannot know the store's origin without PUBLIC_URL (the store builds its return
 * URLs from the origin each shopper came to, and its SDK calls the sandbox at its own address), so it only
 * keeps them on this machine; the page can: it is the origin the shopper's own request came in on, scheme,
 * host and port (the store sends the shopper to the page on the success URL's origin). So a session made
 * through the public sandbox key to send shoppers to another service on this machine (another port) is
 * refused there. With PUBLIC_URL the API has already kept them to its origin.
 */
export function foreignReturnOrigin(
  session: { success_url: string; cancel_url: string | null },
  pageUrl: URL,
): string | null {
  if (config().PUBLIC_URL) return null;
  for (const url of [session.success_url, session.cancel_url]) {
    if (url !== null && new URL(url).origin !== pageUrl.origin) return new URL(url).origin;
  }
  return null;
}

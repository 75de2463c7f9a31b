// The security headers of every response, in one place: server.ts applies them to every answer (pages,
// /api, files, redirects, errors, its own refusals) and app/entry.server.tsx gives each rendered page its
// Content-Security-Policy with a fresh nonce. See docs/decisions/0050-security-headers.md.
import { randomBytes } from "node:crypto";
import { config } from "./config.server.ts";

/** The contact page's map (app/routes/contact.tsx) is the only frame the store embeds. */
const MAP_ORIGIN = "https://www.openstreetmap.org";
/** Real Stripe's hosted checkout: the Place Order form post is answered by a redirect there. */
const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";

/**
 * Cookies that make a response personal: the shopper's and the seller's sessions, a visitor's cart, saved items
 * and discount code, and the message (toast) left for the next page (app/modules/identity/sessions.server.ts,
 * cart/visitor-cart.server.ts, saved/visitor-saved.server.ts, discounts/cart-code.server.ts, lib/toast.server.ts).
 * Nothing answering a request that carries one may be kept by a shared cache or the browser's back-forward store.
 */
const PERSONAL_COOKIES = new Set(["__session", "__seller_session", "__cart", "__saved", "__discount", "__toast"]);

const HSTS = "max-age=31536000; includeSubDomains";

/** A fresh nonce for one response's scripts (128 random bits). */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The policy of an HTML page. Scripts run only with this response's nonce: React Router puts it on its inline
 * scripts and module preloads, and the modules those import inherit it (so no 'strict-dynamic', which would
 * also trust any script a script inserts). Without a nonce, no script runs at all.
 */
export function contentSecurityPolicy(nonce: string | null): string {
  const formAction = config().paymentMode === "stripe" ? `'self' ${STRIPE_CHECKOUT_ORIGIN}` : "'self'";
  return [
    "default-src 'self'",
    nonce ? `script-src 'nonce-${nonce}'` : "script-src 'none'",
    // One stylesheet from /assets; the pages have no inline styles (a style="" attribute would be refused).
    // Only Vite's development server injects its CSS as <style> elements.
    import.meta.env.MODE === "development" ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    // blob: is the seller's preview of a chosen photo (URL.createObjectURL), made by the page itself; Chromium
    // also fetches such a blob again when it cannot decode it as a picture.
    "img-src 'self' data: blob:",
    "connect-src 'self' blob:",
    `frame-src ${MAP_ORIGIN}`,
    "object-src 'none'",
    "base-uri 'none'",
    `form-action ${formAction}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Whether a Cookie header carries one of the cookies that make a response personal. */
export function carriesPersonalCookie(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((pair) => PERSONAL_COOKIES.has(pair.split("=", 1)[0]!.trim()));
}

export type HeaderTarget = {
  /** Whether the client's connection was HTTPS (see request-client.server.ts). */
  https: boolean;
  /** The request's Cookie header. */
  cookie: string | null | undefined;
  /**
   * A file that is the same for everyone (built assets, public files, uploaded pictures): it keeps its own
   * caching even when the request carries a session cookie (browsers send cookies with every image and
   * script; refusing to cache them would fetch the whole app again on every page).
   */
  sharedFile?: boolean;
};

/** Sets the store's security headers on a response's headers (changed in place). */
export function applySecurityHeaders(headers: Headers, target: HeaderTarget): Headers {
  headers.set("X-Content-Type-Options", "nosniff");
  // A route may choose a stricter policy (the Stripe sandbox's checkout page sends none at all).
  if (!headers.has("Referrer-Policy")) headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  if (target.https && config().NODE_ENV === "production") headers.set("Strict-Transport-Security", HSTS);
  const type = headers.get("Content-Type");
  if (type && /^text\/html\b/i.test(type)) {
    if (!/charset=/i.test(type)) headers.set("Content-Type", `${type}; charset=utf-8`);
    // An HTML answer that did not come through entry.server.tsx gets the policy without scripts.
    if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", contentSecurityPolicy(null));
  }
  // An answer that sets a cookie (signing in, a first cart line, a message) is as personal as one that read it.
  const personal = carriesPersonalCookie(target.cookie) || headers.getSetCookie().length > 0;
  if (!target.sharedFile && personal) headers.set("Cache-Control", "private, no-store");
  return headers;
}

// Requests no page or /api call should ever act on, refused before any loader or action runs (and a path
// beginning with "//", sent to its one-slash form):
// - a write from another site (login forgery, cross-site cart or order posts). Browsers say where a request
//   comes from with Sec-Fetch-Site, older ones with Origin. A post with neither is a server-to-server call
//   (Stripe's webhooks, the SDK talking to the sandbox: no cookie) or a very old browser; if it carries a
//   session cookie it is refused unless its Referer is the store itself.
// - (for the GET calls that end a session, through refuseCrossSiteGet) a navigation from another site: a link
//   or an image on another site must not sign anyone out.
// - a method the store does not use (PUT, PATCH, DELETE...), which React Router would otherwise hand to
//   the route's action as if it were a POST.
import { config } from "#app/lib/config.server.ts";
import { SESSION_COOKIE_NAMES } from "#app/modules/identity/index.server.ts";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

function refusal(request: Request, status: number, message: string, headers: Record<string, string> = {}) {
  const isApi = new URL(request.url).pathname.startsWith("/api/");
  if (isApi) return Response.json({ success: false, message }, { status, headers });
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers } });
}

/** The hosts this store answers as: the request's own, and PUBLIC_URL's. */
function ownHosts(request: Request): Set<string> {
  const hosts = new Set([new URL(request.url).host]);
  const publicUrl = config().PUBLIC_URL;
  if (publicUrl) hosts.add(new URL(publicUrl).host);
  return hosts;
}

/** Whether `url` (an Origin or a Referer) is this store; "null" and anything unparsable are not. */
function isOwn(request: Request, url: string): boolean {
  try {
    return ownHosts(request).has(new URL(url).host);
  } catch {
    return false;
  }
}

function carriesSessionCookie(request: Request): boolean {
  const names = (request.headers.get("Cookie") ?? "").split(";").map((pair) => pair.split("=")[0]!.trim());
  return names.some((name) => SESSION_COOKIE_NAMES.includes(name));
}

function comesFromAnotherSite(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = request.headers.get("Origin");
  if (origin) return !isOwn(request, origin);
  if (!carriesSessionCookie(request)) return false;
  const referer = request.headers.get("Referer");
  return !referer || !isOwn(request, referer);
}

/** A Response refusing (or redirecting) the request, or null when it may go on. */
export function guardRequest(request: Request): Response | null {
  // A path beginning with "//" ("/\" arrives as that too) would make every link built from the page's own URL
  // (the login modal's "?login", its close link) lead to another host: it goes to its one-slash form.
  const { pathname, search } = new URL(request.url);
  if (pathname.startsWith("//")) {
    return new Response(null, { status: 308, headers: { Location: `${pathname.replace(/^\/+/, "/")}${search}` } });
  }
  if (READS.has(request.method)) return null;
  if (request.method !== "POST") {
    return refusal(request, 405, "This address does not accept that method.", { Allow: "GET, POST" });
  }
  if (comesFromAnotherSite(request)) {
    return refusal(request, 403, "This request came from another site and was refused.");
  }
  return null;
}

/**
 * For a GET that changes something (the spec's `GET /api/user/logout` and `/api/seller/logout`): a 403 when the
 * browser says it comes from another site (`Sec-Fetch-Site: cross-site`), else null. Same-origin, same-site,
 * `none` (a typed URL, a bookmark) and no header at all (a script or an API client) go on.
 */
export function refuseCrossSiteGet(request: Request): Response | null {
  if (request.headers.get("Sec-Fetch-Site")?.trim().toLowerCase() !== "cross-site") return null;
  return refusal(request, 403, "This request came from another site and was refused.");
}

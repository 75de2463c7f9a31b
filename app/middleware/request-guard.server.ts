// Requests no page or /api call should ever act on, refused before any loader or action runs:
// - a write from another site (login forgery, cross-site cart or order posts). Browsers say where a request
//   comes from with Sec-Fetch-Site, older ones with Origin; server-to-server calls (Stripe's webhooks, the
//   SDK talking to the sandbox, curl) send neither and are not browsers' cross-site requests.
// - a method the store does not use (PUT, PATCH, DELETE...), which React Router would otherwise hand to
//   the route's action as if it were a POST.
import { config } from "#app/lib/config.server.ts";

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

function comesFromAnotherSite(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = request.headers.get("Origin");
  if (!origin) return false;
  if (origin === "null") return true;
  try {
    return !ownHosts(request).has(new URL(origin).host);
  } catch {
    return true;
  }
}

/** A Response refusing the request, or null when it may go on. */
export function guardRequest(request: Request): Response | null {
  if (READS.has(request.method)) return null;
  if (request.method !== "POST") {
    return refusal(request, 405, "This address does not accept that method.", { Allow: "GET, POST" });
  }
  if (comesFromAnotherSite(request)) {
    return refusal(request, 403, "This request came from another site and was refused.");
  }
  return null;
}

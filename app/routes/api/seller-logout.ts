import { getOnly } from "#app/lib/api.server.ts";
import { refuseCrossSiteGet } from "#app/middleware/request-guard.server.ts";
import { endSession } from "#app/modules/identity/index.server.ts";
import type { Route } from "./+types/seller-logout";

// GET /api/seller/logout (the spec's call) → {success, message}; the session row is deleted. Refused (403) on a
// navigation from another site, so that a link there cannot sign the seller out.
export async function loader({ request }: Route.LoaderArgs) {
  const refused = refuseCrossSiteGet(request);
  if (refused) return refused;
  const cookie = await endSession("seller", request);
  return Response.json({ success: true, message: "Logged out" }, { headers: { "Set-Cookie": cookie } });
}

export const action = getOnly;

import { getOnly } from "#app/lib/api.server.ts";
import { refuseCrossSiteGet } from "#app/middleware/request-guard.server.ts";
import { signOut } from "#app/modules/identity/index.server.ts";
import type { Route } from "./+types/user-logout";

// GET /api/user/logout → { success, message } (the spec's call; the pages log out with a POST form).
// Refused (403) on a navigation from another site, so that a link there cannot sign the shopper out.
export async function loader({ request }: Route.LoaderArgs) {
  const refused = refuseCrossSiteGet(request);
  if (refused) return refused;
  const clearSession = await signOut(request);
  return Response.json(
    { success: true, message: "Logged out successfully" },
    { headers: { "Set-Cookie": clearSession } },
  );
}

export const action = getOnly;

import { getOnly } from "#app/lib/api.server.ts";
import { endSession } from "#app/services/sessions.server.ts";
import type { Route } from "./+types/seller-logout";

// GET /api/seller/logout (the spec's call) → {success, message}; the session row is deleted.
export async function loader({ request }: Route.LoaderArgs) {
  const cookie = await endSession("seller", request);
  return Response.json({ success: true, message: "Logged out" }, { headers: { "Set-Cookie": cookie } });
}

export const action = getOnly;

import { apiError, methodNotAllowed } from "#app/lib/http.server.ts";
import { getSeller } from "#app/services/sellers.server.ts";
import type { Route } from "./+types/seller-is-auth";

// GET /api/seller/is-auth → {success: true} for a signed-in seller, 401 otherwise.
export async function loader({ request }: Route.LoaderArgs) {
  if (!(await getSeller(request))) return apiError("Not authorized", 401);
  return Response.json({ success: true });
}

/** A POST, PUT, PATCH or DELETE here is refused with 405: the call is a GET. */
export function action() {
  return methodNotAllowed("GET");
}

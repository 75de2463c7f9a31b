import { apiAnswer, getOnly } from "#app/lib/api.server.ts";
import { sellerForApi } from "#app/middleware/identity.server.ts";
import type { Route } from "./+types/seller-is-auth";

// GET /api/seller/is-auth → {success: true} for a signed-in seller, 401 otherwise.
export function loader({ context }: Route.LoaderArgs) {
  return apiAnswer(() => {
    sellerForApi(context);
    return Response.json({ success: true });
  });
}

export const action = getOnly;

import { apiAnswer, getOnly } from "#app/lib/api.server.ts";
import { shopperForApi } from "#app/middleware/identity.server.ts";
import { listAddresses } from "#app/modules/identity/index.server.ts";
import { addressJson } from "#app/routes/api/api-shapes.server.ts";
import type { Route } from "./+types/address-get";

// GET /api/address/get → { success, addresses }
export function loader({ context }: Route.LoaderArgs) {
  return apiAnswer(async () => {
    const shopper = shopperForApi(context);
    return Response.json({ success: true, addresses: (await listAddresses(shopper.id)).map(addressJson) });
  });
}

export const action = getOnly;

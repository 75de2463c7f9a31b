import { methodNotAllowed } from "#app/lib/http.server.ts";
import { getUser } from "#app/services/accounts.server.ts";
import { addressJson, listAddresses } from "#app/services/addresses.server.ts";
import type { Route } from "./+types/address-get";
import { notSignedIn, shopperApi } from "./shopper-api.server.ts";

// GET /api/address/get → { success, addresses }
export function loader({ request }: Route.LoaderArgs) {
  return shopperApi(async () => {
    const user = await getUser(request);
    if (!user) return notSignedIn();
    return Response.json({ success: true, addresses: listAddresses(user.id).map(addressJson) });
  });
}

/** A POST, PUT, PATCH or DELETE here is refused with 405: the call is a GET. */
export function action() {
  return methodNotAllowed("GET");
}

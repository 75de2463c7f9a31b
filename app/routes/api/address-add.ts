import { apiAnswer, postOnly } from "#app/lib/api.server.ts";
import { readJsonObject } from "#app/lib/http.server.ts";
import { shopperForApi } from "#app/middleware/identity.server.ts";
import { addAddress } from "#app/modules/identity/index.server.ts";
import { addressJson } from "#app/routes/api/api-shapes.server.ts";
import type { Route } from "./+types/address-add";

// POST /api/address/add { address: { firstName, lastName, email, street, city, state, zipcode, country, phone } }
// → { success, message } (and the field errors when refused)
export function action({ request, context }: Route.ActionArgs) {
  return apiAnswer(async () => {
    const shopper = shopperForApi(context);
    const { address } = await readJsonObject(request);
    const saved = await addAddress(shopper.id, address);
    return Response.json(
      { success: true, message: "Address added successfully", address: addressJson(saved) },
      { status: 201 },
    );
  });
}

export const loader = postOnly;

import { methodNotAllowed } from "#app/lib/http.server.ts";
import { AddressError, addAddress, addressJson } from "#app/services/addresses.server.ts";
import type { Route } from "./+types/address-add";
import { signedInShopperPost } from "./shopper-api.server.ts";

// POST /api/address/add { address: { firstName, lastName, email, street, city, state, zipcode, country, phone } }
// → { success, message } (and the field errors when refused)
export async function action({ request }: Route.ActionArgs) {
  return signedInShopperPost(request, (user, body) => {
    try {
      const address = addAddress(user.id, body.address);
      return Response.json(
        { success: true, message: "Address added successfully", address: addressJson(address) },
        { status: 201 },
      );
    } catch (error) {
      if (error instanceof AddressError) {
        return Response.json(
          { success: false, message: error.message, errors: error.fieldErrors },
          { status: error.status },
        );
      }
      throw error;
    }
  });
}

/** A GET (or HEAD, OPTIONS) here is refused with 405: the call is a POST. */
export function loader() {
  return methodNotAllowed("POST");
}

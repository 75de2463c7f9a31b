import { methodNotAllowed } from "#app/lib/http.server.ts";
import type { Route } from "./+types/user-register";
import { signInApi } from "./shopper-api.server.ts";

// POST /api/user/register { name, email, password } → { success, message, user }
export async function action({ request }: Route.ActionArgs) {
  return signInApi(request, "register", { message: "Account created successfully", status: 201 });
}

/** A GET (or HEAD, OPTIONS) here is refused with 405: the call is a POST. */
export function loader() {
  return methodNotAllowed("POST");
}

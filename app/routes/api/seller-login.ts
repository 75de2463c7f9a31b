import { apiError, apiHandler, fieldErrors, methodNotAllowed } from "#app/lib/http.server.ts";
import { sellerLoginSchema, verifySellerLogin } from "#app/services/sellers.server.ts";
import { startSession } from "#app/services/sessions.server.ts";
import type { Route } from "./+types/seller-login";
import { readJsonObject } from "./shopper-api.server.ts";

// POST /api/seller/login {email, password} → {success, message} and the seller session cookie.
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return apiHandler(async () => {
    const parsed = sellerLoginSchema.safeParse(await readJsonObject(request));
    if (!parsed.success) return apiError(Object.values(fieldErrors(parsed.error))[0] ?? "Invalid credentials", 400);
    const seller = await verifySellerLogin(parsed.data.email, parsed.data.password);
    if (!seller) return apiError("Invalid credentials", 401);
    const cookie = await startSession("seller", seller.id);
    return Response.json({ success: true, message: "Login successful!" }, { headers: { "Set-Cookie": cookie } });
  });
}

/** A GET (or HEAD, OPTIONS) here is refused with 405: the call is a POST. */
export function loader() {
  return methodNotAllowed("POST");
}

import { apiAnswer, postOnly } from "#app/lib/api.server.ts";
import { readJsonObject } from "#app/lib/http.server.ts";
import { clientAddressOf } from "#app/lib/request-client.server.ts";
import { signInSeller } from "#app/modules/identity/index.server.ts";
import type { Route } from "./+types/seller-login";

// POST /api/seller/login {email, password} → {success, message} and the seller session cookie.
export function action({ request, context }: Route.ActionArgs) {
  return apiAnswer(async () => {
    const cookie = await signInSeller(await readJsonObject(request), clientAddressOf(context));
    return Response.json({ success: true, message: "Login successful!" }, { headers: { "Set-Cookie": cookie } });
  });
}

export const loader = postOnly;

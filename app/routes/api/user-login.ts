import { postOnly } from "#app/lib/api.server.ts";
import type { Route } from "./+types/user-login";
import { signInApi } from "./sign-in.server.ts";

// POST /api/user/login { email, password } → { success, message, user }
export function action(args: Route.ActionArgs) {
  return signInApi(args, "login", { message: "Logged in successfully", status: 200 });
}

export const loader = postOnly;

import { postOnly } from "#app/lib/api.server.ts";
import type { Route } from "./+types/user-register";
import { signInApi } from "./sign-in.server.ts";

// POST /api/user/register { name, email, password } → { success, message, user }
export function action(args: Route.ActionArgs) {
  return signInApi(args, "register", { message: "Account created successfully", status: 201 });
}

export const loader = postOnly;

import { getOnly } from "#app/lib/api.server.ts";
import { signOut } from "#app/services/accounts.server.ts";
import type { Route } from "./+types/user-logout";

// GET /api/user/logout → { success, message } (the spec's call; the pages log out with a POST form).
export async function loader({ request }: Route.LoaderArgs) {
  const clearSession = await signOut(request);
  return Response.json(
    { success: true, message: "Logged out successfully" },
    { headers: { "Set-Cookie": clearSession } },
  );
}

export const action = getOnly;

import { redirect } from "react-router";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { signOut } from "#app/modules/identity/index.server.ts";
import type { Route } from "./+types/logout";

// Logging out changes state, so it is a POST only; a GET just goes home.
export function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  const clearSession = await signOut(request);
  return redirectWithToast(
    request,
    "/",
    { type: "success", message: "Logged out successfully" },
    { headers: { "Set-Cookie": clearSession } },
  );
}

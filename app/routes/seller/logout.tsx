import { redirect } from "react-router";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { endSession } from "#app/modules/identity/index.server.ts";
import type { Route } from "./+types/logout";

// Logging out is a POST (a link or prefetch must never sign the seller out).
export function loader() {
  return redirect("/seller");
}

export async function action({ request }: Route.ActionArgs) {
  const cookie = await endSession("seller", request);
  return redirectWithToast(
    request,
    "/",
    { type: "success", message: "Logged out" },
    { headers: { "Set-Cookie": cookie } },
  );
}

// /v1/*: the built-in Stripe sandbox's REST API, which the `stripe` SDK calls in payment mode "sandbox"
// (its host/port/protocol point here). A 404 in any other mode (a real key, or online payment off).
import { handleSandboxApi } from "#app/stripe-sandbox/api.server.ts";
import type { Route } from "./+types/api";

export function loader({ request }: Route.LoaderArgs) {
  return handleSandboxApi(request);
}

export function action({ request }: Route.ActionArgs) {
  return handleSandboxApi(request);
}

// /v1/*: the built-in Stripe sandbox's REST API, which the `stripe` SDK calls when STRIPE_SECRET_KEY is
// unset (its host/port/protocol point here). A 404 once a real key is configured.
import { handleSandboxApi } from "#app/services/stripe-sandbox.server.ts";
import type { Route } from "./+types/api";

export function loader({ request }: Route.LoaderArgs) {
  return handleSandboxApi(request);
}

export function action({ request }: Route.ActionArgs) {
  return handleSandboxApi(request);
}

// /stripe-sandbox/checkout/:sessionId: the sandbox's hosted checkout page (TEST MODE), with Pay and Cancel
// as plain HTML forms. A self-contained page, like Stripe's own, outside the store's layout. A 404 unless the
// payment mode is "sandbox". A session whose return URLs are not on the origin the page was asked for is refused.
import { handleCheckoutPageAction, renderCheckoutPage } from "#app/stripe-sandbox/page.server.tsx";
import type { Route } from "./+types/checkout";

export function loader({ request, params }: Route.LoaderArgs) {
  return renderCheckoutPage(request, params.sessionId);
}

export function action({ request, params }: Route.ActionArgs) {
  return handleCheckoutPageAction(request, params.sessionId);
}

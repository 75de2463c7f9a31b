import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { nextPath } from "#app/lib/safe-redirect.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { shopperOf } from "#app/middleware/identity.server.ts";
import { checkoutReturnNotice } from "#app/modules/checkout/index.server.ts";
import { placedOrderPath } from "#app/modules/orders/shared/order-status.ts";
import { pageMeta } from "#app/routes/seo.ts";
import type { Route } from "./+types/loader";

/** The spec's loader redirect delay. */
export const LOADER_DELAY_MS = 5000;

// /loader?next=x: a spinner that goes on to /x after five seconds (only a path on this site).
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Back from Stripe Checkout: confirm the payment of the shopper's own order now, in case the webhook is
  // late or lost, and say how it went. This never throws, so this page always shows and moves on.
  const sessionId = url.searchParams.get("session_id");
  const back = sessionId ? await checkoutReturnNotice(shopperOf(context)?.id ?? null, sessionId) : null;
  // A payment that did not go through: back to the cart at once, with the message, to try again.
  if (back?.redirectTo) throw await redirectWithToast(request, back.redirectTo, back.notice);
  const next = nextPath(url.searchParams.get("next"));
  // Paid: My Orders opens with the order just placed shown first.
  const paidNext = back?.paidOrderId && next === "/my-orders" ? placedOrderPath(back.paidOrderId) : null;
  return { next: paidNext ?? next, notice: back?.notice ?? null };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Loading…",
    description: "Taking you on in a few seconds.",
    path: "/loader",
    noindex: true,
  });

function escapeAttribute(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

export default function LoaderPage({ loaderData }: Route.ComponentProps) {
  const { next, notice } = loaderData;
  const navigate = useNavigate();
  useEffect(() => {
    if (!next) return;
    const timer = setTimeout(() => navigate(next, { replace: true }), LOADER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [next, navigate]);
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-6">
      {next ? (
        // Without JavaScript the browser follows this refresh instead of the timer above.
        <noscript
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the path is validated and escaped
          dangerouslySetInnerHTML={{
            __html: `<meta http-equiv="refresh" content="${LOADER_DELAY_MS / 1000};url=${escapeAttribute(next)}">`,
          }}
        />
      ) : null}
      {notice ? (
        // Rendered by the server, so it shows without JavaScript; it stays for the page's five seconds.
        <p
          role={notice.type === "error" ? "alert" : "status"}
          data-testid="payment-notice"
          className={`max-w-md rounded-md px-4 py-3 text-center font-medium ${
            notice.type === "error" ? "bg-red-50 text-red-700" : "bg-green-50 text-green-700"
          }`}
        >
          {notice.message}
        </p>
      ) : null}
      <div
        role="status"
        aria-label="Loading"
        className="h-24 w-24 animate-spin rounded-full border-4 border-gray-300 border-t-primary motion-reduce:animate-none"
      />
      <h1 className="sr-only">Loading</h1>
      {next ? (
        <p className="text-sm text-gray-500">
          Taking you on in a few seconds…{" "}
          <Link to={next} replace className="text-primary hover:underline">
            Continue now
          </Link>
        </p>
      ) : (
        <p className="text-sm text-gray-500">
          <Link to="/" className="text-primary hover:underline">
            Go to the home page
          </Link>
        </p>
      )}
    </section>
  );
}

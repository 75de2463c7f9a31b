// GET and POST /stripe-sandbox/checkout/:id: the hosted checkout page and its buttons
// (intent=pay|cancel|fail|expire, answered with 303), rendered with React to static HTML.
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { readForm } from "#app/lib/http.server.ts";
import { Refusal } from "#app/lib/refusal.ts";
import { shopSettings } from "#app/modules/shop/index.server.ts";
import { CheckoutPage, MessagePage, SandboxDocument } from "./checkout-page.tsx";
import type { SessionRecord } from "./objects.server.ts";
import {
  actOnCheckoutSession,
  CHECKOUT_ACTIONS,
  type CheckoutAction,
  currentRecord,
  successRedirect,
} from "./sessions.server.ts";
import { foreignReturnOrigin, isSandboxEnabled } from "./settings.server.ts";

const notFound = () => new Response("Not Found", { status: 404 });

const notFoundPage = () =>
  htmlResponse(
    "Checkout not found",
    <MessagePage heading="Checkout session not found" text="This checkout link is not valid." />,
    404,
  );

/**
 * The page refusing a session whose return URLs are not on the origin the shopper came to (see
 * foreignReturnOrigin), or null. Nothing on it leads there: no Pay, no Cancel, no link.
 */
function foreignReturnPage(record: SessionRecord, request: Request): Response | null {
  const pageUrl = new URL(request.url);
  const foreign = foreignReturnOrigin(record.session, pageUrl);
  if (foreign === null) return null;
  return htmlResponse(
    "Refused",
    <MessagePage
      heading="This checkout does not return to this store"
      text={`It was made to send you to ${foreign}, not back to ${pageUrl.origin}. Nothing was paid.`}
    />,
    400,
  );
}

/** GET /stripe-sandbox/checkout/:id */
export async function renderCheckoutPage(request: Request, id: string): Promise<Response> {
  if (!isSandboxEnabled()) return notFound();
  const record = await currentRecord(id);
  if (!record) return notFoundPage();
  const refused = foreignReturnPage(record, request);
  if (refused) return refused;
  const shopName = (await shopSettings()).name;
  return htmlResponse(
    `Pay ${shopName}`,
    <CheckoutPage record={record} successRedirect={successRedirect(record.session)} shopName={shopName} />,
  );
}

/** POST /stripe-sandbox/checkout/:id with intent=pay|cancel|fail|expire */
export async function handleCheckoutPageAction(request: Request, id: string): Promise<Response> {
  if (!isSandboxEnabled()) return notFound();
  // The page's forms are same-origin; a form on another site must not press Pay.
  if (request.headers.get("Sec-Fetch-Site") === "cross-site") {
    return htmlResponse(
      "Refused",
      <MessagePage heading="Refused" text="This form can only be sent from the checkout page." />,
      403,
    );
  }
  let intent: string | null;
  try {
    intent = (await readForm(request)).get("intent");
  } catch (error) {
    if (error instanceof Refusal)
      return htmlResponse("Bad request", <MessagePage heading={error.message} />, error.status);
    throw error;
  }
  if (!CHECKOUT_ACTIONS.includes(intent as CheckoutAction)) {
    return htmlResponse(
      "Bad request",
      <MessagePage heading="Unknown action" text="Use the buttons on the checkout page." />,
      400,
    );
  }
  const record = await currentRecord(id);
  if (!record) return notFoundPage();
  const refused = foreignReturnPage(record, request);
  if (refused) return refused;
  const next = await actOnCheckoutSession(id, intent as CheckoutAction);
  if (!next) return notFoundPage();
  return new Response(null, { status: 303, headers: { Location: next.redirectTo, "Cache-Control": "no-store" } });
}

function htmlResponse(title: string, body: ReactElement, status = 200): Response {
  const html = `<!doctype html>${renderToStaticMarkup(<SandboxDocument title={title}>{body}</SandboxDocument>)}`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy":
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'; form-action 'self' http: https:",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
    },
  });
}

// The sandbox's REST API, which the store's `stripe` SDK calls in payment mode "sandbox":
// POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id (`expand[]=line_items`),
// GET /v1/checkout/sessions/:id/line_items, POST /v1/checkout/sessions/:id/expire, POST /v1/coupons and
// GET /v1/coupons/:id (coupons.server.ts). Stripe's auth
// (`Authorization: Bearer`), form-encoded bodies, `Idempotency-Key` and error JSON; anything else is a
// Stripe-style 404 rather than a silent success.

import { readForm } from "#app/lib/http.server.ts";
import { Refusal } from "#app/lib/refusal.ts";
import { SANDBOX_SECRET_KEY } from "#app/lib/stripe-sandbox-config.server.ts";
import { createCoupon, retrieveCoupon } from "./coupons.server.ts";
import { noSuchSession, StripeApiError } from "./errors.server.ts";
import { type ApiAnswer, idempotent } from "./idempotency.server.ts";
import { type SessionRecord, stripeId } from "./objects.server.ts";
import { expandParam, integerParam, type Params, parseStripeParams, refuseUnknownParams } from "./params.server.ts";
import {
  createRefund,
  failNextRefund,
  listRefunds,
  retrieveCharge,
  retrievePaymentIntent,
  retrieveRefund,
} from "./refunds.server.ts";
import { newSessionInput } from "./session-params.server.ts";
import { createSession, currentRecord, expireThroughApi } from "./sessions.server.ts";
import { isSandboxEnabled, MAX_API_BODY_BYTES } from "./settings.server.ts";

/** Handles one request to the sandbox's REST API (a 404 outside payment mode "sandbox"). */
export async function handleSandboxApi(request: Request): Promise<Response> {
  if (!isSandboxEnabled()) return new Response("Not Found", { status: 404 });
  try {
    const answer = await route(request);
    return stripeJson(answer.body, 200, answer.headers);
  } catch (error) {
    if (error instanceof StripeApiError) return stripeError(error);
    // A body too large or unreadable: refused as Stripe refuses a bad request.
    if (error instanceof Refusal) return stripeError(new StripeApiError(error.status, error.message));
    throw error;
  }
}

async function route(request: Request): Promise<ApiAnswer> {
  authenticate(request);
  const url = new URL(request.url);
  const params =
    request.method === "GET" ? parseStripeParams(url.searchParams) : parseStripeParams(await readApiBody(request));
  const [v1, checkout, sessions, id, action, ...rest] = url.pathname.split("/").filter(Boolean);
  if (v1 === "v1" && checkout === "coupons" && !id && !action) {
    if (request.method === "POST" && !sessions) return idempotent(request, params, async () => createCoupon(params));
    if (request.method === "GET" && sessions) return { body: retrieveCoupon(sessions) };
  }
  if (v1 === "v1" && checkout === "checkout" && sessions === "sessions" && rest.length === 0) {
    if (request.method === "POST" && !id) {
      return idempotent(request, params, async () => {
        const input = newSessionInput(params);
        return withExpansions(createSession(input), input.expand);
      });
    }
    if (request.method === "GET" && id && !action) return { body: await retrieveSession(id, params) };
    if (request.method === "GET" && id && action === "line_items") return { body: await listLineItems(id, params) };
    if (request.method === "POST" && id && action === "expire") {
      return idempotent(request, params, async () => {
        refuseUnknownParams(params, new Set(["expand"]));
        const expand = expandParam(params);
        return withExpansions(await expireThroughApi(id), expand);
      });
    }
  }
  if (v1 === "v1") {
    const parts = [checkout, sessions, id, action, ...rest].filter((part) => part !== undefined);
    const refundAnswer = await routeRefunds(request, params, parts);
    if (refundAnswer) return refundAnswer;
  }
  throw new StripeApiError(
    404,
    `Unrecognized request URL (${request.method}: ${url.pathname}). The store's built-in Stripe sandbox implements Checkout Sessions, coupons and refunds only.`,
  );
}

/** Refunds, payment intents and charges (refunds.server.ts); null for any other path. */
async function routeRefunds(
  request: Request,
  params: Params,
  parts: (string | undefined)[],
): Promise<ApiAnswer | null> {
  const [resource, id, action, ...rest] = parts;
  if (rest.length > 0 || action !== undefined) {
    if (resource === "test_helpers" && id === "sandbox" && action === "fail_next_refund" && request.method === "POST") {
      return { body: failNextRefund(params) };
    }
    return null;
  }
  if (resource === "refunds") {
    if (request.method === "POST" && !id) return idempotent(request, params, () => createRefund(params));
    if (request.method === "GET" && !id) return { body: listRefunds(params) };
    if (request.method === "GET" && id) return { body: retrieveRefund(id, params) };
  }
  if (resource === "payment_intents" && request.method === "GET" && id) {
    return { body: retrievePaymentIntent(id, params) };
  }
  if (resource === "charges" && request.method === "GET" && id) return { body: retrieveCharge(id, params) };
  return null;
}

function authenticate(request: Request) {
  const header = request.headers.get("Authorization") ?? "";
  if (!header) {
    throw new StripeApiError(
      401,
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth.",
    );
  }
  const key = header.replace(/^Bearer\s+/i, "");
  if (key !== SANDBOX_SECRET_KEY) throw new StripeApiError(401, `Invalid API Key provided: ${maskedKey(key)}`);
}

/**
 * A wrong key as Stripe shows it: its first 8 and last 4 characters with stars between (at most 20). A key too
 * short to hide anything that way is not shown at all, and nothing outside printable ASCII is echoed.
 */
export function maskedKey(key: string): string {
  if (key.length < 16 || !/^[\x21-\x7e]+$/.test(key)) return "***";
  return `${key.slice(0, 8)}${"*".repeat(Math.min(key.length - 12, 20))}${key.slice(-4)}`;
}

async function readApiBody(request: Request): Promise<URLSearchParams> {
  const type = request.headers.get("Content-Type") ?? "application/x-www-form-urlencoded";
  if (!type.startsWith("application/x-www-form-urlencoded")) {
    throw new StripeApiError(400, "Invalid request: the body must be application/x-www-form-urlencoded.");
  }
  return readForm(request, MAX_API_BODY_BYTES);
}

function lineItemList(record: SessionRecord, items = record.lineItems, hasMore = false) {
  return {
    object: "list",
    data: items,
    has_more: hasMore,
    url: `/v1/checkout/sessions/${record.session.id}/line_items`,
  };
}

function withExpansions(record: SessionRecord, expand: string[]) {
  return expand.includes("line_items") ? { ...record.session, line_items: lineItemList(record) } : record.session;
}

async function retrieveSession(id: string, params: Params) {
  refuseUnknownParams(params, new Set(["expand"]));
  const record = await currentRecord(id);
  if (!record) throw noSuchSession(id);
  return withExpansions(record, expandParam(params));
}

async function listLineItems(id: string, params: Params) {
  refuseUnknownParams(params, new Set(["limit", "starting_after", "ending_before", "expand"]));
  const record = await currentRecord(id);
  if (!record) throw noSuchSession(id);
  const limit = params.limit === undefined ? 10 : integerParam(params.limit, "limit", 1, 100);
  let start = 0;
  if (typeof params.starting_after === "string") {
    start = record.lineItems.findIndex((item) => item.id === params.starting_after) + 1;
    if (start === 0) throw new StripeApiError(400, "Invalid starting_after id.", { param: "starting_after" });
  }
  const page = record.lineItems.slice(start, start + limit);
  return lineItemList(record, page, start + limit < record.lineItems.length);
}

function stripeJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, {
    status,
    headers: { "Request-Id": stripeId("req", 14), "Cache-Control": "no-store", ...headers },
  });
}

function stripeError(error: StripeApiError): Response {
  const { type = "invalid_request_error", param, code } = error.details;
  return stripeJson(
    { error: { type, message: error.message, ...(param && { param }), ...(code && { code }) } },
    error.status,
  );
}

// The /api adapter: a route answers JSON in the spec's shapes; a Refusal becomes
// `{success: false, message, errors}` with its status; anything else is logged once and answered as a plain 500.
import { type FieldErrors, Refusal } from "./refusal.ts";

/** The body of a refused /api call, in the spec's shape; server/refusals.ts answers its own refusals with it too. */
export function refusalBody(
  message: string,
  fieldErrors: FieldErrors = {},
): { success: false; message: string; errors?: FieldErrors } {
  return Object.keys(fieldErrors).length > 0
    ? { success: false, message, errors: fieldErrors }
    : { success: false, message };
}

/** The answer to a refused /api call (`errors` names the fields at fault, when the refusal is about fields). */
export function refusalJson(refusal: Refusal): Response {
  return Response.json(refusalBody(refusal.message, refusal.fieldErrors), {
    status: refusal.status,
    headers: refusal.headers,
  });
}

/** Runs an /api handler and translates what it throws. Thrown Responses (a redirect, a 405) pass through. */
export async function apiAnswer(handler: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof Refusal) return refusalJson(error);
    console.error(error);
    return Response.json({ success: false, message: "Something went wrong. Please try again." }, { status: 500 });
  }
}

/**
 * The answer to a method an /api route does not take (a GET on a POST call, a PUT or DELETE on any):
 * 405 in the refusal shape, with the Allow header. Without it React Router answers a GET on an
 * action-only route with a bare 400 "Unexpected Server Error".
 */
export function methodNotAllowed(allow: "GET" | "POST") {
  return refusalJson(new Refusal(`Method not allowed: use ${allow}.`, 405, {}, { Allow: allow }));
}

/** An /api call that takes only POST: its loader answers every other method with 405. */
export const postOnly = () => methodNotAllowed("POST");
/** An /api call that takes only GET: its action answers every other method with 405. */
export const getOnly = () => methodNotAllowed("GET");

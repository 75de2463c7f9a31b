// Shared by the shopper /api routes: JSON bodies only, service refusals as {success:false, message}.
import { apiError, apiHandler, BadRequest, methodNotAllowed, readJson } from "#app/lib/http.server.ts";
import {
  AccountError,
  type AuthMode,
  authenticate,
  getUser,
  type ShopperUser,
  signIn,
} from "#app/services/accounts.server.ts";
import { AddressError } from "#app/services/addresses.server.ts";
import { CartError, cartItemsObject, readSavedCart } from "#app/services/cart.server.ts";
import { OrderError, type OrderLineInput } from "#app/services/orders.server.ts";

/**
 * The JSON object a client sent. Only `application/json` is read: a cross-site HTML form cannot send it
 * without the browser asking first, which keeps other sites from posting here as the shopper.
 */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new BadRequest("Send the request body as JSON (Content-Type: application/json).", 415);
  }
  const body = await readJson(request);
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new BadRequest("The request body must be a JSON object.");
  }
  return body as Record<string, unknown>;
}

/** Runs a shopper /api handler: a refusal from any shopper service becomes its message and status. */
export function shopperApi(fn: () => Promise<Response> | Response): Promise<Response> {
  return apiHandler(async () => {
    try {
      return await fn();
    } catch (error) {
      if (
        error instanceof AccountError ||
        error instanceof CartError ||
        error instanceof OrderError ||
        error instanceof AddressError
      ) {
        return apiError(error.message, error.status);
      }
      throw error;
    }
  });
}

export const notSignedIn = () => apiError("Not Authorized", 401);

/**
 * A shopper's JSON POST: another method is refused with 405, a visitor who is not signed in with 401
 * (before the body is read), then `fn` gets the shopper and the body, its refusals answered as in shopperApi.
 */
export async function signedInShopperPost(
  request: Request,
  fn: (user: ShopperUser, body: Record<string, unknown>) => Promise<Response> | Response,
): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return shopperApi(async () => {
    const user = await getUser(request);
    if (!user) return notSignedIn();
    return fn(user, await readJsonObject(request));
  });
}

/** The order lines of an /api/order body, `items: [{ product, quantity }]`; placeOrder checks each one. */
export function orderLinesFromBody(body: Record<string, unknown>): OrderLineInput[] {
  if (!Array.isArray(body.items)) throw new OrderError("The order items must be a list.");
  return body.items.map((item: unknown) => {
    const { product, quantity } = (item ?? {}) as { product?: unknown; quantity?: unknown };
    return { productId: product as string, quantity: quantity as number };
  });
}

/** POST /api/user/login and /api/user/register: checks the body, signs in, answers with the user and their cart. */
export async function signInApi(
  request: Request,
  mode: AuthMode,
  answer: { message: string; status: number },
): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return shopperApi(async () => {
    const body = await readJsonObject(request);
    const user = await authenticate(mode, body, request);
    const headers = new Headers();
    for (const cookie of await signIn(request, user)) headers.append("Set-Cookie", cookie);
    const cartItems = cartItemsObject(readSavedCart(user.id));
    return Response.json(
      {
        success: true,
        message: answer.message,
        user: { _id: user.id, name: user.name, email: user.email, cartItems },
      },
      { status: answer.status, headers },
    );
  });
}

// POST /api/user/login and /api/user/register: checks the body, signs in, answers with the user and their cart.
import type { RouterContextProvider } from "react-router";
import { apiAnswer } from "#app/lib/api.server.ts";
import { readJsonObject } from "#app/lib/http.server.ts";
import { clientAddressOf } from "#app/lib/request-client.server.ts";
import { apiCart } from "#app/modules/cart/index.server.ts";
import { type AuthMode, authenticate, signIn } from "#app/modules/identity/index.server.ts";
import { userJson } from "#app/routes/api/api-shapes.server.ts";

export function signInApi(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  mode: AuthMode,
  answer: { message: string; status: number },
) {
  return apiAnswer(async () => {
    const user = await authenticate(mode, await readJsonObject(request), request, clientAddressOf(context));
    const headers = new Headers();
    for (const cookie of await signIn(request, user)) headers.append("Set-Cookie", cookie);
    const cart = await apiCart(user.id);
    return Response.json(
      { success: true, message: answer.message, user: userJson(user, cart) },
      { status: answer.status, headers },
    );
  });
}

import { apiAnswer, postOnly } from "#app/lib/api.server.ts";
import { MAX_BODY_BYTES, parseJson, readBodyBytes, readForm } from "#app/lib/http.server.ts";
import { subscribe } from "#app/modules/mail/index.server.ts";
import type { Route } from "./+types/subscribe";

// POST /api/subscribe {email} (JSON or a form) → {success, message}; a refusal is a 4xx with the message.
export function action({ request }: Route.ActionArgs) {
  return apiAnswer(async () => {
    const isJson = (request.headers.get("Content-Type") ?? "").includes("json");
    const body = isJson
      ? parseJson((await readBodyBytes(request, MAX_BODY_BYTES)).toString("utf8"))
      : Object.fromEntries(await readForm(request));
    // Any JSON that is not an object simply holds no email.
    const email =
      body && typeof body === "object" && !Array.isArray(body) ? (body as { email?: unknown }).email : undefined;
    return Response.json({ success: true, message: await subscribe({ email }) });
  });
}

export const loader = postOnly;

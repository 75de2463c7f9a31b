import { apiError, apiHandler, readForm, readJson } from "#app/lib/http.server.ts";
import { subscribe } from "#app/services/newsletter.server.ts";
import type { Route } from "./+types/subscribe";

// POST /api/subscribe {email} → {success, message}; a refusal is a 4xx with the message.
export async function action({ request }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== "POST") return apiError("Use POST to subscribe.", 405);
    const isJson = (request.headers.get("Content-Type") ?? "").includes("json");
    const body = isJson ? await readJson(request) : Object.fromEntries(await readForm(request));
    const email =
      body && typeof body === "object" && !Array.isArray(body) ? (body as { email?: unknown }).email : undefined;
    const result = subscribe(email);
    if (!result.ok) return apiError(result.message, result.reason === "duplicate" ? 409 : 400);
    return Response.json({ success: true, message: result.message });
  });
}

export function loader() {
  return new Response(JSON.stringify({ success: false, message: "Use POST to subscribe." }), {
    status: 405,
    headers: { "Content-Type": "application/json", Allow: "POST" },
  });
}

// Builds real Requests for route loaders and actions, and reads their answers.

const ORIGIN = "http://localhost";

export function getRequest(path: string, init: { cookie?: string | null; headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  return new Request(new URL(path, ORIGIN), { headers });
}

/** A POST as a browser form sends it (application/x-www-form-urlencoded). */
export function formRequest(
  path: string,
  fields: Record<string, string | string[]>,
  init: { cookie?: string | null; headers?: HeadersInit } = {},
) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
  }
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/x-www-form-urlencoded");
  headers.set("Origin", ORIGIN);
  if (init.cookie) headers.set("Cookie", init.cookie);
  return new Request(new URL(path, ORIGIN), { method: "POST", body, headers });
}

/** A POST with a JSON body, as the /api clients send it. */
export function jsonRequest(path: string, json: unknown, init: { cookie?: string | null; method?: string } = {}) {
  const headers = new Headers({ "Content-Type": "application/json", Origin: ORIGIN });
  if (init.cookie) headers.set("Cookie", init.cookie);
  return new Request(new URL(path, ORIGIN), {
    method: init.method ?? "POST",
    body: typeof json === "string" ? json : JSON.stringify(json),
    headers,
  });
}

/** Turns Set-Cookie headers into a Cookie header value (name=value pairs), merged over `previous`. */
export function cookiesFrom(response: Response, previous = ""): string {
  const jar = new Map<string, string>();
  for (const pair of previous.split(/;\s*/).filter(Boolean)) {
    const [name, ...rest] = pair.split("=");
    jar.set(name!, rest.join("="));
  }
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(";");
    const [name, ...rest] = pair!.split("=");
    const value = rest.join("=");
    if (/max-age=0|expires=thu, 01 jan 1970/i.test(header) || value === "") jar.delete(name!);
    else jar.set(name!, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

/**
 * Runs a loader or action and returns what it produced as a Response: React Router's `data()`
 * results and thrown responses are normalised so tests can assert status, headers and body alike.
 */
export async function run(fn: () => unknown): Promise<Response> {
  try {
    return toResponse(await fn());
  } catch (thrown) {
    return toResponse(thrown);
  }
}

function toResponse(value: unknown): Response {
  if (value instanceof Response) return value;
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const d = value as { data: unknown; init: ResponseInit | null };
    return Response.json(d.data, d.init ?? undefined);
  }
  if (value instanceof Error) throw value;
  return Response.json(value ?? null);
}

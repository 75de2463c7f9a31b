// Builds real Requests for the store's handler (tests/helpers/app.ts: `site.app.fetch`), and reads their answers.
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from "react-router";
import type { FormReply } from "#app/lib/forms.ts";
import type { RawResponse } from "./raw-http.ts";

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

/**
 * Turns an answer's Set-Cookie headers (a Response's, or a raw HTTP answer's: raw-http.ts) into the Cookie header
 * a browser sends next (name=value pairs, the signed values as the store wrote them), merged over `previous`; a
 * cookie the answer clears is dropped. How a test holds a visitor's cart or saved items: the store signs them.
 */
export function cookiesFrom(response: Response | Pick<RawResponse, "headers">, previous = ""): string {
  const setCookies =
    response instanceof Response ? response.headers.getSetCookie() : (response.headers["set-cookie"] ?? []);
  const jar = new Map<string, string>();
  for (const pair of previous.split(/;\s*/).filter(Boolean)) {
    const [name, ...rest] = pair.split("=");
    jar.set(name!, rest.join("="));
  }
  for (const header of setCookies) {
    const [pair] = header.split(";");
    const [name, ...rest] = pair!.split("=");
    const value = rest.join("=");
    if (/max-age=0|expires=thu, 01 jan 1970/i.test(header) || value === "") jar.delete(name!);
    else jar.set(name!, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

/** A page action's refusal (its FormReply) as the form shows it: the form error, field errors, typed values. */
export type ReadReply = {
  code: number;
  formError: string | null;
  fieldErrors: Record<string, string>;
  values: Record<string, unknown>;
};

/** A `.data` answer's body (React Router's turbo-stream, what the app's JavaScript reads), decoded. */
export async function decodeRouteData(body: string): Promise<unknown> {
  const { value, done } = await decodeTurboStream(new Blob([body]).stream(), globalThis);
  await done;
  return value;
}

/** A whole answer read by a `Client` (tests/helpers/app.ts): its text and its headers (names in lower case). */
type ReadAnswer = { text: string; headers: Record<string, string> };

/**
 * Reads the FormReply a refused page action answered with: its JSON, or (posted to the page's `.data`
 * address through the handler, tests/helpers/app.ts) the action's data in React Router's turbo-stream.
 * Takes a Response or an answer a `Client` read.
 */
export async function readReply(from: Response | ReadAnswer): Promise<ReadReply> {
  const type = from instanceof Response ? from.headers.get("Content-Type") : from.headers["content-type"];
  const text = from instanceof Response ? await from.text() : from.text;
  const body = (
    type === "text/x-script" ? ((await decodeRouteData(text)) as { data: unknown }).data : JSON.parse(text)
  ) as FormReply;
  const { "": formErrors, ...fields } = body.error ?? {};
  return {
    code: body.code,
    formError: formErrors?.[0] ?? null,
    fieldErrors: Object.fromEntries(Object.entries(fields).map(([name, errors]) => [name, errors?.[0] ?? ""])),
    values: body.initialValue ?? {},
  };
}

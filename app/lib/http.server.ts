// Reading request bodies safely: bounded in size; a hostile body is a Refusal (4xx), never a 500.
import { Refusal } from "./refusal.ts";

/** Largest urlencoded or JSON body any page or /api call accepts (uploads have their own limits). */
export const MAX_BODY_BYTES = 64 * 1024;

const tooLarge = () => new Refusal("The request is too large.", 413);

/**
 * The body's bytes, at most `maxBytes` (413 beyond that, whatever Content-Length claims: a chunked body
 * has none). The stream is never cancelled, only let go: the Node adapter (@react-router/node, through
 * node-fetch-server) pushes every chunk that arrives into it without checking, and a push into a
 * cancelled stream throws inside an event handler, which would end the whole server process. The rest
 * of a refused upload just goes unread.
 */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Buffer> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > maxBytes) throw tooLarge();
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw tooLarge();
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof Refusal) throw error;
    // The client went away or sent a broken body.
    throw new Refusal("The request body could not be read.");
  } finally {
    reader.releaseLock();
  }
  return Buffer.concat(chunks);
}

/** The fields of a form post (urlencoded, or multipart without files, as fetch with FormData sends it). */
export async function readForm(request: Request, maxBytes = MAX_BODY_BYTES): Promise<URLSearchParams> {
  const type = request.headers.get("Content-Type") ?? "";
  const bytes = await readBodyBytes(request, maxBytes);
  if (!type.startsWith("multipart/form-data")) return new URLSearchParams(bytes.toString("utf8"));
  try {
    const form = await new Response(new Uint8Array(bytes), { headers: { "Content-Type": type } }).formData();
    const params = new URLSearchParams();
    for (const [key, value] of form) if (typeof value === "string") params.append(key, value);
    return params;
  } catch {
    throw new Refusal("The form could not be read.");
  }
}

/**
 * The JSON object an /api client sent. Only `application/json` is read: a cross-site HTML form cannot send
 * it without the browser asking first, which keeps other sites from posting here as the shopper.
 */
export async function readJsonObject(request: Request, maxBytes = MAX_BODY_BYTES): Promise<Record<string, unknown>> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new Refusal("Send the request body as JSON (Content-Type: application/json).", 415);
  }
  const body = parseJson((await readBodyBytes(request, maxBytes)).toString("utf8"));
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new Refusal("The request body must be a JSON object.");
  }
  return body as Record<string, unknown>;
}

/** A JSON text, or a 400 Refusal; an empty body is `{}`. */
export function parseJson(text: string, what = "The request body"): unknown {
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new Refusal(`${what} is not valid JSON.`);
  }
}

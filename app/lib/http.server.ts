// Reading request bodies safely: bounded in size, never throwing a 500 on a hostile body.
import { data } from "react-router";
import type { z } from "zod";

/** Largest urlencoded or JSON body any page or /api call accepts (uploads have their own limits). */
export const MAX_BODY_BYTES = 64 * 1024;

export class BadRequest extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/**
 * The body's bytes, at most `maxBytes` (413 beyond that, whatever Content-Length claims: a chunked body
 * has none). The stream is never cancelled, only let go: the Node adapter (@react-router/node, through
 * node-fetch-server) pushes every chunk that arrives into it without checking, and a push into a
 * cancelled stream throws inside an event handler, which would end the whole server process. The rest
 * of a refused upload just goes unread.
 */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Buffer> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > maxBytes) throw new BadRequest("The request is too large.", 413);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw new BadRequest("The request is too large.", 413);
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof BadRequest) throw error;
    // The client went away or sent a broken body.
    throw new BadRequest("The request body could not be read.");
  } finally {
    reader.releaseLock();
  }
  return Buffer.concat(chunks);
}

async function readBody(request: Request, maxBytes: number): Promise<string> {
  return (await readBodyBytes(request, maxBytes)).toString("utf8");
}

/** The fields of a urlencoded form post (a browser form without files). */
export async function readForm(request: Request, maxBytes = MAX_BODY_BYTES): Promise<URLSearchParams> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.startsWith("multipart/form-data")) {
    // Small forms can come as multipart too (fetch with FormData); bounded the same way, also when the
    // body is chunked and has no Content-Length.
    const bytes = await readBodyBytes(request, maxBytes);
    try {
      const form = await new Response(new Uint8Array(bytes), { headers: { "Content-Type": type } }).formData();
      const params = new URLSearchParams();
      for (const [key, value] of form) if (typeof value === "string") params.append(key, value);
      return params;
    } catch {
      throw new BadRequest("The form could not be read.");
    }
  }
  return new URLSearchParams(await readBody(request, maxBytes));
}

/** The JSON body of an /api call. */
export async function readJson(request: Request, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  const text = await readBody(request, maxBytes);
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequest("The request body is not valid JSON.");
  }
}

/** Field errors from a failed Zod parse: the first message for each field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The JSON answer of a refused /api call: `{success: false, message}` with a 4xx status. */
export function apiError(message: string, status = 400) {
  return Response.json({ success: false, message }, { status });
}

/**
 * The answer to a method an /api route does not take (a GET on a POST call, a PUT or DELETE on any):
 * 405 in the refusal shape, with the Allow header. Without it React Router answers a GET on an
 * action-only route with a bare 400 "Unexpected Server Error".
 */
export function methodNotAllowed(allow: "GET" | "POST") {
  return Response.json(
    { success: false, message: `Method not allowed: use ${allow}.` },
    { status: 405, headers: { Allow: allow } },
  );
}

/**
 * Runs an /api handler, turning a BadRequest into `{success: false, message}` with its status,
 * so a hostile body never becomes a 500.
 */
export async function apiHandler(fn: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof BadRequest) return apiError(error.message, error.status);
    throw error;
  }
}

/** For page actions: a BadRequest becomes a 4xx page answer with a message the route can render. */
export function badRequestData(error: unknown) {
  if (error instanceof BadRequest) return data({ formError: error.message }, { status: error.status });
  throw error;
}

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

async function readBody(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > maxBytes) throw new BadRequest("The request is too large.", 413);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new BadRequest("The request is too large.", 413);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The fields of a urlencoded form post (a browser form without files). */
export async function readForm(request: Request, maxBytes = MAX_BODY_BYTES): Promise<URLSearchParams> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.startsWith("multipart/form-data")) {
    // Small forms can come as multipart too (fetch with FormData); bounded the same way.
    const declared = Number(request.headers.get("Content-Length") ?? "0");
    if (declared > maxBytes) throw new BadRequest("The request is too large.", 413);
    try {
      const form = await request.formData();
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

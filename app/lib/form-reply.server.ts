// The page adapter: a page action reads its form, calls services, and answers a 303 on success; a Refusal
// becomes the one FormReply shape (see forms.ts) with the refusal's status. Anything else is a bug and goes on
// to React Router, which logs it once and renders the error boundary.
import { parse } from "@conform-to/react";
import { data, type HeadersFunction } from "react-router";
import type { FormReply } from "./forms.ts";
import { readForm } from "./http.server.ts";
import { Refusal } from "./refusal.ts";

/** Fields never sent back to the browser (a password, and the reset page's repeated one). */
const SECRET_FIELDS = ["password", "confirm"];
/** Longest typed value sent back (a hostile 60 kB field is not echoed whole). */
const MAX_ECHO = 500;

/** What a reply sends back of the typed fields. */
function keptFields(fields: Iterable<[string, string]>): URLSearchParams {
  const kept = new URLSearchParams();
  for (const [name, value] of fields) {
    // Conform's own control fields carry JSON it would trust; a browser form of ours never sends them.
    if (name.startsWith("__") || SECRET_FIELDS.includes(name)) continue;
    kept.append(name, value.slice(0, MAX_ECHO));
  }
  return kept;
}

/**
 * A form sent back to be shown again with these values and no error: a form that changes itself without
 * JavaScript (the seller's "add a size" button). Status 200; nothing was stored.
 */
export function valuesReply(fields: Iterable<[string, string]>): FormReply {
  const reply = parse<Record<string, unknown>, string[]>(keptFields(fields), {
    resolve: () => ({ error: null }),
  }).reply();
  return { ...reply, code: 200 };
}

/** The FormReply for a refusal of the form `fields`. */
export function replyFor(fields: Iterable<[string, string]>, refusal: Refusal): FormReply {
  const kept = keptFields(fields);
  const hasFieldErrors = Object.keys(refusal.fieldErrors).length > 0;
  const fieldErrors = Object.fromEntries(
    Object.entries(refusal.fieldErrors).map(([name, message]) => [name, [message]]),
  );
  const reply = parse<Record<string, unknown>, string[]>(kept, { resolve: () => ({ error: null }) }).reply({
    // A refusal about fields is shown next to them only, never twice.
    formErrors: hasFieldErrors ? [] : [refusal.message],
    fieldErrors,
  });
  return { ...reply, code: refusal.status };
}

/** A refused page action: the reply with the refusal's status. Anything that is not a Refusal is thrown on. */
export function refusalData(error: unknown, fields: Iterable<[string, string]> = []) {
  if (error instanceof Refusal) return data(replyFor(fields, error), { status: error.status, headers: error.headers });
  throw error;
}

/** Headers of a refusal that a page's answer passes on (React Router passes on only cookies by itself). */
const PASSED_ON = ["Retry-After"];

/**
 * The `headers` export of a page whose action may be refused with headers (a 429's Retry-After): they reach
 * the page's answer without JavaScript, and the data answer with it.
 */
export const refusalHeaders: HeadersFunction = ({ actionHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  for (const name of PASSED_ON) {
    const value = actionHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};

/** The typed fields of a form, in the order sent. */
type Fields = Iterable<[string, string]>;

/**
 * Runs a page action on the form `read` takes from the request. A refusal (also of the body itself: too
 * large, unreadable) is answered with the FormReply, echoing the fields read so far.
 */
async function adapt<R, T>(
  request: Request,
  read: (request: Request) => Promise<R>,
  fieldsOf: (form: R) => Fields,
  run: (form: R) => Promise<T> | T,
) {
  let fields: Fields = [];
  try {
    const form = await read(request);
    fields = fieldsOf(form);
    return await run(form);
  } catch (error) {
    return refusalData(error, fields);
  }
}

/**
 * Runs a page action on the fields of its urlencoded form. A refusal (also of the body itself: too large,
 * unreadable) is answered with the FormReply.
 */
export function formAction<T>(request: Request, run: (form: URLSearchParams) => Promise<T> | T) {
  return adapt(request, readForm, (form) => form, run);
}

/**
 * The same adapter for a multipart form (a product with its photos): `read` is the upload reader, which
 * gives the text fields (echoed in a refusal's FormReply) and whatever else it read.
 */
export function multipartFormAction<U extends { fields: Map<string, string> }, T>(
  request: Request,
  read: (request: Request) => Promise<U>,
  run: (upload: U) => Promise<T> | T,
) {
  return adapt(request, read, (upload) => upload.fields, run);
}

// The one way the store says "no" to something a shopper, a seller or a client did. Services throw a
// Refusal; the page adapter (form-reply.server.ts) and the /api adapter (api.server.ts) translate it. Anything
// else that is thrown is a bug: it is logged and reaches the error boundary or a plain 500.
import type { z } from "zod";

export type FieldErrors = Record<string, string>;

/**
 * A refused request: a message for the person, the HTTP status, the fields at fault (if any), and headers the
 * answer carries (a 429's Retry-After).
 */
export class Refusal extends Error {
  constructor(
    message: string,
    readonly status = 400,
    readonly fieldErrors: FieldErrors = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "Refusal";
  }
}

/** Throws a Refusal. */
export function refuse(message: string, status = 400, fieldErrors: FieldErrors = {}): never {
  throw new Refusal(message, status, fieldErrors);
}

/** Throws a Refusal unless `condition` holds. */
export function refuseUnless(condition: unknown, message: string, status = 400): asserts condition {
  if (!condition) throw new Refusal(message, status);
}

/** A field's name as the form names it: ["sizes", 0, "stock"] → "sizes[0].stock" (Conform's naming). */
function fieldName(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (name, part) => (typeof part === "number" ? `${name}[${part}]` : name ? `${name}.${String(part)}` : String(part)),
    "",
  );
}

/** The first message for each field of a failed Zod parse (a refusal of the whole object is keyed "form"). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = fieldName(issue.path) || "form";
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * The parsed value, or a 400 Refusal carrying every field's first message; its own message is the first
 * of them (what an /api client shows).
 */
export function parseOrRefuse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = fieldErrorsOf(result.error);
  const { form, ...fields } = errors;
  throw new Refusal(form ?? Object.values(fields)[0] ?? "Please check the form.", 400, fields);
}

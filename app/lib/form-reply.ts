// The one shape every page form reads after a refused post (see forms.ts), and what a page reads from it. Apart
// from forms.ts, which brings Conform and Zod: pages whose forms need neither read replies from here.
import type { SubmissionResult } from "@conform-to/react";

/**
 * A refused form post: Conform's submission result (the form error under the "" key, field errors, the values
 * typed, passwords left out) plus the HTTP status it was answered with.
 */
export type FormReply = SubmissionResult<string[]> & { code: number };

/** The form-level message of a reply (null when the refusal is about fields, shown next to them). */
export function formErrorOf(reply: unknown): string | null {
  const error = (reply as Partial<FormReply> | undefined)?.error;
  return error?.[""]?.[0] ?? null;
}

/** A value the shopper typed, as the reply kept it. */
export function typedValue(reply: unknown, name: string): string | undefined {
  const value = (reply as Partial<FormReply> | undefined)?.initialValue?.[name];
  return typeof value === "string" ? value : undefined;
}

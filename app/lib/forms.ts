// The one shape every page form reads after a refused post, and the glue to Conform on the page.
// The server (form-reply.server.ts) answers a Refusal with a FormReply; the component hands it to Conform's
// useForm as `lastResult`, which ties each field's error to its input (aria-invalid, aria-describedby) and
// keeps what was typed. The server renders the same markup, so a form reads the same with JavaScript or without.
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import type { FormReply } from "./form-reply.ts";

export { type FormReply, formErrorOf, typedValue } from "./form-reply.ts";

/**
 * Conform's form state for a form whose server answer is `reply`. With JavaScript, `schema` (the same one the
 * service checks with) validates before posting and the messages are the server's own; without it the server
 * answers with them.
 */
export function useReplyForm<S extends z.ZodObject>({
  id,
  reply,
  schema,
  defaultValue,
  asSent = false,
  alsoRefuse,
}: {
  id: string;
  reply: FormReply | null | undefined;
  schema?: S;
  defaultValue?: Record<string, unknown>;
  /**
   * Validate the fields as the server receives them (every field a string, an empty one ""), without
   * Conform's coercion (which turns an empty field into no value): for a form whose schema reads text only,
   * the same answer with JavaScript as without, by construction.
   */
  asSent?: boolean;
  /**
   * What the server would refuse beyond the schema (the Add Product form's photos), said in the browser with
   * the schema's messages when those hold the form back: every mistake in one round, as without JavaScript.
   */
  alsoRefuse?: (formData: FormData) => Record<string, string> | null;
}) {
  return useForm<z.input<S>, z.output<S>>({
    id,
    lastResult: reply ?? undefined,
    defaultValue: defaultValue as never,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: schema
      ? ({ formData }) => {
          const submission = validateForm(formData, schema, asSent);
          if (submission.status === "success") return submission;
          const more = alsoRefuse?.(formData);
          if (!more) return submission;
          const extra = Object.fromEntries(Object.entries(more).map(([name, message]) => [name, [message]]));
          // Conform renders what reply() gives (its own copy of the errors), so the extra ones go through it too.
          return {
            ...submission,
            error: { ...submission.error, ...extra },
            reply: (options) => submission.reply({ ...options, fieldErrors: extra } as never),
          };
        }
      : undefined,
  });
}

/** What a form's schema says in the browser before posting (see useReplyForm's `asSent`). */
export function validateForm<S extends z.ZodObject>(formData: FormData, schema: S, asSent = false) {
  return parseWithZod(formData, { schema, disableAutoCoercion: asSent });
}

import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, useLocation } from "react-router";
import { SubmitButton } from "#app/components/button.tsx";
import { type FormReply, formErrorOf, useReplyForm } from "#app/lib/forms.ts";
import { newsletterSchema } from "#app/lib/schemas/newsletter.ts";
import { FieldError } from "./form-field.tsx";

/**
 * The newsletter sign-up (posts to the home page's action). The server's message is shown next to the
 * field, with or without JavaScript, so the form does not let the browser's own validation speak first.
 */
export function NewsletterForm({ reply }: { reply?: FormReply }) {
  const location = useLocation();
  // A new form after every navigation: the field empties after a successful sign-up.
  const [form, fields] = useReplyForm({ id: `newsletter-${location.key}`, reply, schema: newsletterSchema });
  const { key, ...emailProps } = getInputProps(fields.email, { type: "email" });
  const error = fields.email.errors?.[0] ?? formErrorOf(reply);
  return (
    <section
      id="newsletter"
      aria-labelledby="newsletter-heading"
      className="mt-24 flex scroll-mt-24 flex-col items-center rounded-2xl bg-primary/5 px-6 py-14 text-center"
    >
      <h2 id="newsletter-heading" className="text-2xl font-semibold text-gray-800 md:text-4xl">
        Never Miss a Deal!
      </h2>
      <p className="mt-3 max-w-xl text-gray-500 md:text-lg">
        Subscribe to get the latest offers, new arrivals, and exclusive discounts.
      </p>
      <Form
        method="post"
        action="/?index"
        {...getFormProps(form)}
        noValidate
        preventScrollReset
        className="mt-8 w-full max-w-2xl"
      >
        <div className="flex h-12 items-stretch md:h-13">
          <label htmlFor={fields.email.id} className="sr-only">
            Email address
          </label>
          <input
            key={key}
            {...emailProps}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? fields.email.errorId : undefined}
            required
            autoComplete="email"
            maxLength={254}
            placeholder="Enter your email id"
            className={`h-full w-full rounded-l-md border px-3 text-gray-700 outline-none focus:border-primary ${
              error ? "border-red-500" : "border-gray-300"
            }`}
          />
          <SubmitButton className="h-full rounded-l-none md:px-12">Subscribe</SubmitButton>
        </div>
        <div className="text-left text-sm">
          <FieldError id={fields.email.errorId} errors={error} />
        </div>
      </Form>
    </section>
  );
}

import { Form, useLocation } from "react-router";
import { SubmitButton } from "#app/components/button.tsx";
import { type FormReply, formErrorOf, typedValue } from "#app/lib/form-reply.ts";
import { FieldError } from "./form-messages.tsx";

const EMAIL_ID = "newsletter-email";
const ERROR_ID = "newsletter-email-error";

/**
 * The newsletter sign-up (posts to the home page's action). The server's message is shown next to the
 * field, with or without JavaScript, so the form does not let the browser's own validation speak first.
 * It reads the server's reply without Conform and Zod: the home page is the one most visitors open first,
 * and those two were a fifth of its JavaScript (docs/decisions/0101).
 */
export function NewsletterForm({ reply }: { reply?: FormReply }) {
  const location = useLocation();
  const error = reply?.error?.email?.[0] ?? formErrorOf(reply);
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
      <Form method="post" action="/?index" noValidate preventScrollReset className="mt-8 w-full max-w-2xl">
        <div className="flex h-12 items-stretch md:h-13">
          <label htmlFor={EMAIL_ID} className="sr-only">
            Email address
          </label>
          {/* A new field after every navigation: it empties after a successful sign-up. */}
          <input
            key={location.key}
            id={EMAIL_ID}
            name="email"
            type="email"
            defaultValue={typedValue(reply, "email")}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ERROR_ID : undefined}
            required
            autoComplete="email"
            maxLength={254}
            placeholder="Your email address"
            className={`h-full w-full rounded-l-md border px-3 text-gray-700 outline-none focus:border-primary ${
              error ? "border-red-500" : "border-gray-300"
            }`}
          />
          <SubmitButton className="h-full rounded-l-none md:px-12">Subscribe</SubmitButton>
        </div>
        <div className="text-left text-sm">
          <FieldError id={ERROR_ID} errors={error} />
        </div>
      </Form>
    </section>
  );
}

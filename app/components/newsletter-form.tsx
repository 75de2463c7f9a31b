import { Form, useLocation, useNavigation } from "react-router";

/**
 * The newsletter sign-up (posts to the home page's action). The server's message is shown next to the
 * field, with or without JavaScript, so the form does not let the browser's own validation speak first.
 */
export function NewsletterForm({ error, email }: { error?: string; email?: string }) {
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/?index");
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
          <label htmlFor="newsletter-email" className="sr-only">
            Email address
          </label>
          <input
            // A new key after every navigation: the field empties after a successful sign-up.
            key={location.key}
            id="newsletter-email"
            type="email"
            name="email"
            required
            autoComplete="email"
            maxLength={254}
            defaultValue={email ?? ""}
            placeholder="Enter your email id"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "newsletter-error" : undefined}
            className={`h-full w-full rounded-l-md border px-3 text-gray-700 outline-none focus:border-primary ${
              error ? "border-red-500" : "border-gray-300"
            }`}
          />
          <button
            type="submit"
            disabled={busy}
            className="rounded-r-md bg-primary px-6 text-white transition hover:bg-primary-dull disabled:opacity-70 md:px-12"
          >
            Subscribe
          </button>
        </div>
        {error ? (
          <p id="newsletter-error" role="alert" className="mt-2 text-left text-sm text-red-600">
            {error}
          </p>
        ) : null}
      </Form>
    </section>
  );
}

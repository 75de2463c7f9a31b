import { getFormProps } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { Link, useFetcher, useLocation, useNavigate } from "react-router";
import { type FormReply, formErrorOf, typedValue, useReplyForm } from "#app/lib/forms.ts";
import { loginSchema, MIN_PASSWORD_LENGTH, registerSchema } from "#app/lib/schemas/account.ts";
import { Field, FormError } from "./form-field.tsx";
import { useLoginHref } from "./header.tsx";

export type AuthMode = "login" | "register";

/** The mode a refused post to /login was in (its hidden `mode` field). */
export function replyMode(reply: FormReply | undefined): AuthMode | undefined {
  const mode = typedValue(reply, "mode");
  return mode === "register" || mode === "login" ? mode : undefined;
}

/** The URL without the `login` flag: closing the modal returns to the page underneath. */
function useCloseHref() {
  const location = useLocation();
  if (location.pathname === "/login") return "/";
  const params = new URLSearchParams(location.search);
  params.delete("login");
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ""}`;
}

/**
 * The login / sign-up form. With JavaScript it posts in the background and shows a refusal in place;
 * without, the browser posts to /login, which renders this modal again with the answer.
 */
export function LoginModal({ mode: urlMode, reply }: { mode: AuthMode; reply?: FormReply }) {
  const fetcher = useFetcher<FormReply>();
  const mode = replyMode(reply) ?? urlMode;
  // A refusal belongs to the mode it was given in; switching modes starts afresh.
  const answer = replyMode(fetcher.data) === mode ? fetcher.data : reply;
  const registering = mode === "register";
  const [form, fields] = useReplyForm({
    id: `login-${mode}`,
    reply: answer,
    // One set of fields for both modes (login simply has no name).
    schema: (registering ? registerSchema : loginSchema) as typeof registerSchema,
  });
  const closeHref = useCloseHref();
  const loginHref = useLoginHref();
  const registerHref = useLoginHref("register");
  const firstField = useRef<HTMLDivElement>(null);
  useEffect(() => {
    firstField.current?.querySelector("input")?.focus();
  }, []);
  // With JavaScript, Escape closes the modal too (the × link does it without).
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") navigate(closeHref, { preventScrollReset: true });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigate, closeHref]);
  const inputClass = (invalid: boolean) =>
    `mt-1 w-full rounded border p-2 outline-none focus:border-primary ${invalid ? "border-red-500" : "border-gray-200"}`;
  const common = { required: true, placeholder: "type here", className: "text-gray-600" } as const;
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-black/50 px-4">
      <Link to={closeHref} className="absolute inset-0 cursor-default" aria-hidden="true" tabIndex={-1} />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="login-title"
        className="relative w-full max-w-sm rounded-lg border border-gray-200 bg-white p-8 text-sm text-gray-600 shadow-xl"
      >
        <Link
          to={closeHref}
          className="absolute right-3 top-3 rounded px-2 text-lg text-gray-400 hover:text-gray-700"
          aria-label="Close"
        >
          ×
        </Link>
        <h2 id="login-title" className="text-center text-2xl font-medium">
          <span className="text-primary">User</span> {registering ? "Sign Up" : "Login"}
        </h2>
        <fetcher.Form
          method="post"
          action="/login"
          {...getFormProps(form)}
          noValidate
          className="mt-6 flex flex-col gap-4"
        >
          <input type="hidden" name="mode" value={mode} />
          {fetcher.state === "idle" ? <FormError id={form.errorId} message={formErrorOf(answer)} /> : null}
          <div ref={firstField} className="flex flex-col gap-4">
            {registering ? (
              <Field
                {...common}
                field={fields.name}
                label="Name"
                maxLength={100}
                autoComplete="name"
                inputClassName={inputClass(Boolean(fields.name.errors))}
              />
            ) : null}
            <Field
              {...common}
              field={fields.email}
              label="Email"
              type="email"
              maxLength={254}
              autoComplete="email"
              inputClassName={inputClass(Boolean(fields.email.errors))}
            />
          </div>
          <Field
            {...common}
            field={fields.password}
            label="Password"
            type="password"
            maxLength={200}
            autoComplete={registering ? "new-password" : "current-password"}
            hint={registering ? `At least ${MIN_PASSWORD_LENGTH} characters.` : undefined}
            inputClassName={inputClass(Boolean(fields.password.errors))}
          />
          {registering ? null : (
            <p className="-mt-2 text-right">
              <Link to="/forgot-password" className="text-primary">
                Forgot password?
              </Link>
            </p>
          )}
          <p>
            {registering ? "Already have account?" : "Create an account?"}{" "}
            <Link to={registering ? loginHref : registerHref} replace className="text-primary">
              click here
            </Link>
          </p>
          <button
            type="submit"
            disabled={fetcher.state !== "idle"}
            className="w-full cursor-pointer rounded-md bg-primary py-2 text-white transition-all hover:bg-primary-dull disabled:opacity-70"
          >
            {registering ? "Create Account" : "Login"}
          </button>
        </fetcher.Form>
      </div>
    </div>
  );
}

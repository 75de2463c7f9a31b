import { type InputHTMLAttributes, type Ref, useEffect, useRef } from "react";
import { Link, useFetcher, useLocation, useNavigate } from "react-router";
import { useLoginHref } from "./header.tsx";

export type AuthMode = "login" | "register";

/** What POST /login answers when it refuses (a success is a redirect to /). */
export type LoginResult = {
  mode: AuthMode;
  message?: string;
  fieldErrors?: Record<string, string>;
  fields?: { name?: string; email?: string };
};

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
 * The login modal as the URL asks for it: `?login` or `?login=register` opens it over the current page
 * (rendered by the server, so it works without JavaScript).
 */
export function UrlLoginModal({ signedIn }: { signedIn: boolean }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  // POST /login renders its own modal (with the answer); nobody needs it once signed in.
  if (signedIn || location.pathname === "/login" || !params.has("login")) return null;
  return <LoginModal mode={params.get("login") === "register" ? "register" : "login"} />;
}

/**
 * The login / sign-up form. With JavaScript it posts in the background and shows a refusal in place;
 * without, the browser posts to /login, which renders this modal again with the answer.
 */
export function LoginModal({ mode: urlMode, result }: { mode: AuthMode; result?: LoginResult }) {
  const fetcher = useFetcher<LoginResult>();
  const mode = result?.mode ?? urlMode;
  // A refusal belongs to the mode it was given in; switching modes starts afresh.
  const answer = fetcher.data?.mode === mode ? fetcher.data : result;
  const registering = mode === "register";
  const closeHref = useCloseHref();
  const loginHref = useLoginHref();
  const registerHref = useLoginHref("register");
  const errors = answer?.fieldErrors ?? {};
  const firstField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    firstField.current?.focus();
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
        <fetcher.Form method="post" action="/login" className="mt-6 flex flex-col gap-4">
          <input type="hidden" name="mode" value={mode} />
          {answer && fetcher.state === "idle" ? (
            <p role="alert" className="rounded border border-red-200 bg-red-50 px-3 py-2 text-red-700">
              {answer.message || "Invalid credentials"}
            </p>
          ) : null}
          {registering ? (
            <ModalField
              ref={firstField}
              label="Name"
              name="name"
              error={errors.name}
              type="text"
              maxLength={100}
              autoComplete="name"
              defaultValue={answer?.fields?.name ?? ""}
            />
          ) : null}
          <ModalField
            ref={registering ? undefined : firstField}
            label="Email"
            name="email"
            error={errors.email}
            type="email"
            maxLength={254}
            autoComplete="email"
            defaultValue={answer?.fields?.email ?? ""}
          />
          <ModalField
            label="Password"
            name="password"
            error={errors.password}
            hint={registering ? "At least 8 characters." : undefined}
            type="password"
            maxLength={200}
            autoComplete={registering ? "new-password" : "current-password"}
          />
          <p>
            {registering ? (
              <>
                Already have account?{" "}
                <Link to={loginHref} replace className="text-primary">
                  click here
                </Link>
              </>
            ) : (
              <>
                Create an account?{" "}
                <Link to={registerHref} replace className="text-primary">
                  click here
                </Link>
              </>
            )}
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

/** A required input of the modal, labelled, with its error (or else its hint, if any) under it. */
function ModalField({
  label,
  name,
  error,
  hint,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}) {
  const id = `login-${name}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        required
        placeholder="type here"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : hint ? hintId : undefined}
        className={`mt-1 w-full rounded border p-2 outline-none focus:border-primary ${error ? "border-red-500" : "border-gray-200"}`}
        {...input}
      />
      {error ? (
        <p id={errorId} className="mt-1 text-xs text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p id={hintId} className="mt-1 text-xs text-gray-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

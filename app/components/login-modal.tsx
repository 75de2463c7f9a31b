import { useEffect, useRef } from "react";
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
  const fieldClass = (name: string) =>
    `mt-1 w-full rounded border p-2 outline-none focus:border-primary ${errors[name] ? "border-red-500" : "border-gray-200"}`;

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
            <div>
              <label htmlFor="login-name">Name</label>
              <input
                ref={firstField}
                id="login-name"
                name="name"
                type="text"
                required
                maxLength={100}
                autoComplete="name"
                placeholder="type here"
                defaultValue={answer?.fields?.name ?? ""}
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={errors.name ? "login-name-error" : undefined}
                className={fieldClass("name")}
              />
              {errors.name ? (
                <p id="login-name-error" className="mt-1 text-xs text-red-600">
                  {errors.name}
                </p>
              ) : null}
            </div>
          ) : null}
          <div>
            <label htmlFor="login-email">Email</label>
            <input
              ref={registering ? undefined : firstField}
              id="login-email"
              name="email"
              type="email"
              required
              maxLength={254}
              autoComplete="email"
              placeholder="type here"
              defaultValue={answer?.fields?.email ?? ""}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? "login-email-error" : undefined}
              className={fieldClass("email")}
            />
            {errors.email ? (
              <p id="login-email-error" className="mt-1 text-xs text-red-600">
                {errors.email}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor="login-password">Password</label>
            <input
              id="login-password"
              name="password"
              type="password"
              required
              maxLength={200}
              autoComplete={registering ? "new-password" : "current-password"}
              placeholder="type here"
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? "login-password-error" : "login-password-hint"}
              className={fieldClass("password")}
            />
            {errors.password ? (
              <p id="login-password-error" className="mt-1 text-xs text-red-600">
                {errors.password}
              </p>
            ) : registering ? (
              <p id="login-password-hint" className="mt-1 text-xs text-gray-500">
                At least 8 characters.
              </p>
            ) : null}
          </div>
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

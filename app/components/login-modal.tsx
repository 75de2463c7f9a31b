import { getFormProps } from "@conform-to/react";
import { type ReactNode, useEffect, useRef } from "react";
import { Link, useFetcher, useLocation, useNavigate } from "react-router";
import { SubmitButton } from "#app/components/button.tsx";
import { type FormReply, formErrorOf, typedValue, useReplyForm } from "#app/lib/forms.ts";
import { sameSitePath } from "#app/lib/safe-redirect.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { loginSchema, MIN_PASSWORD_LENGTH, registerSchema } from "#app/modules/identity/shared/account-schema.ts";
import { Field, FormError } from "./form-field.tsx";
import { useLoginHref } from "./header.tsx";

export type AuthMode = "login" | "register";

/** The mode a refused post to /login was in (its hidden `mode` field). */
export function replyMode(reply: FormReply | undefined): AuthMode | undefined {
  const mode = typedValue(reply, "mode");
  return mode === "register" || mode === "login" ? mode : undefined;
}

/** The URL without the `login` flag (nor a return target): closing the modal returns to the page underneath. */
function useCloseHref() {
  const location = useLocation();
  if (location.pathname === "/login") return "/";
  const params = new URLSearchParams(location.search);
  params.delete("login");
  params.delete("redirectTo");
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ""}`;
}

/**
 * Where a login or sign-up returns to: the page that sent the shopper here (`?redirectTo=`, or the form's own
 * field as a refused post without JavaScript sent it back), else the page underneath the modal. Only a path
 * of this store; /login posts it back and checks it again.
 */
function useReturnTo(reply: FormReply | undefined, closeHref: string) {
  const location = useLocation();
  const asked = new URLSearchParams(location.search).get("redirectTo");
  const underneath = sameSitePath(closeHref) ?? "/";
  if (asked !== null) return sameSitePath(asked) ?? underneath;
  return sameSitePath(typedValue(reply, "redirectTo")) ?? underneath;
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
  const returnTo = useReturnTo(reply, closeHref);
  const loginHref = useLoginHref();
  const registerHref = useLoginHref("register");
  const firstField = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  useEffect(() => {
    // Unless the shopper is already typing in the form (before the scripts had run).
    const form = firstField.current?.closest("form");
    if (hydrated && !form?.contains(document.activeElement)) firstField.current?.querySelector("input")?.focus();
  }, [hydrated]);
  // With JavaScript, Escape closes the modal too (the × link does it without).
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") void navigate(closeHref, { preventScrollReset: true });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigate, closeHref]);
  /** One of the form's fields: required, in the modal's look, its border red while it is in error. */
  const input = (props: Parameters<typeof Field>[0]) => (
    <Field
      required
      className="text-gray-600"
      inputClassName={`mt-1 w-full rounded-control border bg-white p-2.5 text-ink outline-none focus:border-primary ${props.field.errors ? "border-red-600" : "border-field"}`}
      {...props}
    />
  );
  const close = (
    <Link
      to={closeHref}
      className="absolute right-3 top-3 rounded px-2 text-lg text-gray-500 hover:text-gray-800"
      aria-label="Close"
    >
      ×
    </Link>
  );
  return (
    <LoginFrame hydrated={hydrated} closeHref={closeHref}>
      {close}
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
        <input type="hidden" name="redirectTo" value={returnTo} />
        {fetcher.state === "idle" ? <FormError id={form.errorId} message={formErrorOf(answer)} /> : null}
        <div ref={firstField} className="flex flex-col gap-4">
          {registering
            ? input({
                field: fields.name,
                label: "Name",
                placeholder: "Your name",
                maxLength: 100,
                autoComplete: "name",
              })
            : null}
          {input({
            field: fields.email,
            label: "Email",
            type: "email",
            placeholder: "you@example.com",
            maxLength: 254,
            autoComplete: "email",
          })}
        </div>
        {input({
          field: fields.password,
          label: "Password",
          type: "password",
          maxLength: 200,
          autoComplete: registering ? "new-password" : "current-password",
          hint: registering ? `At least ${MIN_PASSWORD_LENGTH} characters.` : undefined,
        })}
        {registering ? null : (
          <p className="-mt-2 text-right">
            <Link to="/forgot-password" className="text-primary underline">
              Forgot password?
            </Link>
          </p>
        )}
        <p>
          {registering ? "Already have account?" : "Create an account?"}{" "}
          <Link to={registering ? loginHref : registerHref} replace className="text-primary underline">
            click here
          </Link>
        </p>
        <SubmitButton block>{registering ? "Create Account" : "Login"}</SubmitButton>
      </fetcher.Form>
    </LoginFrame>
  );
}

const PANEL =
  "relative w-full max-w-sm rounded-card border border-gray-200 bg-white p-8 text-sm text-gray-600 shadow-xl";

/**
 * With JavaScript, a modal dialog over the page: focus moves into it and, when it closes, back to where it
 * was (the Login link); the rest of the page is inert meanwhile; Escape, the × and the backdrop close it.
 * Without JavaScript nothing can keep focus in a dialog, so it is a plain section at the top of the page.
 * Both are the same elements (only their attributes change at hydration), so the inputs are kept, and with
 * them whatever was typed before the scripts had run.
 */
function LoginFrame({ hydrated, closeHref, children }: { hydrated: boolean; closeHref: string; children: ReactNode }) {
  const overlay = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const frame = overlay.current;
    if (!hydrated || !frame) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const inerted: Element[] = [];
    for (let node: Element = frame; node.parentElement && node !== document.body; node = node.parentElement) {
      for (const sibling of node.parentElement.children) {
        if (sibling === node || sibling.hasAttribute("inert") || sibling.tagName === "SCRIPT") continue;
        sibling.setAttribute("inert", "");
        inerted.push(sibling);
      }
    }
    return () => {
      for (const element of inerted) element.removeAttribute("inert");
      if (opener?.isConnected) opener.focus();
    };
  }, [hydrated]);
  return (
    <div
      ref={overlay}
      className={hydrated ? "fixed inset-0 z-40 flex items-center justify-center bg-black/50 px-4" : undefined}
    >
      {hydrated ? (
        <Link to={closeHref} className="absolute inset-0 cursor-default" aria-hidden="true" tabIndex={-1} />
      ) : null}
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: aria-modal goes with role="dialog", which it is then */}
      <section
        role={hydrated ? "dialog" : undefined}
        aria-modal={hydrated ? "true" : undefined}
        aria-labelledby="login-title"
        className={hydrated ? PANEL : `mx-auto my-6 ${PANEL}`}
      >
        {children}
      </section>
    </div>
  );
}

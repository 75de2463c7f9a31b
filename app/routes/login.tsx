import { useSearchParams } from "react-router";
import { LoginModal } from "#app/components/login-modal.tsx";
import { formAction, refusalHeaders } from "#app/lib/form-reply.server.ts";
import { clientAddressOf } from "#app/lib/request-client.server.ts";
import { safeRedirect } from "#app/lib/safe-redirect.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { authenticate, signIn } from "#app/modules/identity/index.server.ts";
import { shopSettings } from "#app/modules/shop/index.server.ts";
import { shopOf } from "#app/modules/shop/shared/shop.ts";
import { pageMeta } from "#app/routes/seo.ts";
import type { Route } from "./+types/login";
import { HomePage, loader as homeLoader } from "./home.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Login",
    description: `Log in to ${shopOf(matches).name} or create an account.`,
    path: "/login",
    noindex: true,
  });

// The modal opens over any page with ?login; /login is where its form posts. Visited directly, or after
// a refused post without JavaScript, /login shows the form first (on the first screen), then the home page.
// A login returns to the form's `redirectTo` (the page it was opened on), a path of this store, else home.
// A refusal's Retry-After (too many attempts) reaches the page without JavaScript too.
export const headers = refusalHeaders;

export function loader() {
  return homeLoader();
}

export function action({ request, context }: Route.ActionArgs) {
  return formAction(request, async (form) => {
    const mode = form.get("mode") === "register" ? "register" : "login";
    const fields = { name: form.get("name"), email: form.get("email"), password: form.get("password") };
    const user = await authenticate(mode, fields, request, clientAddressOf(context));
    const headers = new Headers();
    for (const cookie of await signIn(request, user)) headers.append("Set-Cookie", cookie);
    const message =
      mode === "register" ? `Welcome to ${(await shopSettings()).name}, ${user.name}!` : `Welcome back, ${user.name}!`;
    return redirectWithToast(
      request,
      safeRedirect(form.get("redirectTo"), "/"),
      { type: "success", message },
      { headers },
    );
  });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return (
    <>
      <LoginModal mode={params.get("login") === "register" ? "register" : "login"} reply={actionData} />
      <HomePage {...loaderData} />
    </>
  );
}

import { redirect } from "react-router";
import { SellerLoginForm } from "#app/components/seller-login-form.tsx";
import { formAction, refusalHeaders } from "#app/lib/form-reply.server.ts";
import { clientAddressOf } from "#app/lib/request-client.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { sellerOf } from "#app/middleware/identity.server.ts";
import { sellerRedirectTarget, signInSeller } from "#app/modules/identity/index.server.ts";
import { shopOf } from "#app/modules/shop/shared/shop.ts";
import { pageMeta } from "#app/routes/seo.ts";
import type { Route } from "./+types/seller-login";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Seller Login",
    description: `The ${shopOf(matches).name} seller's sign-in.`,
    path: "/seller-login",
    noindex: true,
  });

export function loader({ context }: Route.LoaderArgs) {
  if (sellerOf(context)) throw redirect("/seller");
  return null;
}

// A refusal's Retry-After (too many attempts) reaches the page without JavaScript too.
export const headers = refusalHeaders;

export function action({ request, context }: Route.ActionArgs) {
  return formAction(request, async (form) => {
    const cookie = await signInSeller(
      { email: form.get("email"), password: form.get("password") },
      clientAddressOf(context),
    );
    return redirectWithToast(
      request,
      sellerRedirectTarget(form.get("redirectTo")),
      { type: "success", message: "Login successful!" },
      { headers: { "Set-Cookie": cookie } },
    );
  });
}

export default function SellerLogin({ actionData }: Route.ComponentProps) {
  return <SellerLoginForm reply={actionData} />;
}

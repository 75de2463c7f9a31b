import { data, redirect } from "react-router";
import { SellerLoginForm } from "#app/components/seller-login-form.tsx";
import { BadRequest, fieldErrors, readForm } from "#app/lib/http.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { getSeller, sellerLoginSchema, sellerRedirectTarget, verifySellerLogin } from "#app/services/sellers.server.ts";
import { startSession } from "#app/services/sessions.server.ts";
import type { Route } from "./+types/seller-login";

export const meta: Route.MetaFunction = () => [{ title: "Seller Login | Trendora" }];

export async function loader({ request }: Route.LoaderArgs) {
  if (await getSeller(request)) throw redirect("/seller");
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  let email = "";
  try {
    const form = await readForm(request);
    email = (form.get("email") ?? "").slice(0, 254);
    const parsed = sellerLoginSchema.safeParse({ email: form.get("email"), password: form.get("password") });
    if (!parsed.success) return data({ errors: fieldErrors(parsed.error), email }, { status: 400 });
    const seller = await verifySellerLogin(parsed.data.email, parsed.data.password);
    if (!seller) return data({ errors: { form: "Invalid credentials" }, email }, { status: 400 });
    const cookie = await startSession("seller", seller.id);
    return redirectWithToast(
      request,
      sellerRedirectTarget(form.get("redirectTo")),
      { type: "success", message: "Login successful!" },
      { headers: { "Set-Cookie": cookie } },
    );
  } catch (error) {
    if (error instanceof BadRequest) return data({ errors: { form: error.message }, email }, { status: error.status });
    // Not the seller's fault: say so plainly and keep the details in the server log.
    console.error(error);
    return data({ errors: { form: "Something went wrong. Please try again." }, email }, { status: 500 });
  }
}

export default function SellerLogin({ actionData }: Route.ComponentProps) {
  return <SellerLoginForm errors={actionData?.errors} email={actionData?.email} />;
}

import { getFormProps } from "@conform-to/react";
import { data, Form, Link } from "react-router";
import { AccountCard, AccountSubmit, NewPasswordFields } from "#app/components/account-form.tsx";
import { FormError } from "#app/components/form-field.tsx";
import { formAction } from "#app/lib/form-reply.server.ts";
import { formErrorOf, useReplyForm } from "#app/lib/forms.ts";
import { clientAddressOf } from "#app/lib/request-client.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { isResetTokenUsable, resetPassword, signIn } from "#app/modules/identity/index.server.ts";
import { resetPasswordSchema } from "#app/modules/identity/shared/account-schema.ts";
import { PASSWORD_CHANGED, RESET_LINK_INVALID } from "#app/modules/identity/shared/password-reset.ts";
import { shopOf } from "#app/modules/shop/shared/shop.ts";
import type { Route } from "./+types/reset-password";
import { PRIVATE, privateHeaders } from "./token-page.server.ts";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `Choose a new password | ${shopOf(matches).name}` }];

// The token is in the address: it must not travel to another site in a Referer, nor be kept by a cache.
export const headers: Route.HeadersFunction = privateHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const usable = await isResetTokenUsable(token);
  return data({ token: usable ? token : null }, { status: usable ? 200 : 400, headers: PRIVATE });
}

export function action({ request, context }: Route.ActionArgs) {
  return formAction(request, async (form) => {
    const user = await resetPassword(
      { token: form.get("token"), password: form.get("password"), confirm: form.get("confirm") },
      clientAddressOf(context),
    );
    const headers = new Headers();
    for (const cookie of await signIn(request, user)) headers.append("Set-Cookie", cookie);
    return redirectWithToast(request, "/", { type: "success", message: PASSWORD_CHANGED }, { headers });
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useReplyForm({ id: "reset-password", reply: actionData, schema: resetPasswordSchema });
  const refusal = formErrorOf(actionData);
  // A link that stopped working while the form was open says so in place of the form.
  const token = refusal === RESET_LINK_INVALID ? null : loaderData.token;
  return (
    <AccountCard
      title={
        <>
          Choose a new <span className="text-primary">password</span>
        </>
      }
    >
      {token ? (
        <Form method="post" {...getFormProps(form)} noValidate className="mt-6 flex flex-col gap-4">
          <input type="hidden" name="token" value={token} />
          <FormError id={form.errorId} message={refusal} />
          <NewPasswordFields
            password={fields.password}
            confirm={fields.confirm}
            labels={["New password", "Repeat the new password"]}
          />
          <AccountSubmit>Set new password</AccountSubmit>
        </Form>
      ) : (
        <div className="mt-6 flex flex-col gap-4">
          <p role="alert" className="rounded border border-red-200 bg-red-50 px-3 py-2 text-red-700">
            {RESET_LINK_INVALID}
          </p>
          <Link to="/forgot-password" className="text-center text-primary underline">
            Ask for a new link
          </Link>
        </div>
      )}
    </AccountCard>
  );
}

import { getFormProps } from "@conform-to/react";
import { Form, Link, redirect } from "react-router";
import { AccountCard, AccountSubmit } from "#app/components/account-form.tsx";
import { Field, FormError } from "#app/components/form-field.tsx";
import { formAction, refusalHeaders } from "#app/lib/form-reply.server.ts";
import { formErrorOf, useReplyForm } from "#app/lib/forms.ts";
import { clientAddressOf } from "#app/lib/request-client.server.ts";
import { requestPasswordReset } from "#app/modules/identity/index.server.ts";
import { forgotPasswordSchema } from "#app/modules/identity/shared/account-schema.ts";
import { RESET_LINK_SENT } from "#app/modules/identity/shared/password-reset.ts";
import { shopOf } from "#app/modules/shop/shared/shop.ts";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `Forgot password | ${shopOf(matches).name}` }];

export const headers = refusalHeaders;

export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.has("sent") };
}

// The same answer whether or not the email has an account: a redirect to the page that says a link is on its way.
export function action({ request, context }: Route.ActionArgs) {
  return formAction(request, async (form) => {
    await requestPasswordReset({ email: form.get("email") }, clientAddressOf(context));
    return redirect("/forgot-password?sent", 303);
  });
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useReplyForm({ id: "forgot-password", reply: actionData, schema: forgotPasswordSchema });
  return (
    <AccountCard
      title={
        <>
          <span className="text-primary">Forgot</span> password?
        </>
      }
    >
      {loaderData.sent ? (
        <div className="mt-6 flex flex-col gap-4">
          <p role="status" className="rounded border border-green-200 bg-green-50 px-3 py-2 text-green-800">
            {RESET_LINK_SENT}
          </p>
          <p>
            No email? Check your spam folder, or{" "}
            <Link to="/forgot-password" className="text-primary underline">
              ask again
            </Link>
            .
          </p>
        </div>
      ) : (
        <Form method="post" {...getFormProps(form)} noValidate className="mt-6 flex flex-col gap-4">
          <p>Enter the email of your account and we will send you a link to choose a new password.</p>
          <FormError id={form.errorId} message={formErrorOf(actionData)} />
          <Field
            field={fields.email}
            label="Email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            placeholder="you@example.com"
          />
          <AccountSubmit>Send reset link</AccountSubmit>
        </Form>
      )}
      <p className="mt-6 text-center">
        <Link to="/?login" className="text-primary">
          Back to login
        </Link>
      </p>
    </AccountCard>
  );
}

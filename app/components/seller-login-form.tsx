import { getFormProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { SubmitButton } from "#app/components/button.tsx";
import { Field, FormError } from "#app/components/form-field.tsx";
import { type FormReply, formErrorOf, useReplyForm } from "#app/lib/forms.ts";
import { sellerLoginSchema } from "#app/modules/identity/shared/account-schema.ts";

/**
 * The seller sign-in form: on /seller-login, and in place of the seller layout on /seller and its
 * pages for anyone who is not a signed-in seller. It always posts to /seller-login.
 */
export function SellerLoginForm({ reply, redirectTo }: { reply?: FormReply; redirectTo?: string }) {
  const [form, fields] = useReplyForm({ id: "seller-login", reply, schema: sellerLoginSchema });
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-4 bg-gray-50 px-4">
      <Form
        method="post"
        action="/seller-login"
        {...getFormProps(form)}
        noValidate
        className="flex w-full max-w-sm flex-col gap-4 rounded-lg border border-gray-200 bg-white p-8 shadow-xl"
      >
        <h1 className="text-center text-2xl font-semibold text-gray-800">
          <span className="text-primary">Seller</span> Login
        </h1>
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <FormError id={form.errorId} message={formErrorOf(reply)} />
        <Field
          field={fields.email}
          label="Email"
          type="email"
          autoComplete="username"
          required
          maxLength={254}
          placeholder="enter your email"
        />
        <Field
          field={fields.password}
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={200}
          placeholder="enter your password"
        />
        <SubmitButton block>Login</SubmitButton>
      </Form>
      <Link to="/" className="text-sm text-primary underline">
        Back to the shop
      </Link>
    </div>
  );
}

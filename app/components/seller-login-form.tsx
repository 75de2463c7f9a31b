import { Form, useNavigation } from "react-router";
import { Field, FormError } from "#app/components/form-field.tsx";

export type SellerLoginErrors = { email?: string; password?: string; form?: string };

/**
 * The seller sign-in form: on /seller-login, and in place of the seller layout on /seller and its
 * pages for anyone who is not a signed-in seller. It always posts to /seller-login.
 */
export function SellerLoginForm({
  errors,
  email,
  redirectTo,
}: {
  errors?: SellerLoginErrors;
  email?: string;
  redirectTo?: string;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === "/seller-login";
  return (
    <div className="flex min-h-screen items-center justify-center bg-gray-50 px-4">
      <Form
        method="post"
        action="/seller-login"
        className="flex w-full max-w-sm flex-col gap-4 rounded-lg border border-gray-200 bg-white p-8 shadow-xl"
      >
        <h1 className="text-center text-2xl font-semibold text-gray-800">
          <span className="text-primary">Seller</span> Login
        </h1>
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <FormError message={errors?.form} />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          required
          maxLength={254}
          placeholder="enter your email"
          defaultValue={email}
          error={errors?.email}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={200}
          placeholder="enter your password"
          error={errors?.password}
        />
        <button
          type="submit"
          disabled={submitting}
          className="rounded-md bg-primary py-2 text-white hover:bg-primary-dull disabled:opacity-70"
        >
          Login
        </button>
      </Form>
    </div>
  );
}

import { getFormProps } from "@conform-to/react";
import { data, Form, Link } from "react-router";
import { AccountCard, AccountSubmit, NewPasswordFields } from "#app/components/account-form.tsx";
import { Field, FormError } from "#app/components/form-field.tsx";
import { formAction } from "#app/lib/form-reply.server.ts";
import { formErrorOf, useReplyForm } from "#app/lib/forms.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { completeSetup, isSetupTokenUsable, isShopSetUp } from "#app/modules/setup/index.server.ts";
import {
  MAX_OWNER_NAME_LENGTH,
  MAX_SHOP_NAME_LENGTH,
  SETUP_LINK_INVALID,
  SHOP_ALREADY_SET_UP,
  setupSchema,
} from "#app/modules/setup/shared/setup-schema.ts";
import type { Route } from "./+types/setup";
import { PRIVATE, privateHeaders } from "./token-page.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "Set up your shop" }, { name: "robots", content: "noindex" }];

// The token is in the address: it must not travel to another site in a Referer, nor be kept by a cache
// (as on the password-reset page).
export const headers: Route.HeadersFunction = privateHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const usable = await isSetupTokenUsable(token);
  // Once the owner exists every link (used, old or mistyped) leads to the sign-in page instead of a dead end.
  const setUp = !usable && (await isShopSetUp());
  return data({ token: usable ? token : null, setUp }, { status: usable ? 200 : 400, headers: PRIVATE });
}

export function action({ request }: Route.ActionArgs) {
  return formAction(request, async (form) => {
    const { cookie } = await completeSetup({
      token: form.get("token"),
      shopName: form.get("shopName"),
      ownerName: form.get("ownerName"),
      email: form.get("email"),
      password: form.get("password"),
      confirm: form.get("confirm"),
    });
    return redirectWithToast(
      request,
      "/seller",
      { type: "success", message: "Your shop is set up. Add your first product." },
      { headers: { "Set-Cookie": cookie } },
    );
  });
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useReplyForm({ id: "setup", reply: actionData, schema: setupSchema });
  const refusal = formErrorOf(actionData);
  // A link that stopped working while the form was open says so in place of the form.
  const setUp = loaderData.setUp || refusal === SHOP_ALREADY_SET_UP;
  const token = refusal === SETUP_LINK_INVALID || setUp ? null : loaderData.token;
  return (
    <AccountCard
      margin="mx-4 sm:mx-auto"
      title={
        <>
          Set up your <span className="text-primary">shop</span>
        </>
      }
    >
      {token ? (
        <Form method="post" {...getFormProps(form)} noValidate className="mt-6 flex flex-col gap-4">
          <p>Name the shop and create the owner's seller account. This link works once.</p>
          <input type="hidden" name="token" value={token} />
          <FormError id={form.errorId} message={refusal} />
          <Field field={fields.shopName} label="Shop name" required maxLength={MAX_SHOP_NAME_LENGTH} />
          <Field
            field={fields.ownerName}
            label="Your name"
            required
            maxLength={MAX_OWNER_NAME_LENGTH}
            autoComplete="name"
          />
          <Field
            field={fields.email}
            label="Owner's email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
          />
          <NewPasswordFields
            password={fields.password}
            confirm={fields.confirm}
            labels={["Password", "Repeat the password"]}
          />
          <AccountSubmit>Create the shop</AccountSubmit>
        </Form>
      ) : setUp ? (
        <p role="status" className="mt-6 rounded border border-gray-200 bg-gray-50 px-3 py-2 text-gray-800">
          {SHOP_ALREADY_SET_UP.replace(/sign in$/, "")}
          <Link to="/seller-login" className="text-primary underline">
            sign in
          </Link>
          .
        </p>
      ) : (
        <p role="alert" className="mt-6 rounded border border-red-200 bg-red-50 px-3 py-2 text-red-700">
          {SETUP_LINK_INVALID}
        </p>
      )}
    </AccountCard>
  );
}

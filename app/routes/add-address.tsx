import { getFormProps } from "@conform-to/react";
import type { ComponentProps } from "react";
import { Form } from "react-router";
import { SubmitButton } from "#app/components/button.tsx";
import { Field, FormError } from "#app/components/form-field.tsx";
import { formAction } from "#app/lib/form-reply.server.ts";
import { formErrorOf, useReplyForm } from "#app/lib/forms.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { requireShopper } from "#app/middleware/identity.server.ts";
import { addAddress } from "#app/modules/identity/index.server.ts";
import { type AddressField, addressSchema } from "#app/modules/identity/shared/address-schema.ts";
import { countryByCode } from "#app/modules/shop/shared/postcodes.ts";
import { shopOf, useShop } from "#app/modules/shop/shared/shop.ts";
import { pageMeta } from "#app/routes/seo.ts";
import type { Route } from "./+types/add-address";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Add address",
    description: `Add a shipping address to your ${shopOf(matches).name} account.`,
    path: "/add-address",
    noindex: true,
  });

export function loader({ context }: Route.LoaderArgs) {
  requireShopper(context, "/cart");
  return null;
}

export function action({ request, context }: Route.ActionArgs) {
  const shopper = requireShopper(context, "/cart");
  return formAction(request, async (form) => {
    const address = await addAddress(shopper.id, Object.fromEntries(form));
    // Back to the cart with the new address chosen.
    return redirectWithToast(request, `/cart?address=${address.id}`, {
      type: "success",
      message: "Address added successfully",
    });
  });
}

export default function AddAddress({ actionData }: Route.ComponentProps) {
  const shopCountry = countryByCode(useShop().country);
  const [form, fields] = useReplyForm({
    id: "address",
    reply: actionData,
    schema: addressSchema,
    asSent: true,
    // Most shoppers live where the shop is: its country is filled in, and can be changed.
    defaultValue: { country: shopCountry.name },
  });
  const field = (name: AddressField, label: string, extra: Partial<ComponentProps<typeof Field>> = {}) => (
    <Field field={fields[name]} label={label} placeholder={label} maxLength={200} {...extra} />
  );
  return (
    <div className="mt-12 pb-16">
      <h1 className="text-2xl text-gray-500 md:text-3xl">
        Add Your Shipping <span className="font-semibold text-primary">Address</span>
      </h1>
      <div className="mt-10 flex flex-col-reverse justify-between gap-10 md:flex-row">
        <div className="max-w-md flex-1">
          <FormError id={form.errorId} message={formErrorOf(actionData)} />
          <Form method="post" {...getFormProps(form)} noValidate className="mt-2 space-y-3 text-sm">
            <div className="grid grid-cols-2 gap-4">
              {field("firstName", "First Name", { autoComplete: "given-name" })}
              {field("lastName", "Last Name", { autoComplete: "family-name" })}
            </div>
            {field("email", "Email address", { type: "email", autoComplete: "email" })}
            {field("street", "Street", { autoComplete: "street-address" })}
            <div className="grid grid-cols-2 gap-4">
              {field("city", "City", { autoComplete: "address-level2" })}
              {field("state", "State", { autoComplete: "address-level1" })}
            </div>
            <div className="grid grid-cols-2 gap-4">
              {field(
                "zipcode",
                "Zip code",
                // The spec's numeric field where the shop's country writes postcodes in digits only; a text field
                // where they have letters or spaces ("SW1A 1AA"), which a number input cannot take.
                shopCountry.digits
                  ? { type: "number", inputMode: "numeric", autoComplete: "postal-code" }
                  : {
                      autoComplete: "postal-code",
                      autoCapitalize: "characters",
                      placeholder: `Zip code, e.g. ${shopCountry.example}`,
                    },
              )}
              {field("country", "Country", { autoComplete: "country-name" })}
            </div>
            {field("phone", "Phone", { type: "tel", autoComplete: "tel" })}
            <SubmitButton size="lg" block className="mt-6">
              Save Address
            </SubmitButton>
          </Form>
        </div>
        <AddressIllustration />
      </div>
    </div>
  );
}

/** A parcel travelling to a pinned house: decoration beside the form. */
function AddressIllustration() {
  return (
    <svg
      viewBox="0 0 320 260"
      className="mx-auto w-full max-w-xs md:mr-16 md:mt-0"
      role="img"
      aria-label="A parcel on its way to a house marked on a map"
    >
      <rect x="10" y="30" width="300" height="200" rx="18" fill="#eef2ff" />
      <path d="M30 200 C 90 150, 140 230, 200 170 S 290 120, 300 90" fill="none" stroke="#c7d2fe" strokeWidth="10" />
      <path
        d="M60 190 C 110 160, 150 210, 200 160"
        fill="none"
        stroke="#4f46e5"
        strokeWidth="3"
        strokeDasharray="8 8"
      />
      <g transform="translate(185 78)">
        <polygon points="40,0 80,30 0,30" fill="#4f46e5" />
        <rect x="8" y="30" width="64" height="50" fill="#fff" stroke="#4f46e5" strokeWidth="3" />
        <rect x="32" y="50" width="16" height="30" fill="#4f46e5" />
        <rect x="16" y="40" width="12" height="12" fill="#c7d2fe" />
        <rect x="52" y="40" width="12" height="12" fill="#c7d2fe" />
      </g>
      <g transform="translate(212 14)">
        <path d="M14 0 C 6 0 0 6 0 14 C 0 26 14 40 14 40 C 14 40 28 26 28 14 C 28 6 22 0 14 0 Z" fill="#ef4444" />
        <circle cx="14" cy="14" r="5" fill="#fff" />
      </g>
      <g transform="translate(40 150) rotate(-8)">
        <rect width="70" height="52" rx="4" fill="#f59e0b" />
        <rect x="30" width="10" height="52" fill="#fcd34d" />
        <rect y="20" width="70" height="8" fill="#fcd34d" />
      </g>
    </svg>
  );
}

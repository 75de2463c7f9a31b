// The shop settings (/seller/settings): identity, money and policies in one plain form, JavaScript on or off.
import { type FieldMetadata, getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { AmountInput } from "#app/components/amount-input.tsx";
import { SubmitButton } from "#app/components/button.tsx";
import { FieldError, FormError } from "#app/components/form-field.tsx";
import { multipartFormAction } from "#app/lib/form-reply.server.ts";
import { typedValue } from "#app/lib/form-reply.ts";
import { useReplyForm } from "#app/lib/forms.ts";
import { SHOP_LOCALES } from "#app/lib/locales.ts";
import { moneyHint, toInputText } from "#app/lib/money.ts";
import { parseOrRefuse } from "#app/lib/refusal.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { readProductUpload } from "#app/modules/inventory/index.server.ts";
import { thumbnailUrl, UPLOAD_FORMATS_TEXT } from "#app/modules/inventory/shared/images.ts";
import { shopSettings, updateShopSettings } from "#app/modules/shop/index.server.ts";
import { CURRENCIES } from "#app/modules/shop/shared/currencies.ts";
import { POSTCODE_COUNTRIES } from "#app/modules/shop/shared/postcodes.ts";
import { POLICIES } from "#app/modules/shop/shared/shop.ts";
import { POLICY_MAX, shopSettingsFields, shopSettingsSchema } from "#app/modules/shop/shared/shop-settings-schema.ts";
import { sellerMeta } from "#app/routes/seo.ts";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = ({ matches }) => sellerMeta("Settings", matches);

export async function loader() {
  const s = await shopSettings();
  const percent = Number((s.taxRateBasisPoints / 100).toFixed(2));
  return {
    version: s.version,
    logoUrl: s.logoUrl,
    values: {
      name: s.name,
      tagline: s.tagline,
      contactEmail: s.contactEmail,
      phone: s.phone,
      address: s.address,
      openingHours: s.openingHours,
      mailSenderName: s.mailSenderName,
      country: s.country,
      locale: s.locale,
      currency: s.currency,
      taxRate: String(percent),
      lowStockThreshold: String(s.lowStockThreshold),
      taxIncluded: s.taxIncluded ? "yes" : "no",
      shippingFlat: toInputText(s.shippingFlatCents, s.currency, s.locale),
      freeShippingFrom:
        s.freeShippingFromCents === null ? "" : toInputText(s.freeShippingFromCents, s.currency, s.locale),
      returnDays: s.returnDays === null ? "" : String(s.returnDays),
      shippingPolicy: s.shippingPolicy,
      returnsPolicy: s.returnsPolicy,
      privacyPolicy: s.privacyPolicy,
      termsPolicy: s.termsPolicy,
    },
  };
}

// The seller area's guard has checked the seller before a byte of the upload is read.
export function action({ request }: Route.ActionArgs) {
  const read = (body: Request) => readProductUpload(body, (field) => field === "logo");
  return multipartFormAction(request, read, async ({ fields, images }) => {
    // Echoed in a refusal: a browser cannot put a file back into its input, so the page says to choose it again.
    if (images[0]) fields.set(LOGO_CHOSEN, images[0].fileName);
    const input = parseOrRefuse(shopSettingsSchema, Object.fromEntries(fields));
    const version = Number(fields.get("version"));
    await updateShopSettings(input, images[0], Number.isSafeInteger(version) && version > 0 ? version : undefined);
    return redirectWithToast(request, "/seller/settings", { type: "success", message: "Settings saved" });
  });
}

/** The echoed field naming the logo file a refused post carried. */
const LOGO_CHOSEN = "logoChosen";

/** The form's fields in the order shown: a refused post opens the page at the first one in error. */
const FIELD_ORDER = [
  "name",
  "tagline",
  "contactEmail",
  "phone",
  "address",
  "openingHours",
  "mailSenderName",
  "currency",
  "taxRate",
  "taxIncluded",
  "shippingFlat",
  "freeShippingFrom",
  "lowStockThreshold",
  ...POLICIES.map((policy) => policy.field),
] as const;

const inputClass = (invalid: boolean) =>
  `w-full rounded border px-3 py-2 text-sm outline-none focus:border-primary ${invalid ? "border-red-500" : "border-gray-300"}`;

function Labelled<Schema>({
  field,
  label,
  hint,
  focus,
  children,
}: {
  field: FieldMetadata<Schema>;
  label: string;
  hint?: string;
  /** The page opens at this field's error (the first one of the form). */
  focus?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label className="text-sm font-medium text-gray-700" htmlFor={field.id}>
        {label}
      </label>
      {children}
      {hint ? <p className="text-xs text-gray-500">{hint}</p> : null}
      <FieldError id={field.errorId} errors={field.errors} focus={focus} />
    </div>
  );
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useReplyForm({
    id: `settings-${loaderData.version}`,
    reply: actionData,
    schema: shopSettingsFields,
    asSent: true,
    defaultValue: loaderData.values,
  });
  // Without JavaScript the refused form comes back as a new page: it opens at the first message, not at the top.
  const formRefused = Boolean(form.errors?.length);
  const firstInvalid = formRefused ? null : FIELD_ORDER.find((name) => fields[name].errors?.length);
  const logoChosen = typedValue(actionData, LOGO_CHOSEN);
  const text = (
    // biome-ignore lint/suspicious/noExplicitAny: every field of this form is typed text
    field: FieldMetadata<any>,
    label: string,
    hint?: string,
    type = "text",
  ) => {
    const { key, ...props } = getInputProps(field, { type: type as "text" });
    return (
      <Labelled field={field} label={label} hint={hint} focus={field.name === firstInvalid}>
        <input key={key} {...props} className={inputClass(Boolean(field.errors?.length))} />
      </Labelled>
    );
  };
  const area = (
    // biome-ignore lint/suspicious/noExplicitAny: every field of this form is typed text
    field: FieldMetadata<any>,
    label: string,
    rows: number,
    hint?: string,
  ) => {
    const { key, ...props } = getTextareaProps(field);
    return (
      <Labelled field={field} label={label} hint={hint} focus={field.name === firstInvalid}>
        <textarea key={key} {...props} rows={rows} className={inputClass(Boolean(field.errors?.length))} />
      </Labelled>
    );
  };
  const chosen = fields.currency.value ?? loaderData.values.currency;
  const taxIncluded = fields.taxIncluded.value ?? loaderData.values.taxIncluded;
  /** A list to choose from: its options as [value, text]. */
  const choice = (
    // biome-ignore lint/suspicious/noExplicitAny: every field of this form is typed text
    field: FieldMetadata<any>,
    label: string,
    options: [value: string, text: string][],
    hint: string,
  ) => {
    const { key, ...props } = getSelectProps(field);
    return (
      <Labelled field={field} label={label} hint={hint} focus={field.name === firstInvalid}>
        <select key={key} {...props} className={inputClass(Boolean(field.errors?.length))}>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      </Labelled>
    );
  };
  const writtenAs = fields.locale.value ?? loaderData.values.locale;
  const hint = moneyHint(chosen, writtenAs);
  const amountHint = `${hint.charAt(0).toUpperCase()}${hint.slice(1)}.`;
  // biome-ignore lint/suspicious/noExplicitAny: every field of this form is typed text
  const amount = (field: FieldMetadata<any>, label: string, more: string) => {
    const { key, type: _kind, ...props } = getInputProps(field, { type: "text" });
    return (
      <Labelled field={field} label={label} hint={`${amountHint} ${more}`} focus={field.name === firstInvalid}>
        <AmountInput
          key={key}
          {...props}
          currency={chosen}
          locale={writtenAs}
          className={inputClass(Boolean(field.errors?.length))}
        />
      </Labelled>
    );
  };
  return (
    <section className="p-4 md:p-10">
      <h1 className="mb-6 text-2xl font-semibold text-gray-800">Shop settings</h1>
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        noValidate
        className="flex max-w-2xl flex-col gap-8"
      >
        <input type="hidden" name="version" value={loaderData.version} />
        <FormError id={form.errorId} message={form.errors?.[0] ?? null} focus />
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-lg font-semibold text-gray-800">Identity</legend>
          {text(fields.name, "Shop name")}
          {text(fields.tagline, "Tagline", "A short line under the name: the home page's title and the footer.")}
          <div className="flex flex-col gap-1">
            <label htmlFor="shop-logo" className="text-sm font-medium text-gray-700">
              Logo
            </label>
            {loaderData.logoUrl ? (
              <img src={thumbnailUrl(loaderData.logoUrl)} alt="The current logo" className="h-12 w-auto self-start" />
            ) : null}
            <input
              id="shop-logo"
              type="file"
              name="logo"
              accept="image/png,image/jpeg,image/webp,image/avif"
              className="w-full min-w-0 text-sm"
            />
            {logoChosen ? (
              // With JavaScript the chosen file stays in its input; a page sent back without it cannot refill one.
              <noscript>
                <p className="text-xs text-red-600" data-testid="logo-not-kept">
                  The logo you chose ({logoChosen}) was not saved, as the form was refused: choose it again before
                  saving.
                </p>
              </noscript>
            ) : null}
            <p className="text-xs text-gray-500">
              {UPLOAD_FORMATS_TEXT}; shown in the header instead of the name. Leave empty to keep the current one.
            </p>
            {loaderData.logoUrl ? (
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="removeLogo" /> Remove the logo
              </label>
            ) : null}
          </div>
          {text(fields.contactEmail, "Contact email", undefined, "email")}
          {text(fields.phone, "Phone", undefined, "tel")}
          {area(fields.address, "Address", 4, "One line per line of the address.")}
          {area(fields.openingHours, "Opening hours", 3, "One line each, e.g. Mon-Fri 9 AM - 6 PM.")}
          {text(fields.mailSenderName, "Mail sender name", "The name on the From line of the shop's emails.")}
          {choice(
            fields.country,
            "Country",
            POSTCODE_COUNTRIES.map((c) => [c.code, c.name]),
            "Where the shop is: its address form asks for a zip code in digits or in letters as this country writes them.",
          )}
          {choice(
            fields.locale,
            "Dates and amounts",
            SHOP_LOCALES.map((l) => [l.code, l.name]),
            "How dates and amounts are written on the pages and in emails (the order of day and month, the decimal comma or point).",
          )}
        </fieldset>

        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-lg font-semibold text-gray-800">Money</legend>
          {choice(
            fields.currency,
            "Currency",
            CURRENCIES.map((c) => [c.code, `${c.code}: ${c.name}`]),
            "Prices are kept as they are typed: after a change, check the products' prices.",
          )}
          {text(fields.taxRate, "Tax rate (%)", "e.g. 2 or 7.5; 0 for no tax.")}
          <fieldset className="flex flex-col gap-1">
            <legend className="text-sm font-medium text-gray-700">Prices include tax</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="taxIncluded" value="yes" defaultChecked={taxIncluded === "yes"} /> Yes: the tax
              is part of the prices shown
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="taxIncluded" value="no" defaultChecked={taxIncluded !== "yes"} /> No: the tax is
              added in the cart
            </label>
            <FieldError
              id={fields.taxIncluded.errorId}
              errors={fields.taxIncluded.errors}
              focus={firstInvalid === "taxIncluded"}
            />
          </fieldset>
          {amount(fields.shippingFlat, "Flat shipping fee", "0 for free shipping.")}
          {amount(
            fields.freeShippingFrom,
            "Free shipping from",
            "Orders of this much or more ship free; leave empty for none.",
          )}
        </fieldset>

        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-lg font-semibold text-gray-800">Stock</legend>
          {text(
            fields.lowStockThreshold,
            "Low stock at",
            "A size with this many units or fewer is marked low stock in the product list and the overview.",
            "number",
          )}
        </fieldset>

        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-lg font-semibold text-gray-800">Policies</legend>
          <p className="text-xs text-gray-500">
            Plain text, up to {POLICY_MAX.toLocaleString("en-US")} characters: a blank line starts a paragraph, a line
            starting with "- " is a list item, "## " a heading, and **text** is bold. A policy left empty is written
            from these settings (shipping fee, days to return, tax, contact email).
          </p>
          {text(
            fields.returnDays,
            "Days to return an item",
            "Promised on the home page and in the returns policy; leave empty to promise none.",
          )}
          {POLICIES.map((policy) => (
            <div key={policy.slug}>{area(fields[policy.field], policy.title, 6)}</div>
          ))}
        </fieldset>

        <SubmitButton size="lg" className="self-start">
          Save settings
        </SubmitButton>
      </Form>
    </section>
  );
}

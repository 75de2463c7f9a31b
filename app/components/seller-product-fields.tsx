import { type FieldMetadata, getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { type ChangeEvent, type ReactNode, useEffect, useState } from "react";
import { Form } from "react-router";
import { AmountInput } from "#app/components/amount-input.tsx";
import { SubmitButton } from "#app/components/button.tsx";
import { FieldError, FormError } from "#app/components/form-field.tsx";
import { SizeFields } from "#app/components/seller-size-fields.tsx";
import { CATEGORIES } from "#app/lib/categories.ts";
import { type FormReply, formErrorOf, type useReplyForm } from "#app/lib/forms.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { thumbnailUrl, UPLOAD_FORMATS_TEXT, UPLOAD_TYPES } from "#app/modules/inventory/shared/images.ts";
import { DESCRIPTION_MAX_LINES, MAX_IMAGE_MB, NAME_MAX_LENGTH } from "#app/modules/inventory/shared/product-limits.ts";
import type { productFieldsSchema } from "#app/modules/inventory/shared/product-schema.ts";
import { useShop } from "#app/modules/shop/shared/shop.ts";

/** The fields of the add and edit forms (Conform's, from the product schema). */
export type ProductFields = ReturnType<typeof useReplyForm<typeof productFieldsSchema>>[1];

const inputClass = (invalid: boolean) =>
  `w-full rounded border px-3 py-2.5 text-sm outline-none focus:border-primary ${invalid ? "border-red-500" : "border-gray-300"}`;

/**
 * One image slot: a file input for image files. With JavaScript the input is visually hidden and
 * its label shows a preview of the chosen file; without it the plain file input shows.
 */
export function ImageSlot({
  id,
  name,
  label,
  currentUrl,
  removeName,
  removeLabel,
}: {
  id: string;
  name: string;
  label: string;
  currentUrl?: string;
  /** When set (editing), a checkbox of this name removes the current image. */
  removeName?: string;
  removeLabel?: string;
}) {
  const hydrated = useHydrated();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // With JavaScript, say so before uploading; the server checks the same (and decodes every image).
    const problem = !file
      ? ""
      : file.type && !(UPLOAD_TYPES as readonly string[]).includes(file.type)
        ? `${file.name} is not a ${UPLOAD_FORMATS_TEXT} picture.`
        : file.size > MAX_IMAGE_MB * 1024 * 1024
          ? `Each image must be at most ${MAX_IMAGE_MB} MB.`
          : "";
    input.setCustomValidity(problem);
    if (problem) input.reportValidity();
    setPreview(file && !problem ? URL.createObjectURL(file) : null);
  };
  const shown = preview ?? (currentUrl ? thumbnailUrl(currentUrl) : null);
  return (
    <div className="w-24">
      <label
        htmlFor={id}
        className="flex h-24 w-24 cursor-pointer items-center justify-center overflow-hidden rounded border-2 border-dashed border-gray-300 bg-gray-50 text-gray-400 focus-within:border-primary hover:border-primary"
      >
        <span className="sr-only">{label}</span>
        {shown ? (
          <img src={shown} alt="" className="h-full w-full object-cover" data-testid="image-preview" />
        ) : (
          <svg
            width="32"
            height="32"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            aria-hidden="true"
          >
            <path d="M12 16V4m0 0-4 4m4-4 4 4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
          </svg>
        )}
      </label>
      <input
        id={id}
        type="file"
        name={name}
        accept={UPLOAD_TYPES.join(",")}
        onChange={onChange}
        className={
          hydrated
            ? "sr-only"
            : "mt-1 block w-24 text-xs file:mr-1 file:rounded file:border-0 file:bg-gray-100 file:px-1"
        }
      />
      {removeName && currentUrl ? (
        <label className="mt-1 flex items-center gap-1 text-xs text-gray-600">
          <input type="checkbox" name={removeName} value="on" aria-label={removeLabel} />
          Remove
        </label>
      ) : null}
    </div>
  );
}

/** A control with its label above and its error below. */
function LabelledField<Schema>({
  field,
  label,
  className = "flex flex-col gap-1",
  children,
}: {
  field: FieldMetadata<Schema>;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label className="text-base font-medium" htmlFor={field.id}>
        {label}
      </label>
      {children}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

const invalid = (field: { errors?: string[] }) => Boolean(field.errors?.length);

/** Name, description, category and the two prices, as the add and edit forms share them. */
export function ProductFieldInputs({ fields }: { fields: ProductFields }) {
  const shop = useShop();
  const { key: nameKey, ...name } = getInputProps(fields.name, { type: "text" });
  const { key: descriptionKey, ...description } = getTextareaProps(fields.description, {
    ariaDescribedBy: invalid(fields.description) ? undefined : "product-description-hint",
  });
  const { key: categoryKey, ...category } = getSelectProps(fields.category);
  return (
    <>
      <LabelledField field={fields.name} label="Product Name">
        <input
          key={nameKey}
          {...name}
          placeholder="e.g. Linen Shirt"
          required
          maxLength={NAME_MAX_LENGTH}
          className={inputClass(invalid(fields.name))}
        />
      </LabelledField>
      <LabelledField field={fields.description} label="Product Description">
        <textarea
          key={descriptionKey}
          {...description}
          rows={4}
          placeholder="One point per line"
          className={`${inputClass(invalid(fields.description))} resize-none`}
        />
        <p id="product-description-hint" className="text-xs text-gray-500">
          Each line becomes a bullet point (at most {DESCRIPTION_MAX_LINES} lines).
        </p>
      </LabelledField>
      <LabelledField field={fields.category} label="Category">
        <select key={categoryKey} {...category} required className={inputClass(invalid(fields.category))}>
          <option value="">Select Category</option>
          {CATEGORIES.map((c) => (
            <option key={c.path} value={c.path}>
              {c.path}
            </option>
          ))}
        </select>
      </LabelledField>
      <div className="flex flex-wrap gap-5">
        {(
          [
            [fields.price, "Product Price"],
            [fields.offerPrice, "Offer Price"],
          ] as const
        ).map(([field, label]) => {
          const { key, type: _kind, ...price } = getInputProps(field, { type: "text" });
          return (
            <LabelledField key={field.name} field={field} label={label} className="flex w-32 flex-1 flex-col gap-1">
              <AmountInput
                key={key}
                {...price}
                currency={shop.currency}
                locale={shop.locale}
                positive
                placeholder="0"
                required={field.name === "price"}
                {...(field.name === "offerPrice" && !invalid(field) ? { "aria-describedby": "offer-price-hint" } : {})}
                className={inputClass(invalid(field))}
              />
            </LabelledField>
          );
        })}
      </div>
      <p id="offer-price-hint" className="-mt-3 text-xs text-gray-500">
        Offer price: optional, only for a product on sale (shoppers then see the product price struck through). Left
        empty, the product sells at its price.
      </p>
    </>
  );
}

/** The error of the image slots (shown under them) and any form-level error. */
export function ImagesError({
  reply,
  formErrorId,
  checked,
}: {
  reply: FormReply | undefined;
  formErrorId: string;
  /** The browser's own check of the photos (with JavaScript), said before anything is posted. */
  checked?: string;
}) {
  const hydrated = useHydrated();
  const imagesError = checked ?? reply?.error?.images?.[0];
  return (
    <>
      <FieldError id="product-images-error" errors={imagesError} />
      {reply && !hydrated ? (
        <p className="mt-1 text-xs text-gray-600">A browser does not send photos twice: choose them again.</p>
      ) : null}
      <FormError id={formErrorId} message={formErrorOf(reply)} />
    </>
  );
}

/**
 * The add and the edit form of a product: the photo slots (with what the page says about them), the fields,
 * the sizes and the submit button. A hidden first submit button makes Enter in a field send the form, never
 * press a size button.
 */
export function ProductForm({
  form,
  fields,
  photosHint,
  slots,
  imagesError,
  submitLabel,
}: {
  form: ReturnType<typeof useReplyForm<typeof productFieldsSchema>>[0];
  fields: ProductFields;
  photosHint: ReactNode;
  slots: ReactNode;
  imagesError: ReactNode;
  submitLabel: string;
}) {
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      noValidate
      className="flex max-w-lg flex-col gap-5"
    >
      <button type="submit" hidden tabIndex={-1} />
      <fieldset>
        <legend className="text-base font-medium">Product Image</legend>
        <p className="text-xs text-gray-500">{photosHint}</p>
        <div className="mt-2 flex flex-wrap items-start gap-3">{slots}</div>
        {imagesError}
      </fieldset>
      <ProductFieldInputs fields={fields} />
      <SizeFields form={form} fields={fields} />
      <SubmitButton size="lg" className="self-start">
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}

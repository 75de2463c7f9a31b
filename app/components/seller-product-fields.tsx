import { type ChangeEvent, type ReactNode, useEffect, useState, useSyncExternalStore } from "react";
import { FormError } from "#app/components/form-field.tsx";
import { CATEGORIES } from "#app/lib/categories.ts";
import { thumbnailUrl } from "#app/lib/images.ts";
import { DESCRIPTION_MAX_LINES, MAX_IMAGE_MB, NAME_MAX_LENGTH } from "#app/lib/product-limits.ts";

export type ProductFormValues = {
  name?: string;
  description?: string;
  category?: string;
  price?: string;
  offerPrice?: string;
};
export type ProductFormErrors = Partial<Record<keyof ProductFormValues | "images" | "form", string>>;

/** What the seller typed into the add or edit form, to check and, when refused, to show again. */
export function productFormValues(fields: Map<string, string>): ProductFormValues {
  return {
    name: fields.get("name") ?? "",
    description: fields.get("description") ?? "",
    category: fields.get("category") ?? "",
    price: fields.get("price") ?? "",
    offerPrice: fields.get("offerPrice") ?? "",
  };
}

const noop = () => () => {};
/** True once React runs in the browser (false in the server HTML, which must work without JavaScript). */
export function useHydrated() {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}

const inputClass = (error?: string) =>
  `w-full rounded border px-3 py-2.5 text-sm outline-none focus:border-primary ${error ? "border-red-500" : "border-gray-300"}`;

function ErrorText({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-xs text-red-600">
      {message}
    </p>
  ) : null;
}

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
      : !file.type.startsWith("image/")
        ? `${file.name} is not an image file.`
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
        accept="image/*"
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

/** What every control of the product form carries: its id, its error state and what describes it. */
function controlProps(id: string, error?: string, hintId?: string) {
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : hintId,
    className: inputClass(error),
  };
}

/** A control with its label above and its error below. */
function LabelledField({
  id,
  label,
  error,
  className = "flex flex-col gap-1",
  children,
}: {
  id: string;
  label: string;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label className="text-base font-medium" htmlFor={id}>
        {label}
      </label>
      {children}
      <ErrorText id={`${id}-error`} message={error} />
    </div>
  );
}

const PRICE_FIELDS = [
  { name: "price", id: "product-price", label: "Product Price" },
  { name: "offerPrice", id: "product-offer-price", label: "Offer Price" },
] as const;

/** Name, description, category and the two prices, as the add and edit forms share them. */
export function ProductFieldInputs({ values, errors }: { values?: ProductFormValues; errors?: ProductFormErrors }) {
  return (
    <>
      <LabelledField id="product-name" label="Product Name" error={errors?.name}>
        <input
          {...controlProps("product-name", errors?.name)}
          name="name"
          type="text"
          placeholder="Type here"
          required
          maxLength={NAME_MAX_LENGTH}
          defaultValue={values?.name}
        />
      </LabelledField>
      <LabelledField id="product-description" label="Product Description" error={errors?.description}>
        <textarea
          {...controlProps("product-description", errors?.description, "product-description-hint")}
          name="description"
          rows={4}
          placeholder="One point per line"
          defaultValue={values?.description}
          className={`${inputClass(errors?.description)} resize-none`}
        />
        <p id="product-description-hint" className="text-xs text-gray-500">
          Each line becomes a bullet point (at most {DESCRIPTION_MAX_LINES} lines).
        </p>
      </LabelledField>
      <LabelledField id="product-category" label="Category" error={errors?.category}>
        <select
          {...controlProps("product-category", errors?.category)}
          name="category"
          required
          defaultValue={values?.category ?? ""}
        >
          <option value="">Select Category</option>
          {CATEGORIES.map((c) => (
            <option key={c.path} value={c.path}>
              {c.path}
            </option>
          ))}
        </select>
      </LabelledField>
      <div className="flex flex-wrap gap-5">
        {PRICE_FIELDS.map(({ name, id, label }) => (
          <LabelledField
            key={name}
            id={id}
            label={label}
            error={errors?.[name]}
            className="flex w-32 flex-1 flex-col gap-1"
          >
            <input
              {...controlProps(id, errors?.[name])}
              name={name}
              type="number"
              inputMode="decimal"
              min="0.01"
              step="0.01"
              placeholder="0"
              required
              defaultValue={values?.[name]}
            />
          </LabelledField>
        ))}
      </div>
    </>
  );
}

/** The error of the image slots (shown under them) and any form-level error. */
export function ImagesError({ errors }: { errors?: ProductFormErrors }) {
  const hydrated = useHydrated();
  return (
    <>
      <ErrorText id="product-images-error" message={errors?.images} />
      {errors && !hydrated ? (
        <p className="mt-1 text-xs text-gray-600">A browser does not send photos twice: choose them again.</p>
      ) : null}
      <FormError message={errors?.form} />
    </>
  );
}

import { type FieldMetadata, getInputProps } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { FieldError } from "./form-messages.tsx";

export { FieldError, FormError } from "./form-messages.tsx";

type InputType = "text" | "email" | "password" | "number" | "tel" | "search";

/**
 * A labelled input of a Conform form: its id, name, typed value, aria-invalid and aria-describedby come from
 * the field's state (and so from the server's reply without JavaScript).
 */
export function Field<Schema>({
  field,
  label,
  type = "text",
  labelHidden,
  hint,
  className,
  inputClassName,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "defaultValue"> & {
  field: FieldMetadata<Schema>;
  label: string;
  type?: InputType;
  labelHidden?: boolean;
  hint?: ReactNode;
  inputClassName?: string;
}) {
  const invalid = Boolean(field.errors?.length);
  const hintId = `${field.id}-hint`;
  const { key, ...props } = getInputProps(field, { type, ariaDescribedBy: hint && !invalid ? hintId : undefined });
  return (
    <div className={className}>
      <label htmlFor={field.id} className={labelHidden ? "sr-only" : "mb-1 block text-sm text-gray-600"}>
        {label}
      </label>
      <input
        key={key}
        {...props}
        className={
          inputClassName ??
          `w-full rounded border px-3 py-2 text-sm outline-none focus:border-primary ${invalid ? "border-red-500" : "border-gray-300"}`
        }
        {...input}
      />
      <FieldError id={field.errorId} errors={field.errors} />
      {hint && !invalid ? (
        <p id={hintId} className="mt-1 text-xs text-gray-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

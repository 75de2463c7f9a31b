import type { InputHTMLAttributes } from "react";

/** A labelled input with its server error announced to assistive technology. */
export function Field({
  label,
  name,
  error,
  className,
  labelHidden,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; name: string; error?: string; labelHidden?: boolean }) {
  const id = input.id ?? `field-${name}`;
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelHidden ? "sr-only" : "mb-1 block text-sm text-gray-600"}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`w-full rounded border px-3 py-2 text-sm outline-none focus:border-primary ${
          error ? "border-red-500" : "border-gray-300"
        }`}
        {...input}
      />
      {error ? (
        <p id={errorId} className="mt-1 text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A form-level error message (shown above or below a form). */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
      {message}
    </p>
  );
}

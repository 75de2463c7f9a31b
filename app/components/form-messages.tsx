// Error messages next to a field or above a form. Kept apart from form-field.tsx (Conform's inputs), so pages
// whose forms need no Conform (the product page, the cart) show them without loading it.
/** A field's error, tied to its input by id (aria-describedby) and announced when it appears. */
export function FieldError({ id, errors }: { id: string; errors?: string[] | string | null }) {
  const message = Array.isArray(errors) ? errors[0] : errors;
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-xs text-red-600">
      {message}
    </p>
  );
}

/** A form-level error message (shown above or below a form). */
export function FormError({ message, id }: { message?: string | string[] | null; id?: string }) {
  const text = Array.isArray(message) ? message[0] : message;
  if (!text) return null;
  return (
    <p id={id} role="alert" className="rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
      {text}
    </p>
  );
}

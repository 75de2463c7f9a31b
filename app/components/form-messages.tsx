// Error messages next to a field or above a form. Kept apart from form-field.tsx (Conform's inputs), so pages
// whose forms need no Conform (the product page, the cart) show them without loading it.
import { useEffect, useRef } from "react";

/**
 * A refusal the shopper must see where the eyes are (`focus`): the page opens at it. Without JavaScript the
 * answered page's `autofocus` moves focus (and the view) to it; with JavaScript the message is focused when it
 * appears. tabIndex -1 makes it focusable without adding a tab stop.
 */
function useFocusOnShow(focus: boolean | undefined, text: string | null | undefined) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focus && text) ref.current?.focus();
  }, [focus, text]);
  return focus ? { ref, autoFocus: true, tabIndex: -1 } : {};
}
/** A field's error, tied to its input by id (aria-describedby) and announced when it appears. */
export function FieldError({
  id,
  errors,
  focus,
}: {
  id: string;
  errors?: string[] | string | null;
  /** The page opens at (focuses) the message. */
  focus?: boolean;
}) {
  const message = Array.isArray(errors) ? errors[0] : errors;
  const focusProps = useFocusOnShow(focus, message);
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-xs text-red-600 outline-none" {...focusProps}>
      {message}
    </p>
  );
}

/** A form-level error message (shown above or below a form). */
export function FormError({
  message,
  id,
  focus,
}: {
  message?: string | string[] | null;
  id?: string;
  /** The page opens at (focuses) the message. */
  focus?: boolean;
}) {
  const text = Array.isArray(message) ? message[0] : message;
  const focusProps = useFocusOnShow(focus, text);
  if (!text) return null;
  return (
    <p
      id={id}
      role="alert"
      className="rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 outline-none"
      {...focusProps}
    >
      {text}
    </p>
  );
}

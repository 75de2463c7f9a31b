import { type ButtonHTMLAttributes, type ReactNode, useEffect, useRef, useState } from "react";
import { useFetchers, useNavigation } from "react-router";

/** A navigation or a fetcher: what this file reads of either. */
type Submission = { state: string; formData?: FormData; formAction?: string };

/** `bare`: no look of its own (a text button styled by its className), only the pending behaviour. */
export type ButtonVariant = "primary" | "secondary" | "outline" | "quiet" | "danger" | "bare";
export type ButtonSize = "sm" | "md" | "lg";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-primary text-white hover:bg-primary-dull",
  secondary: "bg-ink text-white hover:bg-gray-700",
  outline: "border border-primary bg-white text-primary hover:bg-primary-soft",
  quiet: "border border-gray-300 bg-white text-gray-800 hover:border-gray-400 hover:bg-gray-50",
  danger: "text-red-600 hover:bg-red-50",
  bare: "",
};
const SIZES: Record<ButtonSize, string> = {
  sm: "min-h-9 px-3 text-sm",
  md: "min-h-11 px-5 text-base",
  lg: "min-h-12 px-8 text-base",
};

/** The classes of a button (or a link that looks like one) in the design system. */
export function buttonClass({
  variant = "primary",
  size = "md",
  block = false,
  className = "",
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  className?: string;
} = {}) {
  if (variant === "bare") return `cursor-pointer aria-disabled:cursor-progress ${className}`;
  return [
    "inline-flex cursor-pointer items-center justify-center gap-2 rounded-control font-medium tracking-wide transition-colors",
    "aria-disabled:cursor-progress disabled:cursor-not-allowed disabled:opacity-60",
    VARIANTS[variant],
    SIZES[size],
    block ? "w-full" : "",
    className,
  ]
    .filter(Boolean)
    .join(" ");
}

/** Whether the submission in flight is this button's form, sent with this button. */
function isSubmissionOf(state: Submission, button: HTMLButtonElement): boolean {
  const sent = state.formData;
  const form = button.form;
  if (!sent || !form || state.state === "idle") return false;
  if (state.formAction && new URL(form.action, location.href).pathname !== state.formAction.split("?")[0]) {
    return false;
  }
  const own = new FormData(form, button);
  const values = (data: FormData) =>
    [...data.entries()].map(([name, value]) => `${name}=${typeof value === "string" ? value : value.name}`).join("&");
  return values(own) === values(sent);
}

/**
 * Whether this button's form is being submitted (a navigation or a fetcher). Router state updates are not
 * wrapped in transitions (app/entry.client.tsx), so this is true before the browser handles another click.
 */
function usePending(button: React.RefObject<HTMLButtonElement | null>) {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const element = button.current;
  if (!mounted || !element) return false;
  return [navigation, ...fetchers].some((state) => isSubmissionOf(state, element));
}

/**
 * The one submit button of every form. Without JavaScript it is a plain submit button. With JavaScript, while
 * its form is being sent it shows a spinner, says it is busy and ignores further clicks (so a double click
 * adds one item), keeping its label and its focus.
 */
export function SubmitButton({
  children,
  variant,
  size,
  block,
  className,
  onClick,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> & {
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  const pending = usePending(ref);
  return (
    <button
      ref={ref}
      type="submit"
      aria-disabled={pending || undefined}
      data-pending={pending || undefined}
      onClick={(event) => {
        if (pending) event.preventDefault();
        else onClick?.(event);
      }}
      className={buttonClass({ variant, size, block, className: `relative ${className ?? ""}` })}
      {...props}
    >
      {/* The label keeps its place (no change of size) and its text (the button's name) under the spinner. */}
      <span className={`inline-flex items-center gap-2 ${pending ? "opacity-0" : ""}`}>{children}</span>
      {pending ? (
        <span className="absolute inset-0 flex items-center justify-center">
          <Spinner />
        </span>
      ) : null}
    </button>
  );
}

/** A small spinning ring (still, with reduced motion). */
export function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="inline-block size-4 shrink-0 animate-spin rounded-full border-2 border-current border-r-transparent motion-reduce:animate-none"
    />
  );
}

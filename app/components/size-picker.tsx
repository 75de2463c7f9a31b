import { FieldError } from "#app/components/form-messages.tsx";

/** A size as the product page offers it: whether it can be bought, and the units left when they are few. */
export type SizeChoice = { size: string; available: boolean; fewLeft: number | null };

/**
 * The sizes of a product as a radio group inside the Add to Cart form (a real form field: it works without
 * JavaScript). Sold-out sizes are shown but disabled; 'Only N left' at 5 or fewer. The only size of a
 * product is chosen already; after a refusal the shopper's choice stays chosen.
 */
export function SizePicker({
  sizes,
  chosen,
  error,
}: {
  sizes: SizeChoice[];
  chosen: string | undefined;
  error: string | null;
}) {
  const only = sizes.length === 1 && sizes[0]!.available ? sizes[0]!.size : undefined;
  const checked = chosen ?? only;
  return (
    <fieldset aria-describedby={error ? "size-error" : undefined}>
      <legend className="text-base font-medium text-gray-800">Size</legend>
      <ul className="mt-2 flex flex-wrap gap-2">
        {sizes.map((choice, i) => {
          const id = `size-${i}`;
          const hint = choice.available ? (choice.fewLeft ? `Only ${choice.fewLeft} left` : null) : "Sold out";
          return (
            <li key={choice.size} className="flex flex-col items-center">
              <label
                htmlFor={id}
                className={`flex min-w-12 cursor-pointer items-center justify-center gap-2 rounded border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:checked]:text-primary ${
                  choice.available
                    ? "border-gray-300 text-gray-800 hover:border-primary"
                    : "cursor-not-allowed border-gray-200 text-gray-400 line-through"
                }`}
              >
                <input
                  id={id}
                  type="radio"
                  name="size"
                  value={choice.size}
                  disabled={!choice.available}
                  defaultChecked={choice.size === checked}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={hint ? `${id}-hint` : undefined}
                  className="accent-primary"
                />
                {choice.size}
              </label>
              {hint ? (
                <span
                  id={`${id}-hint`}
                  className={`mt-1 text-xs ${choice.available ? "font-medium text-amber-700" : "text-gray-500"}`}
                >
                  {hint}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {/* A refused Add to Cart opens the page at the message, not at its top (the sizes may be far down). */}
      <FieldError id="size-error" errors={error} focus />
    </fieldset>
  );
}

import { getInputProps } from "@conform-to/react";
import type { MouseEvent } from "react";
import { FieldError } from "#app/components/form-field.tsx";
import type { useReplyForm } from "#app/lib/forms.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { productFieldsSchema } from "#app/modules/inventory/shared/product-schema.ts";
import { applySizeAction, SIZE_ACTION_FIELD, type SizeRow } from "#app/modules/inventory/shared/size-rows.ts";
import { MAX_SIZE_LENGTH, MAX_STOCK, SIZE_PRESETS } from "#app/modules/inventory/shared/sizes.ts";

type ProductForm = ReturnType<typeof useReplyForm<typeof productFieldsSchema>>;

const inputClass = (invalid: boolean) =>
  `w-full rounded border px-3 py-2 text-sm outline-none focus:border-primary ${invalid ? "border-red-500" : "border-gray-300"}`;
const buttonClass =
  "rounded border border-gray-300 px-3 py-1.5 text-sm text-gray-700 hover:border-primary hover:text-primary";

/**
 * The sizes and their counts: preset sets to start from, a row per size (add, remove), or one count for a
 * product without sizes ('Free Size'). The row buttons are submit buttons: without JavaScript the server sends
 * the form back with the rows changed and what was typed kept; with JavaScript they change the rows in place.
 * An empty count means "not counted" (sold until the product is switched off).
 */
export function SizeFields({ form, fields }: { form: ProductForm[0]; fields: ProductForm[1] }) {
  const hydrated = useHydrated();
  const rows = fields.sizes.getFieldList();
  const act = (action: string) => (event: MouseEvent<HTMLButtonElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    const current = (fields.sizes.value ?? []) as SizeRow[];
    const next = applySizeAction(Array.isArray(current) ? current : [], action);
    if (next) form.update({ name: fields.sizes.name, value: next });
  };
  const rowButton = (action: string, label: string, extra: { "aria-label"?: string; className?: string } = {}) => (
    <button
      type={hydrated ? "button" : "submit"}
      name={SIZE_ACTION_FIELD}
      value={action}
      onClick={act(action)}
      className={extra.className ?? buttonClass}
      aria-label={extra["aria-label"]}
      formNoValidate
    >
      {label}
    </button>
  );
  const single = getInputProps(fields.stock, { type: "number" });
  const { key: singleKey, ...singleProps } = single;
  const { key: singleWasKey, ...singleWas } = getInputProps(fields.stockWas, { type: "hidden" });
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-base font-medium">Sizes and stock</legend>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-gray-600">Start from:</span>
        {Object.entries(SIZE_PRESETS).map(([key, preset]) => (
          <span key={key}>{rowButton(`preset-${key}`, preset.label)}</span>
        ))}
      </div>
      {rows.length === 0 ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={fields.stock.id} className="text-sm text-gray-700">
            Units in stock (no sizes: shown as Free Size)
          </label>
          <input
            key={singleKey}
            {...singleProps}
            min={0}
            max={MAX_STOCK}
            step={1}
            inputMode="numeric"
            placeholder="Not counted"
            className={`${inputClass(Boolean(fields.stock.errors?.length))} w-40`}
          />
          <input key={singleWasKey} {...singleWas} />
          <FieldError id={fields.stock.errorId} errors={fields.stock.errors} />
        </div>
      ) : (
        <table className="w-full max-w-md text-sm">
          <thead>
            <tr className="text-left text-gray-600">
              <th scope="col" className="pb-1 font-normal">
                Size
              </th>
              <th scope="col" className="pb-1 font-normal">
                Units in stock
              </th>
              <th scope="col" className="sr-only">
                Remove
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => {
              const cells = row.getFieldset();
              const { key: sizeKey, ...size } = getInputProps(cells.size, { type: "text" });
              const { key: stockKey, ...stock } = getInputProps(cells.stock, { type: "number" });
              const { key: wasKey, ...was } = getInputProps(cells.was, { type: "hidden" });
              const name = (cells.size.value as string | undefined) || `row ${i + 1}`;
              return (
                // Rows sent back by the server (no JavaScript) have no key of Conform's yet.
                <tr key={row.key ?? `row-${i}`} className="align-top" data-testid="size-row">
                  <td className="py-1 pr-2">
                    <input
                      key={sizeKey}
                      {...size}
                      aria-label={`Size ${i + 1}`}
                      maxLength={MAX_SIZE_LENGTH}
                      placeholder="e.g. M"
                      className={inputClass(Boolean(cells.size.errors?.length))}
                    />
                    <FieldError id={cells.size.errorId} errors={cells.size.errors} />
                  </td>
                  <td className="py-1 pr-2">
                    <input
                      key={stockKey}
                      {...stock}
                      aria-label={`Units in stock of size ${i + 1}`}
                      min={0}
                      max={MAX_STOCK}
                      step={1}
                      inputMode="numeric"
                      placeholder="Not counted"
                      className={inputClass(Boolean(cells.stock.errors?.length))}
                    />
                    <input key={wasKey} {...was} />
                    <FieldError id={cells.stock.errorId} errors={cells.stock.errors} />
                  </td>
                  <td className="py-1">
                    {rowButton(`remove-${i}`, "Remove", {
                      "aria-label": `Remove size ${name}`,
                      className: "px-2 py-2 text-sm text-red-600 underline",
                    })}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <div>{rowButton("add", "Add a size")}</div>
      <FieldError id={fields.sizes.errorId} errors={fields.sizes.errors} />
      <p className="text-xs text-gray-500">
        Counts are whole numbers from 0 to {MAX_STOCK.toLocaleString("en-US")}; leave a count empty if you do not count
        it.
      </p>
    </fieldset>
  );
}

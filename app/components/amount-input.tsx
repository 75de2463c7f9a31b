// The one input for an amount of money a seller types (prices, shipping, discount codes, refunds): the currency's
// sign beside it, and the kind of input decision 0225 gives a money field (a number input where the shop writes a
// decimal point, a text field with the decimal keypad where it writes a comma; the server takes either separator
// in every shop).
import type { InputHTMLAttributes } from "react";
import { currencySymbol, moneyInputProps } from "#app/lib/money.ts";

export type AmountInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "inputMode" | "step" | "min"> & {
  /** The currency the amount is in: the shop's, or an order's own (a refund). */
  currency: string;
  /** The shop's locale: whether the field takes a point or a comma before the cents. */
  locale: string;
  /** What else the field may hold, said before the sign (a discount's value is a percent or an amount). */
  or?: string;
  /** The least amount is one minor unit (a price): the number input's min. */
  positive?: boolean;
  /** The label already ends with the sign (`amountLabel`), as the refund form's inline label does. */
  signInLabel?: boolean;
};

/** "Amount (€)": a label that carries the currency's sign itself. */
export function amountLabel(label: string, currency: string, locale: string): string {
  return `${label} (${currencySymbol(currency, locale)})`;
}

/**
 * An amount field: the currency's sign ("$", "€", "¥"; the code where the locale has none; data-currency and the
 * title name the code) and the input, side by side. The caller gives the label, the id, the name and the value.
 */
export function AmountInput({ currency, locale, or, positive, signInLabel, className, ...input }: AmountInputProps) {
  const { type, ...kind } = moneyInputProps(currency, locale);
  const min = positive && "step" in kind ? kind.step : undefined;
  const field = <input type={type} {...kind} min={min} {...input} className={className} />;
  if (signInLabel) return field;
  return (
    <span className="flex items-center gap-2">
      <span className="shrink-0 text-sm text-gray-600" data-currency={currency} title={currency}>
        {or ? `${or} or ` : ""}
        {currencySymbol(currency, locale)}
      </span>
      <span className="min-w-0 flex-1">{field}</span>
    </span>
  );
}

// How the shop writes dates and numbers: the locale chosen in its settings (a BCP 47 tag). The pages' own words
// stay English; the locale decides the order of day and month, the month's name and the decimal separator.
// Every date shown to the seller or a shopper (pages and mail) goes through formatDate; CSV files and /api JSON
// keep ISO 8601 dates and decimal points, so they stay machine-readable (docs/decisions/0225).

export const SHOP_LOCALES = [
  { code: "en-US", name: "English (United States)" },
  { code: "en-GB", name: "English (United Kingdom)" },
  { code: "en-IE", name: "English (Ireland)" },
  { code: "en-CA", name: "English (Canada)" },
  { code: "en-AU", name: "English (Australia)" },
  { code: "en-NZ", name: "English (New Zealand)" },
  { code: "en-IN", name: "English (India)" },
  { code: "en-ZA", name: "English (South Africa)" },
  { code: "de-DE", name: "Deutsch (Deutschland)" },
  { code: "de-AT", name: "Deutsch (Österreich)" },
  { code: "fr-FR", name: "Français (France)" },
  { code: "fr-CA", name: "Français (Canada)" },
  { code: "nl-NL", name: "Nederlands (Nederland)" },
  { code: "es-ES", name: "Español (España)" },
  { code: "it-IT", name: "Italiano (Italia)" },
  { code: "pt-BR", name: "Português (Brasil)" },
  { code: "sv-SE", name: "Svenska (Sverige)" },
  { code: "da-DK", name: "Dansk (Danmark)" },
  { code: "nb-NO", name: "Norsk bokmål (Norge)" },
  { code: "pl-PL", name: "Polski (Polska)" },
  { code: "ja-JP", name: "日本語 (日本)" },
] as const;

export type ShopLocale = (typeof SHOP_LOCALES)[number]["code"];
export const LOCALE_CODES = SHOP_LOCALES.map((l) => l.code) as [ShopLocale, ...ShopLocale[]];
/** Where today's store is (what the migration writes): the shop's country, app/lib/postcodes.ts. */
export const DEFAULT_COUNTRY = "US";
/** Today's store: US English (what the migration writes). */
export const DEFAULT_LOCALE: string = "en-US";

/** A locale the store knows, else the default (a row written by hand, an old copy of the settings). */
export function shopLocale(locale: string | undefined | null): string {
  return locale && (LOCALE_CODES as readonly string[]).includes(locale) ? locale : DEFAULT_LOCALE;
}

export type DateStyle = "date" | "long" | "day-month";
const OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  /** 29 Nov 2026, Nov 29, 2026, 29. Nov. 2026 */
  date: { year: "numeric", month: "short", day: "numeric" },
  /** 29 November 2026 (mail) */
  long: { year: "numeric", month: "long", day: "numeric" },
  /** 29 Nov (a chart's axis) */
  "day-month": { month: "short", day: "numeric" },
};

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * A moment (ms since 1970) as a date in the shop's locale. `timeZone` defaults to UTC, the store's day (orders,
 * codes and the overview count days in UTC); a shopper's page may pass the browser's own zone once hydrated.
 */
export function formatDate(ms: number, locale: string, style: DateStyle = "date", timeZone = "UTC"): string {
  const key = `${locale}|${style}|${timeZone}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(shopLocale(locale), { ...OPTIONS[style], timeZone });
    dateFormats.set(key, format);
  }
  return format.format(ms);
}

/** "2026-11-29" (a UTC day, as CSV files and date inputs write it) in the shop's locale. */
export function formatDay(isoDay: string, locale: string, style: DateStyle = "date"): string {
  return formatDate(Date.parse(`${isoDay}T00:00:00Z`), locale, style);
}

const separators = new Map<string, string>();
/** The decimal separator of a locale: "." in en-US, "," in de-DE. */
export function decimalSeparator(locale: string): string {
  let separator = separators.get(locale);
  if (separator === undefined) {
    separator =
      new Intl.NumberFormat(shopLocale(locale)).formatToParts(1.5).find((part) => part.type === "decimal")?.value ??
      ".";
    separators.set(locale, separator);
  }
  return separator;
}

// Postcodes by country: the countries a shop can be in (its settings) and whose addresses the store recognises by
// name. Where a country writes postcodes in digits only, the address form keeps the spec's numeric zip field;
// elsewhere ("SW1A 1AA", "K1A 0B1", "1012 AB", "D02 X285") it is a text field. An address is checked against
// its own country's pattern when the country typed is one of these, else against a loose one (docs/decisions/0226).

import { DEFAULT_COUNTRY } from "#app/lib/locales.ts";

export type PostcodeCountry = {
  /** ISO 3166 alpha-2. */
  code: string;
  name: string;
  /** Other ways shoppers write the country (lowercase). */
  aliases: readonly string[];
  /** The pattern of a postcode written in capitals with single spaces. */
  pattern: RegExp;
  example: string;
  /** Postcodes are digits only: the form keeps a numeric field. */
  digits: boolean;
  /** Where the space goes when a shopper leaves it out: before the last n characters (SW1A1AA → SW1A 1AA). */
  spaceBeforeLast?: number;
  /** Said with "the": the United Kingdom. */
  the?: true;
};

export const POSTCODE_COUNTRIES: readonly PostcodeCountry[] = [
  {
    code: "US",
    name: "United States",
    aliases: ["usa", "u.s.a.", "u.s.", "united states of america", "america"],
    pattern: /^\d{5}(-\d{4})?$/,
    example: "94105",
    digits: true,
    the: true,
  },
  {
    code: "GB",
    name: "United Kingdom",
    aliases: ["uk", "u.k.", "great britain", "britain", "england", "scotland", "wales", "northern ireland"],
    pattern: /^([A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}|GIR 0AA)$/,
    example: "SW1A 1AA",
    digits: false,
    spaceBeforeLast: 3,
    the: true,
  },
  {
    code: "IE",
    name: "Ireland",
    aliases: ["republic of ireland", "éire", "eire"],
    pattern: /^([AC-FHKNPRTV-Y]\d{2}|D6W) [0-9AC-FHKNPRTV-Y]{4}$/,
    example: "D02 X285",
    digits: false,
    spaceBeforeLast: 4,
  },
  {
    code: "CA",
    name: "Canada",
    aliases: [],
    pattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d$/,
    example: "K1A 0B1",
    digits: false,
    spaceBeforeLast: 3,
  },
  {
    code: "NL",
    name: "Netherlands",
    aliases: ["the netherlands", "holland", "nederland"],
    pattern: /^[1-9]\d{3} [A-Z]{2}$/,
    example: "1012 AB",
    digits: false,
    spaceBeforeLast: 2,
    the: true,
  },
  { code: "IN", name: "India", aliases: ["bharat"], pattern: /^[1-9]\d{5}$/, example: "411001", digits: true },
  { code: "DE", name: "Germany", aliases: ["deutschland"], pattern: /^\d{5}$/, example: "10115", digits: true },
  { code: "FR", name: "France", aliases: [], pattern: /^\d{5}$/, example: "75001", digits: true },
  { code: "ES", name: "Spain", aliases: ["españa", "espana"], pattern: /^\d{5}$/, example: "28001", digits: true },
  { code: "IT", name: "Italy", aliases: ["italia"], pattern: /^\d{5}$/, example: "00118", digits: true },
  { code: "BE", name: "Belgium", aliases: ["belgië", "belgique"], pattern: /^\d{4}$/, example: "1000", digits: true },
  {
    code: "AT",
    name: "Austria",
    aliases: ["österreich", "osterreich"],
    pattern: /^\d{4}$/,
    example: "1010",
    digits: true,
  },
  {
    code: "CH",
    name: "Switzerland",
    aliases: ["schweiz", "suisse", "svizzera"],
    pattern: /^\d{4}$/,
    example: "8001",
    digits: true,
  },
  { code: "DK", name: "Denmark", aliases: ["danmark"], pattern: /^\d{4}$/, example: "1050", digits: true },
  { code: "NO", name: "Norway", aliases: ["norge"], pattern: /^\d{4}$/, example: "0150", digits: true },
  {
    code: "SE",
    name: "Sweden",
    aliases: ["sverige"],
    pattern: /^\d{3} \d{2}$/,
    example: "114 55",
    digits: false,
    spaceBeforeLast: 2,
  },
  { code: "PL", name: "Poland", aliases: ["polska"], pattern: /^\d{2}-\d{3}$/, example: "00-950", digits: false },
  { code: "PT", name: "Portugal", aliases: [], pattern: /^\d{4}(-\d{3})?$/, example: "1000-001", digits: false },
  { code: "AU", name: "Australia", aliases: [], pattern: /^\d{4}$/, example: "2000", digits: true },
  { code: "NZ", name: "New Zealand", aliases: ["aotearoa"], pattern: /^\d{4}$/, example: "6011", digits: true },
  { code: "SG", name: "Singapore", aliases: [], pattern: /^\d{6}$/, example: "018956", digits: true },
  { code: "JP", name: "Japan", aliases: ["nippon"], pattern: /^\d{3}-\d{4}$/, example: "100-0001", digits: false },
  { code: "BR", name: "Brazil", aliases: ["brasil"], pattern: /^\d{5}-\d{3}$/, example: "01310-100", digits: false },
  { code: "MX", name: "Mexico", aliases: ["méxico"], pattern: /^\d{5}$/, example: "06600", digits: true },
  { code: "ZA", name: "South Africa", aliases: [], pattern: /^\d{4}$/, example: "8001", digits: true },
];

export const COUNTRY_CODES = POSTCODE_COUNTRIES.map((c) => c.code) as [string, ...string[]];

/** The country of a shop's settings, by its code (the default for a code the table does not have). */
export function countryByCode(code: string | null | undefined): PostcodeCountry {
  return (POSTCODE_COUNTRIES.find((c) => c.code === code) ??
    POSTCODE_COUNTRIES.find((c) => c.code === DEFAULT_COUNTRY)) as PostcodeCountry;
}

/** The country a shopper typed ("United Kingdom", "uk", "GB", "The Netherlands"), or null when not one of ours. */
export function countryOf(typed: string): PostcodeCountry | null {
  const text = typed.trim().toLowerCase().replace(/\s+/g, " ");
  if (text === "") return null;
  return (
    POSTCODE_COUNTRIES.find(
      (c) => c.code.toLowerCase() === text || c.name.toLowerCase() === text || c.aliases.includes(text),
    ) ?? null
  );
}

/** Any country's postcode, loosely: letters, digits, spaces and dashes, 2 to 11 characters. */
const LOOSE = /^[0-9A-Z][0-9A-Z -]{1,10}$/;

/**
 * A postcode as typed, checked for the address's country: the postcode written in capitals with single spaces
 * (the space put in where the country has one and it was left out), or an error saying what is expected.
 */
export function checkPostcode(
  typed: string,
  countryTyped: string,
): { postcode: string; error?: undefined } | { postcode?: undefined; error: string } {
  let postcode = typed.trim().toUpperCase().replace(/\s+/g, " ");
  const country = countryOf(countryTyped);
  if (!country) {
    return LOOSE.test(postcode) ? { postcode } : { error: "Please enter a valid zip code." };
  }
  const gap = country.spaceBeforeLast;
  if (gap && !postcode.includes(" ") && postcode.length > gap) {
    postcode = `${postcode.slice(0, -gap)} ${postcode.slice(-gap)}`;
  }
  if (country.pattern.test(postcode)) return { postcode };
  return {
    error: `Please enter a valid zip code for ${country.the ? "the " : ""}${country.name}, e.g. ${country.example}.`,
  };
}

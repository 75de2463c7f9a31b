// Zod for the form schemas, which also run in the browser. Zod 4 probes whether `new Function` is allowed in
// order to compile fast parsers; under the store's Content-Security-Policy (no eval) that probe is reported as a
// violation even though it is caught. Jitless mode skips the probe; the forms are small, so nothing is lost.
import { z } from "zod";

z.config({ jitless: true });

export { z };

/** RFC 5321 caps an address at 254 characters: every form that takes an email (sign-up, newsletter) says so. */
export const MAX_EMAIL_LENGTH = 254;

/** Line breaks and tabs: in a one-line field they become spaces. */
const BREAKS = /[\t\n\r\u2028\u2029]/g;
/**
 * Control characters (C0, DEL, C1) and the bidirectional embeddings, overrides and isolates (U+202A-202E,
 * U+2066-2069), which make stored text read differently from what it is ("‮txt.exe" shows as "exe.txt").
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** The same without line breaks: what multi-line texts (reviews) remove, keeping their \n. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed
export const INVISIBLE_EXCEPT_BREAKS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Text as the store keeps it: tabs and line breaks as spaces, control and bidi override characters removed. */
export function cleanText(value: string): string {
  return value.replace(BREAKS, " ").replace(INVISIBLE, "");
}

/**
 * A string field of any text the store stores (names, addresses, product texts): cleaned as above before any
 * other rule (trim, length) looks at it, so every form and /api call gets the same text. Emails are not
 * cleaned: their format check refuses these characters.
 */
export function textField(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).overwrite(cleanText);
}

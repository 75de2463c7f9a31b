// The one check for every place the store redirects to a path that came from a request (a form's
// redirectTo, /loader?next=, the seller's page after sign-in): only a path on this site, judged after the URL
// has been normalised the way a browser will normalise it.
const BASE = "http://store.invalid";

/** Longest path accepted. */
const MAX_PATH_LENGTH = 500;

/**
 * The path (with its query and hash) when `value` is plainly a path on this site, else null. Refused:
 * anything not starting with one "/", a scheme ("https:", "javascript:"), backslashes, whitespace and control
 * characters (browsers drop tabs and newlines from URLs, so "/\t/evil.com" would become "//evil.com"), and
 * whatever normalises to a host-relative URL: "/.//evil.example" and "/%2e//evil.example" become
 * "//evil.example" once their dot segments are resolved, and encoded slashes, backslashes or controls in the path.
 */
export function sameSitePath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_PATH_LENGTH) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\\\s\u0000-\u001f\u007f]/.test(value)) return null;
  // Encoded slashes, backslashes and controls in the path: no page of ours has them, and a proxy that decodes
  // them would turn "/%2f/evil.example" into "//evil.example".
  if (/%(2f|5c|[01][0-9a-f]|7f)/i.test(value.split(/[?#]/)[0]!)) return null;
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (path.startsWith("//") || path.startsWith("/\\")) return null;
  return path;
}

/** `sameSitePath(value)`, or `fallback` when it is refused. */
export function safeRedirect(value: unknown, fallback: string): string {
  return sameSitePath(value) ?? fallback;
}

/**
 * The spec's `/loader?next=…`: a path on this site named with or without its leading slash ("my-orders" is
 * /my-orders). Anything that looks like a URL of its own ("https:…", "javascript:…") is refused outright.
 */
export function nextPath(next: unknown): string | null {
  if (typeof next !== "string" || next === "" || /^[^/?#]*:/.test(next)) return null;
  return sameSitePath(next.startsWith("/") ? next : `/${next}`);
}

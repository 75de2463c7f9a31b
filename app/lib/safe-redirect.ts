// Where `/loader?next=...` may send the shopper: only a path on this site.
const BASE = "http://store.invalid";

/** Longest `next` value accepted. */
const MAX_NEXT_LENGTH = 500;

/**
 * "my-orders" or "/my-orders" → "/my-orders"; null for anything that could leave the site or is not
 * plainly a path: "//evil.com", "https://evil.com", "javascript:...", backslashes, whitespace and
 * control characters (browsers drop tabs and newlines from URLs, so "/\t/evil.com" would become
 * "//evil.com").
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (typeof next !== "string" || next.length === 0 || next.length > MAX_NEXT_LENGTH) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\\\s\u0000-\u001f\u007f]/.test(next)) return null;
  // A scheme ("https:", "javascript:") before the first slash or query.
  if (/^[^/?#]*:/.test(next)) return null;
  const path = next.startsWith("/") ? next : `/${next}`;
  if (path.startsWith("//")) return null;
  let url: URL;
  try {
    url = new URL(path, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

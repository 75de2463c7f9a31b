// Reading a signed cookie once per Cookie header. React Router checks a cookie's signature with WebCrypto (an
// HMAC, its key imported each time): 4 % of a signed-in page's CPU time for the session alone (issue 22). The
// same header always reads the same, so what it held is kept, per cookie name and secret, for the visitor's next
// pages. Only an identical header, signature included, finds it; a value is handed out as a copy, so no caller
// can change what the next one reads.
import type { Cookie } from "react-router";

const MAX_HEADERS = 2000;
const read = new Map<string, unknown>();

/** What `cookie.parse(header)` gives (null without the cookie), checked once per header. */
export async function parseSignedCookie(cookie: Cookie, header: string | null, secret: string): Promise<unknown> {
  if (!header?.includes(cookie.name)) return null;
  const key = `${cookie.name}\n${secret}\n${header}`;
  if (read.has(key)) return structuredClone(read.get(key));
  const value: unknown = await cookie.parse(header);
  read.set(key, value);
  if (read.size > MAX_HEADERS) read.delete(read.keys().next().value as string);
  return structuredClone(value);
}

// Signed cookies: read once per Cookie header, and the one factory for a visitor's signed cookies (the cart, its
// discount code, saved items). React Router checks a cookie's signature with WebCrypto (an HMAC, its key imported
// each time): 4 % of a signed-in page's CPU time for the session alone (issue 22). The same header always reads
// the same, so what it held is kept, per cookie name and secret, for the visitor's next pages. Only an identical
// header, signature included, finds it; a value is handed out as a copy, so no caller can change what the next
// one reads.
import { type Cookie, createCookie } from "react-router";
import { isProduction, sessionSecret } from "./config.server.ts";

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

/** A visitor's signed cookie: HttpOnly, SameSite=Lax, Secure in production, the whole site, signed with the session secret. */
export type VisitorCookie = {
  /** What the request's cookie holds (null without it; a tampered cookie reads as null too). */
  read(request: Request): Promise<unknown>;
  /** The Set-Cookie value that stores `value`. */
  write(value: unknown): Promise<string>;
  /** The Set-Cookie value that clears the cookie, holding `emptyValue` until the browser drops it. */
  clear(emptyValue: unknown): Promise<string>;
  /** Whether the request carries the cookie at all (even an empty or broken one). */
  isSent(request: Request): boolean;
};

/** The visitor cookie `name`, kept `maxAgeDays` days. Secret and mode are read at each use (tests change them). */
export function visitorCookie(name: string, maxAgeDays: number): VisitorCookie {
  const cookie = () =>
    createCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      secure: isProduction(),
      path: "/",
      maxAge: 60 * 60 * 24 * maxAgeDays,
      secrets: [sessionSecret()],
    });
  const sent = new RegExp(`(?:^|;\\s*)${name}=`);
  return {
    read: (request) => parseSignedCookie(cookie(), request.headers.get("Cookie"), sessionSecret()),
    write: (value) => cookie().serialize(value),
    clear: (emptyValue) => cookie().serialize(emptyValue, { maxAge: 0 }),
    isSent: (request) => sent.test(request.headers.get("Cookie") ?? ""),
  };
}

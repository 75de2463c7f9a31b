// A visitor's saved items: a signed cookie holding product ids, newest first (as the visitor's cart keeps its
// lines in `__cart`). Anything malformed is dropped on read; a tampered cookie reads as empty.
import { createCookie } from "react-router";
import { isProduction, sessionSecret } from "#app/lib/config.server.ts";
import { ID_PATTERN } from "#app/lib/ids.ts";
import { parseSignedCookie } from "#app/lib/signed-cookies.server.ts";
import { MAX_SAVED_ITEMS } from "#app/modules/saved/shared/saved-limits.ts";

function visitorSavedCookie() {
  return createCookie("__saved", {
    httpOnly: true,
    sameSite: "lax",
    secure: isProduction(),
    path: "/",
    maxAge: 60 * 60 * 24 * 90,
    secrets: [sessionSecret()],
  });
}

/** The visitor's saved product ids from the signed cookie, newest first (no cookie: none, and no work). */
export async function readVisitorSaved(request: Request): Promise<string[]> {
  if (!hasVisitorSavedCookie(request)) return [];
  const value = await parseSignedCookie(visitorSavedCookie(), request.headers.get("Cookie"), sessionSecret());
  if (!Array.isArray(value)) return [];
  const ids = value.filter((id): id is string => typeof id === "string" && ID_PATTERN.test(id));
  return [...new Set(ids)].slice(0, MAX_SAVED_ITEMS);
}

/** The Set-Cookie value that stores these ids (or clears the cookie when there are none). */
export function writeVisitorSaved(ids: readonly string[]): Promise<string> {
  if (ids.length === 0) return visitorSavedCookie().serialize([], { maxAge: 0 });
  return visitorSavedCookie().serialize(ids);
}

/** Whether the request carries a saved-items cookie at all (even an empty or broken one). */
export function hasVisitorSavedCookie(request: Request): boolean {
  return /(?:^|;\s*)__saved=/.test(request.headers.get("Cookie") ?? "");
}

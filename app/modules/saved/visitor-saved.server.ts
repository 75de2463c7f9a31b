// A visitor's saved items: a signed cookie holding product ids, newest first (as the visitor's cart keeps its
// lines in `__cart`). Anything malformed is dropped on read; a tampered cookie reads as empty.
import { ID_PATTERN } from "#app/lib/ids.ts";
import { visitorCookie } from "#app/lib/signed-cookies.server.ts";
import { MAX_SAVED_ITEMS } from "#app/modules/saved/shared/saved-limits.ts";

const savedCookie = visitorCookie("__saved", 90);

/** The visitor's saved product ids from the signed cookie, newest first (no cookie: none, and no work). */
export async function readVisitorSaved(request: Request): Promise<string[]> {
  if (!hasVisitorSavedCookie(request)) return [];
  const value = await savedCookie.read(request);
  if (!Array.isArray(value)) return [];
  const ids = value.filter((id): id is string => typeof id === "string" && ID_PATTERN.test(id));
  return [...new Set(ids)].slice(0, MAX_SAVED_ITEMS);
}

/** The Set-Cookie value that stores these ids (or clears the cookie when there are none). */
export function writeVisitorSaved(ids: readonly string[]): Promise<string> {
  if (ids.length === 0) return savedCookie.clear([]);
  return savedCookie.write(ids);
}

/** Whether the request carries a saved-items cookie at all (even an empty or broken one). */
export function hasVisitorSavedCookie(request: Request): boolean {
  return savedCookie.isSent(request);
}

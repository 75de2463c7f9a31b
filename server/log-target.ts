// What a log line may say about a request's target: its path, and the names of its query parameters with
// their values masked (`/reset-password?token=…`). A query carries secrets (a reset link's token) that a log,
// kept and copied far more widely than the database, must never hold. Every log line that names a target goes
// through here: server/refusals.ts (server.ts's own refusals) and app/entry.server.tsx (React Router's).

/** Text from a client, safe on one log line: printable ASCII only, and not too long. */
export function printable(text: unknown, max = 200): string {
  const clean = String(text ?? "-").replace(/[^\x21-\x7e]/g, "?");
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

/** A query parameter's name as logged: a short word, as the store's own are; anything else could be a secret. */
function nameOf(name: string): string {
  return /^[A-Za-z][\w.-]{0,23}$/.test(name) ? name : "…";
}

/**
 * `target` (a request target as sent, `/path?query`, an absolute URL, or CONNECT's `host:port`) for a log line:
 * the path kept (made printable), each query value replaced by "…" (and a name too unless it is a short word),
 * any fragment dropped.
 */
export function logTarget(target: string | null | undefined): string {
  if (target === undefined || target === null) return "-";
  const text = String(target);
  const hash = text.indexOf("#");
  const withoutFragment = hash === -1 ? text : text.slice(0, hash);
  const question = withoutFragment.indexOf("?");
  if (question === -1) return printable(withoutFragment);
  const query = withoutFragment
    .slice(question + 1)
    .split("&")
    .map((pair) => {
      if (pair === "") return "";
      const equals = pair.indexOf("=");
      return equals === -1 ? nameOf(pair) : `${nameOf(pair.slice(0, equals))}=…`;
    })
    .join("&");
  return `${printable(withoutFragment.slice(0, question))}?${query.length > 200 ? `${query.slice(0, 200)}…` : query}`;
}

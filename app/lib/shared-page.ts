// Pages that are the same for every visitor without a session (the catalogue: home, lists, product pages) say
// so with a header; server.js may then keep them in memory for such visitors (server/page-cache.js), with an
// ETag. Browsers keep them too, but ask again each time (a 304 when nothing changed); no shared cache keeps
// them, since each answer carries a nonce of its own.
export const SHARED_PAGE_HEADERS = { "X-Shared-Page": "1", "Cache-Control": "private, no-cache" };

/** The `headers` export of a route whose page is the same for every visitor without a session. */
export function sharedPageHeaders() {
  return SHARED_PAGE_HEADERS;
}

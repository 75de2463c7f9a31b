// Pages that are the same for every visitor without a session (the catalogue: home, lists, product pages) say
// so with a header; server.ts may then keep them in memory for such visitors (server/page-store.ts), with an
// ETag. Browsers keep them too, but ask again each time (a 304 when nothing changed); no shared cache keeps
// them, since each answer carries a nonce of its own.
/** The header (lower case, as Headers gives names) that marks such a page; the server strips it from the answer. */
export const SHARED_PAGE_HEADER = "x-shared-page";
export const SHARED_PAGE_HEADERS = { [SHARED_PAGE_HEADER]: "1", "Cache-Control": "private, no-cache" };

/** The `headers` export of a route whose page is the same for every visitor without a session. */
export function sharedPageHeaders() {
  return SHARED_PAGE_HEADERS;
}

/**
 * The header (lower case) that marks such a page whose only visitor-dependent parts are the slots of
 * app/lib/visitor.tsx (the header's account area and counts, the Save buttons, the island, the product page's
 * review area): server.ts may answer a visitor with cookies from its kept template, filled with their own parts
 * (server/page-store.ts, decisions 0190 and 0200). A page with anything else of the visitor's must not set it.
 */
export const TEMPLATE_PAGE_HEADER = "x-template-page";
const TEMPLATE_PAGE_HEADERS = { ...SHARED_PAGE_HEADERS, [TEMPLATE_PAGE_HEADER]: "1" };

/** The `headers` export of a shared page that may also be answered from a filled template. */
export function templatePageHeaders() {
  return TEMPLATE_PAGE_HEADERS;
}

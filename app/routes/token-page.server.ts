// The headers of a page whose address carries a one-time token (choosing a new password, setting up the shop):
// the token must not travel to another site in a Referer, nor be kept by a cache.
// ("same-origin", not "no-referrer": with no-referrer the browser sends the form's own post with Origin: null,
// which React Router refuses.)
import type { HeadersFunction } from "react-router";
import { refusalHeaders } from "#app/lib/form-reply.server.ts";

/** The headers the page's loader answers with. */
export const PRIVATE = { "Referrer-Policy": "same-origin", "Cache-Control": "no-store" };

/** The route's `headers`: a refusal's headers (as every form page passes them on), and the private ones. */
export const privateHeaders: HeadersFunction = (args) => {
  const headers = new Headers(refusalHeaders(args));
  for (const [name, value] of Object.entries(PRIVATE)) headers.set(name, value);
  return headers;
};

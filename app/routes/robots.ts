import { crawlerFileCaching } from "#app/services/sitemap.server.ts";
import { publicBaseUrl } from "#app/services/stripe.server.ts";
import type { Route } from "./+types/robots";

/** Personal pages, the seller area, the payment steps and the JSON API: nothing there for a search engine. */
export const DISALLOWED = ["/seller", "/cart", "/my-orders", "/add-address", "/loader", "/stripe-sandbox", "/api"];

// /robots.txt: crawlers stay out of DISALLOWED and find the sitemap.
export function loader({ request }: Route.LoaderArgs) {
  const origin = publicBaseUrl(new URL(request.url).origin);
  const text = [
    "User-agent: *",
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(text, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": crawlerFileCaching() },
  });
}

import { publicOrigin } from "#app/lib/config.server.ts";
import { crawlerFileCaching } from "#app/modules/catalog/index.server.ts";
import type { Route } from "./+types/robots";

/** Personal pages, the seller area, the payment steps and the JSON API: nothing there for a search engine. */
export const DISALLOWED = [
  "/seller",
  "/cart",
  "/saved",
  "/my-orders",
  "/add-address",
  "/loader",
  "/stripe-sandbox",
  "/api",
];

// /robots.txt: crawlers stay out of DISALLOWED and find the sitemap.
export function loader({ request }: Route.LoaderArgs) {
  const origin = publicOrigin(new URL(request.url).origin);
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

import { CATEGORIES } from "#app/lib/categories.ts";
import { publicOrigin } from "#app/lib/config.server.ts";
import { categoryPath, productPath } from "#app/lib/product-links.ts";
import { crawlerFileCaching, sitemapProducts } from "#app/modules/catalog/index.server.ts";
import { shopSettings } from "#app/modules/shop/index.server.ts";
import type { Route } from "./+types/sitemap";

/** Products read per query: a page of the sitemap's body is written before the next is read. */
const PAGE = 1000;

const escapeXml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

const entry = (loc: string, lastmod?: number) =>
  `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${new Date(lastmod).toISOString().slice(0, 10)}</lastmod>` : ""}</url>\n`;

// /sitemap.xml: the shop's pages, every category and every product in stock. Streamed: each page of products
// is read from the database only when the client has taken the previous one.
export async function loader({ request }: Route.LoaderArgs) {
  // /deals has offers in the demo shop only (app/routes/deals.tsx).
  const pages = (await shopSettings()).demo ? ["/", "/products", "/deals", "/contact"] : ["/", "/products", "/contact"];
  const origin = publicOrigin(new URL(request.url).origin);
  const encoder = new TextEncoder();
  let after: string | null = null;
  let done = false;
  const head = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
    ...pages.map((path) => entry(`${origin}${path}`)),
    ...CATEGORIES.map((category) => entry(`${origin}${categoryPath(category.path)}`)),
  ].join("");
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(head));
    },
    async pull(controller) {
      if (done) return;
      const page = await sitemapProducts(after, PAGE);
      const text = page.map((product) => entry(`${origin}${productPath(product)}`, product.createdAt)).join("");
      if (page.length === PAGE) {
        after = page[page.length - 1]!.id;
        controller.enqueue(encoder.encode(text));
        return;
      }
      done = true;
      controller.enqueue(encoder.encode(`${text}</urlset>\n`));
      controller.close();
    },
  });
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": crawlerFileCaching() },
  });
}

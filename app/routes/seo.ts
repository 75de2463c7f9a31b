// What search engines and link previews read from a page: its title and description, the canonical URL, Open
// Graph and Twitter tags, and schema.org JSON-LD. Every page's `meta` export goes through `pageMeta`.
// See docs/decisions/0017-search-engines-and-sharing.md.
import type { MetaDescriptor } from "react-router";
import { toDecimalText } from "#app/lib/money.ts";
import { shopOf } from "#app/modules/shop/shared/shop.ts";

const DEFAULT_IMAGE = "/art/hero-1200.webp";

/** The root route's data as `meta` sees it in `matches`: the store's public address (PUBLIC_URL or the request's). */
type Matches = readonly ({ id: string; data?: unknown; loaderData?: unknown } | undefined)[];

export function siteOrigin(matches: Matches): string {
  const root = matches.find((match) => match?.id === "root");
  const origin = (root?.loaderData ?? root?.data) as { origin?: unknown } | undefined;
  return typeof origin?.origin === "string" ? origin.origin : "";
}

export type PageSeo = {
  /** The page's own title; " | <shop name>" is added (the home page gives the whole title with `fullTitle`). */
  title: string;
  fullTitle?: boolean;
  description: string;
  /** The canonical path: no search, login flag or picture choice. */
  path: string;
  /** A picture for link previews (a path on this site). */
  image?: string;
  imageAlt?: string;
  type?: "website" | "product";
  /** Personal or transient pages (cart, orders, the seller area): kept out of search results. */
  noindex?: boolean;
  /** schema.org objects, each rendered as a `<script type="application/ld+json">` (data, not a script). */
  jsonLd?: object[];
};

export function pageMeta(matches: Matches, page: PageSeo): MetaDescriptor[] {
  const origin = siteOrigin(matches);
  const siteName = shopOf(matches).name;
  const url = `${origin}${page.path}`;
  const title = page.fullTitle ? page.title : `${page.title} | ${siteName}`;
  const image = `${origin}${page.image ?? DEFAULT_IMAGE}`;
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    ...(page.noindex ? [{ name: "robots", content: "noindex" }] : []),
    { property: "og:site_name", content: siteName },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    ...(page.imageAlt ? [{ property: "og:image:alt", content: page.imageAlt }] : []),
    // X reads og:title, og:description and og:image when its own twitter: tags are missing: only the card's kind
    // is its own (the same title, description and picture were sent twice, issue 22).
    { name: "twitter:card", content: "summary_large_image" },
    ...(page.jsonLd ?? []).map((value) => ({ "script:ld+json": value })),
  ];
}

/** A page of the seller area: named, described, never indexed. */
export function sellerMeta(title: string, matches: Matches = []): MetaDescriptor[] {
  const siteName = shopOf(matches).name;
  return [
    { title: `${title} | ${siteName} Seller` },
    { name: "description", content: `The ${siteName} seller area: products, stock and orders.` },
    { name: "robots", content: "noindex" },
  ];
}

/** A description of at most 160 characters, cut at a word. */
export function shortDescription(text: string): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= 160) return clean;
  return `${clean.slice(0, 157).replace(/\s+\S*$/, "")}…`;
}

/** One purchasable choice of a product: today the product itself; with sizes, one per size. */
export type OfferChoice = { sku: string; label?: string; priceCents: number; available: boolean };

/** schema.org Product with an Offer per choice (price in the shop's currency, availability). No invented reviews. */
export function productJsonLd(
  origin: string,
  shop: { name: string; currency: string },
  product: { id: string; name: string; description: string[]; images: string[]; categoryLabel: string; path: string },
  choices: OfferChoice[],
  /** The product's published reviews (null without any: then no aggregateRating at all). */
  rating: { average: number; count: number } | null = null,
): object {
  const url = `${origin}${product.path}`;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": url,
    name: product.name,
    description: product.description.join(" "),
    sku: product.id,
    category: product.categoryLabel,
    brand: { "@type": "Brand", name: shop.name },
    image: product.images.map((image) => `${origin}${image}`),
    offers: choices.map((choice) => ({
      "@type": "Offer",
      url,
      sku: choice.sku,
      ...(choice.label ? { name: `${product.name}, ${choice.label}` } : {}),
      price: toDecimalText(choice.priceCents, shop.currency),
      priceCurrency: shop.currency,
      availability: choice.available ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    })),
    ...(rating
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: (Math.round(rating.average * 10) / 10).toFixed(1),
            reviewCount: rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** schema.org BreadcrumbList from (name, path) pairs, the last being the page itself. */
export function breadcrumbJsonLd(origin: string, crumbs: { name: string; path: string }[]): object {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.name,
      item: `${origin}${crumb.path}`,
    })),
  };
}

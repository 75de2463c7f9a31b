// What every page knows of the shop: the public part of the shop settings (app/modules/shop), read once per
// change on the server and handed to the pages by the root loader. `useShop()` reads it in a component.
import { useRouteLoaderData } from "react-router";
import { DEFAULT_COUNTRY, DEFAULT_LOCALE } from "./locales.ts";
import { DEFAULT_CURRENCY, DEFAULT_PRICING, formatTaxRate, type Pricing } from "./money.ts";

export type ShopInfo = Pricing & {
  name: string;
  tagline: string;
  /** /uploads/<key>.webp, or '' for none. */
  logoUrl: string;
  contactEmail: string;
  phone: string;
  address: string;
  openingHours: string;
  /** ISO 4217. */
  currency: string;
  /** Where the shop is (ISO 3166 alpha-2, app/lib/postcodes.ts): its address form's zip field. */
  country: string;
  /** How its dates and amounts are written (a BCP 47 tag, app/lib/locales.ts). */
  locale: string;
};

/** Today's shop (what the migration writes): used only where no root data exists (an error page without it). */
export const DEFAULT_SHOP: ShopInfo = {
  ...DEFAULT_PRICING,
  name: "Trendora",
  tagline: "Fashion for everyone",
  logoUrl: "",
  contactEmail: "",
  phone: "",
  address: "",
  openingHours: "",
  currency: DEFAULT_CURRENCY,
  country: DEFAULT_COUNTRY,
  locale: DEFAULT_LOCALE,
};

/** The shop as the root loader gave it. */
export function useShop(): ShopInfo {
  const root = useRouteLoaderData("root") as { shop?: ShopInfo } | undefined;
  return root?.shop ?? DEFAULT_SHOP;
}

/** The shop from `meta`'s matches (the root route's data). */
export function shopOf(
  matches: readonly ({ id: string; data?: unknown; loaderData?: unknown } | undefined)[],
): ShopInfo {
  const root = matches.find((match) => match?.id === "root");
  const data = (root?.loaderData ?? root?.data) as { shop?: ShopInfo } | undefined;
  return data?.shop ?? DEFAULT_SHOP;
}

/** The policies, each a public page (/policies/<slug>) linked from the footer and the checkout. */
export const POLICIES = [
  { slug: "shipping", field: "shippingPolicy", title: "Shipping policy", label: "Shipping" },
  { slug: "returns", field: "returnsPolicy", title: "Returns policy", label: "Returns" },
  { slug: "privacy", field: "privacyPolicy", title: "Privacy policy", label: "Privacy" },
  { slug: "terms", field: "termsPolicy", title: "Terms of service", label: "Terms" },
] as const;
export type PolicyField = (typeof POLICIES)[number]["field"];

/**
 * The product page's words for the tax, saying what the cart does: prices that include it (or no tax at all)
 * are "(inclusive of all taxes)", the spec's words; a tax added on top says so and how much.
 */
export function taxWording(shop: Pick<Pricing, "taxIncluded" | "taxRateBasisPoints">): string {
  if (shop.taxIncluded || shop.taxRateBasisPoints === 0) return "(inclusive of all taxes)";
  return `(plus ${formatTaxRate(shop.taxRateBasisPoints)} tax, added in the cart)`;
}

/**
 * The label of the product page's struck-through list price (the spec's "list price struck through"): "MRP"
 * (maximum retail price, the words Indian law asks for on a price) in a shop in India, "List price" elsewhere.
 */
export function listPriceLabel(shop: Pick<ShopInfo, "country">): string {
  return shop.country === "IN" ? "MRP" : "List price";
}

/** The home page's title: "Trendora: Fashion for everyone", or the name alone without a tagline. */
export function shopTitle(shop: Pick<ShopInfo, "name" | "tagline">): string {
  return shop.tagline ? `${shop.name}: ${shop.tagline}` : shop.name;
}

/** The demo shop's street (what the migration writes): the contact page embeds its map only for it. */
export function isDemoAddress(address: string): boolean {
  return /^Trendora Fashion Showroom\n245 Market Street, Suite 300\nSan Francisco, CA 94105/.test(address);
}

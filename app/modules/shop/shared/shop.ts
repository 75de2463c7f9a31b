// What every page knows of the shop: the public part of the shop settings (app/modules/shop), read once per
// change on the server and handed to the pages by the root loader. `useShop()` reads it in a component.
import { useRouteLoaderData } from "react-router";
import { DEFAULT_COUNTRY, DEFAULT_LOCALE } from "#app/lib/locales.ts";
import { DEFAULT_CURRENCY, DEFAULT_PRICING, formatMoney, formatTaxRate, type Pricing } from "#app/lib/money.ts";

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
  /** Days to return an item (the home page's promise); null: none promised. */
  returnDays: number | null;
  /** The demo shop (db/seed.ts): its offers on /deals and the links to them are the demo's only. */
  demo: boolean;
  /** Where the shop is (ISO 3166 alpha-2, app/modules/shop/shared/postcodes.ts): its address form's zip field. */
  country: string;
  /** How its dates and amounts are written (a BCP 47 tag, app/lib/locales.ts). */
  locale: string;
};

/**
 * The name of a shop that is not the demo before its owner names it on the setup page (migration 0010, decision
 * 0280): never the demo's.
 */
export const UNNAMED_SHOP = "Online Shop";

/**
 * Used only where no root data exists (an error page without it): no shop's name, and nothing of the demo's
 * (a shop started with DEMO=off must never show it).
 */
export const DEFAULT_SHOP: ShopInfo = {
  ...DEFAULT_PRICING,
  name: UNNAMED_SHOP,
  tagline: "",
  logoUrl: "",
  contactEmail: "",
  phone: "",
  address: "",
  openingHours: "",
  currency: DEFAULT_CURRENCY,
  returnDays: null,
  demo: false,
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

/** The home page's title: "Maison Lumière: Fashion for everyone", or the name alone without a tagline. */
export function shopTitle(shop: Pick<ShopInfo, "name" | "tagline">): string {
  return shop.tagline ? `${shop.name}: ${shop.tagline}` : shop.name;
}

/** The demo shop's street (what the migration writes): the contact page embeds its map only for it. */
export function isDemoAddress(address: string): boolean {
  return /^Trendora Fashion Showroom\n245 Market Street, Suite 300\nSan Francisco, CA 94105/.test(address);
}

/**
 * The home page's promises ("Why choose …?"), each from what the shop's settings say, so none promises more than
 * the cart and the policies do: free shipping only as the shipping settings give it, returns only with a number
 * of days; the demo shop's own claim of quality only in the demo. An empty list hides the banner.
 */
export function shopPromises(
  shop: Pick<ShopInfo, "shippingFlatCents" | "freeShippingFromCents" | "currency" | "locale" | "returnDays" | "demo">,
  { onlinePayment }: { onlinePayment: boolean },
): { title: string; text: string }[] {
  const promises: { title: string; text: string }[] = [];
  if (shop.shippingFlatCents === 0) {
    promises.push({ title: "Free delivery", text: "Free shipping on every order." });
  } else if (shop.freeShippingFromCents !== null) {
    const from = formatMoney(shop.freeShippingFromCents, shop.currency, shop.locale);
    promises.push({ title: "Free delivery", text: `Free shipping on orders from ${from}.` });
  }
  if (shop.demo) {
    promises.push({ title: "Quality you can feel", text: "Fabrics and finishes checked by our own team." });
  }
  if (shop.returnDays !== null && shop.returnDays > 0) {
    const days = shop.returnDays === 1 ? "1 day" : `${shop.returnDays} days`;
    promises.push({ title: "Easy returns", text: `Changed your mind? Return unworn items within ${days}.` });
  }
  promises.push(
    onlinePayment
      ? { title: "Secure payment", text: "Pay online with a card or cash on delivery." }
      : { title: "Pay on delivery", text: "Pay in cash when your order arrives." },
  );
  return promises;
}

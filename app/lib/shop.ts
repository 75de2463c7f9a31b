// What every page knows of the shop: the public part of the shop settings (app/modules/shop), read once per
// change on the server and handed to the pages by the root loader. `useShop()` reads it in a component.
import { useRouteLoaderData } from "react-router";
import { DEFAULT_CURRENCY, DEFAULT_PRICING, type Pricing } from "./money.ts";

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
};

/** Today's shop (what the migration writes): used only where no root data exists (an error page without it). */
export const DEFAULT_SHOP: ShopInfo = {
  ...DEFAULT_PRICING,
  name: "Trendora",
  tagline: "Fashion for everyone, from a small shop that knows its customers.",
  logoUrl: "",
  contactEmail: "",
  phone: "",
  address: "",
  openingHours: "",
  currency: DEFAULT_CURRENCY,
};

/** The shop as the root loader gave it. */
export function useShop(): ShopInfo {
  const root = useRouteLoaderData("root") as { shop?: ShopInfo } | undefined;
  return root?.shop ?? DEFAULT_SHOP;
}

/** The shop from `meta`'s matches (the root route's data). */
export function shopOf(matches: readonly ({ id: string; data?: unknown; loaderData?: unknown } | undefined)[]): ShopInfo {
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

/** The product page's and the cart's words for the tax under a setting. */
export function taxWording(shop: Pick<Pricing, "taxIncluded" | "taxRateBasisPoints">, rate: string): string {
  if (shop.taxRateBasisPoints === 0) return "(no tax)";
  return shop.taxIncluded ? `(inclusive of ${rate} tax)` : `(plus ${rate} tax)`;
}

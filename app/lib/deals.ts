// The eight static offers of the /deals page (spec section 9). Images are drawn by demo-art/art.ts.
//
// Each offer runs until a number of days from today: the spec's dates (30 November to 31 December 2025) kept
// as the same spread, 10 to 41 days out, so the demo never shows an offer that has already ended.
import { DEFAULT_LOCALE, formatDay } from "./locales.ts";

export type Deal = {
  id: string;
  title: string;
  description: string;
  longDescription: string;
  image: string;
  /** The category path value the offer applies to. */
  category: string;
  /** Where the card leads: /products/{route}. */
  route: string;
  discount: string;
  /** ISO date, the last day the offer runs. */
  validUntil: string;
  terms: string;
};

type DealDefinition = Omit<Deal, "validUntil"> & {
  /** The offer's last day, in days from today. */
  daysLeft: number;
};

const DEFINITIONS: readonly DealDefinition[] = [
  {
    id: "womens-tops",
    title: "Women's Tops Spectacular",
    description: "Blouses, knit tops and shirts at a third off.",
    longDescription:
      "Refresh your everyday rotation with ruffle blouses, ribbed knits and relaxed linen shirts. Mix, match and layer: every top in the women's collection is a third off for a limited time.",
    image: "/art/deal-womens-tops.webp",
    category: "Women",
    route: "women",
    discount: "33%",
    daysLeft: 25,
    terms: "Limit 3 discounted items per customer. Applies to women's tops only.",
  },
  {
    id: "tee-fest",
    title: "Tee Fest",
    description: "Crew necks, stripes and prints: stock up on tees.",
    longDescription:
      "Soft cotton tees in every colour you wear most. From classic crew necks to Breton stripes, build a week of easy outfits for less.",
    image: "/art/deal-tee-fest.webp",
    category: "Men",
    route: "men",
    discount: "25%",
    daysLeft: 20,
    terms: "Limit 6 discounted tees per cart. Cannot be combined with other offers.",
  },
  {
    id: "winter-clearance",
    title: "Winter Wear Clearance",
    description: "Puffers, sweaters and knits at half price.",
    longDescription:
      "Our biggest markdown of the season on puffer jackets, cable knits, overcoats and cosy accessories. Once they are gone, they are gone.",
    image: "/art/deal-winter-clearance.webp",
    category: "Winter",
    route: "winter",
    discount: "50%",
    daysLeft: 41,
    terms: "Winter wear clearance items are final sale: no returns or exchanges.",
  },
  {
    id: "step-up-footwear",
    title: "Step Up Footwear Sale",
    description: "Sneakers, boots and heels for every step.",
    longDescription:
      "Canvas sneakers, Chelsea boots, block heels and comfy sandals. Find the pair that carries you through the season.",
    image: "/art/deal-step-up-footwear.webp",
    category: "Footwear",
    route: "footwear",
    discount: "30%",
    daysLeft: 15,
    terms: "While stocks last. Sizes subject to availability.",
  },
  {
    id: "festive-ethnic",
    title: "Festive Ethnic Edit",
    description: "Kurtas, sarees and lehengas for the celebrations.",
    longDescription:
      "Dress for the festivities with handloom kurtas, Banarasi silk sarees and embroidered lehengas, each made to shine at every gathering.",
    image: "/art/deal-festive-ethnic.webp",
    category: "Ethnic",
    route: "ethnic",
    discount: "40%",
    daysLeft: 30,
    terms: "Valid on full-price ethnic wear. Alterations are not included.",
  },
  {
    id: "little-ones",
    title: "Little Ones Favourites",
    description: "Rompers, frocks and play clothes for kids.",
    longDescription:
      "Organic cotton rompers, twirly frocks and tough play clothes made for growing kids, gentle on skin and easy to wash.",
    image: "/art/deal-little-ones.webp",
    category: "Kids",
    route: "kids",
    discount: "20%",
    daysLeft: 10,
    terms: "Applies to kids & babywear. Gift cards excluded.",
  },
  {
    id: "accessory-edit",
    title: "The Accessory Edit",
    description: "Bags, watches and sunglasses to finish the look.",
    longDescription:
      "Leather totes, minimalist watches and classic sunglasses: the finishing touches that make an outfit yours.",
    image: "/art/deal-accessory-edit.webp",
    category: "Accessories",
    route: "accessories",
    discount: "35%",
    daysLeft: 34,
    terms: "One discount per item. Excludes new arrivals.",
  },
  {
    id: "mens-essentials",
    title: "Men's Essentials Week",
    description: "Polos, chinos and shirts that work every day.",
    longDescription:
      "The pieces you reach for most: piqué polos, stretch chinos and button-down shirts, now at a price that makes stocking up easy.",
    image: "/art/deal-mens-essentials.webp",
    category: "Men",
    route: "men",
    discount: "20%",
    daysLeft: 22,
    terms: "Valid on men's shirts, polos and trousers. While stocks last.",
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;

/** The offers as they run on `today` (UTC), each with its last day as an ISO date. */
export function currentDeals(today: Date = new Date()): Deal[] {
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return DEFINITIONS.map(({ daysLeft, ...deal }) => ({
    ...deal,
    validUntil: new Date(midnight + daysLeft * DAY_MS).toISOString().slice(0, 10),
  }));
}

/** The offers' texts, pictures and links (their dates change with the day: see currentDeals). */
export const DEALS: readonly Omit<Deal, "validUntil">[] = DEFINITIONS.map(({ daysLeft: _, ...deal }) => deal);

/** How many offers the page shows until the shopper asks for all of them. */
export const DEALS_SHOWN = 6;

/** "2025-12-31" → "December 31, 2025" in the shop's locale (the same text on the server and in the browser). */
export function formatDealDate(isoDate: string, locale: string = DEFAULT_LOCALE): string {
  return formatDay(isoDate, locale, "long");
}

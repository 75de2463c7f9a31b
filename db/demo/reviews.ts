// DEMO DATA: the demo catalogue's reviews, so a fresh store does not look empty. They are written by made-up
// demo shoppers (emails at demo.trendora.test, who cannot sign in: their password is a random one nobody knows)
// and every one is stored with `demo = true`: the product page labels them "Demo review", never "Verified
// buyer", since nobody bought anything. A real shop removes them from /seller/reviews (Hide) or starts from an
// empty database without the demo catalogue.
import { DEMO_PRODUCTS } from "./catalogue.ts";
import { demoStock } from "./stock.ts";

export const DEMO_SHOPPERS = [
  "Priya Sharma",
  "Arjun Mehta",
  "Emma Wilson",
  "Liam Chen",
  "Sofia Garcia",
  "Noah Patel",
  "Aisha Khan",
  "Lucas Brown",
] as const;

export const demoShopperEmail = (i: number) => `demo-shopper-${i + 1}@demo.trendora.test`;

const TEXTS: Record<number, { title: string; body: string }[]> = {
  5: [
    { title: "Love it", body: "Exactly as pictured and the quality is great for the price. Fits true to size." },
    { title: "Worth every penny", body: "Comfortable from the first day. I have already ordered a second one." },
    { title: "Great quality", body: "Well made, the stitching is neat and it washed well." },
  ],
  4: [
    { title: "Very nice", body: "Good fit and feels well made. The colour is a touch darker than in the photos." },
    { title: "Happy with it", body: "Comfortable and looks smart. Delivery took a few days longer than I hoped." },
    { title: "", body: "Nice material, would buy again. I would size up if you are between sizes." },
  ],
  3: [
    { title: "Okay for the price", body: "Does the job, but the fabric is thinner than I expected." },
    { title: "Runs small", body: "Looks good but it is snug; order one size larger." },
  ],
  2: [{ title: "Not for me", body: "The fit was boxy on me and the colour was duller than pictured." }],
};

/** The ratings the demo reviews cycle through: mostly 4 and 5, some 3, a few 2. */
const RATINGS = [5, 4, 5, 3, 4, 5, 4, 2, 5, 4, 3, 5];

export type DemoReview = {
  product: number;
  shopper: number;
  rating: number;
  title: string;
  body: string;
  size: string;
  daysAgo: number;
};

/**
 * About 120 reviews over the demo products: 0 to 4 each (every seventh product has none, so "No reviews yet" shows
 * too), each by a different demo shopper, in a size the product comes in.
 */
export function demoReviews(): DemoReview[] {
  const out: DemoReview[] = [];
  let n = 0;
  DEMO_PRODUCTS.forEach((product, p) => {
    if (product.inStock === false || p % 7 === 3) return;
    const sizes = demoStock(product).map((line) => line.size);
    const count = 1 + ((p * 5) % 4);
    for (let k = 0; k < count; k++) {
      const rating = RATINGS[n % RATINGS.length]!;
      const texts = TEXTS[rating]!;
      const text = texts[(p + k) % texts.length]!;
      out.push({
        product: p,
        shopper: (p + k * 3) % DEMO_SHOPPERS.length,
        rating,
        ...text,
        size: sizes[(p + k) % sizes.length] ?? "",
        daysAgo: 2 + ((p * 11 + k * 17) % 90),
      });
      n++;
    }
  });
  return out;
}

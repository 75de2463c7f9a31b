// The demo catalogue's sizes and counts: clothing in XS–XXL, trousers by waist, footwear in UK shoe sizes,
// kids' clothes by age, and accessories (belts, bags, hats, scarves...) in free size with one count. Counts
// follow a usual curve (middle sizes stocked deepest) varied per product, with the largest size running low
// in about one product of seven; a product's own `stock` in catalogue.ts overrides it (a few sold out, some
// nearly).
import { SIZE_PRESETS } from "#app/modules/inventory/shared/sizes.ts";
import type { DemoProduct } from "./catalogue.ts";

const SETS = {
  clothing: SIZE_PRESETS.clothing.sizes,
  waist: ["28", "30", "32", "34", "36"],
  shoes: SIZE_PRESETS.shoes.sizes,
  heels: ["UK 3", "UK 4", "UK 5", "UK 6", "UK 7", "UK 8"],
  kids: SIZE_PRESETS.kids.sizes,
  baby: ["0-6 months", "6-12 months", "12-18 months", "18-24 months"],
  kidsShoes: ["UK 9 (kids)", "UK 10 (kids)", "UK 11 (kids)", "UK 12 (kids)", "UK 13 (kids)", "UK 1"],
} as const;

/** Things worn in one size: one count, shown as 'Free Size'. */
const FREE_SIZE_KINDS = new Set([
  "handbag",
  "sunglasses",
  "watch",
  "belt",
  "backpack",
  "wallet",
  "cap",
  "beanie",
  "scarf",
  "mittens",
  "saree",
]);

function sizesOf(product: DemoProduct): readonly string[] {
  if (product.category === "Accessories" || FREE_SIZE_KINDS.has(product.kind)) return [];
  if (product.category === "Kids" || product.name.startsWith("Boys ")) {
    if (product.kind === "romper") return SETS.baby;
    if (product.kind === "sneaker") return SETS.kidsShoes;
    return SETS.kids;
  }
  if (product.category === "Footwear") return product.kind === "heel" ? SETS.heels : SETS.shoes;
  if (product.kind === "trousers") return SETS.waist;
  return SETS.clothing;
}

/** A small number from the name, so every product's counts differ a little, the same on every seed. */
function variation(name: string, salt: number): number {
  let hash = salt;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) % 9973;
  return hash % 7;
}

/** The product's sizes with their counts ('' alone: a product without sizes). */
export function demoStock(product: DemoProduct): { size: string; stock: number }[] {
  const sizes = sizesOf(product);
  if (sizes.length === 0) return [{ size: "", stock: product.stock?.[0] ?? 12 + variation(product.name, 1) * 3 }];
  const runningLow = variation(product.name, 99) === 0;
  return sizes.map((size, i) => {
    const edge = Math.min(i, sizes.length - 1 - i);
    // The outer sizes 6 to 12, the middle ones 14 to 30; the largest 2 to 4 when it runs low.
    const usual =
      runningLow && i === sizes.length - 1
        ? 2 + (variation(product.name, i) % 3)
        : edge === 0
          ? 6 + variation(product.name, i)
          : 10 + edge * 4 + variation(product.name, i);
    return { size, stock: product.stock?.[i] ?? usual };
  });
}

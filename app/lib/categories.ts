// The shop's categories: the path value stored on products, the label on tiles, the URL slug.
export const CATEGORIES = [
  { path: "Men", label: "Men's Fashion" },
  { path: "Women", label: "Women's Fashion" },
  { path: "Footwear", label: "Footwear" },
  { path: "Accessories", label: "Accessories" },
  { path: "Kids", label: "Kids & Babywear" },
  { path: "Ethnic", label: "Ethnic Wear" },
  { path: "Winter", label: "Winter Wear" },
] as const;

export type CategoryPath = (typeof CATEGORIES)[number]["path"];

export const CATEGORY_PATHS = CATEGORIES.map((c) => c.path) as CategoryPath[];

export function categorySlug(path: string): string {
  return path.toLowerCase();
}

/** "men" or "Men" → "Men"; undefined for anything else. */
export function categoryFromSlug(slug: string): CategoryPath | undefined {
  const lower = slug.toLowerCase();
  return CATEGORY_PATHS.find((p) => p.toLowerCase() === lower);
}

import { categorySlug } from "./categories.ts";

/** A category's list: /products/{category in lowercase}. */
export function categoryPath(category: string): string {
  return `/products/${categorySlug(category)}`;
}

/** A product's page: /products/{category in lowercase}/{id}. */
export function productPath(product: { id: string; category: string }): string {
  return `${categoryPath(product.category)}/${product.id}`;
}

import { categorySlug } from "./categories.ts";

/** A product's page: /products/{category in lowercase}/{id}. */
export function productPath(product: { id: string; category: string }): string {
  return `/products/${categorySlug(product.category)}/${product.id}`;
}

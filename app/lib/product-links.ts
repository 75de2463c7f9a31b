import { categorySlug } from "./categories.ts";
import { sellerListSearch } from "./paging.ts";

/** A category's list: /products/{category in lowercase}. */
export function categoryPath(category: string): string {
  return `/products/${categorySlug(category)}`;
}

/** A product's page: /products/{category in lowercase}/{id}. */
export function productPath(product: { id: string; category: string }): string {
  return `${categoryPath(product.category)}/${product.id}`;
}

/** The id of a product's row in the seller's product list: what the list's #fragment names. */
export function sellerRowId(productId: string): string {
  return `product-${productId}`;
}

/** The seller's product list (`?stock=low`: the low-stock list; `?page=N`: its page) scrolled to a product's row. */
export function sellerRowPath(productId: string, lowStockList = false, page = 1): string {
  return `/seller/product-list${sellerListSearch({ lowStock: lowStockList, page })}#${sellerRowId(productId)}`;
}

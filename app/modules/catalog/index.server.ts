// The catalog module's front door: routes and other modules import from here only.
export { type ApiProduct, type ApiSize, toApiProduct } from "./api-product.server.ts";
export {
  categoriesWithProducts,
  getProduct,
  listAllProducts,
  listProducts,
  listProductsOnSale,
  MAX_SEARCH_LENGTH,
  normalizeSearch,
  type Product,
  relatedProducts,
  trendingProducts,
} from "./catalog.server.ts";
export { bumpCatalogueVersion, catalogueVersion, keptPerCatalogueVersion } from "./catalogue-version.server.ts";
export { fullProductList, type KeptProductList, productListBuilds } from "./product-list.server.ts";
export { crawlerFileCaching, sitemapProducts } from "./sitemap.server.ts";
export { countOrderUnits } from "./trending.server.ts";

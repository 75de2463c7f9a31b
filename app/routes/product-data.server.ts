// The product page's data that is the same for every viewer (the product, its related products, the kept rating
// and the page of reviews shown), kept per catalogue version: it changes only when the catalogue's version does
// (database triggers raise it with every change to a product, its sizes and stock; every review change writes
// the product's row; the review settings raise it), which is what the copies of the page kept for visitors
// without a session rely on too (server/page-cache.ts). A signed-in shopper's product page then asks one prepared
// query (the version) for all of it, instead of six built and run per request; only the viewer's part (their own
// review, whether they may write one) is read per request. docs/decisions/0170.
import { toProductCard } from "#app/components/product-card.tsx";
import { parsePage } from "#app/lib/listing.ts";
import {
  catalogueVersion,
  getProduct,
  keptPerCatalogueVersion,
  relatedProducts,
} from "#app/modules/catalog/index.server.ts";
import { storedImageSize } from "#app/modules/inventory/index.server.ts";
import { hasSizes, isAvailable, isLow, isSoldOut, NO_SIZE } from "#app/modules/inventory/shared/sizes.ts";
import { shownReviewsData } from "./review-change.server.ts";

/** Products (each page of their reviews counts apart) kept at once; the least recently asked go first. */
const MAX_KEPT = 300;

async function sharedProductData(id: string, reviewsPage: string | null) {
  const product = await getProduct(id);
  if (!product) return null;
  const unsized = hasSizes(product.sizes) ? null : (product.sizes[0]?.stock ?? null);
  return {
    product: {
      id: product.id,
      name: product.name,
      category: product.category,
      description: product.description,
      priceCents: product.priceCents,
      offerPriceCents: product.offerPriceCents,
      images: product.images,
      inStock: product.inStock,
      soldOut: isSoldOut(product.sizes),
      /** The sizes to choose from (none for a product without sizes, shown as 'Free Size'). */
      sizes: product.sizes
        .filter((line) => line.size !== NO_SIZE)
        .map(({ size, stock }) => ({ size, available: isAvailable(stock), fewLeft: isLow(stock) ? stock : null })),
      /** A product without sizes: its units left when they are few. */
      fewLeft: isLow(unsized) ? unsized : null,
      /** Each picture's real size: the large photo is offered and shown no larger than it is. */
      imageSizes: await Promise.all(product.images.map(storedImageSize)),
    },
    related: (await relatedProducts(product)).map(toProductCard),
    reviews: await shownReviewsData(product, reviewsPage),
  };
}

export type SharedProductData = NonNullable<Awaited<ReturnType<typeof sharedProductData>>>;

// A product that is not found is never kept, so made-up ids fill nothing.
const kept = keptPerCatalogueVersion<SharedProductData | null>(MAX_KEPT, (data) => data !== null);

/**
 * The product `id`'s shared page data with the `?reviews=` page asked for, or null when it is not on sale.
 * Read once per catalogue version and kept. The objects given are shared by every request: nothing may change them.
 */
export async function productPageData(id: string, reviewsParam: string | null): Promise<SharedProductData | null> {
  // The version first, then the data: the data is at least as new as the version it is kept under.
  const version = await catalogueVersion();
  return kept(version, `${id} ${parsePage(reviewsParam) ?? 1}`, () => sharedProductData(id, reviewsParam));
}

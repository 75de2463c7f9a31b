// A product in the /api's JSON (docs/api.md, section 7 of the spec): the catalogue's own shape, because the
// catalogue keeps the whole list built (product-list.server.ts). The /api's other shapes are the adapter's
// (app/routes/api/api-shapes.server.ts, which re-exports these).

import { toDecimal } from "#app/lib/money.ts";
import { isAvailable, NO_SIZE } from "#app/modules/inventory/shared/sizes.ts";
import type { Product } from "./catalog.server.ts";

export type ApiSize = { size: string; stock: number | null; inStock: boolean };

export type ApiProduct = {
  _id: string;
  name: string;
  category: string;
  description: string[];
  price: number;
  offerPrice: number;
  image: string[];
  /** The seller's switch (the spec's field); each size says whether it can be bought. */
  inStock: boolean;
  /** The sizes, as the spec's Size text ('S, M, L'); absent for a product without sizes ('Free Size'). */
  weight?: string;
  /** A product with sizes: each with its count (null: not counted) and whether it can be bought now. */
  sizes?: ApiSize[];
  /** A product without sizes: its count (null: not counted). */
  stock?: number | null;
  createdAt: string;
  /** The average of its published reviews (two decimals), or null without reviews. */
  rating: number | null;
  /** How many published reviews it has. */
  reviewCount: number;
};

/** A product in the spec's JSON shape (section 7): `_id`, decimal prices, `image` list, plus its sizes. */
export function toApiProduct(row: Product, currency: string): ApiProduct {
  const sized = row.sizes.filter((line) => line.size !== NO_SIZE);
  return {
    _id: row.id,
    name: row.name,
    category: row.category,
    description: row.description,
    price: toDecimal(row.priceCents, currency),
    offerPrice: toDecimal(row.offerPriceCents, currency),
    image: row.images,
    inStock: row.inStock,
    ...(sized.length > 0
      ? {
          weight: sized.map((line) => line.size).join(", "),
          sizes: sized.map(({ size, stock }) => ({ size, stock, inStock: row.inStock && isAvailable(stock) })),
        }
      : { stock: row.sizes[0]?.stock ?? null }),
    createdAt: new Date(row.createdAt).toISOString(),
    rating: row.reviewCount > 0 ? row.ratingAverage : null,
    reviewCount: row.reviewCount,
  };
}

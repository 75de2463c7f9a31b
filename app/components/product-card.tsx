import { Link } from "react-router";
import { AddToCart } from "#app/components/add-to-cart.tsx";
import { thumbnailUrl } from "#app/lib/images.ts";
import { formatMoney } from "#app/lib/money.ts";
import { productPath } from "#app/lib/product-links.ts";
import { hasSizes, isSoldOut, type SizeStock } from "#app/lib/sizes.ts";
import { Stars } from "./stars.tsx";

/** What a product card shows (loaders send only this for lists). */
export type ProductCardData = {
  id: string;
  name: string;
  category: string;
  priceCents: number;
  offerPriceCents: number;
  images: string[];
  inStock: boolean;
  /** A size must be chosen on the product page before it goes in the cart. */
  hasSizes: boolean;
  /** Every size is counted and at 0. */
  soldOut: boolean;
};

export function toProductCard(
  product: Omit<ProductCardData, "hasSizes" | "soldOut"> & { sizes: SizeStock[] },
): ProductCardData {
  const { id, name, category, priceCents, offerPriceCents, images, inStock, sizes } = product;
  return {
    id,
    name,
    category,
    priceCents,
    offerPriceCents,
    images,
    inStock,
    hasSizes: hasSizes(sizes),
    soldOut: isSoldOut(sizes),
  };
}

/** A product's picture, or a neutral box when it has none. */
export function ProductImage({
  url,
  alt,
  size,
  lazy,
  className = "",
}: {
  url: string | undefined;
  alt: string;
  size: number;
  lazy?: boolean;
  className?: string;
}) {
  if (!url) {
    return (
      <div
        role="img"
        aria-label={`${alt} (no picture)`}
        className={`flex aspect-square w-full items-center justify-center bg-gray-100 text-xs text-gray-400 ${className}`}
      >
        No picture
      </div>
    );
  }
  return (
    <img
      src={url}
      alt={alt}
      width={size}
      height={size}
      loading={lazy ? "lazy" : undefined}
      decoding="async"
      className={`aspect-square w-full object-contain ${className}`}
    />
  );
}

/** One product in a grid: picture, category, name, rating and prices. */
export function ProductCard({
  product,
  headingLevel = 3,
  lazy = false,
}: {
  product: ProductCardData;
  headingLevel?: 2 | 3;
  lazy?: boolean;
}) {
  const href = productPath(product);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const image = product.images[0];
  return (
    <article
      data-testid="product-card"
      className="group flex w-full flex-col rounded-lg border border-gray-200 bg-white p-3 transition hover:shadow-md"
    >
      <Link to={href} tabIndex={-1} aria-hidden="true" className="block overflow-hidden rounded-md bg-gray-50">
        <ProductImage
          url={image ? thumbnailUrl(image) : undefined}
          alt=""
          size={400}
          lazy={lazy}
          className="transition duration-300 group-hover:scale-105"
        />
      </Link>
      <p className="mt-3 text-xs text-gray-500">{product.category}</p>
      <Heading className="mt-0.5 text-base font-medium leading-snug text-gray-800">
        <Link to={href} className="hover:text-primary">
          {product.name}
        </Link>
      </Heading>
      <div className="mt-1">
        <Stars size={14} />
      </div>
      <div className="mt-auto flex flex-wrap items-end justify-between gap-2 pt-3">
        <p className="flex items-baseline gap-1.5">
          <span className="sr-only">Price:</span>
          <span className="text-lg font-semibold text-primary">{formatMoney(product.offerPriceCents)}</span>
          {product.priceCents > product.offerPriceCents ? (
            <>
              <span className="sr-only">, was</span>
              <s className="text-sm text-gray-400">{formatMoney(product.priceCents)}</s>
            </>
          ) : null}
        </p>
        <CardAction product={product} href={href} />
      </div>
    </article>
  );
}

/** Add (one click), Choose size (the product page, where sizes are chosen), or Sold out. */
function CardAction({ product, href }: { product: ProductCardData; href: string }) {
  if (!product.inStock) return null;
  if (product.soldOut) {
    return (
      <span className="rounded bg-gray-100 px-2.5 py-1 text-sm font-medium text-gray-600" data-testid="sold-out">
        Sold out
      </span>
    );
  }
  if (product.hasSizes) {
    return (
      <Link
        to={href}
        aria-label={`Choose a size of ${product.name}`}
        className="rounded border border-primary/40 bg-primary/10 px-2.5 py-1 text-sm font-medium text-primary transition hover:bg-primary/20"
      >
        Choose size
      </Link>
    );
  }
  return <AddToCart productId={product.id} productName={product.name} variant="card" />;
}

const GRID_COLUMNS = {
  5: "grid-cols-2 sm:grid-cols-3 lg:grid-cols-5",
  6: "grid-cols-2 sm:grid-cols-3 lg:grid-cols-6",
};

/** A responsive grid of product cards; the first row loads eagerly, the rest lazily. */
export function ProductGrid({
  products,
  headingLevel = 3,
  columns = 5,
}: {
  products: ProductCardData[];
  headingLevel?: 2 | 3;
  /** Columns on wide screens (6 suits the six trending products). */
  columns?: 5 | 6;
}) {
  return (
    <ul className={`grid gap-3 md:gap-5 ${GRID_COLUMNS[columns]}`}>
      {products.map((product, i) => (
        <li key={product.id} className="flex">
          <ProductCard product={product} headingLevel={headingLevel} lazy={i >= columns} />
        </li>
      ))}
    </ul>
  );
}

import { useId } from "react";
import { Link } from "react-router";
import { AddToCart } from "#app/components/add-to-cart.tsx";
import { MAIN_PICTURE } from "#app/lib/deferred-scripts.tsx";
import { imageSrcSet, thumbnailUrl } from "#app/lib/images.ts";
import { formatMoney } from "#app/lib/money.ts";
import { productPath } from "#app/lib/product-links.ts";
import { useShop } from "#app/lib/shop.ts";
import { hasSizes, isSoldOut, type SizeStock } from "#app/lib/sizes.ts";
import { SaveButton, SaveCardsForm } from "./save-button.tsx";
import { Stars } from "./stars.tsx";

/** What a product card shows (loaders send only this for lists). */
export type ProductCardData = {
  id: string;
  name: string;
  category: string;
  priceCents: number;
  offerPriceCents: number;
  /** The first picture (a card shows no other), or undefined without one. */
  image?: string;
  inStock: boolean;
  /** A size must be chosen on the product page before it goes in the cart. */
  hasSizes: boolean;
  /** Every size is counted and at 0. */
  soldOut: boolean;
  /** The average of its published reviews (null without reviews) and how many there are. */
  rating: number | null;
  reviewCount: number;
};

export function toProductCard(
  product: Omit<ProductCardData, "hasSizes" | "soldOut" | "rating" | "image"> & {
    images: string[];
    sizes: SizeStock[];
    ratingAverage: number | null;
  },
): ProductCardData {
  const { id, name, category, priceCents, offerPriceCents, images, inStock, sizes, reviewCount } = product;
  return {
    id,
    name,
    category,
    priceCents,
    offerPriceCents,
    image: images[0],
    inStock,
    hasSizes: hasSizes(sizes),
    soldOut: isSoldOut(sizes),
    rating: reviewCount > 0 ? product.ratingAverage : null,
    reviewCount,
  };
}

/**
 * A product's picture, or a neutral box when it has none. A stored picture is offered in every width it has
 * (`srcset`), `sizes` saying how wide it is shown; `src` is the 400 px one for browsers without srcset.
 * React preloads every picture that is not lazy; `priority` asks for the first one before the others.
 */
export function ProductImage({
  url,
  alt,
  size,
  sizes,
  lazy,
  priority,
  natural,
  withFull = true,
  className = "",
  styled = true,
}: {
  url: string | undefined;
  alt: string;
  /**
   * The picture's real size, when known: the srcset offers only the widths it really has, and it is shown at
   * most that large (centred in its box), never stretched.
   */
  natural?: { width: number; height: number } | null;
  /** Width and height attributes (the pictures are shown square): the space is kept before it loads. */
  size: number;
  sizes: string;
  lazy?: boolean;
  priority?: boolean;
  /** Offer the full-size picture too (a card, never shown wider than 220 px, does not). */
  withFull?: boolean;
  className?: string;
  /** Its own classes (false: a card's picture, styled by name in app.css). */
  styled?: boolean;
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
      src={thumbnailUrl(url)}
      srcSet={imageSrcSet(url, natural?.width, { withFull })}
      sizes={sizes}
      alt={alt}
      width={natural?.width ?? size}
      height={natural?.height ?? size}
      loading={lazy ? "lazy" : undefined}
      fetchPriority={priority ? "high" : undefined}
      {...(priority ? MAIN_PICTURE : undefined)}
      decoding="async"
      className={
        styled
          ? `${natural ? "h-auto max-h-full w-auto max-w-full" : "aspect-square w-full object-contain"}${className ? ` ${className}` : ""}`
          : undefined
      }
    />
  );
}

/**
 * One product in a grid: picture, category, name, rating and prices. Its look is in app.css (`.card`...): a
 * list page sends 24 of them. The name's link covers the whole card, so the picture needs no link of its own;
 * only that link is announced for route discovery (data-discover): every card's path is the same route.
 */
export function ProductCard({
  product,
  headingLevel = 3,
  imageSizes,
  lazy = false,
  priority = false,
  saveForm,
}: {
  product: ProductCardData;
  /** The id of the grid's one Save form (SaveCardsForm). */
  saveForm: string;
  headingLevel?: 2 | 3;
  /** How wide the card's picture is shown (`sizes`). */
  imageSizes: string;
  lazy?: boolean;
  priority?: boolean;
}) {
  const { currency } = useShop();
  const href = productPath(product);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article data-testid="product-card" className="card">
      <div className="card-photo">
        <ProductImage
          url={product.image}
          alt=""
          size={400}
          sizes={imageSizes}
          lazy={lazy}
          priority={priority}
          withFull={false}
          styled={false}
        />
      </div>
      <div className="card-meta">
        <p data-testid="product-category">{product.category}</p>
        <SaveButton productId={product.id} productName={product.name} variant="card" cardsForm={saveForm} />
      </div>
      <Heading className="card-name">
        <Link to={href}>{product.name}</Link>
      </Heading>
      <Stars average={product.rating} count={product.reviewCount} size={14} className="card-rating" />
      <div className="card-foot">
        <p>
          <span className="sr-only">Price:</span>
          <span className="card-price">{formatMoney(product.offerPriceCents, currency)}</span>
          {product.priceCents > product.offerPriceCents ? (
            <>
              <span className="sr-only">, was</span>
              <s className="card-was">{formatMoney(product.priceCents, currency)}</s>
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
      <span className="card-sold-out" data-testid="sold-out">
        Sold out
      </span>
    );
  }
  if (product.hasSizes) {
    return (
      <Link to={href} discover="none" aria-label={`Choose a size of ${product.name}`} className="card-chip">
        Choose size
      </Link>
    );
  }
  return <AddToCart productId={product.id} productName={product.name} variant="card" />;
}

/** A main grid's pictures that load at once: its first row on a phone (the others load as they come near). */
const EAGER_PICTURES = 2;
const GRID_COLUMNS = {
  5: "grid-cols-2 sm:grid-cols-3 lg:grid-cols-5",
  6: "grid-cols-2 sm:grid-cols-3 lg:grid-cols-6",
};
/**
 * How wide a card's picture is shown in each grid (two, three, then 5 or 6 columns in a 1280 px page), without
 * the spaces a browser does not need: it is written in every card.
 */
const GRID_IMAGE_SIZES = {
  5: "(min-width:1280px) 220px,(min-width:1024px) 18vw,(min-width:640px) 30vw,45vw",
  6: "(min-width:1280px) 180px,(min-width:1024px) 15vw,(min-width:640px) 30vw,45vw",
};

/**
 * A responsive grid of product cards: the first row loads at once (the very first picture first, when
 * `priority`), the rest lazily.
 */
export function ProductGrid({
  products,
  headingLevel = 3,
  columns = 5,
  priority = false,
}: {
  products: ProductCardData[];
  headingLevel?: 2 | 3;
  /** Columns on wide screens (6 suits the six trending products). */
  columns?: 5 | 6;
  /**
   * The grid is the page's main content: the pictures of its first row on a phone load at once (React preloads
   * them in the head), the very first before anything else. Any other grid (the home page's trending products, a
   * product's related ones) is below the first screen on a phone: its pictures wait until they are scrolled near.
   */
  priority?: boolean;
}) {
  const saveForm = useId();
  return (
    <>
      <SaveCardsForm id={saveForm} />
      <ul className={`cards ${GRID_COLUMNS[columns]}`}>
        {products.map((product, i) => (
          <li key={product.id}>
            <ProductCard
              product={product}
              headingLevel={headingLevel}
              imageSizes={GRID_IMAGE_SIZES[columns]}
              lazy={!priority || i >= EAGER_PICTURES}
              priority={priority && i === 0}
              saveForm={saveForm}
            />
          </li>
        ))}
      </ul>
    </>
  );
}

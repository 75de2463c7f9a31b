import { useId } from "react";
import { Link } from "react-router";
import { CardAddButton } from "#app/components/add-to-cart.tsx";
import { MAIN_PICTURE } from "#app/lib/deferred-scripts.tsx";
import { formatMoney } from "#app/lib/money.ts";
import { productPath } from "#app/lib/product-links.ts";
import { CARD_SRCSET, imageSrcSet, thumbnailUrl } from "#app/modules/inventory/shared/images.ts";
import { hasSizes, isSoldOut, type SizeStock } from "#app/modules/inventory/shared/sizes.ts";
import { useShop } from "#app/modules/shop/shared/shop.ts";
import { SaveButton, SaveCardsForm } from "./save-button.tsx";
import { Stars } from "./stars.tsx";

/**
 * What a card offers: Add (one click), Choose size (sizes are chosen on the product page), Sold out (every size
 * counted and at 0), or nothing (the product is switched off).
 */
export type CardBuy = "add" | "choose-size" | "sold-out" | null;

/**
 * What a product card shows (loaders send only this for lists, and only what the card reads: the page's
 * hydration data carries it for 24 cards).
 */
export type ProductCardData = {
  id: string;
  name: string;
  category: string;
  priceCents: number;
  offerPriceCents: number;
  /** The first picture (a card shows no other), or undefined without one. */
  image?: string;
  buy: CardBuy;
  /** The average of its published reviews (null without reviews) and how many there are. */
  rating: number | null;
  reviewCount: number;
};

export function toProductCard(product: {
  id: string;
  name: string;
  category: string;
  priceCents: number;
  offerPriceCents: number;
  inStock: boolean;
  images: string[];
  sizes: SizeStock[];
  ratingAverage: number | null;
  reviewCount: number;
}): ProductCardData {
  const { id, name, category, priceCents, offerPriceCents, images, inStock, sizes, reviewCount } = product;
  return {
    id,
    name,
    category,
    priceCents,
    offerPriceCents,
    image: images[0],
    buy: !inStock ? null : isSoldOut(sizes) ? "sold-out" : hasSizes(sizes) ? "choose-size" : "add",
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
  card = false,
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
  /** A card's picture: only the widths a card needs (CARD_SRCSET). */
  card?: boolean;
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
      srcSet={imageSrcSet(url, natural?.width, card ? CARD_SRCSET : undefined)}
      sizes={sizes}
      alt={alt}
      width={natural?.width ?? size}
      height={natural?.height ?? size}
      loading={lazy ? "lazy" : undefined}
      fetchPriority={priority ? "high" : undefined}
      {...(priority ? MAIN_PICTURE : undefined)}
      // A card's picture (24 on a page) has no decoding hint: the first row's is the first screen's, which
      // should not wait, and the others are lazy, decoded as they are scrolled near.
      decoding={card ? undefined : "async"}
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
 * list page sends 24 of them, so a card carries no attribute that nothing reads (tests find a card by its role,
 * `article`). The name's link covers the whole card, so the picture needs no link of its own. Every card's path
 * is the same route: only the grid's first card announces it for route discovery (data-discover).
 */
export function ProductCard({
  product,
  headingLevel = 3,
  imageSizes,
  lazy = false,
  priority = false,
  saveForm,
  discover = true,
}: {
  product: ProductCardData;
  /** The id of the grid's one form (SaveCardsForm), which the card's Save and Add post. */
  saveForm: string;
  headingLevel?: 2 | 3;
  /** How wide the card's picture is shown (`sizes`). */
  imageSizes: string;
  lazy?: boolean;
  priority?: boolean;
  /** Announce the product page's route for discovery (the grid's first card does). */
  discover?: boolean;
}) {
  const { currency, locale } = useShop();
  const href = productPath(product);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="card">
      <div className="card-photo">
        <ProductImage
          url={product.image}
          alt=""
          size={400}
          sizes={imageSizes}
          lazy={lazy}
          priority={priority}
          card
          styled={false}
        />
      </div>
      <div className="card-meta">
        <p>{product.category}</p>
        <SaveButton productId={product.id} productName={product.name} variant="card" cardsForm={saveForm} />
      </div>
      <Heading className="card-name">
        <Link to={href} discover={discover ? "render" : "none"}>
          {product.name}
        </Link>
      </Heading>
      <Stars average={product.rating} count={product.reviewCount} size="card" />
      <div className="card-foot">
        <p>
          <span className="sr-only">Price:</span>
          <span className="card-price">{formatMoney(product.offerPriceCents, currency, locale)}</span>
          {product.priceCents > product.offerPriceCents ? (
            <>
              <span className="sr-only">, was</span>
              <s>{formatMoney(product.priceCents, currency, locale)}</s>
            </>
          ) : null}
        </p>
        <CardAction product={product} href={href} cardsForm={saveForm} />
      </div>
    </article>
  );
}

/** Add (one click), Choose size (the product page, where sizes are chosen), or Sold out (`.card-foot > *`). */
function CardAction({ product, href, cardsForm }: { product: ProductCardData; href: string; cardsForm: string }) {
  switch (product.buy) {
    case "sold-out":
      return <span>Sold out</span>;
    case "choose-size":
      return (
        <Link to={href} discover="none" aria-label={`Choose a size of ${product.name}`}>
          Choose size
        </Link>
      );
    case "add":
      return <CardAddButton productId={product.id} productName={product.name} cardsForm={cardsForm} />;
    default:
      return null;
  }
}

/** A main grid's pictures that load at once: its first row on a phone (the others load as they come near). */
const EAGER_PICTURES = 2;
const GRID_COLUMNS = {
  5: "grid-cols-2 sm:grid-cols-3 lg:grid-cols-5",
  6: "grid-cols-2 sm:grid-cols-3 lg:grid-cols-6",
};
/**
 * How wide a card's picture is shown in each grid (two, three, then 5 or 6 columns, at most 220 or 180 px in a
 * 1280 px page), without the spaces a browser does not need: it is written in every card. From 1024 px a card
 * is about 184–230 px (5 columns) or 154–192 px (6): the cap is said for that whole range, and from the card's
 * srcset (400 and 800 px, CARD_SRCSET) it picks the same picture as the exact width would, at 1× to 3×.
 */
const GRID_IMAGE_SIZES = {
  5: "(min-width:1024px) 220px,(min-width:640px) 30vw,45vw",
  6: "(min-width:1024px) 180px,(min-width:640px) 30vw,45vw",
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
              discover={i === 0}
            />
          </li>
        ))}
      </ul>
    </>
  );
}

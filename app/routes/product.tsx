import { Link, useSearchParams } from "react-router";
import { AddToCart } from "#app/components/add-to-cart.tsx";
import { FieldError } from "#app/components/form-messages.tsx";
import { ProductGrid, ProductImage } from "#app/components/product-card.tsx";
import { isReviewReply, ProductReviews } from "#app/components/reviews/product-reviews.tsx";
import { SaveButton } from "#app/components/save-button.tsx";
import { SizePicker } from "#app/components/size-picker.tsx";
import { Stars } from "#app/components/stars.tsx";
import { CATEGORIES, categorySlug } from "#app/lib/categories.ts";
import { formAction } from "#app/lib/form-reply.server.ts";
import { formErrorOf, typedValue } from "#app/lib/form-reply.ts";
import { CART_INTENTS } from "#app/lib/intents.ts";
import { formatMoney } from "#app/lib/money.ts";
import { notFound } from "#app/lib/not-found.ts";
import { categoryPath, productPath } from "#app/lib/product-links.ts";
import { refuseUnless } from "#app/lib/refusal.ts";
import { clientAddressOf } from "#app/lib/request-client.server.ts";
import { templatePageHeaders } from "#app/lib/shared-page.ts";
import { documentRequestContext, reviewViewerContext, templateContext } from "#app/lib/visitor.server.ts";
import { shopperOf } from "#app/middleware/identity.server.ts";
import { imageWidthUrl } from "#app/modules/inventory/shared/images.ts";
import { FREE_SIZE } from "#app/modules/inventory/shared/sizes.ts";
import { listPriceLabel, shopOf, taxWording, useShop } from "#app/modules/shop/shared/shop.ts";
import { breadcrumbJsonLd, pageMeta, productJsonLd, shortDescription, siteOrigin } from "#app/routes/seo.ts";
import type { Route } from "./+types/product";
import { answerCartChange } from "./cart-change.server.ts";
import { productPageData } from "./product-data.server.ts";
import { answerReviewChange, isReviewIntent, reviewViewerData } from "./review-change.server.ts";

// /products/{category}/{id}: one product (in stock or not) with its sizes and related products. What is the same
// for everyone is kept per catalogue version (product-data.server.ts); the viewer's part is read per request.
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const shared = await productPageData(params.id, new URL(request.url).searchParams.get("reviews"));
  if (!shared || categorySlug(shared.product.category) !== params.category.toLowerCase()) {
    throw notFound("Product not found");
  }
  // A template render (server/page-store.ts) is for a made-up visitor: never the request's review part.
  const shopperId = context.get(templateContext) ? null : (shopperOf(context)?.id ?? null);
  const viewer = await reviewViewerData(shopperId, shared.product.id);
  // A document's data is the same for everyone: the viewer's review part goes in the island (app/lib/visitor.tsx,
  // through app/entry.server.tsx), so that a kept template can answer a viewer who may not review. A data request
  // (a client navigation, the revalidation after a review post) gets it here.
  const isDocument = context.get(documentRequestContext);
  const { canReview, own } = viewer;
  if (isDocument) context.set(reviewViewerContext, { productId: shared.product.id, canReview, own });
  const reviews: typeof shared.reviews & Partial<typeof viewer> = isDocument
    ? shared.reviews
    : { ...shared.reviews, ...viewer };
  return { product: shared.product, related: shared.related, reviews };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const shop = shopOf(matches);
  if (!data) return [{ title: `Product not found | ${shop.name}` }, { name: "robots", content: "noindex" }];
  const { product } = data;
  const origin = siteOrigin(matches);
  const categoryLabel = CATEGORIES.find((c) => c.path === product.category)?.label ?? product.category;
  const categoryHref = categoryPath(product.category);
  const path = productPath(product);
  return pageMeta(matches, {
    title: product.name,
    description: shortDescription(
      `${product.name} (${categoryLabel}), ${formatMoney(product.offerPriceCents, shop.currency, shop.locale)}. ${product.description.join(". ")}`,
    ),
    path,
    type: "product",
    image: product.images[0],
    imageAlt: product.name,
    jsonLd: [
      productJsonLd(
        origin,
        shop,
        { ...product, categoryLabel, path },
        // One offer per size (its own sku and availability), or one for a product without sizes.
        product.sizes.length > 0
          ? product.sizes.map((choice) => ({
              sku: `${product.id}-${choice.size}`,
              label: choice.size,
              priceCents: product.offerPriceCents,
              available: product.inStock && choice.available,
            }))
          : [{ sku: product.id, priceCents: product.offerPriceCents, available: product.inStock && !product.soldOut }],
        // Only from the published reviews this page shows, and only when there are some.
        data.reviews.count > 0 && data.reviews.average !== null
          ? { average: data.reviews.average, count: data.reviews.count }
          : null,
      ),
      breadcrumbJsonLd(origin, [
        { name: "Home", path: "/" },
        { name: "Products", path: "/products" },
        { name: categoryLabel, path: categoryHref },
        { name: product.name, path },
      ]),
    ],
  });
};
// Add to Cart and Buy now, with the size chosen; a refusal ('Please select a size') comes back to this page.
export function action({ request, context, params }: Route.ActionArgs) {
  return formAction(request, async (form) => {
    const intent = form.get("intent");
    const here = `/products/${params.category}/${params.id}`;
    if (isReviewIntent(intent)) {
      return answerReviewChange(
        request,
        form,
        shopperOf(context)?.id ?? null,
        params.id,
        here,
        clientAddressOf(context),
      );
    }
    refuseUnless(intent === CART_INTENTS.add || intent === CART_INTENTS.buyNow, "Unknown cart action.");
    return answerCartChange(request, form, shopperOf(context)?.id ?? null, here);
  });
}

// The same for every visitor without a session: server.ts may keep it (app/lib/shared-page.ts); for a visitor
// with cookies it may be answered from its template (decision 0190), unless the review area is theirs
// (app/lib/visitor.server.ts's visitorForTemplate).
export const headers = templatePageHeaders;

/** `?image=N` (1-based) picks the picture shown large; anything else shows the first. */
function selectedImage(param: string | null, count: number): number {
  const n = Number(param);
  return Number.isInteger(n) && n >= 1 && n <= count ? n - 1 : 0;
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, related } = loaderData;
  const shop = useShop();
  // The review forms' refusals are shown at the reviews; the rest (the cart's) at Add to Cart.
  const reviewReply = isReviewReply(actionData) ? actionData : null;
  const cartReply = reviewReply ? null : actionData;
  const sizeError = cartReply?.error?.size?.[0] ?? null;
  const canBuy = product.inStock && !product.soldOut;
  const [searchParams] = useSearchParams();
  const selected = selectedImage(searchParams.get("image"), product.images.length);
  const categoryLabel = CATEGORIES.find((c) => c.path === product.category)?.label ?? product.category;
  const categoryHref = categoryPath(product.category);
  return (
    <div className="mt-10">
      <nav aria-label="Breadcrumb" className="text-sm text-gray-500">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link to="/" className="hover:text-primary">
              Home
            </Link>{" "}
            /
          </li>
          <li>
            <Link to="/products" className="hover:text-primary">
              Products
            </Link>{" "}
            /
          </li>
          <li>
            <Link to={categoryHref} className="hover:text-primary">
              {categoryLabel}
            </Link>{" "}
            /
          </li>
          <li aria-current="page" className="text-primary wrap-anywhere">
            {product.name}
          </li>
        </ol>
      </nav>

      <div className="mt-4 flex flex-col gap-10 md:flex-row md:gap-16">
        {/* items-start: the photo's box is as tall as the photo, not stretched to the text column beside it. */}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-start md:w-1/2">
          {product.images.length > 1 ? (
            <ul aria-label="Pictures" className="flex gap-3 sm:flex-col">
              {product.images.map((image, i) => (
                <li key={image}>
                  <Link
                    to={`?image=${i + 1}`}
                    replace
                    preventScrollReset
                    aria-label={`Show picture ${i + 1} of ${product.images.length}`}
                    aria-current={i === selected ? "true" : undefined}
                    className={`block w-20 overflow-hidden rounded border-2 ${
                      i === selected ? "border-primary" : "border-gray-200 hover:border-gray-400"
                    }`}
                  >
                    <img
                      src={imageWidthUrl(image, 200)}
                      alt=""
                      width={80}
                      height={80}
                      className="aspect-square w-full"
                    />
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="flex aspect-square w-full items-center justify-center overflow-hidden rounded-lg border border-gray-200 bg-gray-50">
            <ProductImage
              url={product.images[selected]}
              natural={product.imageSizes[selected]}
              sizes="(min-width: 1280px) 520px, (min-width: 768px) 40vw, 100vw"
              priority
              alt={
                product.images.length > 1
                  ? `${product.name}, picture ${selected + 1} of ${product.images.length}`
                  : product.name
              }
              size={600}
            />
          </div>
        </div>

        <div className="text-sm md:w-1/2">
          <h1 className="text-3xl font-semibold text-gray-800 wrap-anywhere">{product.name}</h1>
          <div className="mt-2">
            <a href="#reviews" className="inline-block hover:opacity-80">
              <Stars average={loaderData.reviews.average} count={loaderData.reviews.count} testId="rating" />
            </a>
          </div>

          <div className="mt-6 space-y-1">
            {product.priceCents > product.offerPriceCents ? (
              <p className="text-gray-500">
                {listPriceLabel(shop)}:{" "}
                <s data-testid="list-price">{formatMoney(product.priceCents, shop.currency, shop.locale)}</s>
              </p>
            ) : null}
            <p className="text-2xl font-medium text-gray-800">
              <span className="sr-only">Offer price: </span>
              <span data-testid="offer-price">{formatMoney(product.offerPriceCents, shop.currency, shop.locale)}</span>
            </p>
            <p className="text-gray-500" data-testid="tax-wording">
              {taxWording(shop)}
            </p>
          </div>

          {product.sizes.length === 0 ? (
            <p className="mt-4 text-base">
              Size: <span className="font-medium text-gray-800">{FREE_SIZE}</span>
            </p>
          ) : null}

          {canBuy ? (
            <p className="mt-2 font-medium text-green-700">
              In stock
              {product.fewLeft ? <span className="ml-2 text-amber-700">Only {product.fewLeft} left</span> : null}
            </p>
          ) : (
            <p className="mt-4 inline-block rounded-md bg-red-50 px-3 py-2 text-base font-semibold text-red-700">
              {product.inStock ? "Sold out" : "Out of stock"}
            </p>
          )}

          {product.description.length > 0 ? (
            <>
              <h2 className="mt-6 text-base font-medium text-gray-800">About Product</h2>
              <ul className="ml-4 mt-2 list-disc space-y-1 text-gray-600">
                {product.description.map((line, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: description lines may repeat
                  <li key={i}>{line}</li>
                ))}
              </ul>
            </>
          ) : null}

          {canBuy ? (
            <AddToCart productId={product.id}>
              {product.sizes.length > 0 ? (
                <SizePicker sizes={product.sizes} chosen={typedValue(cartReply, "size")} error={sizeError} />
              ) : null}
              {sizeError ? null : <FieldError id="cart-error" errors={formErrorOf(cartReply)} focus />}
            </AddToCart>
          ) : product.sizes.length > 0 ? (
            <div className="mt-6">
              <SizePicker sizes={product.sizes} chosen={undefined} error={null} />
            </div>
          ) : null}
          <SaveButton productId={product.id} productName={product.name} variant="page" />
        </div>
      </div>

      <ProductReviews productId={product.id} reviews={loaderData.reviews} reply={reviewReply ?? null} />

      <section aria-labelledby="related-heading" className="mt-20 flex flex-col items-center">
        <h2 id="related-heading" className="text-2xl font-semibold text-gray-800 md:text-3xl">
          Related Products
        </h2>
        <div className="mt-1 h-0.5 w-20 rounded-full bg-primary" />
        <div className="mt-8 w-full">
          {related.length > 0 ? (
            <ProductGrid products={related} />
          ) : (
            <p className="text-center text-gray-500">No related products right now.</p>
          )}
        </div>
        <Link
          to="/products"
          className="mt-10 rounded border border-primary px-12 py-2.5 text-primary transition hover:bg-primary/10"
        >
          {/* The spec's words; the hidden rest tells a screen reader and a search engine where it goes. */}
          See more<span className="sr-only"> products</span>
        </Link>
      </section>
    </div>
  );
}

import { data, Link } from "react-router";
import { ProductGrid, toProductCard } from "#app/components/product-card.tsx";
import { CATEGORIES, categoryFromSlug, categorySlug } from "#app/lib/categories.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { listProducts, MAX_SEARCH_LENGTH } from "#app/services/catalog.server.ts";
import type { Route } from "./+types/products";

// /products and /products/{category}: the in-stock products, filtered by the search text (?q=).
export async function loader({ request, params }: Route.LoaderArgs) {
  let category: (typeof CATEGORIES)[number] | undefined;
  if (params.category !== undefined) {
    const path = categoryFromSlug(params.category);
    category = CATEGORIES.find((c) => c.path === path);
    if (!category) throw data({ message: "Category not found" }, { status: 404 });
  }
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  const products = (await listProducts({ category: category?.path, q })).map(toProductCard);
  return { category: category ?? null, q, products };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const title = data?.category ? data.category.label : "All Products";
  const slug = data?.category ? `/products/${categorySlug(data.category.path)}` : "/products";
  return pageMeta(matches, {
    title: data?.q ? `${title}: "${data.q}"` : title,
    description: data?.category
      ? `Shop ${data.category.label} at Trendora: new arrivals, everyday favourites and offers, delivered free.`
      : "Every product in stock at Trendora: men's, women's, kids', ethnic and winter wear, footwear and accessories.",
    path: slug,
    image: data?.category ? `/art/category-${categorySlug(data.category.path)}.webp` : undefined,
    // A search result is a view of the list, not a page of its own.
    noindex: Boolean(data?.q),
  });
};

export default function Products({ loaderData }: Route.ComponentProps) {
  const { category, q, products } = loaderData;
  const here = category ? `/products/${category.path.toLowerCase()}` : "/products";
  return (
    <section className="mt-12">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col">
          <h1 className="text-2xl font-semibold text-gray-800 md:text-3xl">
            {category ? category.label.toUpperCase() : "ALL PRODUCTS"}
          </h1>
          <div className="mt-1 h-0.5 w-16 rounded-full bg-primary" />
        </div>
        {/* Announced when the list changes as the shopper types. */}
        <p className="text-sm text-gray-600" aria-live="polite">
          {q ? (
            <>
              {products.length} {products.length === 1 ? "result" : "results"} for “{q}” ·{" "}
              <Link to={here} className="text-primary underline">
                Clear search
              </Link>
            </>
          ) : null}
        </p>
      </div>
      <div className="mt-8">
        {products.length > 0 ? (
          <ProductGrid products={products} headingLevel={2} />
        ) : (
          <p className="py-16 text-center text-lg text-gray-500">
            {category ? "No products found in this category." : "No products found."}
          </p>
        )}
      </div>
    </section>
  );
}

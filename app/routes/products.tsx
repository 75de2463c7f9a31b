import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { LoadMore, Pagination, SortForm } from "#app/components/list-navigation.tsx";
import { type ProductCardData, ProductGrid, toProductCard } from "#app/components/product-card.tsx";
import { CATEGORIES, categoryFromSlug, categorySlug } from "#app/lib/categories.ts";
import { listSearch, parsePage, parseSort } from "#app/lib/listing.ts";
import { notFound } from "#app/lib/not-found.ts";
import { categoryPath } from "#app/lib/product-links.ts";
import { templatePageHeaders } from "#app/lib/shared-page.ts";
import { listProducts, MAX_SEARCH_LENGTH } from "#app/modules/catalog/index.server.ts";
import { shopOf } from "#app/modules/shop/shared/shop.ts";
import { pageMeta } from "#app/routes/seo.ts";
import type { Route } from "./+types/products";

// /products and /products/{category}: a page of the in-stock products (?page=N, 24 a page), filtered by the
// search text (?q=) and sorted (?sort=). A page or sort order that does not exist is a 404.
export async function loader({ request, params }: Route.LoaderArgs) {
  let category: (typeof CATEGORIES)[number] | undefined;
  if (params.category !== undefined) {
    const path = categoryFromSlug(params.category);
    category = CATEGORIES.find((c) => c.path === path);
    if (!category) throw notFound("Category not found");
  }
  const search = new URL(request.url).searchParams;
  const q = (search.get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  const sort = parseSort(search.get("sort"));
  if (!sort) throw notFound("No such sort order");
  const page = parsePage(search.get("page"));
  if (!page) throw notFound();
  const list = await listProducts({ category: category?.path, q, sort, page });
  if (page > list.pageCount) throw notFound();
  return {
    category: category ?? null,
    q,
    sort,
    page,
    pageCount: list.pageCount,
    total: list.total,
    pageSize: list.pageSize,
    products: list.products.map(toProductCard),
  };
}

// The same for every visitor without a session: server.ts may keep it (app/lib/shared-page.ts).
export const headers = templatePageHeaders;

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const title = data?.category ? data.category.label : "All Products";
  const slug = data?.category ? categoryPath(data.category.path) : "/products";
  const searched = data?.q ? `${title}: "${data.q}"` : title;
  const page = data?.page ?? 1;
  return pageMeta(matches, {
    title: page > 1 ? `${searched}, page ${page}` : searched,
    description: data?.category
      ? `Shop ${data.category.label} at ${shopOf(matches).name}: new arrivals, everyday favourites and offers, delivered free.`
      : `Every product in stock at ${shopOf(matches).name}: men's, women's, kids', ethnic and winter wear, footwear and accessories.`,
    // Each page of a list is its own canonical page (search engines follow the numbered links).
    path: page > 1 ? `${slug}?page=${page}` : slug,
    image: data?.category ? `/art/category-${categorySlug(data.category.path)}.webp` : undefined,
    // A search result is a view of the list, not a page of its own.
    noindex: Boolean(data?.q),
  });
};

export default function Products({ loaderData }: Route.ComponentProps) {
  const { pathname, search } = useLocation();
  // A new list (another page, sort or search) starts without the pages Load more appended to the last one.
  return <ProductList key={`${pathname}${search}`} {...loaderData} />;
}

function ProductList({
  category,
  q,
  sort,
  page,
  pageCount,
  total,
  pageSize,
  products,
}: Route.ComponentProps["loaderData"]) {
  const here = category ? categoryPath(category.path) : "/products";
  const more = useFetcher<typeof loader>();
  const [appended, setAppended] = useState<{ lastPage: number; products: ProductCardData[] }>({
    lastPage: page,
    products: [],
  });
  const grid = useRef<HTMLDivElement>(null);
  const firstNew = useRef<number | null>(null);

  // The next page arrived: it goes under the list, and focus moves to its first product.
  useEffect(() => {
    const next = more.data;
    if (!next || next.page !== appended.lastPage + 1) return;
    firstNew.current = products.length + appended.products.length;
    setAppended({ lastPage: next.page, products: [...appended.products, ...next.products] });
  }, [more.data, appended, products.length]);
  useEffect(() => {
    const index = firstNew.current;
    if (index === null || appended.products.length === 0) return;
    firstNew.current = null;
    grid.current?.querySelectorAll("li")[index]?.querySelector<HTMLElement>("h2 a, h3 a")?.focus();
  }, [appended.products]);

  const shown = [...products, ...appended.products];
  const lastPage = appended.lastPage;
  const first = (page - 1) * pageSize + 1;
  const last = first + shown.length - 1;
  return (
    <section className="mt-12">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col">
          <h1 className="text-2xl font-semibold text-gray-800 md:text-3xl">
            {category ? category.label.toUpperCase() : "ALL PRODUCTS"}
          </h1>
          <div className="mt-1 h-0.5 w-16 rounded-full bg-primary" />
        </div>
        {total > 0 ? <SortForm action={here} q={q} sort={sort} /> : null}
      </div>
      {/* Announced when the list changes as the shopper types, pages or loads more. */}
      <p className="mt-3 text-sm text-gray-600" aria-live="polite">
        {total > 0 ? (
          <>
            {total > shown.length
              ? `Showing ${first.toLocaleString("en")}–${last.toLocaleString("en")} of ${total.toLocaleString("en")}`
              : total.toLocaleString("en")}{" "}
            {q ? (total === 1 ? "result" : "results") : total === 1 ? "product" : "products"}
          </>
        ) : q ? (
          "0 results"
        ) : null}
        {q ? (
          <>
            {" "}
            for “{q}” ·{" "}
            <Link to={here} className="text-primary underline">
              Clear search
            </Link>
          </>
        ) : null}
      </p>
      <div className="mt-6" ref={grid}>
        {shown.length > 0 ? (
          <ProductGrid products={shown} headingLevel={2} priority />
        ) : (
          <p className="py-16 text-center text-lg text-gray-500">
            {category ? "No products found in this category." : "No products found."}
          </p>
        )}
      </div>
      {lastPage < pageCount ? (
        <LoadMore
          busy={more.state !== "idle"}
          onLoad={() => more.load(`${here}${listSearch({ q, sort, page: lastPage + 1 })}`)}
        />
      ) : null}
      <Pagination path={here} q={q} sort={sort} page={lastPage} pageCount={pageCount} />
    </section>
  );
}

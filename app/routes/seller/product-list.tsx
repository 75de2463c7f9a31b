import { Form, Link, useFetcher } from "react-router";
import { SubmitButton } from "#app/components/button.tsx";
import { FormError } from "#app/components/form-field.tsx";
import { ListCount, RowFields, SellerPager } from "#app/components/seller/pager.tsx";
import { StockCountsForm, unitsLeft } from "#app/components/seller-stock-form.tsx";
import { formAction } from "#app/lib/form-reply.server.ts";
import { formErrorOf } from "#app/lib/forms.ts";
import { PRODUCT_LIST_INTENTS } from "#app/lib/intents.ts";
import { formatMoney } from "#app/lib/money.ts";
import { notFound } from "#app/lib/not-found.ts";
import { sellerListSearch, sellerPageOf } from "#app/lib/paging.ts";
import { sellerRowId, sellerRowPath } from "#app/lib/product-links.ts";
import { parseOrRefuse, refuse } from "#app/lib/refusal.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import {
  changeCounts,
  demoProductsOnSale,
  listSellerProducts,
  productNameOf,
  removeDemoProducts,
  removeFromSale,
  restoreToSale,
  sellerProductPage,
  setInStock,
} from "#app/modules/inventory/index.server.ts";
import { thumbnailUrl } from "#app/modules/inventory/shared/images.ts";
import { isBelowThreshold } from "#app/modules/inventory/shared/sizes.ts";
import { stockCountsInput, stockCountsSchema } from "#app/modules/inventory/shared/stock-counts-schema.ts";
import { shopSettings } from "#app/modules/shop/index.server.ts";
import { sellerMeta } from "#app/routes/seo.ts";
import type { Route } from "./+types/product-list";

export const meta: Route.MetaFunction = ({ matches }) => sellerMeta("Product List", matches);

/**
 * `?stock=low` lists only the products on sale with a size at or below the shop's low-stock threshold;
 * `?page=N` is a page of 50.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const { currency, locale, lowStockThreshold: lowStockAt } = await shopSettings();
  const onlyLowStock = search.get("stock") === "low";
  const page = sellerPageOf(search.get("page"));
  if (!page) throw notFound();
  const list = await listSellerProducts({ onlyLowStock, page, lowStockAt });
  return {
    onlyLowStock,
    lowStockAt,
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    demoOnSale: await demoProductsOnSale(),
    products: list.rows.map((p) => ({
      id: p.id,
      name: p.name,
      category: p.category,
      offerPrice: formatMoney(p.offerPriceCents, currency, locale),
      thumbnail: p.images[0] ? thumbnailUrl(p.images[0]) : null,
      inStock: p.inStock,
      removed: p.removedAt !== null,
      sizes: p.sizes,
      unitsLeft: unitsLeft(p.sizes),
      low: p.removedAt === null && p.sizes.some((line) => isBelowThreshold(line.stock, lowStockAt)),
    })),
  };
}

export function action({ request }: Route.ActionArgs) {
  return formAction(request, async (form) => {
    if (form.get("intent") === PRODUCT_LIST_INTENTS.removeDemo) {
      const removed = await removeDemoProducts();
      const kept = removed.keptForOrders > 0 ? `; ${removed.keptForOrders} kept off sale for their orders` : "";
      return redirectWithToast(request, "/seller/product-list", {
        type: "success",
        message: `Demo catalogue removed: ${plural(removed.deleted, "product")}, ${plural(removed.pictures, "picture")}${kept}`,
      });
    }
    const id = form.get("id");
    let message: string;
    let name: string;
    switch (form.get("intent")) {
      case PRODUCT_LIST_INTENTS.stock: {
        const inStock = form.get("inStock");
        if (inStock !== "true" && inStock !== "false") refuse("Choose in stock or out of stock.");
        name = await setInStock(id, inStock === "true");
        message = "Stock Updated";
        break;
      }
      case PRODUCT_LIST_INTENTS.counts: {
        if (typeof id !== "string") refuse("Product not found", 404);
        await changeCounts(id, parseOrRefuse(stockCountsSchema, stockCountsInput(form)));
        name = await productNameOf(id);
        message = "Counts Updated";
        break;
      }
      case PRODUCT_LIST_INTENTS.remove:
        name = await removeFromSale(id);
        message = "Removed from sale";
        break;
      case PRODUCT_LIST_INTENTS.restore:
        name = await restoreToSale(id);
        message = "Back on sale";
        break;
      default:
        refuse("Unknown action.");
    }
    // Back to the product's row (in the list it came from: the count form of the low-stock list comes back to
    // that list), on the page the row is on now (Remove from sale moves it to the end; a row that left the
    // low-stock list goes to the page its form was on): without JavaScript the browser scrolls to the
    // #fragment; with it the forms keep the scroll.
    const low = form.get("list") === "low";
    const lowStockAt = (await shopSettings()).lowStockThreshold;
    const page =
      (await sellerProductPage(id as string, { onlyLowStock: low, lowStockAt })) ?? sellerPageOf(form.get("page")) ?? 1;
    return redirectWithToast(request, sellerRowPath(id as string, low, page), {
      type: "success",
      message: `${message}: ${name}`,
    });
  });
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

type Row = Route.ComponentProps["loaderData"]["products"][number];

/**
 * The In Stock toggle: a form per row whose button looks like a switch. Without JavaScript it is a
 * plain form post; with it the fetcher shows the new state at once, and the list reloads after.
 */
function StockToggle({ product, page }: { product: Row; page: number }) {
  const fetcher = useFetcher<typeof action>();
  const pending = fetcher.formData?.get("inStock");
  const inStock = typeof pending === "string" ? pending === "true" : product.inStock;
  return (
    <fetcher.Form method="post" preventScrollReset>
      <RowFields page={page} values={{ intent: PRODUCT_LIST_INTENTS.stock, id: product.id }} />
      <button
        type="submit"
        name="inStock"
        value={String(!inStock)}
        aria-pressed={inStock}
        aria-label={`In stock: ${product.name}`}
        className={`relative inline-flex h-7 w-12 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${
          inStock ? "bg-primary" : "bg-slate-300"
        }`}
      >
        <span
          aria-hidden="true"
          className={`absolute left-1 h-5 w-5 rounded-full bg-white shadow transition-transform ${
            inStock ? "translate-x-5" : ""
          }`}
        />
      </button>
      {formErrorOf(fetcher.data) ? <p className="mt-1 text-xs text-red-600">{formErrorOf(fetcher.data)}</p> : null}
    </fetcher.Form>
  );
}

/**
 * The demo catalogue's way out, behind a disclosure so one click never removes it: every product the demo seed
 * loaded, with its pictures, at once. Orders stay as they are (a demo product in an order is only taken off sale).
 */
function RemoveDemo({ count }: { count: number }) {
  return (
    <details className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-gray-700">
      <summary className="cursor-pointer font-medium">
        The shop still shows the demo catalogue ({count} {count === 1 ? "product" : "products"})
      </summary>
      <Form method="post" className="mt-3 flex flex-col items-start gap-2">
        <p>
          Removing it deletes every demo product and its pictures at once. Orders are kept: a demo product that is in an
          order is only taken off sale.
        </p>
        <input type="hidden" name="intent" value={PRODUCT_LIST_INTENTS.removeDemo} />
        <SubmitButton variant="quiet" size="sm" className="text-red-700">
          Remove the demo catalogue
        </SubmitButton>
      </Form>
    </details>
  );
}

export default function ProductList({ loaderData, actionData }: Route.ComponentProps) {
  const { products, onlyLowStock, page, pageCount, total, demoOnSale } = loaderData;
  return (
    <section className="flex flex-col gap-4 p-4 md:p-10">
      <h1 className="text-2xl font-semibold text-gray-800">All Products</h1>
      <ListCount total={total} noun={["product", "products"]} page={page} pageCount={pageCount} />
      <nav aria-label="Filter" className="flex gap-3 text-sm">
        <Link
          to="/seller/product-list"
          aria-current={onlyLowStock ? undefined : "page"}
          className="rounded-full border border-gray-300 px-3 py-1 aria-[current]:border-primary aria-[current]:text-primary"
        >
          All
        </Link>
        <Link
          to="/seller/product-list?stock=low"
          aria-current={onlyLowStock ? "page" : undefined}
          className="rounded-full border border-gray-300 px-3 py-1 aria-[current]:border-primary aria-[current]:text-primary"
        >
          Low stock ({loaderData.lowStockAt} or fewer)
        </Link>
      </nav>
      <FormError message={formErrorOf(actionData)} />
      {demoOnSale > 0 ? <RemoveDemo count={demoOnSale} /> : null}
      {products.length === 0 ? (
        onlyLowStock ? (
          <p className="text-gray-500">No product is low on stock.</p>
        ) : (
          <p className="text-gray-500">
            No products yet.{" "}
            <Link to="/seller" className="text-primary underline">
              Add your first product
            </Link>
            .
          </p>
        )
      ) : (
        // relative: the visually hidden labels inside (absolutely placed) are clipped by this scroller too,
        // instead of widening the page past a 320 px screen.
        <div className="relative w-full max-w-5xl overflow-x-auto rounded-md border border-gray-300 bg-white">
          <table className="w-full text-left">
            <thead className="text-sm text-gray-900">
              <tr className="border-b border-gray-300">
                <th scope="col" className="px-3 py-3 font-semibold md:px-4">
                  Product
                </th>
                {/* Below 640 px the category moves under the name, so the In Stock column stays in view. */}
                <th scope="col" className="hidden px-3 py-3 font-semibold sm:table-cell md:px-4">
                  Category
                </th>
                <th scope="col" className="hidden px-4 py-3 font-semibold md:table-cell">
                  Selling Price
                </th>
                <th scope="col" className="px-3 py-3 font-semibold md:px-4">
                  Units left
                </th>
                <th scope="col" className="hidden px-3 py-3 font-semibold sm:table-cell md:px-4">
                  In Stock
                </th>
              </tr>
            </thead>
            <tbody className="text-sm text-gray-600">
              {products.map((product) => (
                <tr
                  key={product.id}
                  id={sellerRowId(product.id)}
                  className={`scroll-mt-4 border-t border-gray-200 align-middle ${product.low ? "bg-amber-50/60" : ""}`}
                  data-low={product.low || undefined}
                >
                  <td className="px-3 py-3 md:px-4">
                    {/* A phone's table has about 4 px to spare: gap-2 there, and names that break anywhere. */}
                    <div className="flex items-center gap-2 md:gap-3">
                      <div className="h-12 w-12 shrink-0 overflow-hidden rounded border border-gray-300 md:h-14 md:w-14">
                        {product.thumbnail ? (
                          <img src={product.thumbnail} alt="" className="h-full w-full object-cover" />
                        ) : null}
                      </div>
                      <div className="min-w-0">
                        <p className="text-gray-800 wrap-anywhere">{product.name}</p>
                        <p className="text-xs text-gray-500 sm:hidden">{product.category}</p>
                        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
                          <Link
                            to={`/seller/products/${product.id}${sellerListSearch({ page })}`}
                            className="text-primary underline"
                            aria-label={`Edit ${product.name}`}
                          >
                            Edit
                          </Link>
                          <Form method="post" preventScrollReset>
                            <RowFields page={page} values={{ id: product.id }} />
                            <SubmitButton
                              variant="bare"
                              name="intent"
                              value={product.removed ? PRODUCT_LIST_INTENTS.restore : PRODUCT_LIST_INTENTS.remove}
                              className={`text-left underline ${product.removed ? "text-primary" : "text-red-600"}`}
                              aria-label={`${product.removed ? "Put back on sale" : "Remove from sale"}: ${product.name}`}
                            >
                              {product.removed ? "Put back on sale" : "Remove from sale"}
                            </SubmitButton>
                          </Form>
                        </div>
                        {/* On a phone the switch sits here, so that the table needs no sideways scrolling. */}
                        {product.removed ? null : (
                          <div className="mt-2 flex items-center gap-2 sm:hidden">
                            <StockToggle product={product} page={page} />
                            {/* The column's heading, which a phone does not show (the switch is named already). */}
                            <span aria-hidden="true" className="whitespace-nowrap text-xs text-gray-600">
                              In Stock
                            </span>
                          </div>
                        )}
                      </div>
                    </div>
                  </td>
                  <td className="hidden px-3 py-3 sm:table-cell md:px-4">{product.category}</td>
                  <td className="hidden px-4 py-3 md:table-cell">{product.offerPrice}</td>
                  <td className="px-3 py-3 md:px-4">
                    <p className={`mb-1 text-xs ${product.low ? "font-semibold text-amber-700" : "text-gray-600"}`}>
                      {product.unitsLeft}
                      {product.low ? " · Low stock" : ""}
                    </p>
                    <StockCountsForm
                      productId={product.id}
                      name={product.name}
                      sizes={product.sizes}
                      lowStockList={onlyLowStock}
                      lowStockAt={loaderData.lowStockAt}
                      page={page}
                    />
                  </td>
                  <td className="hidden px-3 py-3 sm:table-cell md:px-4">
                    {product.removed ? (
                      <span className="text-xs text-gray-500">Removed from sale</span>
                    ) : (
                      <StockToggle product={product} page={page} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <SellerPager
        page={page}
        pageCount={pageCount}
        href={(n) => `/seller/product-list${sellerListSearch({ lowStock: onlyLowStock, page: n })}`}
      />
    </section>
  );
}

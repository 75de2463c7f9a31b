// The table of scenarios: every page and write the bench measures, by name, with the request it sends and the
// status it expects, for a generated catalogue (bench/catalogue.ts); and the ones measured on PostgreSQL too.
import { type CatalogueSummary, COMMON_WORD, RARE_WORD } from "./catalogue.ts";
import type { Store } from "./fleet.ts";
import { type RawResponse, request } from "./http.ts";
import { registerShopper } from "./race.ts";
import type { Target } from "./settings.ts";

/** The pages measured on PostgreSQL: the catalogue and product pages, the cart, and the two writes. */
export const PG_TARGETS = [
  "home",
  "products",
  "category",
  "category-page-50",
  "product",
  "search-common",
  "search-rare",
  "products-rendered",
  "products-deep-rendered",
  "product-rendered",
  "search-common-rendered",
  "cart",
  "add-to-cart",
  "cod-order",
];

export async function json(store: Store, pathname: string, body: unknown, cookie = ""): Promise<RawResponse> {
  const response = await request(`${store.origin}${pathname}`, {
    method: "POST",
    // A script on the store's own pages sends its Origin (a cookie-carrying POST without one is refused).
    headers: { "content-type": "application/json", origin: store.origin, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (response.status >= 400) throw new Error(`POST ${pathname}: ${response.status} ${response.body.toString()}`);
  return response;
}

/** Registers a shopper (bench/race.ts) on the store's first server; its cookie is good on every server. */
export function shopper(store: Store, name: string): Promise<{ cookie: string; addressId: string }> {
  return registerShopper(store.origin, name);
}

/** Products on a page of /products (app/lib/listing.ts), for the deep page the bench asks for. */
export const PAGE_SIZE = 24;
/** The deep page compared with page 1. */
export const DEEP_PAGE = 400;

export async function targetsFor(store: Store, { samples, inStock }: CatalogueSummary): Promise<Target[]> {
  const product = samples.find((s) => s.category === "Men") ?? samples[0]!;
  const category = `/products/${product.category.toLowerCase()}`;
  const lines = samples.map(({ id, size }) => ({ id, size }));

  const cartShopper = await shopper(store, "cart");
  // cartLines (docs/api.md): the whole cart, lines with a size included.
  await json(
    store,
    "/api/cart/update",
    {
      cartLines: [...new Map(lines.map((line) => [line.id, line])).values()]
        .slice(0, 20)
        .map(({ id, size }, i) => ({ product: id, ...(size ? { size } : {}), quantity: 1 + (i % 3) })),
    },
    cartShopper.cookie,
  );
  // Adding rotates over 50 products and four shoppers: 4 × 50 × 99 adds before a cart is full.
  const adders = await Promise.all([1, 2, 3, 4].map((n) => shopper(store, `adder${n}`)));

  const page = (name: string, label: string, pathname: string, cookie?: string): Target => ({
    name,
    label,
    load: { kind: "get", path: pathname, ...(cookie ? { cookie } : {}) },
    expect: 200,
  });
  // A shopper who is signed in gets every page rendered for them (a visitor without cookies, a kept copy).
  const visitor = cartShopper.cookie;
  // A full page: page 400, or the last full one where the catalogue has fewer.
  const deep = Math.min(DEEP_PAGE, Math.floor(inStock / PAGE_SIZE));
  const search = (word: string) => `/products?q=${encodeURIComponent(word.toLowerCase())}`;
  return [
    page("home", "Home", "/"),
    page("products", "All products", "/products"),
    page("category", "Category", category),
    page("category-page-50", "Category, page 50", `${category}?page=50`),
    page("product", "Product page", `${category}/${product.id}`),
    page("search-common", `Search "${COMMON_WORD}"`, search(COMMON_WORD)),
    page("search-rare", `Search "${RARE_WORD.toLowerCase()}"`, search(RARE_WORD)),
    page("home-rendered", "Home (signed in)", "/", visitor),
    page("products-rendered", "All products (signed in)", "/products", visitor),
    page("products-deep-rendered", `All products, page ${deep} (signed in)`, `/products?page=${deep}`, visitor),
    page("products-rating-rendered", "All products by rating (signed in)", "/products?sort=rating", visitor),
    page(
      "products-rating-deep-rendered",
      `All products by rating, page ${deep} (signed in)`,
      `/products?sort=rating&page=${deep}`,
      visitor,
    ),
    page("product-rendered", "Product page (signed in)", `${category}/${product.id}`, visitor),
    page("search-common-rendered", `Search "${COMMON_WORD}" (signed in)`, search(COMMON_WORD), visitor),
    page("search-rare-rendered", `Search "${RARE_WORD.toLowerCase()}" (signed in)`, search(RARE_WORD), visitor),
    page("cart", "Cart, 20 lines (signed in)", "/cart", cartShopper.cookie),
    // Built once per catalogue version: the first request builds it, the load run measures the requests after.
    { ...page("api-product-list", "Product list (JSON)", "/api/product/list"), noteFirst: true },
    {
      name: "add-to-cart",
      label: "Add to cart (form post)",
      load: {
        kind: "add-to-cart",
        cookies: adders.map((a) => a.cookie),
        lines: lines.slice(0, 50),
        redirectTo: `${category}/${product.id}`,
      },
      expect: 303,
    },
    // Last: every request stores an order, which the home page's trending products read.
    {
      name: "cod-order",
      label: "Place a COD order (/api/order/cod)",
      load: {
        kind: "cod-order",
        cookie: adders[0]!.cookie,
        addressId: adders[0]!.addressId,
        lines: lines.slice(20),
      },
      expect: 201,
    },
  ];
}

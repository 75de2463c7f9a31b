// The pages of the spec's route table as a visitor, a signed-in shopper and the seller see them, with the
// state that makes each page show its content (a cart with a line, an address, a placed order). Shared by the
// accessibility spec and `npm run screenshots` (scripts/screenshots.ts).
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { TEST_ADDRESS } from "./address.ts";

export type Visit = { name: string; path: string };

export type Sample = {
  /** An in-stock product without sizes: the shopper orders it and keeps it in the cart. */
  productId: string;
  category: string;
  productPath: string;
  categoryPath: string;
  /** An in-stock product with sizes (its page has the size choice). */
  sizedProductPath: string;
};

/** An API answer, or an error with its body (usable outside a test, by the screenshots script). */
async function ok(response: Promise<APIResponse>, what: string) {
  const answer = await response;
  if (!answer.ok()) throw new Error(`${what}: ${answer.status()} ${await answer.text()}`);
  return answer;
}

/** In-stock demo products (the oldest ones, which other specs never change), one without sizes and one with. */
export async function catalogueSample(request: APIRequestContext): Promise<Sample> {
  const list = await (await ok(request.get("/api/product/list"), "product list")).json();
  const products = (list.products as { _id: string; category: string; inStock: boolean; sizes?: unknown[] }[])
    .filter((p) => p.inStock)
    .reverse();
  const product = products.find((p) => !p.sizes)!;
  const sized = products.find((p) => p.sizes)!;
  const category = product.category.toLowerCase();
  return {
    productId: product._id,
    category,
    categoryPath: `/products/${category}`,
    productPath: `/products/${category}/${product._id}`,
    sizedProductPath: `/products/${sized.category.toLowerCase()}/${sized._id}`,
  };
}

export function visitorPages(sample: Sample): Visit[] {
  return [
    { name: "home", path: "/" },
    { name: "login-modal", path: "/?login" },
    { name: "register-modal", path: "/?login=register" },
    { name: "products", path: "/products" },
    { name: "search", path: "/products?q=shirt" },
    { name: "category", path: sample.categoryPath },
    { name: "product", path: sample.productPath },
    { name: "product-sizes", path: sample.sizedProductPath },
    { name: "products-page-2", path: "/products?page=2&sort=price-asc" },
    { name: "cart-empty", path: "/cart" },
    { name: "saved-empty", path: "/saved" },
    { name: "contact", path: "/contact" },
    { name: "deals", path: "/deals" },
    { name: "deals-all", path: "/deals?all=1" },
    { name: "loader", path: "/loader" },
    { name: "seller-login", path: "/seller-login" },
    { name: "forgot-password", path: "/forgot-password" },
    { name: "reset-password-expired", path: "/reset-password?token=no-such-token" },
    { name: "not-found", path: "/no-such-page" },
  ];
}

export function shopperPages(sample: Sample): Visit[] {
  return [
    { name: "home-signed-in", path: "/" },
    { name: "product-signed-in", path: sample.productPath },
    { name: "cart", path: "/cart" },
    { name: "saved", path: "/saved" },
    { name: "add-address", path: "/add-address" },
    { name: "my-orders", path: "/my-orders" },
  ];
}

export function sellerPages(sample: Sample): Visit[] {
  return [
    { name: "seller-add-product", path: "/seller" },
    { name: "seller-product-list", path: "/seller/product-list" },
    { name: "seller-orders", path: "/seller/orders" },
    { name: "seller-overview", path: "/seller/overview" },
    { name: "seller-reviews", path: "/seller/reviews" },
    { name: "seller-discounts", path: "/seller/discounts" },
    { name: "seller-discount-new", path: "/seller/discounts/new" },
    { name: "seller-low-stock", path: "/seller/product-list?stock=low" },
    { name: "seller-edit-product", path: `/seller/products/${sample.productId}` },
  ];
}

/**
 * Registers a shopper with an address, one placed cash order, one product in the cart and two saved. `origin` is the
 * store's: its posts carry the session cookie, so they say they come from the store's own pages.
 */
export async function prepareShopper(request: APIRequestContext, sample: Sample, origin: string, name = "Asha Rao") {
  const email = `pages-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const headers = { Origin: origin };
  await ok(request.post("/api/user/register", { data: { name, email, password: "e2e-password-1" } }), "register");
  await ok(
    request.post("/api/address/add", {
      headers,
      data: {
        address: TEST_ADDRESS,
      },
    }),
    "address",
  );
  const addresses = await (await ok(request.get("/api/address/get"), "addresses")).json();
  const address = addresses.addresses[0]._id as string;
  await ok(
    request.post("/api/order/cod", {
      headers,
      data: { items: [{ product: sample.productId, quantity: 1 }], address },
    }),
    "order",
  );
  await ok(request.post("/api/cart/update", { headers, data: { cartItems: { [sample.productId]: 2 } } }), "cart");
  // Two saved items, one with sizes (its line on /saved has the size choice).
  for (const path of [sample.sizedProductPath, sample.productPath]) {
    const productId = path.split("/").pop()!;
    await ok(request.post("/saved", { headers, form: { intent: "save", productId, redirectTo: "/saved" } }), "save");
  }
}

export async function signInDemoSeller(request: APIRequestContext) {
  await ok(
    request.post("/api/seller/login", { data: { email: "seller@trendora.test", password: "trendora-seller" } }),
    "seller login",
  );
}

// Every /api route answers a method it does not take with 405, the refusal shape and an Allow header
// (without its own answer, React Router gives a GET on an action-only route a bare 400 "Unexpected Server
// Error"), and a PUT, PATCH or DELETE never does what the POST does.
import { describe, expect, it } from "vitest";
import { readSavedCart } from "#app/modules/cart/index.server.ts";
import { listAddresses } from "#app/modules/identity/index.server.ts";
import { getProductForSeller } from "#app/modules/inventory/index.server.ts";
import { listUserOrders } from "#app/modules/orders/index.server.ts";
import * as addressAdd from "#app/routes/api/address-add.ts";
import * as addressGet from "#app/routes/api/address-get.ts";
import * as cartUpdate from "#app/routes/api/cart-update.ts";
import * as orderCod from "#app/routes/api/order-cod.ts";
import * as orderSeller from "#app/routes/api/order-seller.ts";
import * as orderStripe from "#app/routes/api/order-stripe.ts";
import * as orderUser from "#app/routes/api/order-user.ts";
import * as productAdd from "#app/routes/api/product-add.ts";
import * as productList from "#app/routes/api/product-list.ts";
import * as productStock from "#app/routes/api/product-stock.ts";
import * as sellerIsAuth from "#app/routes/api/seller-is-auth.ts";
import * as sellerLogin from "#app/routes/api/seller-login.ts";
import * as sellerLogout from "#app/routes/api/seller-logout.ts";
import * as stripeWebhook from "#app/routes/api/stripe-webhook.ts";
import * as subscribe from "#app/routes/api/subscribe.ts";
import * as userIsAuth from "#app/routes/api/user-is-auth.ts";
import * as userLogin from "#app/routes/api/user-login.ts";
import * as userLogout from "#app/routes/api/user-logout.ts";
import * as userRegister from "#app/routes/api/user-register.ts";
import { createProduct } from "../helpers/factories.ts";
import { getRequest, jsonRequest, throughRoot } from "../helpers/requests.ts";
import { sellerCookie } from "../helpers/sellers.ts";
import { createAddress, createUser, signedInCookie } from "../helpers/shopper.ts";

type RouteModule = { loader?: unknown; action?: unknown };

const postCalls: [string, RouteModule][] = [
  ["/api/user/login", userLogin],
  ["/api/user/register", userRegister],
  ["/api/cart/update", cartUpdate],
  ["/api/address/add", addressAdd],
  ["/api/order/cod", orderCod],
  ["/api/order/stripe", orderStripe],
  ["/api/seller/login", sellerLogin],
  ["/api/product/add", productAdd],
  ["/api/product/stock", productStock],
  ["/api/subscribe", subscribe],
  ["/api/stripe/webhook", stripeWebhook],
];
const getCalls: [string, RouteModule][] = [
  ["/api/product/list", productList],
  ["/api/user/is-auth", userIsAuth],
  ["/api/user/logout", userLogout],
  ["/api/address/get", addressGet],
  ["/api/order/user", orderUser],
  ["/api/seller/is-auth", sellerIsAuth],
  ["/api/seller/logout", sellerLogout],
  ["/api/order/seller", orderSeller],
];

/** A request to an /api route as the app handles it: the root middleware, then the route's loader or action. */
function call(module: RouteModule, kind: "loader" | "action", request: Request) {
  const handler = module[kind];
  expect(handler, `the route exports a ${kind}`).toBeTypeOf("function");
  return throughRoot(handler, request);
}

describe("a POST call asked with GET", () => {
  it.each(postCalls)("%s answers 405 with a message and Allow: POST", async (path, module) => {
    const response = await call(module, "loader", getRequest(path));
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
    const body = await response.json();
    expect(body.message ?? body.error).toMatch(/POST/);
  });
});

describe("a GET call sent a POST, PUT or DELETE", () => {
  it.each(getCalls)("%s answers 405 with a message and the methods it takes", async (path, module) => {
    const post = await call(module, "action", jsonRequest(path, {}, { method: "POST" }));
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET");
    expect(await post.json()).toEqual({ success: false, message: "Method not allowed: use GET." });
    // A method the store never uses is refused by the request guard before any route runs.
    for (const method of ["PUT", "DELETE"]) {
      const response = await call(module, "action", jsonRequest(path, {}, { method }));
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBe("GET, POST");
      expect(await response.json()).toEqual({ success: false, message: "This address does not accept that method." });
    }
  });
});

describe("PUT, PATCH and DELETE on a POST call change nothing", () => {
  it("the shopper's calls refuse them with 405, even signed in with a valid body", async () => {
    const user = await createUser();
    const cookie = await signedInCookie(user.id);
    const product = createProduct();
    const address = createAddress(user.id);
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const calls: [RouteModule, string, unknown][] = [
        [cartUpdate, "/api/cart/update", { cartItems: { [product.id]: 3 } }],
        [addressAdd, "/api/address/add", { address: { ...address, id: undefined } }],
        [orderCod, "/api/order/cod", { items: [{ product: product.id, quantity: 1 }], address: address.id }],
        [orderStripe, "/api/order/stripe", { items: [{ product: product.id, quantity: 1 }], address: address.id }],
        [userLogin, "/api/user/login", { email: user.email, password: "whatever-it-is" }],
        [
          userRegister,
          "/api/user/register",
          { name: "A", email: `new-${method}@example.com`, password: "long enough" },
        ],
      ];
      for (const [module, path, body] of calls) {
        const response = await call(module, "action", jsonRequest(path, body, { cookie, method }));
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.headers.get("Allow")).toBe("GET, POST");
        expect(await response.json()).toEqual({ success: false, message: "This address does not accept that method." });
      }
    }
    expect((await readSavedCart(user.id)).size).toBe(0);
    expect(await listAddresses(user.id)).toHaveLength(1);
    expect(await listUserOrders(user.id)).toEqual([]);
  });

  it("the seller's calls refuse them with 405", async () => {
    const cookie = await sellerCookie();
    const product = createProduct({ inStock: true });
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const response = await call(
        productStock,
        "action",
        jsonRequest("/api/product/stock", { id: product.id, inStock: false }, { cookie, method }),
      );
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBe("GET, POST");
    }
    expect((await getProductForSeller(product.id))?.inStock).toBe(true);
  });
});

// Every /api route answers a method it does not take with 405, the refusal shape and an Allow header
// (without its own answer, React Router gives a GET on an action-only route a bare 400 "Unexpected Server
// Error"), and a PUT, PATCH or DELETE never does what the POST does.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { readSavedCart } from "#app/modules/cart/index.server.ts";
import { listAddresses } from "#app/modules/identity/index.server.ts";
import { getProductForSeller } from "#app/modules/inventory/index.server.ts";
import { listUserOrders } from "#app/modules/orders/index.server.ts";
import routes from "#app/routes.ts";
import { API_GET_CALLS, API_POST_CALLS } from "../helpers/api-calls.ts";
import { appForFile, json } from "../helpers/app.ts";
import { createProduct } from "../helpers/factories.ts";
import { sellerCookie } from "../helpers/sellers.ts";
import { createAddress, createUser, signedInCookie } from "../helpers/shopper.ts";

const site = appForFile();

/** A call to an /api route through the store's request handler, with a session cookie when one is given. */
function call(method: string, path: string, body?: unknown, cookie?: string) {
  return site.client(cookie).send(method, path, body === undefined ? undefined : json(body));
}

it("the lists of calls are every /api route of app/routes.ts, each once", () => {
  const apiPaths = (entries: RouteConfigEntry[]): string[] =>
    entries.flatMap((entry) => [
      ...(entry.path?.startsWith("api/") ? [`/${entry.path}`] : []),
      ...apiPaths(entry.children ?? []),
    ]);
  const listed = [...API_POST_CALLS, ...API_GET_CALLS];
  expect(new Set(listed).size).toBe(listed.length);
  expect([...listed].sort()).toEqual(apiPaths(routes).sort());
});

describe("a POST call asked with GET", () => {
  it.each(API_POST_CALLS)("%s answers 405 with a message and Allow: POST", async (path) => {
    const response = await call("GET", path);
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe("POST");
    expect(response.json?.message ?? response.json?.error).toMatch(/POST/);
  });
});

describe("a GET call sent a POST, PUT or DELETE", () => {
  it.each(API_GET_CALLS)("%s answers 405 with a message and the methods it takes", async (path) => {
    const post = await call("POST", path, {});
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe("GET");
    expect(post.json).toEqual({ success: false, message: "Method not allowed: use GET." });
    // A method the store never uses is refused by the request guard before any route runs.
    for (const method of ["PUT", "DELETE"]) {
      const response = await call(method, path, {});
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe("GET, POST");
      expect(response.json).toEqual({ success: false, message: "This address does not accept that method." });
    }
  });
});

describe("PUT, PATCH and DELETE on a POST call change nothing", () => {
  it("the shopper's calls refuse them with 405, even signed in with a valid body", async () => {
    const user = await createUser();
    const cookie = await signedInCookie(user.id);
    const product = await createProduct();
    const address = await createAddress(user.id);
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const calls: [string, unknown][] = [
        ["/api/cart/update", { cartItems: { [product.id]: 3 } }],
        ["/api/address/add", { address: { ...address, id: undefined } }],
        ["/api/order/cod", { items: [{ product: product.id, quantity: 1 }], address: address.id }],
        ["/api/order/stripe", { items: [{ product: product.id, quantity: 1 }], address: address.id }],
        ["/api/user/login", { email: user.email, password: "whatever-it-is" }],
        ["/api/user/register", { name: "A", email: `new-${method}@example.com`, password: "long enough" }],
      ];
      for (const [path, body] of calls) {
        const response = await call(method, path, body, cookie);
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.headers.allow).toBe("GET, POST");
        expect(response.json).toEqual({ success: false, message: "This address does not accept that method." });
      }
    }
    expect((await readSavedCart(user.id)).size).toBe(0);
    expect(await listAddresses(user.id)).toHaveLength(1);
    expect(await listUserOrders(user.id)).toEqual([]);
  });

  it("the seller's calls refuse them with 405", async () => {
    const cookie = await sellerCookie();
    const product = await createProduct({ inStock: true });
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const response = await call(method, "/api/product/stock", { id: product.id, inStock: false }, cookie);
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe("GET, POST");
    }
    expect((await getProductForSeller(product.id))?.inStock).toBe(true);
  });
});

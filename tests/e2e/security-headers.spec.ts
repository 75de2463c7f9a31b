// Every page of the spec's route table, with JavaScript and without, under the store's Content-Security-Policy,
// and the security headers of every response from the store (pages, scripts, styles, pictures, data requests).
// Any violation the browser reports fails this test, as it fails every other (the `csp` fixture of
// fixtures.ts, which every spec uses: checked below).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page, Response } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { addAddressAsShopper, addProductAsSeller, DEMO_SELLER, uniqueName } from "./seller-helpers.ts";
import { PASSWORD, uniqueEmail } from "./shopper-helpers.ts";

/** Collects every response from the store. */
function watchResponses(page: Page, origin: string) {
  const responses: Response[] = [];
  page.on("response", (response) => {
    if (response.url().startsWith(origin)) responses.push(response);
  });
  return responses;
}

test("every spec takes `test` from fixtures.ts, so every test fails on a CSP violation", () => {
  const dir = path.join(process.cwd(), "tests", "e2e");
  const specs = readdirSync(dir).filter((file) => file.endsWith(".spec.ts"));
  expect(specs.length).toBeGreaterThan(10);
  for (const spec of specs) {
    const source = readFileSync(path.join(dir, spec), "utf8");
    expect(source, spec).toMatch(/import \{[^}]*\btest\b[^}]*\} from "\.\/fixtures\.ts";/);
    expect(source, spec).not.toMatch(/import \{[^}]*\btest\b[^}]*\} from "@playwright\/test";/);
  }
});

function expectEveryResponseHeaders(response: Response) {
  const headers = response.headers();
  const where = `${response.status()} ${response.url()}`;
  expect(headers["x-content-type-options"], where).toBe("nosniff");
  expect(headers["referrer-policy"], where).toBeTruthy();
}

/** Checks a page's own headers: a nonce-only script policy, HTML with its charset. */
function expectPageHeaders(response: Response | null, personal: boolean) {
  expect(response, "a page response").not.toBeNull();
  const headers = response!.headers();
  const where = response!.url();
  expect(headers["content-type"], where).toBe("text/html; charset=utf-8");
  expect(headers["referrer-policy"], where).toBe("strict-origin-when-cross-origin");
  const csp = headers["content-security-policy"] ?? "";
  expect(csp, where).toMatch(/(^|; )script-src 'nonce-[A-Za-z0-9+/=]+'(;|$)/);
  expect(csp, where).not.toContain("unsafe-inline");
  expect(csp, where).toContain("frame-ancestors 'none'");
  if (personal) expect(headers["cache-control"], where).toBe("private, no-store");
  // A catalogue page may be kept by the browser, which asks again each time; no shared cache may keep any page.
  else expect(headers["cache-control"] ?? "", where).toMatch(/^(private, no-cache)?$/);
}

/** Visits a page and lets it settle (hydration, lazy route modules), returning its document response. */
async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  await page.waitForLoadState("networkidle");
  return response;
}

/**
 * A product of the test's own, added by the demo seller through `storeApi` (apart from the page's cookies): an
 * accessory without sizes, so its cart key is its id alone.
 */
async function ownProduct(storeApi: APIRequestContext) {
  const category = "Accessories";
  return { _id: await addProductAsSeller(storeApi, uniqueName("Policy Belt"), [], { category }), category };
}

test("the detector sees a violation (a picture from another site on a page under the policy)", async ({
  page,
  baseURL,
  csp,
}) => {
  const policy = (await page.request.get("/")).headers()["content-security-policy"]!;
  await page.route(`${baseURL}/csp-probe`, (route) =>
    route.fulfill({
      contentType: "text/html",
      headers: { "Content-Security-Policy": policy },
      body: '<!doctype html><title>probe</title><img src="https://evil.example/pixel.png" alt="">',
    }),
  );
  await page.goto("/csp-probe");
  await expect.poll(() => csp.violations.length).toBeGreaterThan(0);
  expect(csp.violations.join("\n")).toContain("evil.example");
  // Seen, and expected here: the fixture's own check at the end of the test is for the store's pages.
  csp.violations.length = 0;
});

test("every page runs under the policy without a single violation, with the security headers", async ({
  page,
  baseURL,
  storeApi,
}) => {
  const responses = watchResponses(page, baseURL!);
  const product = await ownProduct(storeApi);

  // A visitor's pages.
  for (const path of [
    "/",
    "/products",
    `/products/${product.category.toLowerCase()}`,
    `/products/${product.category.toLowerCase()}/${product._id}`,
    "/contact",
    "/deals",
    "/loader?next=products",
    "/seller-login",
  ]) {
    expectPageHeaders(await visit(page, path), false);
  }
  const missing = await visit(page, "/no-such-page");
  expect(missing?.status()).toBe(404);
  expectPageHeaders(missing, false);
  await expect(page.getByTitle("Map of the Trendora showroom")).toHaveCount(0);

  // The contact page's map is the one frame allowed; reached by a link (with JavaScript, a client-side
  // navigation that imports the page's module under the policy).
  await visit(page, "/");
  await page.getByRole("banner").getByRole("link", { name: "Contact", exact: true }).first().click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByTitle("Map of the Trendora showroom")).toBeVisible();

  // A signed-in shopper with something in the cart and an address.
  const registered = await page.request.post("/api/user/register", {
    data: { name: "Policy Shopper", email: uniqueEmail("csp"), password: PASSWORD },
  });
  expect(registered.ok()).toBe(true);
  // Posts with the session cookie say where they come from, as a browser's do (the request guard wants it).
  const fromStore = { Origin: baseURL! };
  const cart = await page.request.post("/api/cart/update", {
    data: { cartItems: { [product._id]: 1 } },
    headers: fromStore,
  });
  expect(cart.ok()).toBe(true);
  await addAddressAsShopper(page.request, baseURL);
  for (const path of ["/", "/my-orders", "/add-address", "/cart"]) {
    expectPageHeaders(await visit(page, path), true);
  }

  // Online payment: the cart's form leads to the sandbox's hosted checkout page (its own, stricter policy).
  await page.getByLabel("Payment Method").selectOption("Online");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/stripe-sandbox\/checkout\/cs_test_[0-9A-Za-z]+$/);
  await page.waitForLoadState("networkidle");
  const checkout = await page.request.get(page.url());
  expect(checkout.headers()["content-security-policy"]).toContain("default-src 'none'");
  expect(checkout.headers()["x-content-type-options"]).toBe("nosniff");
  expect(checkout.headers()["cache-control"]).toBe("private, no-store");

  // The seller's pages.
  const seller = await page.request.post("/api/seller/login", { data: DEMO_SELLER, headers: fromStore });
  expect(seller.ok()).toBe(true);
  for (const path of ["/seller", "/seller/product-list", "/seller/orders"]) {
    expectPageHeaders(await visit(page, path), true);
  }

  expect(responses.length).toBeGreaterThan(20);
  for (const response of responses) expectEveryResponseHeaders(response);
  // The stylesheet (and with JavaScript, the scripts) came compressed.
  const built = responses.filter((r) => /\/assets\/(root-.*\.css|entry\.client-.*\.js)$/.test(r.url()));
  expect(built.length).toBeGreaterThan(0);
  for (const response of built) expect(response.headers()["content-encoding"], response.url()).toMatch(/^(br|gzip)$/);
});

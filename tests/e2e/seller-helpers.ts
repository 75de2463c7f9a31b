// Shared steps for the seller end-to-end specs. The e2e server's seed creates the demo seller
// (db/seed.ts → ensureDemoSeller), whom tests/e2e/fixtures.ts signs in; every spec makes its own products
// with unique names. What a spec needs in the store beforehand it makes through the store (its /api and forms),
// never in its database, so the specs run on any engine the server runs on.
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { TEST_ADDRESS } from "../helpers/address.ts";
import { clickAndAwaitPost, expectToast } from "./fixtures.ts";

export const DEMO_SELLER = { email: "seller@trendora.test", password: "trendora-seller" };

export { isNoJs } from "./fixtures.ts";

export function uniqueName(label: string) {
  return `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A small real image file for setInputFiles. */
export async function imageFile(name: string, colour: string) {
  const format = name.endsWith(".jpg") ? "jpeg" : "png";
  const image = sharp({ create: { width: 240, height: 240, channels: 3, background: colour } });
  const buffer = await (format === "jpeg" ? image.jpeg() : image.png()).toBuffer();
  return { name, mimeType: `image/${format}`, buffer };
}

/** What the seller types into the Add Product form (/seller): prices as typed, photos in their boxes' order. */
export type ProductEntry = {
  name: string;
  description: string;
  category: string;
  price: string;
  offerPrice: string;
  photos: { name: string; mimeType: string; buffer: Buffer }[];
};

/**
 * Fills the seller's Add Product form, on the page already: the photos (box 1, 2, ...), then the fields given;
 * what is left out stays as it is. Presses nothing.
 */
export async function fillProductForm(page: Page, entry: Partial<ProductEntry>) {
  for (const [i, photo] of (entry.photos ?? []).entries()) await page.setInputFiles(`#product-image-${i}`, photo);
  if (entry.name !== undefined) await page.getByLabel("Product Name").fill(entry.name);
  if (entry.description !== undefined) await page.getByLabel("Product Description").fill(entry.description);
  if (entry.category !== undefined) await page.getByLabel("Category").selectOption(entry.category);
  if (entry.price !== undefined) await page.getByLabel("Product Price").fill(entry.price);
  if (entry.offerPrice !== undefined) await page.getByLabel("Offer Price").fill(entry.offerPrice);
}

/**
 * Adds a product through the seller's Add Product form, as the seller does it (the page's context is signed in
 * as a seller): opens `sellerUrl`, fills the form (a linen shirt in Men, $49.99 offered at $39.99, with one photo,
 * unless `entry` says otherwise), presses Add Product and waits for its post and the toast 'Product Added'.
 */
export async function addProductThroughForm(
  page: Page,
  name: string,
  entry: Partial<ProductEntry> = {},
  sellerUrl = "/seller",
) {
  await page.goto(sellerUrl);
  await expect(page.getByRole("heading", { name: "Add Product" })).toBeVisible();
  await fillProductForm(page, {
    name,
    description: "Pure linen\nRelaxed fit",
    category: "Men",
    price: "49.99",
    offerPrice: "39.99",
    photos: [await imageFile("front.png", "#c0392b")],
    ...entry,
  });
  await clickAndAwaitPost(page, () => page.getByRole("button", { name: "Add Product" }).click());
  await expectToast(page, "Product Added");
}

/** Signs a request client (a `storeApi`: it sends the store's Origin) in as the demo seller. */
export async function signInDemoSeller(request: APIRequestContext) {
  const response = await request.post("/api/seller/login", { data: DEMO_SELLER });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Adds a product through POST /api/product/add as the demo seller (category Men unless given, offer price
 * $20.00, its own picture); returns its id. Sizes as the seller's form takes them; none for a free-size product,
 * whose stock is counted only when `stock` gives a count.
 */
export async function addProductAsSeller(
  request: APIRequestContext,
  name: string,
  sizes: { size: string; stock: number }[] = [],
  { category = "Men", stock }: { category?: string; stock?: number } = {},
): Promise<string> {
  await signInDemoSeller(request);
  const product = { name, description: ["Soft cotton"], category, price: 30, offerPrice: 20, sizes, stock };
  const response = await request.post("/api/product/add", {
    multipart: {
      productData: JSON.stringify(product),
      images: await imageFile("tee.png", "#16a085"),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).product._id as string;
}

/**
 * Moves an order to `status` through the seller's Orders form, as its page posts it without JavaScript;
 * `request` is signed in as the demo seller (signInDemoSeller, addProductAsSeller).
 */
export async function setOrderStatusAsSeller(request: APIRequestContext, orderId: string, status: string) {
  const response = await request.post("/seller/orders", {
    form: { intent: "status", orderId, status },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(303);
}

/** The test address (TEST_ADDRESS) a shopper's request client saves through POST /api/address/add; returns its id. */
export async function addAddressAsShopper(request: APIRequestContext, origin?: string): Promise<string> {
  const headers = origin ? { Origin: origin } : undefined;
  const added = await request.post("/api/address/add", { headers, data: { address: TEST_ADDRESS } });
  expect(added.status(), await added.text()).toBe(201);
  const { addresses } = (await (await request.get("/api/address/get")).json()) as { addresses: { _id: string }[] };
  return addresses[0]!._id;
}

/**
 * `count` cash orders placed through the store (POST /api/order/cod) by a new shopper, each of one unit of a
 * free-size product made for them: enough orders for the seller's list to need more than one page. `request`
 * is a `storeApi` client of its own (it is signed in as that shopper and as the demo seller). Returns the ids.
 */
export async function placeCashOrders(request: APIRequestContext, count: number): Promise<string[]> {
  const productId = await addProductAsSeller(request, uniqueName("Paged Cap"));
  const email = `paged-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const shopper = { name: "Paged Buyer", email, password: "paged-password-1" };
  const registered = await request.post("/api/user/register", { data: shopper });
  expect(registered.status(), await registered.text()).toBe(201);
  const address = await addAddressAsShopper(request);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const placed = await request.post("/api/order/cod", {
      data: { items: [{ product: productId, quantity: 1 }], address },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    ids.push((await placed.json()).orderId as string);
  }
  return ids;
}

import { existsSync } from "node:fs";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { db, first } from "#app/lib/db.server.ts";
import {
  addProduct,
  getProductForSeller,
  type ImageUpload,
  listSellerProducts,
  removeFromSale,
  restoreToSale,
  setInStock,
  updateProduct,
  uploadedFilePath,
} from "#app/modules/inventory/index.server.ts";
import { thumbnailUrl } from "#app/modules/inventory/shared/images.ts";
import { productFieldsSchema } from "#app/modules/inventory/shared/product-schema.ts";
import { products } from "#db/tables.ts";
import { appForFile, routeData } from "../helpers/app.ts";
import { createProduct } from "../helpers/factories.ts";
import { refusalOf } from "../helpers/refusal.ts";
import { formRequest, getRequest } from "../helpers/requests.ts";
import { imageBytes, multipartRequest, productCount, sellerCookie, uploadedFiles } from "../helpers/sellers.ts";
import { toastsFrom } from "../helpers/shopper.ts";

const site = appForFile();

const fields = {
  name: "Linen Shirt",
  description: "Breathable linen\n\n  Relaxed fit  \r\nMachine wash",
  category: "Men",
  price: "49.99",
  offerPrice: "39.50",
};

async function upload(name = "photo.png", colour = "#2e86de"): Promise<ImageUpload> {
  return { fieldName: "images", fileName: name, bytes: await imageBytes("png", 60, 40, colour) };
}

function fileOf(url: string) {
  return uploadedFilePath(url.replace("/uploads/", ""))!;
}

/** What a refused call said: its status, message and the fields at fault. */
/** A refusal's status, message and field errors, as plain values to compare. */
async function refusalFacts(promise: Promise<unknown>) {
  const { status, message, fieldErrors } = await refusalOf(promise);
  return { status, message, fieldErrors };
}

describe("product field rules", () => {
  it("turns the textarea into bullet lines and the prices into cents", async () => {
    const parsed = productFieldsSchema.parse(fields);
    expect(parsed).toEqual({
      name: "Linen Shirt",
      description: ["Breathable linen", "Relaxed fit", "Machine wash"],
      category: "Men",
      price: 4999,
      offerPrice: 3950,
      // No sizes, not counted.
      sizes: [],
      stock: null,
    });
    expect(
      productFieldsSchema.parse({ ...fields, description: ["a", " ", "b"], price: 10, offerPrice: 9.5 }),
    ).toMatchObject({ description: ["a", "b"], price: 1000, offerPrice: 950 });
  });

  it("refuses what a seller might get wrong, each with a message for its field", async () => {
    const errorsFor = (input: Record<string, unknown>) => {
      const result = productFieldsSchema.safeParse(input);
      if (result.success) throw new Error("expected a refusal");
      return Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
    };
    expect(errorsFor({})).toEqual({
      name: "Product name is required.",
      category: "Select a category.",
      price: "Product price is required.",
    });
    // Nothing on sale: the offer price is optional (issue 30).
    expect(productFieldsSchema.parse({ ...fields, offerPrice: "" })).toMatchObject({ offerPrice: null });
    expect(errorsFor({ ...fields, name: "x".repeat(121) }).name).toMatch(/at most 120/);
    expect(errorsFor({ ...fields, description: Array(21).fill("line").join("\n") }).description).toMatch(
      /at most 20 lines/,
    );
    expect(errorsFor({ ...fields, description: "y".repeat(301) }).description).toMatch(/at most 300 characters/);
    expect(errorsFor({ ...fields, category: "Pets" }).category).toBe("Select a category.");
    for (const bad of ["-5", "abc", "1e3", "12.345", "0", "99999999", "NaN"]) {
      expect(errorsFor({ ...fields, price: bad }).price, bad).toBeDefined();
    }
    expect(errorsFor({ ...fields, price: "10", offerPrice: "10.01" })).toEqual({
      offerPrice: "The offer price cannot be above the product price.",
    });
    expect(productFieldsSchema.safeParse({ ...fields, price: "10", offerPrice: "10" }).success).toBe(true);
  });
});

describe("addProduct", () => {
  it("stores the product with its images re-encoded to WebP", async () => {
    const id = await addProduct(fields, [await upload("a.png"), await upload("b.png", "#e74c3c")]);
    const product = (await getProductForSeller(id))!;
    expect(product).toMatchObject({
      name: "Linen Shirt",
      category: "Men",
      description: ["Breathable linen", "Relaxed fit", "Machine wash"],
      priceCents: 4999,
      offerPriceCents: 3950,
      inStock: true,
      removedAt: null,
    });
    expect(product.images).toHaveLength(2);
    for (const url of product.images) {
      expect((await sharp(fileOf(url)).metadata()).format).toBe("webp");
      expect(existsSync(fileOf(thumbnailUrl(url)))).toBe(true);
    }
  });

  it("stores nothing when an image is refused, even after others were stored", async () => {
    const before = { rows: await productCount(), files: uploadedFiles() };
    const fake = { fieldName: "images", fileName: "fake.png", bytes: new TextEncoder().encode("not an image") };
    const refused = await refusalFacts(addProduct(fields, [await upload(), await upload(), fake]));
    expect(refused).toMatchObject({ status: 400, fieldErrors: { images: expect.stringContaining("fake.png") } });
    expect(await productCount()).toBe(before.rows);
    expect(uploadedFiles()).toEqual(before.files);
  });

  it("needs at least one image and refuses bad fields before storing any", async () => {
    const before = { rows: await productCount(), files: uploadedFiles() };
    expect(await refusalFacts(addProduct(fields, []))).toEqual({
      status: 400,
      message: "Add at least one product image.",
      fieldErrors: { images: "Add at least one product image." },
    });
    expect(await refusalFacts(addProduct({ ...fields, offerPrice: "60" }, [await upload()]))).toMatchObject({
      status: 400,
      fieldErrors: { offerPrice: "The offer price cannot be above the product price." },
    });
    expect(await productCount()).toBe(before.rows);
    expect(uploadedFiles()).toEqual(before.files);
  });
});

describe("updateProduct", () => {
  async function productWithTwoImages() {
    const id = await addProduct(fields, [await upload("one.png"), await upload("two.png", "#27ae60")]);
    return (await getProductForSeller(id))!;
  }

  it("changes the fields, replaces one photo, removes another, and deletes the old files", async () => {
    const product = await productWithTwoImages();
    const [first, second] = product.images as [string, string];
    await updateProduct(
      product.id,
      { ...fields, name: "Linen Shirt II", category: "Winter", price: "59", offerPrice: "45" },
      { replace: new Map([[0, await upload("new.png", "#8e44ad")]]), remove: new Set([1]) },
    );
    const updated = (await getProductForSeller(product.id))!;
    expect(updated).toMatchObject({
      name: "Linen Shirt II",
      category: "Winter",
      priceCents: 5900,
      offerPriceCents: 4500,
    });
    expect(updated.images).toHaveLength(1);
    expect(updated.images[0]).not.toBe(first);
    expect(existsSync(fileOf(updated.images[0]!))).toBe(true);
    expect(existsSync(fileOf(first))).toBe(false);
    expect(existsSync(fileOf(second))).toBe(false);
  });

  it("adds a photo in an empty slot and keeps the others", async () => {
    const product = await productWithTwoImages();
    await updateProduct(product.id, fields, { replace: new Map([[3, await upload("third.png")]]), remove: new Set() });
    const updated = (await getProductForSeller(product.id))!;
    expect(updated.images.slice(0, 2)).toEqual(product.images);
    expect(updated.images).toHaveLength(3);
  });

  it("refuses to leave a product without photos, and a bad new photo changes nothing", async () => {
    const product = await productWithTwoImages();
    const files = uploadedFiles();
    expect(
      await refusalFacts(updateProduct(product.id, fields, { replace: new Map(), remove: new Set([0, 1]) })),
    ).toMatchObject({ fieldErrors: { images: "Keep or add at least one product image." } });
    const fake = { fieldName: "image-2", fileName: "fake.png", bytes: new TextEncoder().encode("nope") };
    const refused = await refusalFacts(
      updateProduct(product.id, { ...fields, name: "Changed" }, { replace: new Map([[2, fake]]), remove: new Set() }),
    );
    expect(refused).toMatchObject({ status: 400 });
    expect(await getProductForSeller(product.id)).toEqual(product);
    expect(uploadedFiles()).toEqual(files);
  });

  it("answers 404 for an unknown product", async () => {
    expect(
      await refusalFacts(updateProduct("nosuchproduct", fields, { replace: new Map(), remove: new Set() })),
    ).toMatchObject({ status: 404, message: "Product not found" });
  });
});

describe("stock and removal", () => {
  it("sets stock, removes from sale (keeping the row) and puts back", async () => {
    const product = await createProduct();
    const notFound = { status: 404, message: "Product not found", fieldErrors: {} };
    await setInStock(product.id, false);
    expect((await getProductForSeller(product.id))!.inStock).toBe(false);
    expect(await refusalFacts(setInStock("nosuchproduct", true))).toEqual(notFound);
    expect(await refusalFacts(setInStock("../../etc", true))).toEqual(notFound);

    await removeFromSale(product.id);
    expect((await getProductForSeller(product.id))!.removedAt).toEqual(expect.any(Number));
    expect(await refusalFacts(removeFromSale(product.id))).toEqual(notFound);
    expect(await refusalFacts(setInStock(product.id, true))).toEqual(notFound);
    await restoreToSale(product.id);
    expect((await getProductForSeller(product.id))!.removedAt).toBeNull();
  });

  it("lists products on sale newest first, removed ones after them", async () => {
    await db().delete(products);
    const old = await createProduct({ name: "Old", createdAt: 1000 });
    const removed = await createProduct({ name: "Removed", createdAt: 3000, removedAt: 4000 });
    const recent = await createProduct({ name: "Recent", createdAt: 2000 });
    expect((await listSellerProducts()).rows.map((p) => p.id)).toEqual([recent.id, old.id, removed.id]);
  });
});

describe("product list page", () => {
  it("toggles stock with a plain form post and comes back to the product's row with a toast naming it", async () => {
    const product = await createProduct({ inStock: true });
    const cookie = await sellerCookie();
    const response = await site.app.fetch(
      formRequest("/seller/product-list", { intent: "stock", id: product.id, inStock: "false" }, { cookie }),
    );
    expect(response.status).toBe(303);
    // Without JavaScript the browser scrolls to the #fragment: the row just changed, not the top of the list.
    expect(response.headers.get("Location")).toBe(`/seller/product-list#product-${product.id}`);
    expect(await toastsFrom(response)).toEqual([`success: Stock Updated: ${product.name}`]);
    expect((await getProductForSeller(product.id))!.inStock).toBe(false);

    const list = await routeData(site.client(cookie), "/seller/product-list", "routes/seller/product-list");
    const row = (list.data as { products: { id: string }[] }).products.find((p) => p.id === product.id);
    expect(row).toMatchObject({
      name: product.name,
      category: "Men",
      offerPrice: "$19.99",
      inStock: false,
      removed: false,
    });
  });

  it("removes a product from sale and refuses unknown ids and intents", async () => {
    const product = await createProduct();
    const cookie = await sellerCookie();
    const post = (body: Record<string, string>) =>
      site.app.fetch(formRequest("/seller/product-list", body, { cookie }));
    expect((await post({ intent: "remove", id: product.id })).status).toBe(303);
    expect((await getProductForSeller(product.id))!.removedAt).not.toBeNull();
    expect((await post({ intent: "stock", id: "nosuchproduct", inStock: "true" })).status).toBe(404);
    expect((await post({ intent: "stock", id: product.id, inStock: "maybe" })).status).toBe(400);
    expect((await post({ intent: "explode", id: product.id })).status).toBe(400);
  });

  it("does nothing for a visitor: the sign-in page instead", async () => {
    const product = await createProduct({ inStock: true });
    const response = await site.app.fetch(
      formRequest("/seller/product-list", { intent: "stock", id: product.id, inStock: "false" }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/seller-login");
    expect((await getProductForSeller(product.id))!.inStock).toBe(true);
    // The page itself: the seller sign-in form (401), and none of the seller's data.
    const list = await routeData(site.client(), "/seller/product-list", "routes/seller/product-list");
    expect(list.status).toBe(401);
    expect(list.error).toEqual({ status: 401, data: { signIn: "seller" } });
  });
});

describe("edit product page", () => {
  it("shows the product's values and saves a multipart edit", async () => {
    const id = await addProduct(fields, [await upload()]);
    const cookie = await sellerCookie();
    const page = await routeData(site.client(cookie), `/seller/products/${id}`, "routes/seller/edit-product");
    expect((page.data as { values: unknown }).values).toEqual({
      name: "Linen Shirt",
      description: "Breathable linen\nRelaxed fit\nMachine wash",
      category: "Men",
      price: "49.99",
      offerPrice: "39.50",
      sizes: [],
      stock: "",
      stockWas: "",
    });

    const newPhoto = await imageBytes("jpeg", 80, 80, "#f1c40f");
    const response = await site.app.fetch(
      multipartRequest(
        `/seller/products/${id}`,
        [
          ["name", "Linen Shirt (edited)"],
          ["description", "Only line"],
          ["category", "Women"],
          ["price", "45"],
          ["offerPrice", "30"],
          ["image-0", { bytes: new Uint8Array(), name: "", type: "application/octet-stream" }],
          ["image-1", { bytes: newPhoto, name: "new.jpg", type: "image/jpeg" }],
        ],
        { cookie },
      ),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/seller/product-list#product-${id}`);
    expect(await toastsFrom(response)).toEqual(["success: Product Updated: Linen Shirt (edited)"]);
    const updated = (await first(db().select().from(products).where(eq(products.id, id))))!;
    expect(updated).toMatchObject({ name: "Linen Shirt (edited)", category: "Women", description: ["Only line"] });
    expect(updated.images).toHaveLength(2);
  });

  it("answers 404 for an unknown product", async () => {
    const cookie = await sellerCookie();
    const response = await site.app.fetch(getRequest("/seller/products/nosuch", { cookie }));
    expect(response.status).toBe(404);
  });
});

// The upload rules of the add-product form (/seller, a browser's multipart post) and of
// POST /api/product/add: after every refusal NOTHING is stored (no product row, no file).
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getProductForSeller, listSellerProducts } from "#app/modules/inventory/index.server.ts";
import { IMAGE_WIDTHS } from "#app/modules/inventory/shared/images.ts";
import { appForFile, dataPath, routeData } from "../helpers/app.ts";
import { readReply } from "../helpers/requests.ts";
import {
  imageBytes,
  multipartRequest,
  type Part,
  productCount,
  sellerCookie,
  untouchableRequest,
  uploadedFiles,
} from "../helpers/sellers.ts";
import { createUser, signedInCookie } from "../helpers/shopper.ts";

const site = appForFile();

const fields = { name: "Wool Scarf", description: "Warm\nSoft", category: "Winter", price: "25", offerPrice: "19.99" };

function fieldParts(overrides: Partial<typeof fields> = {}): [string, Part][] {
  return Object.entries({ ...fields, ...overrides }).map(([k, v]) => [k, v]);
}

async function png(name = "photo.png") {
  return { bytes: await imageBytes("png"), name, type: "image/png" };
}

/**
 * Posts the form as the page's JavaScript does (to its .data address): a refusal comes back as the form's
 * reply. `javascript: false` posts it as a browser without JavaScript does: a 303 when it is taken.
 */
async function postPage(parts: [string, Part][], cookie: string | null, javascript = true) {
  return site.app.fetch(multipartRequest(javascript ? dataPath("/seller?index") : "/seller?index", parts, { cookie }));
}

async function postApi(productData: unknown, images: Part[], cookie: string | null) {
  const parts: [string, Part][] = [];
  if (productData !== undefined) {
    parts.push(["productData", typeof productData === "string" ? productData : JSON.stringify(productData)]);
  }
  for (const image of images) parts.push(["images", image]);
  return site.app.fetch(multipartRequest("/api/product/add", parts, { cookie }));
}

/** Runs a refused upload and checks that it stored nothing at all. */
async function expectNothingStored(send: () => Promise<Response>) {
  const before = { rows: await productCount(), files: uploadedFiles() };
  const response = await send();
  expect(await productCount()).toBe(before.rows);
  expect(uploadedFiles()).toEqual(before.files);
  return response;
}

describe("the add-product form (multipart, no JavaScript needed)", () => {
  it("adds a product with two photos, then comes back to an empty form with 'Product Added'", async () => {
    const cookie = await sellerCookie();
    const response = await postPage(
      [
        ...fieldParts(),
        ["images", await png("front.png")],
        ["images", { bytes: await imageBytes("jpeg"), name: "back.jpg", type: "image/jpeg" }],
        ["images", { bytes: new Uint8Array(), name: "", type: "application/octet-stream" }],
        ["images", { bytes: new Uint8Array(), name: "", type: "application/octet-stream" }],
      ],
      cookie,
      false,
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/seller");
    expect(response.headers.get("Set-Cookie")).toContain("__toast=");
    const product = (await listSellerProducts()).rows.find((p) => p.name === "Wool Scarf")!;
    expect(product).toMatchObject({
      category: "Winter",
      priceCents: 2500,
      offerPriceCents: 1999,
      description: ["Warm", "Soft"],
    });
    expect(product.images).toHaveLength(2);
    // Each image in full and in every width of the srcset.
    expect(uploadedFiles().filter((f) => product.images.some((url) => url.includes(f.split(/[-.]/)[0]!)))).toHaveLength(
      2 * (1 + IMAGE_WIDTHS.length),
    );

    // A fresh form key on every load, so the form is empty again after the redirect (also with JS).
    const formKey = async () =>
      ((await routeData(site.client(cookie), "/seller", "routes/seller/add-product")).data as { formKey: string })
        .formKey;
    expect(await formKey()).not.toBe(await formKey());
  });

  it("refuses a non-image renamed .png", async () => {
    const cookie = await sellerCookie();
    const response = await expectNothingStored(async () =>
      postPage(
        [
          ...fieldParts(),
          ["images", await png()],
          ["images", { bytes: new TextEncoder().encode("<?php echo 'hi'; ?>"), name: "script.png", type: "image/png" }],
        ],
        cookie,
      ),
    );
    expect(response.status).toBe(400);
    const reply = await readReply(response);
    expect(reply.fieldErrors.images).toBe("script.png is not an image we can read (use JPEG, PNG, WebP or AVIF).");
    expect(reply.values).toMatchObject({ name: "Wool Scarf", price: "25" });
  });

  it("refuses a fifth image", async () => {
    const cookie = await sellerCookie();
    const images: [string, Part][] = [];
    for (let i = 0; i < 5; i++) images.push(["images", await png(`p${i}.png`)]);
    const response = await expectNothingStored(async () => postPage([...fieldParts(), ...images], cookie));
    expect(response.status).toBe(400);
    expect((await readReply(response)).formError).toBe("Add at most 4 images.");
  });

  it("refuses a file over 5 MB", async () => {
    const cookie = await sellerCookie();
    const big = { bytes: new Uint8Array(randomBytes(5 * 1024 * 1024 + 1)), name: "big.png", type: "image/png" };
    const response = await expectNothingStored(async () => postPage([...fieldParts(), ["images", big]], cookie));
    expect(response.status).toBe(413);
    expect((await readReply(response)).formError).toBe("Each image must be at most 5 MB.");
  });

  it("refuses a truncated image", async () => {
    const cookie = await sellerCookie();
    const whole = await imageBytes("png", 300, 300);
    const truncated = { bytes: whole.subarray(0, Math.floor(whole.length / 2)), name: "cut.png", type: "image/png" };
    const response = await expectNothingStored(async () => postPage([...fieldParts(), ["images", truncated]], cookie));
    expect(response.status).toBe(400);
    expect((await readReply(response)).fieldErrors.images).toContain("cut.png");
  });

  it("refuses missing fields, each with its message, and no image", async () => {
    const cookie = await sellerCookie();
    const response = await expectNothingStored(async () =>
      postPage(
        [
          ["images", await png()],
          ["description", "only this"],
        ],
        cookie,
      ),
    );
    expect(response.status).toBe(400);
    // The offer price is optional (nothing on sale): no "Offer price is required." (issue 30).
    expect((await readReply(response)).fieldErrors).toEqual({
      name: "Product name is required.",
      category: "Select a category.",
      price: "Product price is required.",
    });
    const noImage = await expectNothingStored(async () => postPage(fieldParts(), cookie));
    expect(noImage.status).toBe(400);
    expect((await readReply(noImage)).fieldErrors).toEqual({ images: "Add at least one product image." });
  });

  it("says every mistake in one round: the photos' with the fields' (issue 30)", async () => {
    const cookie = await sellerCookie();
    const noImage = await expectNothingStored(async () =>
      postPage([...fieldParts({ name: "", price: "abc" })], cookie),
    );
    expect(noImage.status).toBe(400);
    const reply = await readReply(noImage);
    expect(reply.fieldErrors).toEqual({
      images: "Add at least one product image.",
      name: "Product name is required.",
      price:
        "Product price must be an amount in USD with a point before the cents, e.g. 4.90 (no thousands separators).",
    });
    const notAPicture = await expectNothingStored(async () =>
      postPage(
        [
          ...fieldParts({ category: "" }),
          ["images", { bytes: new TextEncoder().encode("plain text"), name: "notes.png", type: "image/png" }],
        ],
        cookie,
      ),
    );
    expect((await readReply(notAPicture)).fieldErrors).toEqual({
      images: "notes.png is not an image we can read (use JPEG, PNG, WebP or AVIF).",
      category: "Select a category.",
    });
  });

  it("takes a product with no offer price: it sells at its price, and /api says offerPrice = price (issue 30)", async () => {
    const cookie = await sellerCookie();
    const response = await postPage(
      [...fieldParts({ name: "Plain Tee No Offer", offerPrice: "" }), ["images", await png()]],
      cookie,
      false,
    );
    expect(response.status).toBe(303);
    const product = (await listSellerProducts()).rows.find((p) => p.name === "Plain Tee No Offer")!;
    expect(product).toMatchObject({ priceCents: 2500, offerPriceCents: 2500 });
    const list = (await site.client().get("/api/product/list")).json as { products: { name: string }[] };
    expect(list.products.find((p: { name: string }) => p.name === "Plain Tee No Offer")).toMatchObject({
      price: 25,
      offerPrice: 25,
    });
    // The edit form shows the offer price empty: the product is not on sale.
    const edit = await routeData(site.client(cookie), `/seller/products/${product.id}`, "routes/seller/edit-product");
    expect((edit.data as { values: { offerPrice: string } }).values.offerPrice).toBe("");
    // A spec client may leave it out too.
    const { offerPrice: _left, ...withoutOffer } = { ...fields, description: ["Cotton"], name: "Api Tee No Offer" };
    const api = await postApi({ ...withoutOffer, price: 12 }, [await png()], cookie);
    expect(api.status).toBe(201);
    expect(await getProductForSeller((await api.json()).product._id)).toMatchObject({
      priceCents: 1200,
      offerPriceCents: 1200,
    });
  });

  it("refuses bad prices and an offer price above the price", async () => {
    const cookie = await sellerCookie();
    for (const [price, offerPrice, field] of [
      ["abc", "10", "price"],
      ["-5", "1", "price"],
      ["10", "9.999", "offerPrice"],
      ["1e4", "10", "price"],
      ["0", "0", "price"],
    ] as const) {
      const response = await expectNothingStored(async () =>
        postPage([...fieldParts({ price, offerPrice }), ["images", await png()]], cookie),
      );
      expect(response.status, `${price}/${offerPrice}`).toBe(400);
      expect((await readReply(response)).fieldErrors[field], `${price}/${offerPrice}`).toMatch(/must be/);
    }
    const above = await expectNothingStored(async () =>
      postPage([...fieldParts({ price: "10", offerPrice: "12" }), ["images", await png()]], cookie),
    );
    expect(above.status).toBe(400);
    expect((await readReply(above)).fieldErrors).toEqual({
      offerPrice: "The offer price cannot be above the product price.",
    });
  });

  it("refuses a body that is declared too large or is not multipart, without reading it", async () => {
    const cookie = await sellerCookie();
    const huge = untouchableRequest("/seller?index", { cookie });
    huge.request.headers.set("Content-Length", String(26 * 1024 * 1024));
    const response = await expectNothingStored(async () => site.app.fetch(huge.request));
    expect(response.status).toBe(413);
    expect(huge.wasRead()).toBe(false);

    const urlencoded = new Request("http://localhost/seller?index", {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { Cookie: cookie, Origin: "http://localhost", "Content-Type": "application/x-www-form-urlencoded" },
    });
    const refused = await expectNothingStored(async () => site.app.fetch(urlencoded));
    expect(refused.status).toBe(415);
  });

  it("sends visitors and shoppers to the sign-in page without reading the upload", async () => {
    const shopper = await createUser();
    for (const cookie of [null, await signedInCookie(shopper.id)]) {
      const { request, wasRead } = untouchableRequest("/seller?index", { cookie });
      const response = await expectNothingStored(async () => site.app.fetch(request));
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/seller-login");
      expect(wasRead()).toBe(false);
    }
  });
});

describe("POST /api/product/add", () => {
  const productData = {
    name: "Canvas Sneakers",
    description: ["Rubber sole", "Cotton canvas"],
    category: "Footwear",
    price: 59.99,
    offerPrice: 44.5,
  };

  it("adds a product from productData JSON and repeated images", async () => {
    const cookie = await sellerCookie();
    const response = await postApi(productData, [await png("a.png"), await png("b.png")], cookie);
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ success: true, message: "Product Added" });
    expect(await getProductForSeller(body.product._id)).toMatchObject({
      name: "Canvas Sneakers",
      description: ["Rubber sole", "Cotton canvas"],
      category: "Footwear",
      priceCents: 5999,
      offerPriceCents: 4450,
    });
  });

  it("answers {success:false, message} for every refusal, storing nothing", async () => {
    const cookie = await sellerCookie();
    const cases: [unknown, Part[], number, RegExp][] = [
      [undefined, [await png()], 400, /productData is required/],
      ["{not json", [await png()], 400, /not valid JSON/],
      [[1, 2], [await png()], 400, /must be a JSON object/],
      [{ ...productData, offerPrice: 70 }, [await png()], 400, /offer price cannot be above/],
      [{ ...productData, price: "free" }, [await png()], 400, /Product price must be an amount in USD/],
      [{ ...productData, name: "" }, [await png()], 400, /Product name is required/],
      [{ ...productData, category: "Toys" }, [await png()], 400, /Select a category/],
      [
        productData,
        [{ bytes: new TextEncoder().encode("GIF89a nope"), name: "x.gif", type: "image/gif" }],
        400,
        /x\.gif/,
      ],
      [productData, [], 400, /at least one product image/],
      [productData, await Promise.all([1, 2, 3, 4, 5].map((i) => png(`${i}.png`))), 400, /at most 4 images/],
    ];
    for (const [data, images, status, message] of cases) {
      const response = await expectNothingStored(async () => postApi(data, images, cookie));
      expect(response.status, String(message)).toBe(status);
      const body = await response.json();
      expect(body.success).toBe(false);
      expect(body.message).toMatch(message);
    }
  });

  it("answers 401 to visitors and shoppers without reading the upload", async () => {
    const shopper = await createUser();
    for (const cookie of [null, await signedInCookie(shopper.id)]) {
      const { request, wasRead } = untouchableRequest("/api/product/add", { cookie });
      const response = await expectNothingStored(async () => site.app.fetch(request));
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ success: false, message: "Not authorized" });
      expect(wasRead()).toBe(false);
    }
  });
});

import { apiAnswer, postOnly } from "#app/lib/api.server.ts";
import { parseJson } from "#app/lib/http.server.ts";
import { refuse } from "#app/lib/refusal.ts";
import { sellerForApi } from "#app/middleware/identity.server.ts";
import { addProduct, readProductUpload } from "#app/modules/inventory/index.server.ts";
import { shopSettings } from "#app/modules/shop/index.server.ts";
import type { Route } from "./+types/product-add";

// POST /api/product/add (multipart): field productData = JSON of name, description (lines),
// category, price, offerPrice; repeated field images. → {success, message}
export function action({ request, context }: Route.ActionArgs) {
  return apiAnswer(async () => {
    // The seller is checked before a single byte of the upload is read.
    sellerForApi(context);
    const { fields, images } = await readProductUpload(request, (field) => field === "images");
    const productData = fields.get("productData");
    if (productData === undefined) refuse("productData is required.");
    const input = parseJson(productData, "productData");
    if (!input || typeof input !== "object" || Array.isArray(input)) refuse("productData must be a JSON object.");
    const shop = await shopSettings();
    const id = await addProduct(input, images, shop.currency, shop.locale);
    return Response.json({ success: true, message: "Product Added", product: { _id: id } }, { status: 201 });
  });
}

export const loader = postOnly;

import { apiError, apiHandler, BadRequest, methodNotAllowed } from "#app/lib/http.server.ts";
import { addProduct, readProductUpload } from "#app/services/inventory.server.ts";
import { getSeller } from "#app/services/sellers.server.ts";
import type { Route } from "./+types/product-add";

// POST /api/product/add (multipart): field productData = JSON of name, description (lines),
// category, price, offerPrice; repeated field images. → {success, message}
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  // The seller is checked before a single byte of the upload is read.
  if (!(await getSeller(request))) return apiError("Not authorized", 401);
  return apiHandler(async () => {
    const { fields, images } = await readProductUpload(request, (field) => field === "images");
    const productData = fields.get("productData");
    if (productData === undefined) throw new BadRequest("productData is required.");
    let input: unknown;
    try {
      input = JSON.parse(productData);
    } catch {
      throw new BadRequest("productData is not valid JSON.");
    }
    if (!input || typeof input !== "object" || Array.isArray(input)) {
      throw new BadRequest("productData must be a JSON object.");
    }
    const result = await addProduct(input, images);
    if (!result.ok) {
      return Response.json(
        { success: false, message: Object.values(result.errors).join(" "), errors: result.errors },
        { status: result.status },
      );
    }
    return Response.json(
      { success: true, message: "Product Added", product: { _id: result.productId } },
      { status: 201 },
    );
  });
}

/** A GET (or HEAD, OPTIONS) here is refused with 405: the call is a POST. */
export function loader() {
  return methodNotAllowed("POST");
}

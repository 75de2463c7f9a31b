import { ImageSlot, ImagesError, ProductForm } from "#app/components/seller-product-fields.tsx";
import { multipartFormAction } from "#app/lib/form-reply.server.ts";
import { useReplyForm } from "#app/lib/forms.ts";
import { newId } from "#app/lib/ids.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { addProduct, readProductUpload } from "#app/modules/inventory/index.server.ts";
import { UPLOAD_FORMATS_TEXT } from "#app/modules/inventory/shared/images.ts";
import { MAX_IMAGE_MB, MAX_IMAGES, NO_IMAGE } from "#app/modules/inventory/shared/product-limits.ts";
import { productFieldsSchemaIn, productFormInput } from "#app/modules/inventory/shared/product-schema.ts";
import { shopSettings } from "#app/modules/shop/index.server.ts";
import { useShop } from "#app/modules/shop/shared/shop.ts";
import { sellerMeta } from "#app/routes/seo.ts";
import type { Route } from "./+types/add-product";
import { sizeRowsReply } from "./size-rows.server.ts";

export const meta: Route.MetaFunction = ({ matches }) => sellerMeta("Add Product", matches);

export function loader() {
  // A new key for every page load: after a successful add the form comes back empty, also with JavaScript.
  return { formKey: newId() };
}

// The seller area's guard has checked the seller before a single byte of the upload is read.
export function action({ request }: Route.ActionArgs) {
  const read = (body: Request) => readProductUpload(body, (field) => field === "images");
  return multipartFormAction(request, read, async ({ fields, images }) => {
    // A row button (a size preset, add or remove a row) without JavaScript: the form comes back changed.
    const changed = sizeRowsReply(fields);
    if (changed) return changed;
    const shop = await shopSettings();
    await addProduct(productFormInput(fields), images, shop.currency, shop.locale);
    return redirectWithToast(request, "/seller", { type: "success", message: "Product Added" });
  });
}

export default function AddProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { currency, locale } = useShop();
  const [form, fields] = useReplyForm({
    id: `product-${loaderData.formKey}`,
    reply: actionData,
    schema: productFieldsSchemaIn(currency, locale),
    // Conform resets a field without a default by unselecting every option of a select: after "Product
    // Added" the Category box came back blank. Its default is the "Select Category" placeholder.
    defaultValue: { category: "" },
    // The photos' mistake with the fields' (the server says the same without JavaScript).
    alsoRefuse: (formData) =>
      formData.getAll("images").some((file) => typeof file !== "string" && file.size > 0) ? null : { images: NO_IMAGE },
  });
  return (
    <section className="p-4 md:p-10">
      <h1 className="mb-6 text-2xl font-semibold text-gray-800">Add Product</h1>
      <ProductForm
        key={loaderData.formKey}
        form={form}
        fields={fields}
        photosHint={`Up to ${MAX_IMAGES} images (${UPLOAD_FORMATS_TEXT}), ${MAX_IMAGE_MB} MB each.`}
        slots={Array.from({ length: MAX_IMAGES }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the four slots are fixed positions
          <ImageSlot key={i} id={`product-image-${i}`} name="images" label={`Product image ${i + 1}`} />
        ))}
        imagesError={<ImagesError reply={actionData} formErrorId={form.errorId} checked={form.allErrors.images?.[0]} />}
        submitLabel="Add Product"
      />
    </section>
  );
}

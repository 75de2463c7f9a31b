import { data, Form, useNavigation } from "react-router";
import {
  ImageSlot,
  ImagesError,
  ProductFieldInputs,
  type ProductFormErrors,
  type ProductFormValues,
  productFormValues,
} from "#app/components/seller-product-fields.tsx";
import { BadRequest } from "#app/lib/http.server.ts";
import { newId } from "#app/lib/ids.ts";
import { MAX_IMAGE_MB, MAX_IMAGES } from "#app/lib/product-limits.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { addProduct, readProductUpload } from "#app/services/inventory.server.ts";
import { getSeller, requireSeller } from "#app/services/sellers.server.ts";
import type { Route } from "./+types/add-product";

export const meta: Route.MetaFunction = () => [{ title: "Add Product | Trendora Seller" }];

export async function loader({ request }: Route.LoaderArgs) {
  if (!(await getSeller(request))) return null;
  // A new key for every page load: after a successful add the form comes back empty, also with JavaScript.
  return { formKey: newId() };
}

export async function action({ request }: Route.ActionArgs) {
  // The seller is checked before a single byte of the upload is read.
  await requireSeller(request);
  let values: ProductFormValues = {};
  try {
    const { fields, images } = await readProductUpload(request, (field) => field === "images");
    values = productFormValues(fields);
    const result = await addProduct(values, images);
    if (!result.ok) return data({ errors: result.errors as ProductFormErrors, values }, { status: result.status });
    return redirectWithToast(request, "/seller", { type: "success", message: "Product Added" });
  } catch (error) {
    if (error instanceof BadRequest) {
      return data({ errors: { form: error.message } as ProductFormErrors, values }, { status: error.status });
    }
    throw error;
  }
}

export default function AddProduct({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (!loaderData) return null;
  const submitting = navigation.state === "submitting" && navigation.formMethod === "POST";
  const errors = actionData?.errors;
  return (
    <section className="p-4 md:p-10">
      <h1 className="mb-6 text-2xl font-semibold text-gray-800">Add Product</h1>
      <Form
        key={loaderData.formKey}
        method="post"
        encType="multipart/form-data"
        className="flex max-w-lg flex-col gap-5"
      >
        <fieldset>
          <legend className="text-base font-medium">Product Image</legend>
          <p className="text-xs text-gray-500">
            Up to {MAX_IMAGES} images (JPEG, PNG, WebP, GIF or AVIF), {MAX_IMAGE_MB} MB each.
          </p>
          <div className="mt-2 flex flex-wrap items-start gap-3">
            {Array.from({ length: MAX_IMAGES }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the four slots are fixed positions
              <ImageSlot key={i} id={`product-image-${i}`} name="images" label={`Product image ${i + 1}`} />
            ))}
          </div>
          <ImagesError errors={errors} />
        </fieldset>
        <ProductFieldInputs values={actionData?.values} errors={errors} />
        <button
          type="submit"
          disabled={submitting}
          className="self-start rounded bg-primary px-8 py-2.5 font-medium text-white hover:bg-primary-dull disabled:opacity-70"
        >
          Add Product
        </button>
      </Form>
    </section>
  );
}

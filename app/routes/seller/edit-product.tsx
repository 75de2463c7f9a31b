import { isRouteErrorResponse, Link } from "react-router";
import { ImageSlot, ImagesError, ProductForm } from "#app/components/seller-product-fields.tsx";
import { multipartFormAction } from "#app/lib/form-reply.server.ts";
import { useReplyForm } from "#app/lib/forms.ts";
import { toInputText } from "#app/lib/money.ts";
import { notFound } from "#app/lib/not-found.ts";
import { sellerListSearch, sellerPageOf } from "#app/lib/paging.ts";
import { sellerRowPath } from "#app/lib/product-links.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import {
  getProductForSeller,
  type ImageUpload,
  productNameOf,
  readProductUpload,
  sellerProductPage,
  updateProduct,
} from "#app/modules/inventory/index.server.ts";
import { MAX_IMAGES } from "#app/modules/inventory/shared/product-limits.ts";
import { productFieldsSchemaIn, productFormInput } from "#app/modules/inventory/shared/product-schema.ts";
import { NO_SIZE } from "#app/modules/inventory/shared/sizes.ts";
import { shopSettings } from "#app/modules/shop/index.server.ts";
import { useShop } from "#app/modules/shop/shared/shop.ts";
import { sellerMeta } from "#app/routes/seo.ts";
import type { Route } from "./+types/edit-product";
import { sizeRowsReply } from "./size-rows.server.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  sellerMeta(`Edit ${loaderData?.product.name ?? "product"}`, matches);

export async function loader({ request, params }: Route.LoaderArgs) {
  const product = await getProductForSeller(params.id);
  const { currency, locale } = await shopSettings();
  if (!product) throw notFound("Product not found");
  const sized = product.sizes.filter((line) => line.size !== NO_SIZE);
  const unsized = product.sizes.find((line) => line.size === NO_SIZE)?.stock ?? null;
  // The list's page the Edit link came from: Back and Save return to it.
  const page = sellerPageOf(new URL(request.url).searchParams.get("page")) ?? 1;
  return {
    listPath: `/seller/product-list${sellerListSearch({ page })}`,
    product: {
      id: product.id,
      name: product.name,
      images: product.images,
      removed: product.removedAt !== null,
    },
    values: {
      name: product.name,
      description: product.description.join("\n"),
      category: product.category,
      // In the shop's currency and decimal separator: "19.99", "19,99", or "1999" in yen.
      price: toInputText(product.priceCents, currency, locale),
      // Blank when not on sale (the offer price is the price): the form's offer price is optional.
      offerPrice:
        product.offerPriceCents < product.priceCents ? toInputText(product.offerPriceCents, currency, locale) : "",
      // Each count with the count shown now (`was`): a count left as it was is not written on save.
      sizes: sized.map(({ size, stock }) => ({ size, stock: countText(stock), was: countText(stock) })),
      ...(sized.length === 0 ? { stock: countText(unsized), stockWas: countText(unsized) } : {}),
    },
  };
}

/** A count as the form shows it: "" when not counted. */
const countText = (stock: number | null) => (stock === null ? "" : String(stock));

/** The file inputs of the photo slots: image-0 … image-3. */
function slotOf(fieldName: string): number | null {
  const match = /^image-(\d)$/.exec(fieldName);
  const slot = match ? Number(match[1]) : -1;
  return slot >= 0 && slot < MAX_IMAGES ? slot : null;
}

export async function action({ request, params }: Route.ActionArgs) {
  if (!(await getProductForSeller(params.id))) throw notFound("Product not found");
  const read = (body: Request) => readProductUpload(body, (field) => slotOf(field) !== null);
  return multipartFormAction(request, read, async ({ fields, images }) => {
    // A row button (a size preset, add or remove a row) without JavaScript: the form comes back changed.
    const changed = sizeRowsReply(fields);
    if (changed) return changed;
    const replace = new Map<number, ImageUpload>();
    for (const image of images) replace.set(slotOf(image.fieldName)!, image);
    const remove = new Set<number>();
    for (let i = 0; i < MAX_IMAGES; i++) if (fields.has(`remove-${i}`)) remove.add(i);
    const shop = await shopSettings();
    await updateProduct(params.id, productFormInput(fields), { replace, remove }, shop.currency, shop.locale);
    // Back to the product's row in the list (on the page the Edit link came from: the form posts to this
    // page's address, ?page=N included), named in the message.
    const page =
      (await sellerProductPage(params.id)) ?? sellerPageOf(new URL(request.url).searchParams.get("page")) ?? 1;
    return redirectWithToast(request, sellerRowPath(params.id, false, page), {
      type: "success",
      message: `Product Updated: ${await productNameOf(params.id)}`,
    });
  });
}

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product } = loaderData;
  const shop = useShop();
  const [form, fields] = useReplyForm({
    id: `edit-${product.id}`,
    reply: actionData,
    schema: productFieldsSchemaIn(shop.currency, shop.locale),
    defaultValue: loaderData.values,
  });
  return (
    <section className="p-4 md:p-10">
      <p className="mb-2 text-sm">
        <Link to={loaderData.listPath} className="text-primary underline">
          Back to the product list
        </Link>
      </p>
      <h1 className="mb-6 text-2xl font-semibold text-gray-800">Edit Product</h1>
      {product.removed ? (
        <p className="mb-4 rounded border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800">
          This product is removed from sale; the shop does not show it.
        </p>
      ) : null}
      <ProductForm
        form={form}
        fields={fields}
        photosHint="Choose a file to replace a photo or fill an empty slot; tick Remove to take a photo away."
        slots={Array.from({ length: MAX_IMAGES }, (_, i) => {
          const current = product.images[i];
          return (
            <ImageSlot
              // biome-ignore lint/suspicious/noArrayIndexKey: the four slots are fixed positions
              key={i}
              id={`product-image-${i}`}
              name={`image-${i}`}
              label={current ? `Replace product image ${i + 1}` : `Product image ${i + 1}`}
              currentUrl={current}
              removeName={`remove-${i}`}
              removeLabel={`Remove product image ${i + 1}`}
            />
          );
        })}
        imagesError={<ImagesError reply={actionData} formErrorId={form.errorId} />}
        submitLabel="Save Changes"
      />
    </section>
  );
}

/** An unknown product: the 404 shows inside the seller layout, with the way back to the list. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="p-4 md:p-10">
      <h1 className="text-2xl font-semibold text-gray-800">
        {notFound ? "Product not found" : "Something went wrong"}
      </h1>
      <p className="mt-4">
        <Link to="/seller/product-list" className="text-primary underline">
          Back to the product list
        </Link>
      </p>
    </section>
  );
}

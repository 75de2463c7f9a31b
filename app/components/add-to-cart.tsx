import { Form, useLocation } from "react-router";
import { CartIcon } from "#app/components/cart-icon.tsx";

/**
 * Plain POST forms to the /cart action. Add to Cart comes back to this page (303 with a toast);
 * Buy now adds and goes to /cart. Only rendered for products in stock.
 */
export function AddToCart({
  productId,
  productName,
  variant,
}: {
  productId: string;
  productName: string;
  variant: "card" | "page";
}) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const hidden = (
    <>
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={here} />
    </>
  );
  if (variant === "card") {
    return (
      <Form method="post" action="/cart" preventScrollReset>
        {hidden}
        <button
          type="submit"
          name="intent"
          value="add"
          aria-label={`Add ${productName} to cart`}
          className="flex items-center gap-1 rounded border border-primary/40 bg-primary/10 px-2.5 py-1 text-sm font-medium text-primary transition hover:bg-primary/20"
        >
          <CartIcon size={14} strokeWidth={2} />
          Add
        </button>
      </Form>
    );
  }
  return (
    <Form method="post" action="/cart" preventScrollReset className="mt-10 flex gap-4 text-base">
      {hidden}
      <button
        type="submit"
        name="intent"
        value="add"
        className="w-full cursor-pointer bg-gray-100 py-3.5 font-medium text-gray-800 transition hover:bg-gray-200"
      >
        Add to Cart
      </button>
      <button
        type="submit"
        name="intent"
        value="buy-now"
        className="w-full cursor-pointer bg-primary py-3.5 font-medium text-white transition hover:bg-primary-dull"
      >
        Buy now
      </button>
    </Form>
  );
}

import type { ReactNode } from "react";
import { Form, useLocation } from "react-router";
import { CartIcon } from "#app/components/cart-icon.tsx";
import { CART_INTENTS } from "#app/lib/intents.ts";

/**
 * Plain POST forms that add to the cart. A card's Add posts to /cart and comes back (303 with a toast); it is
 * only rendered for products without sizes. The product page's form posts to the page itself, with the size
 * chosen in `children` (a radio group), so a refusal ('Please select a size') shows next to the sizes: Add to
 * Cart comes back to the page, Buy now goes to /cart.
 */
export function AddToCart({
  productId,
  productName,
  variant,
  children,
}: {
  productId: string;
  productName: string;
  variant: "card" | "page";
  children?: ReactNode;
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
          value={CART_INTENTS.add}
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
    <Form method="post" preventScrollReset className="mt-6 text-base" noValidate>
      {hidden}
      {children}
      <div className="mt-8 flex gap-4">
        <button
          type="submit"
          name="intent"
          value={CART_INTENTS.add}
          className="w-full cursor-pointer bg-gray-100 py-3.5 font-medium text-gray-800 transition hover:bg-gray-200"
        >
          Add to Cart
        </button>
        <button
          type="submit"
          name="intent"
          value={CART_INTENTS.buyNow}
          className="w-full cursor-pointer bg-primary py-3.5 font-medium text-white transition hover:bg-primary-dull"
        >
          Buy now
        </button>
      </div>
    </Form>
  );
}

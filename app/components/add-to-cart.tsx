import type { ReactNode } from "react";
import { Form, useLocation } from "react-router";
import { SubmitButton } from "#app/components/button.tsx";
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
      // One of up to 24 on a page: the header's cart link already announces /cart for route discovery.
      <Form method="post" action="/cart" preventScrollReset discover="none">
        {hidden}
        <SubmitButton
          name="intent"
          value={CART_INTENTS.add}
          aria-label={`Add ${productName} to cart`}
          variant="bare"
          className="card-add"
        >
          <CartIcon size={14} thin={false} />
          Add
        </SubmitButton>
      </Form>
    );
  }
  return (
    <Form method="post" preventScrollReset className="mt-6 text-base" noValidate>
      {hidden}
      {children}
      <div className="mt-8 flex gap-4">
        <SubmitButton name="intent" value={CART_INTENTS.add} variant="outline" size="lg" block>
          Add to Cart
        </SubmitButton>
        <SubmitButton name="intent" value={CART_INTENTS.buyNow} size="lg" block>
          Buy now
        </SubmitButton>
      </div>
    </Form>
  );
}

import { Form, useLocation } from "react-router";
import { SubmitButton } from "#app/components/button.tsx";
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
        <SubmitButton name="intent" value="add" aria-label={`Add ${productName} to cart`} variant="outline" size="sm">
          <CartIcon size={14} strokeWidth={2} />
          Add
        </SubmitButton>
      </Form>
    );
  }
  return (
    <Form method="post" action="/cart" preventScrollReset className="mt-10 flex gap-4 text-base">
      {hidden}
      <SubmitButton name="intent" value="add" variant="outline" size="lg" block>
        Add to Cart
      </SubmitButton>
      <SubmitButton name="intent" value="buy-now" size="lg" block>
        Buy now
      </SubmitButton>
    </Form>
  );
}

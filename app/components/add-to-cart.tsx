import { Form, useLocation } from "react-router";

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
          <CartIcon />
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

function CartIcon() {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M3 3h2l2.4 12.2a2 2 0 0 0 2 1.6h8.2a2 2 0 0 0 2-1.5L21 8H6" />
      <circle cx="10" cy="20" r="1.3" />
      <circle cx="18" cy="20" r="1.3" />
    </svg>
  );
}

import type { ReactNode } from "react";
import { Form, useLocation, useNavigation, useSubmit } from "react-router";
import { Spinner, SubmitButton } from "#app/components/button.tsx";
import { CartIcon } from "#app/components/cart-icon.tsx";
import { CART_INTENTS } from "#app/lib/intents.ts";

/**
 * A card's Add (only rendered for products without sizes): no form of its own, one of up to 24 on a page.
 * Without JavaScript it posts its grid's one form (SaveCardsForm: the page to come back to) to /cart with
 * `add=<id>`, and comes back (303 with a toast); with JavaScript the same change is sent as the product page's
 * form sends it (`intent`, `productId`), a navigation as before, so the header's count moves at the click. While
 * it is being sent it shows a spinner and ignores further clicks, as SubmitButton does.
 */
export function CardAddButton({
  productId,
  productName,
  cardsForm,
}: {
  productId: string;
  productName: string;
  /** The id of the grid's one form (SaveCardsForm). */
  cardsForm: string;
}) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const location = useLocation();
  const sent = navigation.formData;
  const pending =
    navigation.state !== "idle" && sent?.get("intent") === CART_INTENTS.add && sent.get("productId") === productId;
  return (
    <button
      type="submit"
      form={cardsForm}
      formAction="/cart"
      name={CART_INTENTS.add}
      value={productId}
      aria-label={`Add ${productName} to cart`}
      aria-disabled={pending || undefined}
      className={pending ? "card-add card-add-busy" : "card-add"}
      onClick={(event) => {
        event.preventDefault();
        if (pending) return;
        void submit(
          { intent: CART_INTENTS.add, productId, redirectTo: `${location.pathname}${location.search}` },
          { method: "post", action: "/cart", preventScrollReset: true },
        );
      }}
    >
      <CartIcon size={14} thin={false} />
      Add
      {pending ? (
        <span className="card-add-spinner">
          <Spinner />
        </span>
      ) : null}
    </button>
  );
}

/**
 * The product page's form that adds to the cart: it posts to the page itself, with the size chosen in
 * `children` (a radio group), so a refusal ('Please select a size') shows next to the sizes: Add to Cart comes
 * back to the page, Buy now goes to /cart.
 */
export function AddToCart({ productId, children }: { productId: string; children?: ReactNode }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const hidden = (
    <>
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={here} />
    </>
  );
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

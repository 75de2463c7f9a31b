import { Form, Link } from "react-router";
import { SubmitButton } from "#app/components/button.tsx";
import { formatMoney } from "#app/lib/money.ts";
import { productPath } from "#app/lib/product-links.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { CartLine } from "#app/modules/cart/shared/cart-line.ts";
import { thumbnailUrl } from "#app/modules/inventory/shared/images.ts";
import { isLow, lineName } from "#app/modules/inventory/shared/sizes.ts";
import { useShop } from "#app/modules/shop/shared/shop.ts";

const UNAVAILABLE: Record<NonNullable<CartLine["unavailable"]>, string> = {
  "out-of-stock": "Out of stock",
  removed: "No longer available",
  gone: "No longer available",
  "no-size": "This size is no longer available",
  "sold-out": "Sold out",
};

/** What a line's row reads: all the page's data carries of a line (not its cut, nor its prices). */
export type ShownCartLine = Pick<
  CartLine,
  "key" | "productId" | "size" | "quantity" | "left" | "unavailable" | "lineCents"
> & { product: Pick<NonNullable<CartLine["product"]>, "name" | "category" | "image" | "size"> | null };

/** The ids of the cart's one Remove form and one quantity form (both CartLinesForm). */
export const CART_REMOVE_FORM = "cart-remove";
export const CART_QUANTITY_FORM = "cart-quantity";

/**
 * One of the cart's two forms for its lines (a form of its own in each of 20 lines, with the product id, the
 * size and the page to come back to, was about 230 bytes of HTML and a React Router form each): it carries the
 * intent and the page to come back to. Remove (`id` CART_REMOVE_FORM): each line's Remove button (`form=` its id)
 * adds `line=<cart key>`. Quantity (CART_QUANTITY_FORM): each line's select (`form=` its id, named
 * `quantity:<cart key>`) and Update button (`line=<cart key>`) belong to it. With JavaScript it is sent as any
 * form is (its submitter's value included), a navigation as before.
 */
export function CartLinesForm({ id, intent, here }: { id: string; intent: string; here: string }) {
  return (
    <Form id={id} method="post" action="/cart" preventScrollReset discover="none" hidden>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={here} />
    </Form>
  );
}

/** A cart line: picture, name, size, quantity (or why it cannot be bought), amount and Remove. */
export function CartLineRow({
  line,
  discover,
}: {
  line: ShownCartLine;
  /** "none" on every line but the first: their product links all go to the same route. */
  discover?: "none";
}) {
  const { product, quantity, unavailable } = line;
  const { currency, locale } = useShop();
  // Names say the size, so two lines of one product are told apart ('Linen Shirt, M').
  const name = product ? lineName(product.name, line.size) : "Product no longer available";
  return (
    // On a phone the amount and Remove stand in a narrow column of their own beside the product, so nothing
    // is pushed past the screen's edge; from md up the three columns line up under the list's headings. The
    // classes are named once in app.css (.cart-*): a page of 20 lines says them once.
    <li className="cart-line" data-testid="cart-line">
      <div className="cart-line-product">
        {/* Lazy: React then puts no preload of it in the page's head, which stays the same for every cart (its
            kept template, decision 0205); a thumbnail is not what the first screen waits for. */}
        <div className="cart-thumb">
          {product?.image ? <img src={thumbnailUrl(product.image)} alt="" loading="lazy" /> : null}
        </div>
        <div className="cart-line-name">
          {product ? (
            // Every line's link goes to the product route: the first one announces it for route discovery.
            <Link to={productPath({ id: line.productId, category: product.category })} discover={discover}>
              {product.name}
            </Link>
          ) : (
            <p>{name}</p>
          )}
          <div className="mt-1 text-gray-500">
            {product ? <p>{`Size: ${product.size}`}</p> : null}
            {unavailable ? (
              <p className="font-medium text-red-600" data-testid="unavailable">
                {UNAVAILABLE[unavailable]}
                {" · not included in the total"}
              </p>
            ) : (
              <>
                <QuantityChoice
                  line={line}
                  name={name}
                  // 1 to 9 (or more when the line holds more), never more than is left.
                  maxChoice={Math.min(Math.max(9, quantity), line.left ?? Number.POSITIVE_INFINITY)}
                />
                {line.left !== null && (isLow(line.left) || line.left <= quantity) ? (
                  <p className="text-xs font-medium text-amber-700" data-testid="few-left">
                    Only {line.left} left
                  </p>
                ) : null}
              </>
            )}
          </div>
        </div>
      </div>
      <p className="cart-line-amount" data-testid="line-amount">
        {unavailable ? "—" : formatMoney(line.lineCents, currency, locale)}
      </p>
      <div className="cart-line-remove">
        <SubmitButton
          form={CART_REMOVE_FORM}
          name="line"
          value={line.key}
          aria-label={`Remove one ${name} from the cart`}
          variant="bare"
          className="cart-remove"
        >
          Remove
        </SubmitButton>
      </div>
    </li>
  );
}

/**
 * The quantity choice (1 to 9, or more when the line already holds more), in the cart's one quantity form
 * (CartLinesForm, CART_QUANTITY_FORM): its select is named by the line (`quantity:<cart key>`), its Update button adds
 * `line=<cart key>`, so the form says which line changes and to what.
 */
function QuantityChoice({ line, name, maxChoice }: { line: ShownCartLine; name: string; maxChoice: number }) {
  // Without JavaScript the Update button submits; with it, choosing a quantity submits by itself (with the
  // line's Update button as the submitter, hidden then, so the line is named as without JavaScript).
  const hydrated = useHydrated();
  const id = `qty-${line.key}`;
  return (
    <div className="cart-qty">
      <label htmlFor={id}>Qty:</label>
      <select
        id={id}
        form={CART_QUANTITY_FORM}
        name={`quantity:${line.key}`}
        defaultValue={line.quantity}
        key={line.quantity}
        aria-label={`Quantity of ${name}`}
        onChange={(event) => {
          const update = event.currentTarget.nextElementSibling;
          event.currentTarget.form?.requestSubmit(update instanceof HTMLButtonElement ? update : null);
        }}
      >
        {Array.from({ length: maxChoice }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <SubmitButton
        hidden={hydrated}
        form={CART_QUANTITY_FORM}
        name="line"
        value={line.key}
        variant="bare"
        className="cart-update"
        aria-label={`Update quantity of ${name}`}
      >
        Update
      </SubmitButton>
    </div>
  );
}

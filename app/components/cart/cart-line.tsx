import { Form, Link } from "react-router";
import { SubmitButton } from "#app/components/button.tsx";
import { thumbnailUrl } from "#app/lib/images.ts";
import { CART_INTENTS } from "#app/lib/intents.ts";
import { formatMoney } from "#app/lib/money.ts";
import { productPath } from "#app/lib/product-links.ts";
import { useShop } from "#app/lib/shop.ts";
import { isLow, lineName } from "#app/lib/sizes.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { CartLine } from "#app/modules/cart/index.server.ts";

const UNAVAILABLE: Record<NonNullable<CartLine["unavailable"]>, string> = {
  "out-of-stock": "Out of stock",
  removed: "No longer available",
  gone: "No longer available",
  "no-size": "This size is no longer available",
  "sold-out": "Sold out",
};

/** The line's product id and size, as every form of a line sends them. */
function LineFields({ line, here }: { line: CartLine; here: string }) {
  return (
    <>
      <input type="hidden" name="productId" value={line.productId} />
      {line.size ? <input type="hidden" name="size" value={line.size} /> : null}
      <input type="hidden" name="redirectTo" value={here} />
    </>
  );
}

/** A cart line: picture, name, size, quantity (or why it cannot be bought), amount and Remove. */
export function CartLineRow({ line, here }: { line: CartLine; here: string }) {
  const { product, quantity, unavailable } = line;
  const { currency } = useShop();
  // Names say the size, so two lines of one product are told apart ('Linen Shirt, M').
  const name = product ? lineName(product.name, line.size) : "Product no longer available";
  return (
    // On a phone the amount and Remove stand in a narrow column of their own beside the product, so nothing
    // is pushed past the screen's edge; from md up the three columns line up under the list's headings.
    <li
      className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 py-4 text-sm md:grid-cols-[2fr_1fr_1fr] md:gap-2 md:text-base"
      data-testid="cart-line"
    >
      <div className="row-span-2 flex min-w-0 items-center gap-3 md:row-span-1 md:gap-6">
        <div className="flex h-16 w-16 shrink-0 items-center justify-center overflow-hidden rounded border border-gray-300 bg-white md:h-24 md:w-24">
          {product?.image ? (
            <img src={thumbnailUrl(product.image)} alt="" className="h-full max-w-full object-cover" />
          ) : null}
        </div>
        <div className="min-w-0 break-words">
          {product ? (
            <Link
              to={productPath({ id: line.productId, category: product.category })}
              className="font-semibold text-gray-800 hover:text-primary"
            >
              {product.name}
            </Link>
          ) : (
            <p className="font-semibold text-gray-800">{name}</p>
          )}
          <div className="mt-1 text-gray-500">
            {product ? <p>Size: {product.size}</p> : null}
            {unavailable ? (
              <p className="font-medium text-red-600" data-testid="unavailable">
                {UNAVAILABLE[unavailable]}
                {" · not included in the total"}
              </p>
            ) : (
              <>
                <QuantityForm
                  line={line}
                  name={name}
                  // 1 to 9 (or more when the line holds more), never more than is left.
                  maxChoice={Math.min(Math.max(9, quantity), line.left ?? Number.POSITIVE_INFINITY)}
                  here={here}
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
      <p className="self-end text-right md:self-auto md:text-center" data-testid="line-amount">
        {unavailable ? "—" : formatMoney(line.lineCents, currency)}
      </p>
      <Form
        method="post"
        action="/cart"
        preventScrollReset
        className="self-start text-right md:self-auto md:text-center"
      >
        <input type="hidden" name="intent" value={CART_INTENTS.remove} />
        <LineFields line={line} here={here} />
        <SubmitButton aria-label={`Remove one ${name} from the cart`} variant="danger" size="sm">
          Remove
        </SubmitButton>
      </Form>
    </li>
  );
}

/** The quantity choice (1 to 9, or more when the line already holds more). */
function QuantityForm({
  line,
  name,
  maxChoice,
  here,
}: {
  line: CartLine;
  name: string;
  maxChoice: number;
  here: string;
}) {
  // Without JavaScript the Update button submits; with it, choosing a quantity submits by itself.
  const hydrated = useHydrated();
  const id = `qty-${line.key}`;
  return (
    <Form method="post" action="/cart" preventScrollReset className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value={CART_INTENTS.setQuantity} />
      <LineFields line={line} here={here} />
      <label htmlFor={id}>Qty:</label>
      <select
        id={id}
        name="quantity"
        defaultValue={line.quantity}
        key={line.quantity}
        aria-label={`Quantity of ${name}`}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
        className="border border-gray-300 bg-white px-1 outline-none"
      >
        {Array.from({ length: maxChoice }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <SubmitButton hidden={hydrated} variant="quiet" size="sm" aria-label={`Update quantity of ${name}`}>
        Update
      </SubmitButton>
    </Form>
  );
}

import { Link, useLocation } from "react-router";
import {
  CART_QUANTITY_FORM,
  CART_REMOVE_FORM,
  CartLineRow,
  CartLinesForm,
  type ShownCartLine,
} from "#app/components/cart/cart-line.tsx";
import { OrderSummary } from "#app/components/cart/order-summary.tsx";
import { FormError } from "#app/components/form-messages.tsx";
import { formErrorOf, typedValue } from "#app/lib/form-reply.ts";
import { CART_INTENTS } from "#app/lib/intents.ts";
import type { Totals } from "#app/lib/money.ts";
import { PageIsland } from "#app/lib/visitor.tsx";

/** What the cart page shows: its loader's data (app/routes/cart-page.server.ts). */
export type CartPageData = {
  signedIn: boolean;
  lines: ShownCartLine[];
  totals: Totals;
  discount: { code: string; discountCents: number; refusal: string | null } | null;
  count: number;
  stockChanges: string[];
  addresses: { id: string; label: string }[];
  selectedAddressId: string | null;
  onlinePaymentTestMode: boolean;
  onlinePayment: boolean;
  requestKey: string;
};

/** The cart page's body (all of it that is the shopper's: the lines, the summary, the messages) and its data's island. */
export function CartBody({ page, actionData }: { page: CartPageData; actionData: unknown }) {
  const { lines, count, stockChanges } = page;
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  // A refused Place Order is said next to its button; a refused line change above the lines. Either way the
  // page opens at (focuses) the message.
  const refusal = formErrorOf(actionData);
  const intent = typedValue(actionData, "intent");
  const orderRefused = intent === CART_INTENTS.placeOrder;
  // A refused code is said under the code field.
  const codeRefused = intent === CART_INTENTS.applyCode;
  // An empty cart has nothing to sum up or order: no summary, and a refusal (the last line went meanwhile) is
  // said above, where the summary would have said it.
  const empty = lines.length === 0;
  return (
    <>
      <div className="flex flex-col gap-10 py-12 lg:flex-row">
        <section className="flex-1" aria-labelledby="cart-heading">
          <h1 id="cart-heading" className="mb-6 text-3xl font-medium text-gray-800">
            Shopping Cart <span className="text-sm text-primary">{count === 1 ? "1 Item" : `${count} Items`}</span>
          </h1>
          <FormError message={!empty && (orderRefused || codeRefused) ? null : refusal} focus />
          <StockChanges notices={stockChanges} />
          {empty ? (
            <p className="mt-4 text-gray-500">Your cart is empty.</p>
          ) : (
            <>
              <div className="mt-4 hidden grid-cols-[2fr_1fr_1fr] pb-3 text-base font-medium text-gray-500 md:grid">
                <p>Product Details</p>
                <p className="text-center">Subtotal</p>
                <p className="text-center">Action</p>
              </div>
              <CartLinesForm id={CART_QUANTITY_FORM} intent={CART_INTENTS.setQuantity} here={here} />
              <CartLinesForm id={CART_REMOVE_FORM} intent={CART_INTENTS.remove} here={here} />
              <ul className="divide-y divide-gray-200 border-t border-gray-200 md:border-t-0">
                {lines.map((line, index) => (
                  <CartLineRow key={line.key} line={line} discover={index === 0 ? undefined : "none"} />
                ))}
              </ul>
            </>
          )}
          <Link to="/products" className="mt-8 inline-flex items-center gap-2 font-medium text-primary">
            <span aria-hidden="true">←</span> Continue shopping
          </Link>
        </section>
        {empty ? null : (
          <OrderSummary
            cart={page}
            reply={actionData}
            error={orderRefused ? refusal : null}
            codeError={codeRefused ? refusal : null}
            here={here}
            orderable={lines.some((line) => !line.unavailable)}
          />
        )}
      </div>
      <PageIsland data={page} />
    </>
  );
}

/** Lines the cart cut to what is left since the shopper last saw it: which, and why. */
function StockChanges({ notices }: { notices: string[] }) {
  if (notices.length === 0) return null;
  return (
    <ul
      role="status"
      data-testid="stock-changes"
      className="mb-4 space-y-1 rounded border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800"
    >
      {notices.map((notice) => (
        <li key={notice}>{notice}.</li>
      ))}
    </ul>
  );
}

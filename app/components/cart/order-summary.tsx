import { Form, Link } from "react-router";
import { SubmitButton } from "#app/components/button.tsx";
import { FieldError, FormError } from "#app/components/form-messages.tsx";
import { typedValue } from "#app/lib/form-reply.ts";
import { CART_INTENTS } from "#app/lib/intents.ts";
import { formatMoney, formatTaxRate, type Totals, toDecimalText } from "#app/lib/money.ts";
import { useDetailsMenu } from "#app/lib/use-details-menu.ts";
import { POLICIES, useShop } from "#app/modules/shop/shared/shop.ts";

type SummaryData = {
  signedIn: boolean;
  totals: Totals;
  /** The code the cart carries: what it takes off now, or why it does not apply. */
  discount: { code: string; discountCents: number; refusal: string | null } | null;
  addresses: { id: string; label: string }[];
  selectedAddressId: string | null;
  onlinePayment: boolean;
  onlinePaymentTestMode: boolean;
  requestKey: string;
};

/**
 * The cart's side panel: delivery address, payment method, totals and Place Order. With nothing that can be
 * bought (an empty cart, or only lines that are out of stock) there is no Place Order button, only why:
 * a button that can only be refused would invite a click for nothing.
 */
export function OrderSummary({
  cart,
  reply,
  error,
  codeError,
  here,
  orderable,
}: {
  cart: SummaryData;
  reply: unknown;
  /** Why Place Order was refused, said next to the button. */
  error: string | null;
  /** Why the code typed was refused, said under the code field. */
  codeError: string | null;
  here: string;
  orderable: boolean;
}) {
  const { signedIn, totals, addresses, selectedAddressId, onlinePayment, onlinePaymentTestMode, requestKey } = cart;
  const addressMenu = useDetailsMenu();
  const shop = useShop();
  const money = (amount: number) => formatMoney(amount, shop.currency, shop.locale);
  const rate = formatTaxRate(shop.taxRateBasisPoints);
  const selected = addresses.find((a) => a.id === selectedAddressId) ?? null;
  // After a refusal the shopper's choice stays chosen.
  const paymentType = typedValue(reply, "paymentType") === "Online" && onlinePayment ? "Online" : "COD";
  return (
    <aside
      className="h-fit w-full rounded border border-gray-200 bg-gray-50 p-5 lg:max-w-[360px]"
      aria-labelledby="summary-heading"
    >
      <h2 id="summary-heading" className="text-xl font-medium text-gray-800">
        Order Summary
      </h2>
      <hr className="my-5 border-gray-300" />

      <h3 className="text-sm font-medium uppercase text-gray-700">Delivery Address</h3>
      {signedIn ? (
        <div className="mt-2 text-sm">
          <p className="text-gray-600" data-testid="selected-address">
            {selected ? selected.label : "No address found"}
          </p>
          {addresses.length === 0 ? (
            // Nothing to change yet: the one thing to do is add one.
            <Link to="/add-address" className="mt-2 inline-block text-primary hover:underline">
              Add address
            </Link>
          ) : (
            <details ref={addressMenu} className="menu mt-2">
              <summary className="cursor-pointer text-primary hover:underline">Change</summary>
              <ul className="mt-2 rounded border border-gray-300 bg-white py-1">
                {addresses.map((a) => (
                  <li key={a.id}>
                    <Link
                      to={`/cart?address=${a.id}`}
                      preventScrollReset
                      aria-current={a.id === selectedAddressId ? "true" : undefined}
                      className="block px-3 py-2 text-gray-600 hover:bg-gray-100 aria-[current]:font-medium"
                    >
                      {a.label}
                    </Link>
                  </li>
                ))}
                <li>
                  <Link to="/add-address" className="block px-3 py-2 text-center text-primary hover:bg-primary/10">
                    Add address
                  </Link>
                </li>
              </ul>
            </details>
          )}
        </div>
      ) : (
        <p className="mt-2 text-sm text-gray-600">
          <Link to={`${here.split("?")[0]}?login`} className="text-primary underline">
            Log in
          </Link>{" "}
          to choose a delivery address.
        </p>
      )}

      <DiscountCodeForm discount={cart.discount} reply={reply} error={codeError} here={here} />

      <Form method="post" action="/cart" className="mt-6">
        <input type="hidden" name="intent" value={CART_INTENTS.placeOrder} />
        <input type="hidden" name="requestKey" value={requestKey} />
        {/* The total this page shows: Place Order is refused if the order would now cost more. */}
        <input type="hidden" name="shownTotal" value={toDecimalText(totals.totalCents, shop.currency)} />
        <input type="hidden" name="addressId" value={selected?.id ?? ""} />
        <input type="hidden" name="redirectTo" value={here} />
        <label htmlFor="paymentType" className="text-sm font-medium uppercase text-gray-700">
          Payment Method
        </label>
        <select
          id="paymentType"
          name="paymentType"
          defaultValue={paymentType}
          key={paymentType}
          aria-describedby={onlinePaymentTestMode ? "payment-test-mode" : onlinePayment ? undefined : "payment-off"}
          className="mt-2 w-full border border-gray-300 bg-white px-3 py-2 outline-none"
        >
          <option value="COD">Cash On Delivery</option>
          {onlinePayment ? <option value="Online">Online Payment</option> : null}
        </select>
        {onlinePayment ? null : (
          <p id="payment-off" className="mt-2 text-xs text-amber-700">
            Online payment is not available at the moment.
          </p>
        )}
        {onlinePaymentTestMode ? (
          <p id="payment-test-mode" className="mt-2 text-xs text-amber-700">
            Online Payment is in test mode: no real money is taken.
          </p>
        ) : null}

        <hr className="my-5 border-gray-300" />
        <dl className="space-y-2 text-gray-600">
          <div className="flex justify-between">
            <dt>Price</dt>
            <dd data-testid="cart-price">{money(totals.subtotalCents)}</dd>
          </div>
          {totals.discountCents > 0 && cart.discount ? (
            <div className="flex justify-between text-green-700">
              <dt>Discount ({cart.discount.code})</dt>
              <dd data-testid="cart-discount">−{money(totals.discountCents)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between">
            <dt>Shipping Fee</dt>
            <dd data-testid="cart-shipping" className={totals.shippingCents === 0 ? "text-green-600" : ""}>
              {totals.shippingCents === 0 ? "Free" : money(totals.shippingCents)}
            </dd>
          </div>
          <div className="flex justify-between">
            {/* Prices that include the tax: the tax is shown as part of them, never added again. */}
            <dt data-testid="cart-tax-label">{totals.taxIncluded ? `Includes tax (${rate})` : `Tax (${rate})`}</dt>
            <dd data-testid="cart-tax">{money(totals.taxCents)}</dd>
          </div>
          <div className="mt-3 flex justify-between text-lg font-medium text-gray-800">
            <dt>Total Amount:</dt>
            <dd data-testid="cart-total">{money(totals.totalCents)}</dd>
          </div>
          {shop.freeShippingFromCents !== null && totals.shippingCents > 0 ? (
            <p className="text-xs text-gray-500" data-testid="free-shipping-note">
              Free shipping from {money(shop.freeShippingFromCents)}.
            </p>
          ) : null}
        </dl>
        {error ? (
          <div className="mt-6">
            <FormError message={error} focus />
          </div>
        ) : null}
        {orderable ? (
          <SubmitButton size="lg" block className="mt-6">
            Place Order
          </SubmitButton>
        ) : null}
        {orderable ? (
          <p className="mt-3 text-xs text-gray-500" data-testid="checkout-policies">
            By placing an order you accept our{" "}
            {POLICIES.map((policy, i) => (
              <span key={policy.slug}>
                {i > 0 ? (i === POLICIES.length - 1 ? " and " : ", ") : ""}
                <Link to={`/policies/${policy.slug}`} className="underline hover:text-primary">
                  {policy.title.toLowerCase()}
                </Link>
              </span>
            ))}
            .
          </p>
        ) : (
          <p className="mt-6 rounded-control bg-gray-100 px-4 py-3 text-center text-sm" data-testid="nothing-to-order">
            Add a product to your cart to place an order.
          </p>
        )}
      </Form>
    </aside>
  );
}

/**
 * The cart's one discount code: a field to apply one (plain form post), or the code applied with what it
 * takes off (or why it does not apply now) and Remove.
 */
function DiscountCodeForm({
  discount,
  reply,
  error,
  here,
}: {
  discount: SummaryData["discount"];
  reply: unknown;
  error: string | null;
  here: string;
}) {
  if (discount) {
    return (
      <section className="mt-6 text-sm" aria-labelledby="code-heading">
        <h3 id="code-heading" className="font-medium uppercase text-gray-700">
          Discount Code
        </h3>
        <div className="mt-2 flex items-center justify-between gap-2">
          <p data-testid="applied-code">
            <span className="font-medium text-gray-800">{discount.code}</span>
            {discount.refusal ? null : <span className="text-green-700"> applied</span>}
          </p>
          <Form method="post" action="/cart" preventScrollReset>
            <input type="hidden" name="intent" value={CART_INTENTS.removeCode} />
            <input type="hidden" name="redirectTo" value={here} />
            <SubmitButton variant="quiet" size="sm" aria-label={`Remove the code ${discount.code}`}>
              Remove
            </SubmitButton>
          </Form>
        </div>
        {discount.refusal ? (
          <p className="mt-1 text-xs text-amber-700" role="status" data-testid="code-refusal">
            {discount.refusal}
          </p>
        ) : null}
      </section>
    );
  }
  return (
    <Form method="post" action="/cart" preventScrollReset className="mt-6 text-sm">
      <input type="hidden" name="intent" value={CART_INTENTS.applyCode} />
      <input type="hidden" name="redirectTo" value={here} />
      <label htmlFor="discount-code" className="font-medium uppercase text-gray-700">
        Discount Code
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id="discount-code"
          name="code"
          autoComplete="off"
          maxLength={64}
          defaultValue={typedValue(reply, "code") ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "discount-code-error" : undefined}
          className="min-w-0 flex-1 border border-gray-300 bg-white px-3 py-2 uppercase outline-none"
        />
        <SubmitButton variant="quiet" size="sm">
          Apply
        </SubmitButton>
      </div>
      <FieldError id="discount-code-error" errors={error} focus />
    </Form>
  );
}

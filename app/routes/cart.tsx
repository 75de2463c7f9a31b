import { useEffect, useState } from "react";
import { data, Form, Link, redirectDocument, useLocation } from "react-router";
import { FormError } from "#app/components/form-field.tsx";
import { categorySlug } from "#app/lib/categories.ts";
import { BadRequest, readForm } from "#app/lib/http.server.ts";
import { newToken } from "#app/lib/ids.ts";
import { thumbnailUrl } from "#app/lib/images.ts";
import { formatMoney, TAX_RATE_PERCENT } from "#app/lib/money.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { getUser } from "#app/services/accounts.server.ts";
import { findAddress, listAddresses } from "#app/services/addresses.server.ts";
import {
  CartError,
  type CartLine,
  changeCart,
  getCart,
  parseProductId,
  parseQuantity,
  sameSitePath,
} from "#app/services/cart.server.ts";
import { OrderError, placeOrder } from "#app/services/orders.server.ts";
import {
  cancelCheckoutAndRestoreCart,
  isSandboxMode,
  onlinePaymentAvailable,
  startOnlineCheckout,
} from "#app/services/payments.server.ts";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = () => [{ title: "Cart | Trendora" }];

const PAYMENT_TYPES = ["COD", "Online"] as const;
type PaymentChoice = (typeof PAYMENT_TYPES)[number];
/** A refused cart action: the message, and the payment method the shopper had chosen. */
type Refusal = { formError: string; paymentType?: PaymentChoice };

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  const search = new URL(request.url).searchParams;
  // Back from Cancel on the checkout page (issue #4): the unpaid order's items come back into the cart.
  if (user && search.get("checkout") === "cancelled") {
    const { next } = await cancelCheckoutAndRestoreCart(user.id, search.get("order"));
    if (next) throw await redirectWithToast(request, next.redirectTo, next.toast);
  }
  const cart = await getCart(request, user?.id ?? null);
  const addresses = user ? listAddresses(user.id) : [];
  // The chosen address travels in the URL (?address=<id>); the first saved one is the default.
  const chosenId = search.get("address");
  const chosen = (user && chosenId ? findAddress(user.id, chosenId) : null) ?? addresses[0] ?? null;
  return data(
    {
      signedIn: Boolean(user),
      lines: cart.lines,
      totals: cart.totals,
      count: cart.count,
      addresses: addresses.map((a) => ({ id: a.id, label: addressLabel(a) })),
      selectedAddressId: chosen?.id ?? null,
      onlinePaymentTestMode: isSandboxMode(),
      // Off (production without a Stripe key): Cash on Delivery only; a forged Online post is refused.
      onlinePayment: onlinePaymentAvailable(),
      // A fresh token per render: the same Place Order form submitted twice creates one order.
      requestKey: newToken(),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

function addressLabel(a: { street: string; city: string; state: string; country: string }) {
  return [a.street, a.city, a.state, a.country].filter(Boolean).join(", ");
}

export async function action({ request }: Route.ActionArgs) {
  let form: URLSearchParams;
  try {
    form = await readForm(request);
  } catch (error) {
    if (error instanceof BadRequest) return data<Refusal>({ formError: error.message }, { status: error.status });
    throw error;
  }
  const user = await getUser(request);
  const intent = form.get("intent");
  try {
    switch (intent) {
      case "add":
      case "buy-now":
      case "set-quantity":
      case "remove": {
        const productId = parseProductId(form.get("productId"));
        const change =
          intent === "set-quantity"
            ? { op: "set" as const, productId, quantity: parseQuantity(form.get("quantity")) }
            : { op: intent === "remove" ? ("remove" as const) : ("add" as const), productId };
        const { message, cookies } = await changeCart(request, user?.id ?? null, change);
        const headers = new Headers();
        for (const cookie of cookies) headers.append("Set-Cookie", cookie);
        // Buy now goes to the cart; everything else back to where the shopper was.
        const to = intent === "buy-now" ? "/cart" : sameSitePath(form.get("redirectTo"));
        return redirectWithToast(request, to, { type: "success", message }, { headers });
      }
      case "place-order":
        return placeOrderAction(request, form, user);
      default:
        return data<Refusal>({ formError: "Unknown cart action." }, { status: 400 });
    }
  } catch (error) {
    if (error instanceof CartError) return data<Refusal>({ formError: error.message }, { status: error.status });
    throw error;
  }
}

async function placeOrderAction(request: Request, form: URLSearchParams, user: { id: string } | null) {
  const back = sameSitePath(form.get("redirectTo"));
  if (!user) {
    const loginUrl = `${new URL(back, "http://x").pathname}?login`;
    return redirectWithToast(request, loginUrl, { type: "error", message: "Please log in to place your order." });
  }
  const paymentType = form.get("paymentType") ?? "COD";
  if (!PAYMENT_TYPES.includes(paymentType as PaymentChoice)) {
    return data<Refusal>({ formError: "Please choose a payment method.", paymentType: "COD" }, { status: 400 });
  }

  // ── Online payment (issue #4): an unpaid order and its Stripe Checkout Session; the browser goes to pay ──
  if (paymentType === "Online") {
    const cart = await getCart(request, user.id);
    try {
      const { url } = await startOnlineCheckout({
        userId: user.id,
        addressId: form.get("addressId"),
        items: cart.orderable,
        requestKey: form.get("requestKey"),
        origin: new URL(request.url).origin,
      });
      // A full page load: the checkout page is not part of this app (Stripe's, or the sandbox's).
      return redirectDocument(url, 303);
    } catch (error) {
      if (error instanceof OrderError)
        return data<Refusal>({ formError: error.message, paymentType: "Online" }, { status: error.status });
      throw error;
    }
  }

  // ── Cash on delivery ──
  const cart = await getCart(request, user.id);
  try {
    const { created } = placeOrder({
      userId: user.id,
      addressId: form.get("addressId"),
      items: cart.orderable,
      paymentType: "COD",
      requestKey: form.get("requestKey"),
    });
    return redirectWithToast(request, "/my-orders", {
      type: "success",
      message: created ? "Order Placed Successfully" : "This order has already been placed.",
    });
  } catch (error) {
    if (error instanceof OrderError)
      return data<Refusal>({ formError: error.message, paymentType: "COD" }, { status: error.status });
    throw error;
  }
}

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  const { lines, totals, count, addresses, selectedAddressId, requestKey, signedIn, onlinePaymentTestMode } =
    loaderData;
  const { onlinePayment } = loaderData;
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const selected = addresses.find((a) => a.id === selectedAddressId) ?? null;
  const paymentType = actionData?.paymentType ?? "COD";

  return (
    <div className="flex flex-col gap-10 py-12 lg:flex-row">
      <section className="flex-1" aria-labelledby="cart-heading">
        <h1 id="cart-heading" className="mb-6 text-3xl font-medium text-gray-800">
          Shopping Cart <span className="text-sm text-primary">{count} Items</span>
        </h1>
        <FormError message={actionData?.formError} />
        {lines.length === 0 ? (
          <p className="mt-4 text-gray-500">Your cart is empty.</p>
        ) : (
          <>
            <div className="mt-4 hidden grid-cols-[2fr_1fr_1fr] pb-3 text-base font-medium text-gray-500 md:grid">
              <p>Product Details</p>
              <p className="text-center">Subtotal</p>
              <p className="text-center">Action</p>
            </div>
            <ul className="divide-y divide-gray-200 border-t border-gray-200 md:border-t-0">
              {lines.map((line) => (
                <CartLineRow key={line.productId} line={line} here={here} />
              ))}
            </ul>
          </>
        )}
        <Link to="/products" className="mt-8 inline-flex items-center gap-2 font-medium text-primary">
          <span aria-hidden="true">←</span> Continue shopping
        </Link>
      </section>

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
            <details className="menu mt-2">
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
          </div>
        ) : (
          <p className="mt-2 text-sm text-gray-600">
            <Link to={`${location.pathname}?login`} className="text-primary underline">
              Log in
            </Link>{" "}
            to choose a delivery address.
          </p>
        )}

        <Form method="post" action="/cart" className="mt-6">
          <input type="hidden" name="intent" value="place-order" />
          <input type="hidden" name="requestKey" value={requestKey} />
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
              <dd data-testid="cart-price">{formatMoney(totals.subtotalCents)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Shipping Fee</dt>
              <dd className="text-green-600">
                {totals.shippingCents === 0 ? "Free" : formatMoney(totals.shippingCents)}
              </dd>
            </div>
            <div className="flex justify-between">
              <dt>Tax ({TAX_RATE_PERCENT}%)</dt>
              <dd data-testid="cart-tax">{formatMoney(totals.taxCents)}</dd>
            </div>
            <div className="mt-3 flex justify-between text-lg font-medium text-gray-800">
              <dt>Total Amount:</dt>
              <dd data-testid="cart-total">{formatMoney(totals.totalCents)}</dd>
            </div>
          </dl>
          <button
            type="submit"
            className="mt-6 w-full cursor-pointer bg-primary py-3 font-medium text-white transition hover:bg-primary-dull"
          >
            Place Order
          </button>
        </Form>
      </aside>
    </div>
  );
}

function CartLineRow({ line, here }: { line: CartLine; here: string }) {
  const { product, quantity, unavailable } = line;
  const name = product?.name ?? "Product no longer available";
  const maxChoice = Math.max(9, quantity);
  return (
    <li className="grid grid-cols-[2fr_1fr_1fr] items-center gap-2 py-4 text-sm md:text-base">
      <div className="flex items-center gap-3 md:gap-6">
        <div className="flex h-16 w-16 shrink-0 items-center justify-center overflow-hidden rounded border border-gray-300 bg-white md:h-24 md:w-24">
          {product?.image ? (
            <img src={thumbnailUrl(product.image)} alt="" className="h-full max-w-full object-cover" />
          ) : null}
        </div>
        <div>
          {product ? (
            <Link
              to={`/products/${categorySlug(product.category)}/${line.productId}`}
              className="font-semibold text-gray-800 hover:text-primary"
            >
              {name}
            </Link>
          ) : (
            <p className="font-semibold text-gray-800">{name}</p>
          )}
          <div className="mt-1 text-gray-500">
            {product ? <p>Size: {product.size}</p> : null}
            {unavailable ? (
              <p className="font-medium text-red-600" data-testid="unavailable">
                {unavailable === "out-of-stock" ? "Out of stock" : "No longer available"}
                {" · not included in the total"}
              </p>
            ) : (
              <QuantityForm line={line} name={name} maxChoice={maxChoice} here={here} />
            )}
          </div>
        </div>
      </div>
      <p className="text-center" data-testid="line-amount">
        {unavailable ? "—" : formatMoney(line.lineCents)}
      </p>
      <Form method="post" action="/cart" preventScrollReset className="text-center">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="productId" value={line.productId} />
        <input type="hidden" name="redirectTo" value={here} />
        <button
          type="submit"
          aria-label={`Remove one ${name} from the cart`}
          className="rounded-full px-3 py-1 text-red-600 hover:bg-red-50"
        >
          Remove
        </button>
      </Form>
    </li>
  );
}

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
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const id = `qty-${line.productId}`;
  return (
    <Form method="post" action="/cart" preventScrollReset className="flex items-center gap-2">
      <input type="hidden" name="intent" value="set-quantity" />
      <input type="hidden" name="productId" value={line.productId} />
      <input type="hidden" name="redirectTo" value={here} />
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
      <button
        type="submit"
        hidden={hydrated}
        className="rounded border border-gray-300 px-2 text-xs hover:bg-gray-100"
        aria-label={`Update quantity of ${name}`}
      >
        Update
      </button>
    </Form>
  );
}

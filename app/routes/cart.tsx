import { data, Link, redirectDocument, type ShouldRevalidateFunction, useLocation } from "react-router";
import { CartLineRow, CartQuantityForm, CartRemoveForm, type ShownCartLine } from "#app/components/cart/cart-line.tsx";
import { OrderSummary } from "#app/components/cart/order-summary.tsx";
import { FormError } from "#app/components/form-messages.tsx";
import { formAction } from "#app/lib/form-reply.server.ts";
import { formErrorOf, typedValue } from "#app/lib/form-reply.ts";
import { newToken } from "#app/lib/ids.ts";
import { CART_INTENTS } from "#app/lib/intents.ts";
import { computeTotals } from "#app/lib/money.ts";
import { safeRedirect } from "#app/lib/safe-redirect.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { shopOf } from "#app/lib/shop.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { shopperOf } from "#app/middleware/identity.server.ts";
import { type CartLine, settleCart } from "#app/modules/cart/index.server.ts";
import {
  cancelCheckout,
  isSandboxMode,
  onlinePaymentAvailable,
  placeCartOrder,
} from "#app/modules/checkout/index.server.ts";
import {
  applyCartCode,
  cartDiscount,
  cartDiscountLines,
  readCartCode,
  removeCartCode,
  savedCartCode,
} from "#app/modules/discounts/index.server.ts";
import type { ShopperUser } from "#app/modules/identity/index.server.ts";
import { addressLabel, listAddresses } from "#app/modules/identity/index.server.ts";
import { shopPricing, shopSettings } from "#app/modules/shop/index.server.ts";
import type { Route } from "./+types/cart";
import { answerCartChange } from "./cart-change.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Cart",
    description: `Your ${shopOf(matches).name} cart: delivery address, payment and totals.`,
    path: "/cart",
    noindex: true,
  });

// A Place Order refused with 409 (stock fell under a line since the page was shown) reads the cart again, so
// the page shows the lines as they are now and says which changed (see root.tsx for the header).
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = shopperOf(context);
  const search = new URL(request.url).searchParams;
  // Back from Cancel on the checkout page: that checkout is closed (the cart still holds its items).
  if (shopper && search.get("checkout") === "cancelled") {
    const next = await cancelCheckout(shopper.id, search.get("order"));
    if (next) throw await redirectWithToast(request, next.redirectTo, next.toast);
  }
  // The shop's settings, read once for the page (its totals and the cart's own).
  const pricing = shopPricing(await shopSettings());
  // Lines cut to what is left are saved that way here, and said (stockChanges) once.
  const { view: cart, notices: stockChanges, cookies } = await settleCart(request, shopper?.id ?? null, pricing);
  // The cart's discount code, checked against the cart as it is now (why not, when it does not apply).
  const applied = await readCartCode(request, shopper?.id ?? null);
  cookies.push(...applied.cookies);
  const discountLines = cartDiscountLines(cart.lines);
  const discount = await cartDiscount(applied.code, shopper?.id ?? null, discountLines);
  const totals = computeTotals(discountLines, pricing, { discountCents: discount?.discountCents ?? 0 });
  const addresses = shopper ? await listAddresses(shopper.id) : [];
  // The chosen address travels in the URL (?address=<id>), one of the shopper's own (listed above); the first
  // saved one is the default.
  const asked = search.get("address");
  const chosen = addresses.find((a) => a.id === asked) ?? addresses[0] ?? null;
  return data(
    {
      signedIn: Boolean(shopper),
      lines: cart.lines.map(shownLine),
      totals,
      discount,
      count: cart.count,
      stockChanges,
      addresses: addresses.map((a) => ({ id: a.id, label: addressLabel(a) })),
      selectedAddressId: chosen?.id ?? null,
      onlinePaymentTestMode: isSandboxMode(),
      // Off (production without a Stripe key): Cash on Delivery only; a forged Online post is refused.
      onlinePayment: onlinePaymentAvailable(),
      // A fresh token per render: the same Place Order form submitted twice creates one order.
      requestKey: newToken(),
    },
    { headers: [["Cache-Control", "private, no-store"], ...cookies.map((c): [string, string] => ["Set-Cookie", c])] },
  );
}

/** A line as the page's data carries it: what the page reads of it, no field twice or unread. */
function shownLine({ key, productId, size, quantity, left, unavailable, lineCents, product }: CartLine): ShownCartLine {
  return {
    key,
    productId,
    size,
    quantity,
    left,
    unavailable,
    lineCents,
    product: product && { name: product.name, category: product.category, image: product.image, size: product.size },
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return formAction(request, async (form) => {
    const shopper = shopperOf(context);
    const intent = form.get("intent");
    if (intent === CART_INTENTS.placeOrder) return placeOrder(request, form, shopper);
    if (intent === CART_INTENTS.applyCode || intent === CART_INTENTS.removeCode) {
      return answerCodeChange(request, form, shopper);
    }
    return answerCartChange(request, form, shopper?.id ?? null);
  });
}

async function placeOrder(request: Request, form: URLSearchParams, shopper: ShopperUser | null) {
  if (!shopper) {
    const back = new URL(safeRedirect(form.get("redirectTo"), "/cart"), request.url).pathname;
    return redirectWithToast(request, `${back}?login`, {
      type: "error",
      message: "Please log in to place your order.",
    });
  }
  const placed = await placeCartOrder({
    shopperId: shopper.id,
    paymentType: form.get("paymentType"),
    addressId: form.get("addressId"),
    requestKey: form.get("requestKey"),
    origin: new URL(request.url).origin,
    // The code the cart carries, checked again as the order is placed.
    discountCode: await savedCartCode(shopper.id),
  });
  // A full page load: the checkout page is not part of this app (Stripe's, or the sandbox's).
  if (placed.paymentType === "Online") return redirectDocument(placed.url, 303);
  return redirectWithToast(request, "/my-orders", {
    type: "success",
    message: placed.created ? "Order Placed Successfully" : "This order has already been placed.",
  });
}

/** Applies the code typed in the cart's code field, or removes the cart's code; back to the cart (303). */
async function answerCodeChange(request: Request, form: URLSearchParams, shopper: ShopperUser | null) {
  const userId = shopper?.id ?? null;
  let answer: { message: string; cookies: string[] };
  if (form.get("intent") === CART_INTENTS.removeCode) {
    answer = await removeCartCode(request, userId);
  } else {
    const { view, cookies } = await settleCart(request, userId);
    answer = await applyCartCode(userId, form.get("code"), cartDiscountLines(view.lines));
    answer.cookies.unshift(...cookies);
  }
  const headers = new Headers();
  for (const cookie of answer.cookies) headers.append("Set-Cookie", cookie);
  const to = safeRedirect(form.get("redirectTo"), "/cart");
  return redirectWithToast(request, to, { type: "success", message: answer.message }, { headers });
}

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  const { lines, count, stockChanges } = loaderData;
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  // A refused Place Order is said next to its button; a refused line change above the lines. Either way the
  // page opens at (focuses) the message.
  const refusal = formErrorOf(actionData);
  const intent = typedValue(actionData, "intent");
  const orderRefused = intent === CART_INTENTS.placeOrder;
  // A refused code is said under the code field.
  const codeRefused = intent === CART_INTENTS.applyCode;
  return (
    <div className="flex flex-col gap-10 py-12 lg:flex-row">
      <section className="flex-1" aria-labelledby="cart-heading">
        <h1 id="cart-heading" className="mb-6 text-3xl font-medium text-gray-800">
          Shopping Cart <span className="text-sm text-primary">{count === 1 ? "1 Item" : `${count} Items`}</span>
        </h1>
        <FormError message={orderRefused || codeRefused ? null : refusal} focus />
        <StockChanges notices={stockChanges} />
        {lines.length === 0 ? (
          <p className="mt-4 text-gray-500">Your cart is empty.</p>
        ) : (
          <>
            <div className="mt-4 hidden grid-cols-[2fr_1fr_1fr] pb-3 text-base font-medium text-gray-500 md:grid">
              <p>Product Details</p>
              <p className="text-center">Subtotal</p>
              <p className="text-center">Action</p>
            </div>
            <CartQuantityForm here={here} />
            <CartRemoveForm here={here} />
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
      <OrderSummary
        cart={loaderData}
        reply={actionData}
        error={orderRefused ? refusal : null}
        codeError={codeRefused ? refusal : null}
        here={here}
        orderable={lines.some((line) => !line.unavailable)}
      />
    </div>
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

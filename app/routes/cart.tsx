import { data, redirectDocument, type ShouldRevalidateFunction } from "react-router";
import { CartBody } from "#app/components/cart/cart-page.tsx";
import { formAction } from "#app/lib/form-reply.server.ts";
import { CART_INTENTS } from "#app/lib/intents.ts";
import { clientAddressOf } from "#app/lib/request-client.server.ts";
import { safeRedirect } from "#app/lib/safe-redirect.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { documentIsland } from "#app/lib/visitor.server.ts";
import { usePageIsland } from "#app/lib/visitor.tsx";
import { shopperOf } from "#app/middleware/identity.server.ts";
import { settleCart } from "#app/modules/cart/index.server.ts";
import { cancelCheckout, placeCartOrder } from "#app/modules/checkout/index.server.ts";
import {
  applyCartCode,
  cartDiscountLines,
  removeCartCode,
  savedCartCode,
} from "#app/modules/discounts/index.server.ts";
import type { ShopperUser } from "#app/modules/identity/index.server.ts";
import { placedOrderPath } from "#app/modules/orders/shared/order-status.ts";
import { shopOf } from "#app/modules/shop/shared/shop.ts";
import { pageMeta } from "#app/routes/seo.ts";
import type { Route } from "./+types/cart";
import { answerCartChange } from "./cart-change.server.ts";
import { cartPage } from "./cart-page.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Cart",
    description: `Your ${shopOf(matches).name} cart: delivery address, payment and totals.`,
    path: "/cart",
    noindex: true,
  });

// A Place Order refused with 409 (stock fell under a line since the page was shown) reads the cart again, so
// the page shows the lines as they are now and says which changed (see root.tsx for the header).
// Rendered per request for everyone (decision 0260): neither a shared page nor a template.
// A refusal's Retry-After (too many codes or checkouts) reaches the page too.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  const headers: Record<string, string> = {};
  if (retryAfter) headers["Retry-After"] = retryAfter;
  return headers;
};

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
  const { page, cookies } = await cartPage(request, shopper);
  // A document carries the cart in its page island, not in the hydration data (decision 0205; kept so when the
  // cart's kept shell went, decision 0260: the page is the same).
  return data(documentIsland(context, page), {
    headers: [["Cache-Control", "private, no-store"], ...cookies.map((c): [string, string] => ["Set-Cookie", c])],
  });
}

export function action({ request, context }: Route.ActionArgs) {
  return formAction(request, async (form) => {
    const shopper = shopperOf(context);
    const intent = form.get("intent");
    if (intent === CART_INTENTS.placeOrder) return placeOrder(request, context, form, shopper);
    if (intent === CART_INTENTS.applyCode || intent === CART_INTENTS.removeCode) {
      return answerCodeChange(request, context, form, shopper);
    }
    return answerCartChange(request, form, shopper?.id ?? null);
  });
}

async function placeOrder(
  request: Request,
  context: Route.ActionArgs["context"],
  form: URLSearchParams,
  shopper: ShopperUser | null,
) {
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
    client: clientAddressOf(context),
    // The total the page showed: the order never costs more.
    shownTotal: form.get("shownTotal"),
  });
  // A full page load: the checkout page is not part of this app (Stripe's, or the sandbox's).
  if (placed.paymentType === "Online") return redirectDocument(placed.url, 303);
  return redirectWithToast(request, placedOrderPath(placed.orderId), {
    type: "success",
    message: placed.created ? "Order Placed Successfully" : "This order has already been placed.",
  });
}

/** Applies the code typed in the cart's code field, or removes the cart's code; back to the cart (303). */
async function answerCodeChange(
  request: Request,
  context: Route.ActionArgs["context"],
  form: URLSearchParams,
  shopper: ShopperUser | null,
) {
  const userId = shopper?.id ?? null;
  let answer: { message: string; cookies: string[] };
  if (form.get("intent") === CART_INTENTS.removeCode) {
    answer = await removeCartCode(request, userId);
  } else {
    const { view, cookies } = await settleCart(request, userId);
    const who = { userId, client: clientAddressOf(context) };
    answer = await applyCartCode(who, form.get("code"), cartDiscountLines(view.lines));
    answer.cookies.unshift(...cookies);
  }
  const headers = new Headers();
  for (const cookie of answer.cookies) headers.append("Set-Cookie", cookie);
  const to = safeRedirect(form.get("redirectTo"), "/cart");
  return redirectWithToast(request, to, { type: "success", message: answer.message }, { headers });
}

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  const page = usePageIsland(loaderData);
  return <CartBody page={page} actionData={actionData} />;
}

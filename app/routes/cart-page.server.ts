// The cart page's data, read for its loader (app/routes/cart.tsx): the page is rendered per request
// (decision 0260).
import type { ShownCartLine } from "#app/components/cart/cart-line.tsx";
import type { CartPageData } from "#app/components/cart/cart-page.tsx";
import { newToken } from "#app/lib/ids.ts";
import { computeTotals } from "#app/lib/money.ts";
import { type CartLine, settleCart } from "#app/modules/cart/index.server.ts";
import { isSandboxMode, onlinePaymentAvailable } from "#app/modules/checkout/index.server.ts";
import { cartDiscount, cartDiscountLines, readCartCode } from "#app/modules/discounts/index.server.ts";
import type { ShopperUser } from "#app/modules/identity/index.server.ts";
import { addressLabel, listAddresses } from "#app/modules/identity/index.server.ts";
import { shopPricing, shopSettings } from "#app/modules/shop/index.server.ts";

/**
 * The cart page's data for this request, and the cookies its answer sets (lines cut to what is left, a visitor's
 * code moved to the signed-in cart). Lines cut are saved that way here, and said (stockChanges) once.
 */
export async function cartPage(
  request: Request,
  shopper: ShopperUser | null,
): Promise<{ page: CartPageData; cookies: string[] }> {
  const search = new URL(request.url).searchParams;
  // The shop's settings, read once for the page (its totals and the cart's own).
  const pricing = shopPricing(await shopSettings());
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
  const page: CartPageData = {
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
  };
  return { page, cookies };
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

// The cart page's data, read for its loader (app/routes/cart.tsx) and for filling its kept template
// (server/page-templates.ts, decision 0205): the same function either way, so a filled page and a rendered one
// show the same.

import { randomBytes } from "node:crypto";
import { CartLineRow, type ShownCartLine } from "#app/components/cart/cart-line.tsx";
import { CART_SLOT, CartBody, CartLineMarkerContext, type CartPageData } from "#app/components/cart/cart-page.tsx";
import { newToken } from "#app/lib/ids.ts";
import { computeTotals } from "#app/lib/money.ts";
import { keptContexts, renderInKept } from "#app/lib/template-fill.server.tsx";
import { type CartLine, settleCart } from "#app/modules/cart/index.server.ts";
import { isSandboxMode, onlinePaymentAvailable } from "#app/modules/checkout/index.server.ts";
import { cartDiscount, cartDiscountLines, readCartCode } from "#app/modules/discounts/index.server.ts";
import type { ShopperUser } from "#app/modules/identity/index.server.ts";
import { addressLabel, getUser, listAddresses } from "#app/modules/identity/index.server.ts";
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

/**
 * The cart's body for this request, to fill the cart's kept template (server.ts, after visitorForTemplate has
 * said the page may be filled): the same data the loader reads, rendered alone in the contexts the template's
 * render left, and the cookies the answer sets. Null (render the page per request) for any URL but the cart
 * with at most a chosen address (`?checkout=cancelled` writes and redirects), or a template that left no contexts.
 */
export async function cartForTemplate(
  request: Request,
  kept: unknown,
): Promise<{ fills: Record<string, string>; cookies: string[] } | null> {
  const url = new URL(request.url);
  if (url.pathname !== "/cart" || [...url.searchParams.keys()].some((key) => key !== "address")) return null;
  const contexts = keptContexts(kept, CART_SLOT);
  if (!contexts) return null;
  const { page, cookies } = await cartPage(request, await getUser(request));
  return { fills: { [CART_SLOT]: cartBodyHtml(contexts, page) }, cookies };
}

/** Random per process: no text of a page can fake a line's marker (text and attribute values are escaped). */
const LINE_MARKER = randomBytes(12).toString("hex");
const LINE_MARKERS = new RegExp(`<template data-line="${LINE_MARKER}:(\\d+)"></template>`, "g");
/** Lines' HTML per template's contexts (a new template, a new set), keyed by all a line's row reads. */
const keptLines = new WeakMap<object, Map<string, string>>();
const MAX_KEPT_LINES = 20_000;

/**
 * The cart's body as the page's render gives it: rendered alone with each line a marker, the markers replaced by
 * the lines' HTML, each rendered alone once (CartLineRow reads only its line, whether it is the first, and the
 * contexts) and kept for the template's contexts.
 */
function cartBodyHtml(contexts: Record<string, unknown>, page: CartPageData): string {
  let kept = keptLines.get(contexts);
  if (!kept) {
    kept = new Map();
    keptLines.set(contexts, kept);
  }
  const lines = kept;
  const body = renderInKept(
    contexts,
    page,
    <CartLineMarkerContext.Provider value={LINE_MARKER}>
      <CartBody page={page} actionData={undefined} />
    </CartLineMarkerContext.Provider>,
  );
  return body.replace(LINE_MARKERS, (_, index: string) => {
    const i = Number(index);
    const line = page.lines[i] as ShownCartLine;
    const discover = i === 0 ? undefined : "none";
    const key = JSON.stringify([line, discover ?? null]);
    let html = lines.get(key);
    if (html === undefined) {
      html = renderInKept(contexts, page, <CartLineRow line={line} discover={discover} />);
      if (lines.size >= MAX_KEPT_LINES) lines.clear();
      lines.set(key, html);
    }
    return html;
  });
}

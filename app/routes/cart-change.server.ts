// The cart forms' one adapter: the product page (Add to Cart and Buy now, with the size chosen) and the
// /cart action (cards, cart lines) both change the cart through it and answer the same 303.
import { CART_INTENTS } from "#app/lib/intents.ts";
import { safeRedirect } from "#app/lib/safe-redirect.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { changeCart, parseCartChange } from "#app/modules/cart/index.server.ts";
import { splitCartKey } from "#app/modules/inventory/shared/sizes.ts";

/**
 * Applies the cart change a form asks for (intent, productId, size, quantity; a card's `add=<id>`; a cart line's
 * `line=<key>` with its `quantity:<key>`); Buy now goes to the cart,
 * everything else back to the form's redirectTo (a path on this site) or `fallback`. A refusal is thrown.
 */
export async function answerCartChange(
  request: Request,
  form: URLSearchParams,
  shopperId: string | null,
  fallback = "/cart",
) {
  // A card's Add names its product in `add=<id>` (its grid has one form for every card: SaveCardsForm). A cart
  // line's Remove and Update name their line in `line=<cart key>` (the cart has one form for every line's Remove
  // and one for every line's quantity: CartLinesForm, twice), its new quantity in
  // `quantity:<cart key>`. Every other form sends `intent`, `productId`, `size` and `quantity`.
  const cardAdd = !form.has("intent") && form.has(CART_INTENTS.add);
  const intent = cardAdd ? CART_INTENTS.add : form.get("intent");
  const lineKey =
    (intent === CART_INTENTS.remove || intent === CART_INTENTS.setQuantity) && !form.has("productId")
      ? form.get("line")
      : null;
  const line = lineKey === null ? null : splitCartKey(lineKey);
  const change = parseCartChange({
    intent,
    productId: line ? line.productId : form.get(cardAdd ? CART_INTENTS.add : "productId"),
    size: line ? line.size : form.get("size"),
    quantity: form.get(lineKey === null ? "quantity" : `quantity:${lineKey}`),
  });
  const { message, cookies } = await changeCart(request, shopperId, change);
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  const to = intent === CART_INTENTS.buyNow ? "/cart" : safeRedirect(form.get("redirectTo"), fallback);
  return redirectWithToast(request, to, { type: "success", message }, { headers });
}

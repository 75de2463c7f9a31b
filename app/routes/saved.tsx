import { data, Form, Link, redirect, useLocation } from "react-router";
import { SubmitButton } from "#app/components/button.tsx";
import { CartIcon } from "#app/components/cart-icon.tsx";
import { FieldError, FormError } from "#app/components/form-messages.tsx";
import { formAction } from "#app/lib/form-reply.server.ts";
import { formErrorOf, typedValue } from "#app/lib/form-reply.ts";
import { CART_INTENTS, SAVED_INTENTS } from "#app/lib/intents.ts";
import { formatMoney } from "#app/lib/money.ts";
import { productPath } from "#app/lib/product-links.ts";
import { safeRedirect } from "#app/lib/safe-redirect.ts";
import { toastHeader } from "#app/lib/toast.server.ts";
import { shopperOf } from "#app/middleware/identity.server.ts";
import { thumbnailUrl } from "#app/modules/inventory/shared/images.ts";
import { FREE_SIZE } from "#app/modules/inventory/shared/sizes.ts";
import { changeSaved, listSavedItems, parseSavedChange, type SavedItem } from "#app/modules/saved/index.server.ts";
import { MAX_SAVED_ITEMS } from "#app/modules/saved/shared/saved-limits.ts";
import { shopOf, useShop } from "#app/modules/shop/shared/shop.ts";
import { pageMeta } from "#app/routes/seo.ts";
import type { Route } from "./+types/saved";
import { answerCartChange } from "./cart-change.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Saved items",
    description: `The products you saved at ${shopOf(matches).name}, with their price and stock now.`,
    path: "/saved",
    noindex: true,
  });

// A visitor's saved items (their cookie) or a signed-in shopper's, with their price and stock now.
export async function loader({ request, context }: Route.LoaderArgs) {
  const items = await listSavedItems(request, shopperOf(context)?.id ?? null);
  return data({ items, signedIn: Boolean(shopperOf(context)) }, { headers: { "Cache-Control": "private, no-store" } });
}

// Every Save button posts here (and comes back to its page with a 303); the page's own Add to Cart and Remove
// too. With JavaScript a Save button's fetcher says `fetcher=1` and gets a data answer instead: it stays on its
// page (a list grown by Load more keeps its rows), and the root loader, read again, brings the state and toast.
export function action({ request, context }: Route.ActionArgs) {
  return formAction(request, async (form) => {
    const shopperId = shopperOf(context)?.id ?? null;
    const intent = form.get("intent");
    if (intent === CART_INTENTS.add) return answerCartChange(request, form, shopperId, "/saved");
    // A card's Save names its product in the field of what it does (`save=<id>`, `unsave=<id>`): its grid has one
    // form for every card (SaveCardsForm). Other Save buttons send `intent` and `productId`.
    const named = [SAVED_INTENTS.save, SAVED_INTENTS.unsave].find((op) => form.has(op));
    const change = parseSavedChange(
      named ? { intent: named, productId: form.get(named) } : { intent, productId: form.get("productId") },
    );
    const { message, cookies } = await changeSaved(request, shopperId, change);
    const headers = new Headers();
    for (const cookie of cookies) headers.append("Set-Cookie", cookie);
    headers.append("Set-Cookie", await toastHeader(request, { type: "success", message }));
    if (form.get("fetcher") === "1") return data({ saved: change.op === SAVED_INTENTS.save }, { headers });
    return redirect(safeRedirect(form.get("redirectTo"), "/saved"), { status: 303, headers });
  });
}

/** Why a saved product cannot be bought now, or null. */
function unavailableReason(item: SavedItem): string | null {
  if (item.removed) return "No longer available: removed from sale";
  if (!item.inStock) return "Out of stock";
  if (item.soldOut) return "Sold out";
  return null;
}

export default function Saved({ loaderData, actionData }: Route.ComponentProps) {
  const { items, signedIn } = loaderData;
  // A refusal of one line's form is shown at that line; any other above the list.
  const refusedId = typedValue(actionData, "productId");
  const lineRefused = items.some((item) => item.id === refusedId);
  return (
    <div className="py-12">
      <h1 className="mb-2 text-3xl font-medium text-gray-800">
        Saved items{" "}
        <span className="text-sm text-primary">{items.length === 1 ? "1 Item" : `${items.length} Items`}</span>
      </h1>
      <p className="mb-6 text-sm text-gray-500">
        {signedIn
          ? `Kept with your account (up to ${MAX_SAVED_ITEMS}).`
          : `Kept in this browser (up to ${MAX_SAVED_ITEMS}); log in to keep them with your account.`}
      </p>
      <FormError message={lineRefused ? null : formErrorOf(actionData)} focus />
      {items.length === 0 ? (
        <p className="mt-4 text-gray-500">You have no saved items yet. Press Save on a product to keep it here.</p>
      ) : (
        <ul className="divide-y divide-gray-200 border-y border-gray-200">
          {items.map((item) => (
            <SavedLine key={item.id} item={item} reply={item.id === refusedId ? actionData : undefined} />
          ))}
        </ul>
      )}
      <Link to="/products" className="mt-8 inline-flex items-center gap-2 font-medium text-primary">
        <span aria-hidden="true">←</span> Continue shopping
      </Link>
    </div>
  );
}

/** One saved product: picture, name, price and stock now, Add to Cart (with a size when it has sizes), Remove. */
function SavedLine({ item, reply }: { item: SavedItem; reply: unknown }) {
  const { currency, locale } = useShop();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const reason = unavailableReason(item);
  const error = reply ? ((reply as { error?: { size?: string[] } }).error?.size?.[0] ?? formErrorOf(reply)) : null;
  const errorId = `saved-error-${item.id}`;
  const sizeId = `saved-size-${item.id}`;
  const href = productPath(item);
  return (
    <li className="flex flex-col gap-3 py-4 text-sm sm:flex-row sm:items-center md:text-base" data-testid="saved-item">
      <div className="flex min-w-0 flex-1 items-center gap-3 md:gap-6">
        <div className="flex h-16 w-16 shrink-0 items-center justify-center overflow-hidden rounded border border-gray-300 bg-white md:h-24 md:w-24">
          {item.image ? <img src={thumbnailUrl(item.image)} alt="" className="h-full max-w-full object-cover" /> : null}
        </div>
        <div className="min-w-0 break-words">
          {item.removed ? (
            <p className="font-semibold text-gray-800">{item.name}</p>
          ) : (
            <Link to={href} className="font-semibold text-gray-800 hover:text-primary">
              {item.name}
            </Link>
          )}
          <p className="mt-1 flex items-baseline gap-1.5">
            <span className="sr-only">Price now:</span>
            <span className="font-medium text-gray-800" data-testid="saved-price">
              {formatMoney(item.offerPriceCents, currency, locale)}
            </span>
            {item.priceCents > item.offerPriceCents ? (
              <>
                <span className="sr-only">, was</span>
                <s className="text-gray-400">{formatMoney(item.priceCents, currency, locale)}</s>
              </>
            ) : null}
          </p>
          {reason ? (
            <p className="font-medium text-red-600" data-testid="saved-unavailable">
              {reason}
            </p>
          ) : (
            <p className="font-medium text-green-700" data-testid="saved-stock">
              In stock
              {item.fewLeft ? <span className="ml-2 text-amber-700">Only {item.fewLeft} left</span> : null}
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-start gap-3">
        {reason ? null : (
          <Form method="post" preventScrollReset className="flex flex-wrap items-center gap-2" noValidate>
            <input type="hidden" name="productId" value={item.id} />
            <input type="hidden" name="redirectTo" value={here} />
            {item.sizes.length > 0 ? (
              <>
                <label htmlFor={sizeId}>Size</label>
                <select
                  id={sizeId}
                  name="size"
                  defaultValue={typedValue(reply, "size") ?? ""}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  className="min-h-9 rounded border border-gray-300 bg-white px-2 outline-none focus:border-primary"
                >
                  <option value="">Choose a size</option>
                  {item.sizes.map((choice) => (
                    <option key={choice.size} value={choice.size} disabled={!choice.available}>
                      {choice.size}
                      {choice.available ? (choice.fewLeft ? ` (only ${choice.fewLeft} left)` : "") : " (sold out)"}
                    </option>
                  ))}
                </select>
              </>
            ) : (
              <span className="text-gray-500">Size: {FREE_SIZE}</span>
            )}
            <SubmitButton
              name="intent"
              value={CART_INTENTS.add}
              variant="outline"
              size="sm"
              aria-label={`Add ${item.name} to cart`}
            >
              <CartIcon size={14} thin={false} />
              Add to Cart
            </SubmitButton>
          </Form>
        )}
        <Form method="post" preventScrollReset>
          <input type="hidden" name="productId" value={item.id} />
          <input type="hidden" name="redirectTo" value={here} />
          <SubmitButton
            name="intent"
            value={SAVED_INTENTS.unsave}
            variant="danger"
            size="sm"
            aria-label={`Remove ${item.name} from saved items`}
          >
            Remove
          </SubmitButton>
        </Form>
      </div>
      <FieldError id={errorId} errors={error} focus />
    </li>
  );
}

import { useFetcher, useLocation } from "react-router";
import type { FormReply } from "#app/lib/form-reply.ts";
import { formErrorOf } from "#app/lib/form-reply.ts";
import { SAVED_INTENTS } from "#app/lib/intents.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { Slot, useVisitor } from "#app/lib/visitor.tsx";
import { ICON } from "./icons.tsx";

/**
 * A heart, filled when the product is saved (the sprite's heart, app/components/icons.tsx; `.icon` in app.css).
 * Without `size` it is sized by its place in app.css (a card's, `.save-card > .icon`: one of 24 on a page).
 */
export function HeartIcon({ filled, size, inButton = false }: { filled: boolean; size?: number; inButton?: boolean }) {
  return (
    <svg
      width={size}
      height={size}
      className={filled ? "icon icon-filled" : "icon"}
      // Inside a button named by its aria-label (a card's Save) it needs no aria-hidden: a button's content is
      // presentational, never announced apart from the button (one of 24 on a page).
      aria-hidden={inButton ? undefined : "true"}
    >
      <use href={`#${ICON.heart}`} />
    </svg>
  );
}

/**
 * Save (or un-save) a product: a toggle button (aria-pressed) in a form posting to /saved. Without JavaScript
 * a plain post that comes back to this page (303); with it a fetcher that stays on the page (`fetcher=1`: a
 * data answer, no navigation), shown saved at the click.
 * Its state comes from the visitor's saved ids (useVisitor), never from a page's own data: a page kept for
 * visitors without cookies holds nobody's saved state, and a kept template has this button as a slot of its
 * own (`save:<id>`), filled per visitor.
 */
export function SaveButton({
  productId,
  productName,
  variant,
  cardsForm,
}: {
  productId: string;
  productName: string;
  variant: "card" | "page";
  /** A card's: the id of its grid's one Save form (SaveCardsForm). */
  cardsForm?: string;
}) {
  const { isSaved } = useVisitor();
  const fetcher = useFetcher<FormReply | { saved: boolean }>();
  const hydrated = useHydrated();
  const location = useLocation();
  const pending = fetcher.formData?.get("intent");
  const saved = typeof pending === "string" ? pending === SAVED_INTENTS.save : isSaved(productId);
  const error = formErrorOf(fetcher.data);
  const look = "save-button min-h-11 gap-2 rounded-control border border-gray-300 px-4 text-base hover:border-primary";
  const here = `${location.pathname}${location.search}`;
  const op = saved ? SAVED_INTENTS.unsave : SAVED_INTENTS.save;
  const alert = error ? (
    <p role="alert" className="mt-1 text-xs text-red-600">
      {error}
    </p>
  ) : null;
  if (cardsForm) {
    // A card: no form of its own. Without JavaScript the button (a submit button, the default) posts its
    // grid's form (`save=<id>` or `unsave=<id>`, and the page to come back to); with it, the same through this
    // card's fetcher. Its look follows aria-pressed (`.save-card` in app.css); its name is its aria-label, so
    // the word it shows needs no aria-hidden (a button's content is not announced apart from it).
    return (
      <Slot name={`save:${productId}`}>
        <div>
          {/* biome-ignore lint/a11y/useButtonType: a submit button, the default (one of 24 on a page) */}
          <button
            form={cardsForm}
            name={op}
            value={productId}
            aria-pressed={saved}
            aria-label={`Save ${productName}`}
            className="save-card"
            onClick={(event) => {
              event.preventDefault();
              void fetcher.submit(
                { intent: op, productId, redirectTo: here, fetcher: "1" },
                { method: "post", action: "/saved", preventScrollReset: true },
              );
            }}
          >
            <HeartIcon filled={saved} inButton />
            <span>{saved ? "Saved" : "Save"}</span>
          </button>
          {alert}
        </div>
      </Slot>
    );
  }
  return (
    <Slot name={`save:${productId}`}>
      <fetcher.Form
        method="post"
        action="/saved"
        preventScrollReset
        className={variant === "page" ? "mt-4" : undefined}
      >
        <input type="hidden" name="productId" value={productId} />
        <input type="hidden" name="redirectTo" value={here} />
        {hydrated ? <input type="hidden" name="fetcher" value="1" /> : null}
        <button
          type="submit"
          name="intent"
          value={op}
          aria-pressed={saved}
          aria-label={`Save ${productName}`}
          className={`${look} ${saved ? "text-primary" : "save-off"}`}
        >
          <HeartIcon filled={saved} size={variant === "card" ? 16 : 20} />
          <span aria-hidden="true">{saved ? "Saved" : "Save"}</span>
        </button>
        {alert}
      </fetcher.Form>
    </Slot>
  );
}

/**
 * The one form of a grid of cards (issue 22: a form of its own in each of 24 cards, each with the product id and
 * the page to come back to, was about 3.5 KB of /products): it carries only the page to come back to, and each
 * card's Save button (`form=` its id) adds `save=<id>` or `unsave=<id>`; a card's Add (CardAddButton) posts it to
 * /cart (`formaction`) with `add=<id>`.
 */
export function SaveCardsForm({ id }: { id: string }) {
  const location = useLocation();
  return (
    <form id={id} method="post" action="/saved" hidden>
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
    </form>
  );
}

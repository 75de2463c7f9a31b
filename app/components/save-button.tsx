import { useFetcher, useLocation, useRouteLoaderData } from "react-router";
import type { FormReply } from "#app/lib/form-reply.ts";
import { formErrorOf } from "#app/lib/form-reply.ts";
import { SAVED_INTENTS } from "#app/lib/intents.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { ICON } from "./icons.tsx";

/** The product ids the visitor or shopper has saved, from the root loader (never part of a page's own data). */
export function useSavedIds(): string[] {
  return useRouteLoaderData<{ savedIds?: string[] }>("root")?.savedIds ?? [];
}

/** A heart, filled when the product is saved (the sprite's heart, app/components/icons.tsx; `.icon` in app.css). */
export function HeartIcon({ filled, size = 16 }: { filled: boolean; size?: number }) {
  return (
    <svg width={size} height={size} className={filled ? "icon icon-filled" : "icon"} aria-hidden="true">
      <use href={`#${ICON.heart}`} />
    </svg>
  );
}

/**
 * Save (or un-save) a product: a toggle button (aria-pressed) in a form posting to /saved. Without JavaScript
 * a plain post that comes back to this page (303); with it a fetcher that stays on the page (`fetcher=1`: a
 * data answer, no navigation), shown saved at the click.
 * Its state comes from the root loader's savedIds, so a page kept for visitors without cookies never holds
 * anyone's saved state (a visitor who saves gets a cookie, and their pages are rendered for them).
 */
export function SaveButton({
  productId,
  productName,
  variant,
}: {
  productId: string;
  productName: string;
  variant: "card" | "page";
}) {
  const savedIds = useSavedIds();
  const fetcher = useFetcher<FormReply | { saved: boolean }>();
  const hydrated = useHydrated();
  const location = useLocation();
  const pending = fetcher.formData?.get("intent");
  const saved = typeof pending === "string" ? pending === SAVED_INTENTS.save : savedIds.includes(productId);
  const error = formErrorOf(fetcher.data);
  const look =
    variant === "card"
      ? "save-card"
      : "save-button min-h-11 gap-2 rounded-control border border-gray-300 px-4 text-base hover:border-primary";
  return (
    <fetcher.Form method="post" action="/saved" preventScrollReset className={variant === "page" ? "mt-4" : undefined}>
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {hydrated ? <input type="hidden" name="fetcher" value="1" /> : null}
      <button
        type="submit"
        name="intent"
        value={saved ? SAVED_INTENTS.unsave : SAVED_INTENTS.save}
        aria-pressed={saved}
        aria-label={`Save ${productName}`}
        data-testid="save-button"
        className={`${look} ${saved ? "text-primary" : "save-off"}`}
      >
        <HeartIcon filled={saved} size={variant === "card" ? 16 : 20} />
        <span aria-hidden="true">{saved ? "Saved" : "Save"}</span>
      </button>
      {error ? (
        <p role="alert" className="mt-1 text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

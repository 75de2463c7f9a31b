// The visitor's own parts of a page (who is signed in, the cart count, the saved products), kept out of React
// Router's hydration data of documents so that a page rendered once with no visitor can be filled with them
// (server/page-store.ts, docs/decisions/0190-kept-page-templates.md).
//
// A document carries them in a small JSON island (`<script type="application/json" id="visitor">`); a data
// request (a client navigation, the revalidation after an action) gets them in the root loader's data, as
// before. useVisitor() reads the root loader's data when it has them, else the island (read once in the
// browser; on the server, the values the render was given through VisitorRenderContext).
//
// A template render (server/page-store.ts, never something a client can ask for) marks each part that
// depends on the visitor with a Slot: an empty <template> element before and after it, holding the template's
// random token. The filled page has the markers removed, so it is byte for byte what a render for the
// visitor would have been.
import { createContext, type ReactNode, useContext } from "react";
import { useRouteLoaderData } from "react-router";

export type HeaderUser = { name: string } | null;

/** A shopper's own review of a product, as the product page's form shows it. */
export type OwnReview = { rating: number; title: string; body: string; status: string };

/**
 * The viewer's part of a product page's reviews (app/components/reviews/product-reviews.tsx): whether they may
 * review the product, and their own review. Most viewers may not (every visitor, most shoppers): that part is
 * known from whether they are signed in, so a kept template covers it; a buyer who may review (or has reviewed)
 * gets the page rendered for them, with this part in the island.
 */
export type ReviewViewer = { productId: string; canReview: boolean; own: OwnReview | null };

/**
 * The visitor's parts, as the root loader and the island carry them; `review` only on a product page of a
 * viewer who may review it (see ReviewViewer), never in a template.
 */
export type Visitor = { user: HeaderUser; cartCount: number; savedIds: string[]; review?: ReviewViewer };

export const ANONYMOUS: Visitor = { user: null, cartCount: 0, savedIds: [] };

/**
 * A template render: the made-up visitor it renders for, with the marker token and the island's stand-in. For
 * the signed-in template every product is saved (`everySaved`) and the Saved count is a sentinel number.
 */
export type TemplateMode = {
  token: string;
  island: string;
  visitor: Visitor;
  savedCount: number;
  everySaved: boolean;
};

/**
 * What the server's render is given (app/entry.server.tsx); empty in the browser. `page`: the route's own data of
 * a document request, carried in the page's island instead of the hydration data (usePageIsland).
 */
export type VisitorRender = { visitor: Visitor; template: TemplateMode | null; page?: unknown };

export const VisitorRenderContext = createContext<VisitorRender | null>(null);

/** What components read: the parts to show. */
export type VisitorView = {
  user: HeaderUser;
  cartCount: number;
  savedCount: number;
  isSaved: (productId: string) => boolean;
};

/** The island's text: JSON with `<` escaped, so that nothing in it can end the script element. */
export function islandJson(visitor: Visitor): string {
  const { user, cartCount, savedIds, review } = visitor;
  return JSON.stringify(review ? { user, cartCount, savedIds, review } : { user, cartCount, savedIds }).replace(
    /</g,
    "\\u003c",
  );
}

/** Whether a viewer's review part differs from what their being signed in says (a page a template cannot be). */
export function reviewsPersonally(review: Pick<ReviewViewer, "canReview" | "own"> | null | undefined): boolean {
  return Boolean(review && (review.canReview || review.own));
}

let islandRead: Visitor | undefined;

/** The island of the document the browser loaded, read once (a client render never changes it). */
function islandVisitor(): Visitor {
  if (islandRead) return islandRead;
  try {
    const parsed = JSON.parse(document.getElementById("visitor")?.textContent ?? "null") as Visitor | null;
    islandRead = parsed && Array.isArray(parsed.savedIds) ? parsed : ANONYMOUS;
  } catch {
    islandRead = ANONYMOUS;
  }
  return islandRead;
}

function viewOf(visitor: Visitor): VisitorView {
  return {
    user: visitor.user,
    cartCount: visitor.cartCount,
    savedCount: visitor.savedIds.length,
    isSaved: (productId) => visitor.savedIds.includes(productId),
  };
}

/** The visitor's parts for this page: the root loader's data when it carries them (a data request), else the island's. */
export function useVisitor(): VisitorView {
  const render = useContext(VisitorRenderContext);
  const root = useRouteLoaderData("root") as Partial<Visitor> | undefined;
  if (root && Array.isArray(root.savedIds)) return viewOf(root as Visitor);
  if (render) {
    const { template } = render;
    if (template) {
      return {
        user: template.visitor.user,
        cartCount: template.visitor.cartCount,
        savedCount: template.savedCount,
        isSaved: () => template.everySaved,
      };
    }
    return viewOf(render.visitor);
  }
  return typeof document === "undefined" ? viewOf(ANONYMOUS) : viewOf(islandVisitor());
}

/** What the product page's review area shows this viewer (useReviewViewer). */
export type ReviewViewerView = { signedIn: boolean; canReview: boolean; own: OwnReview | null };

/**
 * The viewer's part of a product page's reviews: the page's loader data when it carries it (a data request),
 * else the document's (the island in the browser, the render's visitor on the server); a viewer with none there
 * may not review and has no review (ReviewViewer), signed in or not as the header says.
 */
export function useReviewViewer(productId: string, loaded: Partial<ReviewViewerView>): ReviewViewerView {
  const render = useContext(VisitorRenderContext);
  const visitor = useVisitor();
  if (typeof loaded.canReview === "boolean" && typeof loaded.signedIn === "boolean") {
    return { signedIn: loaded.signedIn, canReview: loaded.canReview, own: loaded.own ?? null };
  }
  let review: ReviewViewer | undefined;
  if (render) review = render.template ? undefined : render.visitor.review;
  else if (typeof document !== "undefined") review = islandVisitor().review;
  const own = review?.productId === productId ? review : undefined;
  return { signedIn: Boolean(visitor.user), canReview: own?.canReview ?? false, own: own?.own ?? null };
}

/** The marker a template puts before (`/` false) or after a slot's content. */
export function slotMarker(token: string, name: string, end: boolean): string {
  return `<template data-slot="${token}:${end ? "/" : ""}${name}"></template>`;
}

/** A part of the page that depends on the visitor; marked only in a template render. Wrap elements, never bare text. */
export function Slot({ name, children }: { name: string; children: ReactNode }) {
  const template = useContext(VisitorRenderContext)?.template;
  if (!template) return children;
  return (
    <>
      <template data-slot={`${template.token}:${name}`} />
      {children}
      <template data-slot={`${template.token}:/${name}`} />
    </>
  );
}

/** The island: the visitor's parts for the browser's first render (useVisitor). */
export function VisitorIsland() {
  const render = useContext(VisitorRenderContext);
  let json: string;
  if (render?.template) json = render.template.island;
  else if (render) json = islandJson(render.visitor);
  // In the browser the island keeps what the server wrote (what the page was hydrated with).
  else json = typeof document === "undefined" ? islandJson(ANONYMOUS) : islandJson(islandVisitor());
  return (
    <Slot name="island">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped (islandJson) */}
      <script type="application/json" id="visitor" dangerouslySetInnerHTML={{ __html: json }} />
    </Slot>
  );
}

/** What a route's loader returns for a document whose data travels in the page's island (documentIsland). */
export type InIsland = { island: true };

let pageIslandRead: { text: string; data: unknown } | undefined;

/**
 * A route's data for this render: its loader's data when it carries them (a data request: a client navigation,
 * the revalidation after an action), else the document's page island (on the server the values the render was
 * given; in the browser `#page-data`, read once: it is the document's and never changes).
 */
export function usePageIsland<T extends object>(loaderData: T | InIsland): T {
  const render = useContext(VisitorRenderContext);
  if (!("island" in loaderData)) return loaderData;
  if (render) return render.page as T;
  const text = typeof document === "undefined" ? "null" : (document.getElementById("page-data")?.textContent ?? "null");
  if (pageIslandRead?.text !== text) pageIslandRead = { text, data: JSON.parse(text) };
  return pageIslandRead.data as T;
}

/** The page island: a route's document data for the browser's first render (usePageIsland). */
export function PageIsland({ data }: { data: unknown }) {
  // `<` escaped as in the visitor's island: nothing in it can end the script element.
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped
  return <script type="application/json" id="page-data" dangerouslySetInnerHTML={{ __html: json }} />;
}

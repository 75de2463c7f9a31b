// The server's side of app/lib/visitor.tsx: what the root loader and app/entry.server.tsx share through the
// router context, and what server.ts reads to fill a kept template (server/page-templates.ts, decision 0190).
import { createContext, type RouterContextProvider } from "react-router";
import { takeToasts } from "#app/lib/toast.server.ts";
import { getSeller, getUser, shopperShell } from "#app/modules/identity/index.server.ts";
import { reviewerState } from "#app/modules/reviews/index.server.ts";
import { type RequestClient, requestClientContext } from "./request-client.server.ts";
import {
  type InIsland,
  type ReviewViewer,
  reviewsPersonally,
  type TemplateMode,
  type Visitor,
  type VisitorRender,
} from "./visitor.tsx";

/**
 * Whether the request asks for a document (its HTML) rather than a page's data (`.data`): only server.ts and
 * the tests' handler set it, from the URL before React Router normalises it. Unset, the root loader's data keeps
 * the visitor's parts, as it did before.
 */
export const documentRequestContext = createContext<boolean>(false);
/** Set by server.ts only, for a template render (never from anything a client sends). */
export const templateContext = createContext<TemplateMode | null>(null);
/** The visitor the root loader read, for the document's render (the island and the header). */
export const visitorRenderContext = createContext<VisitorRender | null>(null);

/**
 * The viewer's part of the product page's reviews, set by its loader on a document request (its data then holds
 * only what is the same for everyone); app/entry.server.tsx puts it in the island when it is personal.
 */
export const reviewViewerContext = createContext<ReviewViewer | null>(null);

/** What a template's slots need to know of the visitor besides their header parts (PageTemplates.needs). */
export type TemplateNeeds = { reviewOf?: string };

/** A route's data for a document's render, carried in the page island (documentIsland). */
export const pageIslandContext = createContext<unknown>(null);

/**
 * What a route's loader returns for `page`: on a document request, only that its data is in the page island
 * (app/lib/visitor.tsx: usePageIsland, PageIsland), so that React Router's hydration data holds nothing of the
 * visitor's and a template of the page can be kept (server/page-templates.ts); on a data request, `page`.
 */
export function documentIsland<T>(context: Readonly<RouterContextProvider>, page: T): T | InIsland {
  if (!context.get(documentRequestContext)) return page;
  (context as RouterContextProvider).set(pageIslandContext, page);
  return { island: true };
}

/** A request's router context as server.ts and the tests make it: who sent it, and whether it asks for a document. */
export function newRequestContext<T extends RouterContextProvider>(
  Provider: new () => T,
  request: Request,
  client: RequestClient,
): T {
  const context = new Provider();
  context.set(requestClientContext, client);
  context.set(documentRequestContext, !new URL(request.url).pathname.endsWith(".data"));
  return context;
}

/**
 * The visitor's parts for filling a template, read as the root loader reads them; null when the page must be
 * rendered for this request instead: a toast is waiting (the render shows it and clears its cookie), a seller
 * session came along (left to the ordinary render, whatever it shows), or the page's review area is theirs
 * (`needs.reviewOf`: a shopper who may review that product or has reviewed it gets the form, which no template
 * holds).
 */
export async function visitorForTemplate(request: Request, needs: TemplateNeeds = {}): Promise<Visitor | null> {
  if (await getSeller(request)) return null;
  if ((await takeToasts(request)).toasts.length > 0) return null;
  const user = await getUser(request);
  if (needs.reviewOf !== undefined && user && reviewsPersonally(await reviewerState(user.id, needs.reviewOf))) {
    return null;
  }
  return shopperShell(request, user);
}

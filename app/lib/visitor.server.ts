// The server's side of app/lib/visitor.tsx: what the root loader and app/entry.server.tsx share through the
// router context (server/page-store.ts, decision 0190). What server.ts reads to fill a kept template is
// app/middleware/visitor.server.ts (it reads the sessions: this folder imports no module).
import { createContext, type RouterContextProvider } from "react-router";
import { type RequestClient, requestClientContext } from "./request-client.server.ts";
import type { InIsland, ReviewViewer, TemplateMode, VisitorRender } from "./visitor.tsx";

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
 * visitor's and a template of the page can be kept (server/page-store.ts); on a data request, `page`.
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

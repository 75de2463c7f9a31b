// A part of a kept page rendered per answer inside its template (server/page-templates.ts, decision 0205): the
// cart's body. The template's render leaves the React Router contexts its slot was rendered in
// (KeepRenderContexts); filling renders the part alone in those same contexts (template-fill.server.tsx), which
// gives the bytes the whole page's render would have put there.
import { type Context, use, useContext } from "react";
import {
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_FetchersContext,
  UNSAFE_FrameworkContext,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
  UNSAFE_ViewTransitionContext,
} from "react-router";
import { VisitorRenderContext } from "./visitor.tsx";

/** The contexts a part rendered alone is given again: every one React Router's components and hooks read. */
export const KEPT_CONTEXTS: [string, Context<unknown>][] = [
  ["dataRouter", UNSAFE_DataRouterContext as Context<unknown>],
  ["dataRouterState", UNSAFE_DataRouterStateContext as Context<unknown>],
  ["fetchers", UNSAFE_FetchersContext as Context<unknown>],
  ["framework", UNSAFE_FrameworkContext as Context<unknown>],
  ["location", UNSAFE_LocationContext as Context<unknown>],
  ["navigation", UNSAFE_NavigationContext as Context<unknown>],
  ["route", UNSAFE_RouteContext as Context<unknown>],
  ["viewTransition", UNSAFE_ViewTransitionContext as Context<unknown>],
];

/** In a template render, keeps the contexts it is rendered in under `name` (renders nothing). */
export function KeepRenderContexts({ name }: { name: string }) {
  const template = useContext(VisitorRenderContext)?.template;
  if (template) {
    // `use` reads a context where `useContext` may not (in a loop, in a branch).
    template.kept ??= {};
    template.kept[name] = Object.fromEntries(KEPT_CONTEXTS.map(([key, context]) => [key, use(context)]));
  }
  return null;
}

// Renders a part of a kept page alone, in the contexts its template's render left (app/lib/template-fill.tsx).
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { KEPT_CONTEXTS } from "./template-fill.tsx";
import { VisitorRenderContext } from "./visitor.tsx";

/** The kept contexts of the part `name`, or null when the template's render left none. */
export function keptContexts(kept: unknown, name: string): Record<string, unknown> | null {
  const values = (kept as Record<string, unknown> | undefined)?.[name];
  return values && typeof values === "object" ? (values as Record<string, unknown>) : null;
}

/**
 * `element` rendered alone in `contexts`, with `page` as the page island's data (usePageIsland) and no template
 * mode (no slot markers): the HTML the whole page's render gives it.
 */
export function renderInKept(contexts: Record<string, unknown>, page: unknown, element: ReactNode): string {
  let tree = (
    <VisitorRenderContext.Provider
      value={{ visitor: { user: null, cartCount: 0, savedIds: [] }, template: null, page }}
    >
      {element}
    </VisitorRenderContext.Provider>
  );
  for (const [key, context] of [...KEPT_CONTEXTS].reverse()) {
    tree = <context.Provider value={contexts[key]}>{tree}</context.Provider>;
  }
  return renderToString(tree);
}

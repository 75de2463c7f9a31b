// What server.ts reads to fill a kept template for this request (server/page-store.ts, decisions 0190,
// 0200, 0261): the visitor's parts, read as the root loader reads them (its functions and prepared statements),
// or null when the page must be rendered for the request. Here, not in app/lib: it reads the identity and
// reviews modules.
import { takeToasts } from "#app/lib/toast.server.ts";
import type { TemplateNeeds } from "#app/lib/visitor.server.ts";
import { reviewsPersonally, type Visitor } from "#app/lib/visitor.tsx";
import { getSeller, getUser, shopperShell } from "#app/modules/identity/index.server.ts";
import { reviewerState } from "#app/modules/reviews/index.server.ts";

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

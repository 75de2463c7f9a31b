import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { Footer } from "#app/components/footer.tsx";
import { Header } from "#app/components/header.tsx";
import { IconSprite } from "#app/components/icons.tsx";
import { SellerLoginForm, UrlLoginModal } from "#app/components/lazy-forms.tsx";
import { NavigationProgress } from "#app/components/navigation-progress.tsx";
import { Toasts } from "#app/components/toasts.tsx";
import { publicOrigin } from "#app/lib/config.server.ts";
import { CspNonceMeta } from "#app/lib/csp-nonce.tsx";
import { StartAppScripts } from "#app/lib/deferred-scripts.tsx";
import { takeToasts } from "#app/lib/toast.server.ts";
import { documentRequestContext, templateContext, visitorRenderContext } from "#app/lib/visitor.server.ts";
import { useVisitor, VisitorIsland } from "#app/lib/visitor.tsx";
import { readIdentity, shopperOf } from "#app/middleware/identity.server.ts";
import { guardRequest } from "#app/middleware/request-guard.server.ts";
import { shopperShell } from "#app/modules/identity/index.server.ts";
import { isSellerSignIn } from "#app/modules/identity/shared/seller-sign-in.ts";
import { shopInfo, shopSettings } from "#app/modules/shop/index.server.ts";
import { shopOf, shopTitle } from "#app/modules/shop/shared/shop.ts";

// Pages without a meta of their own: the error pages (a 404 among them), never indexed.
export const meta: Route.MetaFunction = ({ error, matches }) => [
  { title: error ? `Page not found | ${shopOf(matches).name}` : shopTitle(shopOf(matches)) },
  {
    name: "description",
    content: "Men's, women's, kids', ethnic and winter wear, footwear and accessories from a small shop.",
  },
  ...(error ? [{ name: "robots", content: "noindex" }] : []),
];

// A refused post is normally answered without reloading the page's data; a 409 says what the page showed has
// changed meanwhile (stock fell under a cart line), so what every page shows (the header's cart count) is read again.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

// Runs before every loader and action, pages and /api alike: cross-site writes and unused methods stop here;
// then the shopper and seller sessions are read once, into the context.
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const refusal = guardRequest(request);
    if (refusal) return refusal;
    await readIdentity(request, context);
    return next();
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { toasts, clearCookie } = await takeToasts(request);
  // A template render (server/page-store.ts) is for a made-up visitor, never the request's.
  const template = context.get(templateContext);
  const shell = template ? template.visitor : await shopperShell(request, shopperOf(context));
  context.set(visitorRenderContext, { visitor: shell, template });
  // A document carries the visitor's parts in its island (app/lib/visitor.tsx), not in the hydration data,
  // so that a page kept without a visitor can be filled with them; a data request gets them here.
  const personal = context.get(documentRequestContext) ? {} : shell;
  // Canonical and shared links are absolute: on PUBLIC_URL when it is set, else on the address asked for.
  const origin = publicOrigin(new URL(request.url).origin);
  return data(
    { ...(personal as Partial<typeof shell>), toasts, origin, shop: shopInfo(await shopSettings()) },
    clearCookie ? { headers: { "Set-Cookie": clearCookie } } : undefined,
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const visitor = useVisitor();
  const { pathname } = useLocation();
  // The shopper header and footer are hidden on every path containing /seller, and on the first-run setup page
  // (the shop has no name of its own before it: the owner must not meet another shop's there).
  const shopperChrome = !pathname.includes("/seller") && pathname !== "/setup";
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <CspNonceMeta />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen antialiased">
        <IconSprite />
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        {shopperChrome && <Header user={visitor.user} cartCount={visitor.cartCount} savedCount={visitor.savedCount} />}
        {/*
          Next to the header's slots: the page after them (cards, footer, hydration data) is the same for most
          visitors and compresses as one in a kept template (server/page-store.ts).
        */}
        <VisitorIsland />
        <NavigationProgress />
        <Toasts toasts={rootData?.toasts ?? []} />
        <main id="main" tabIndex={-1} className={shopperChrome ? "mx-auto max-w-page px-gutter md:px-8" : ""}>
          {shopperChrome && <UrlLoginModal signedIn={Boolean(visitor.user)} />}
          {children}
        </main>
        {shopperChrome && <Footer />}
        <ScrollRestoration />
        <Scripts />
        <StartAppScripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation();
  // The seller area's guard: anyone but the seller gets the seller sign-in form on the page they asked for.
  if (isRouteErrorResponse(error) && error.status === 401 && isSellerSignIn(error.data)) {
    return <SellerLoginForm redirectTo={pathname} />;
  }
  let title = "Something went wrong";
  let message = "An unexpected error occurred. Please try again.";
  let status = 500;
  if (isRouteErrorResponse(error)) {
    status = error.status;
    if (error.status === 404) {
      title = typeof error.data?.message === "string" ? error.data.message : "Page not found";
      message = "We couldn't find what you were looking for.";
    } else {
      title = `${error.status} ${error.statusText}`;
      if (typeof error.data?.message === "string") message = error.data.message;
      else if (error.status === 405) message = "This page does not accept that kind of request.";
      else if (error.status < 500) message = "The request could not be handled.";
    }
  } else if (import.meta.env.DEV && error instanceof Error) {
    message = error.message;
  }
  return (
    <section className="flex flex-col items-center py-24 text-center">
      <p className="text-6xl font-bold text-primary">{status}</p>
      <h1 className="mt-4 text-2xl font-semibold text-gray-800">{title}</h1>
      <p className="mt-2 text-gray-500">{message}</p>
      <Link to="/products" className="mt-6 rounded-full bg-primary px-6 py-2 text-white hover:bg-primary-dull">
        Continue shopping
      </Link>
    </section>
  );
}

// Renders every HTML page: React Router 7's default Node entry, plus a Content-Security-Policy whose
// scripts are allowed by a nonce made for this one response. React Router hands the nonce given to
// <ServerRouter> to everything it emits (<Scripts> with its module preloads, <ScrollRestoration>, <Links>,
// the streamed data), and React puts it on its own inline scripts through renderToPipeableStream's `nonce`.
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, RouterContextProvider, ServerRouter } from "react-router";
import { CspNonceContext } from "#app/lib/csp-nonce.tsx";
import { deferAppScripts } from "#app/lib/deferred-scripts.server.ts";
import { requestClientContext } from "#app/lib/request-client.server.ts";
import { contentSecurityPolicy, newNonce } from "#app/lib/security-headers.server.ts";
import { pageIslandContext, reviewViewerContext, visitorRenderContext } from "#app/lib/visitor.server.ts";
import { ANONYMOUS, reviewsPersonally, type VisitorRender, VisitorRenderContext } from "#app/lib/visitor.tsx";
import { logTarget } from "../server/log-target.ts";

// React Router's request handler and context, from the copy this build carries (its production build: decision
// 0180): server.ts and the tests make their handler and each request's context with these, so that the
// `instanceof RouterContextProvider` checks inside React Router and here see one class.
export { createRequestHandler, RouterContextProvider } from "react-router";
// What server.ts takes from the server build (the same module instances the pages use; typed from here): the
// configuration, the security headers, the client's address, the request guard (run before React Router's own
// origin check), the database to close, /readyz's check, the first-run setup link, and the mail sender it runs
// in the background while it serves (app/modules/mail/sender.server.ts). The tests, which load the build in
// their own process (tests/helpers/app.ts), also take resetConfigForTests: a test that changes the environment
// (PUBLIC_URL, the payment mode) has the build read it again.
export { config, resetConfigForTests, severalServersRefusal } from "#app/lib/config.server.ts";
export { closeDb as closeDatabase, engine as databaseEngine, prepareDatabase } from "#app/lib/db.server.ts";
export { requestClient, requestClientContext } from "#app/lib/request-client.server.ts";
export { applySecurityHeaders } from "#app/lib/security-headers.server.ts";
// The kept templates of pages (server/page-store.ts, decision 0190): the request's context as the root
// loader reads it, the template mode server.ts renders them in, and what a template is filled with.
export { newRequestContext, templateContext } from "#app/lib/visitor.server.ts";
export { guardRequest } from "#app/middleware/request-guard.server.ts";
export { visitorForTemplate } from "#app/middleware/visitor.server.ts";
export { catalogueVersion } from "#app/modules/catalog/index.server.ts";
export { startMailSender, stopMailSender } from "#app/modules/mail/index.server.ts";
export { issueSetupLink, readiness } from "#app/modules/setup/index.server.ts";

export const streamTimeout = 5_000;

/**
 * What React Router logs. A request it refuses itself (a POST to a page without an action: 405) is one line,
 * like server.ts's refusals; a client that went away is nothing; anything else is a bug, with its stack.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    const reason = (error as { error?: Error }).error?.message ?? error.statusText;
    // The path, never a query value (a reset link's token): server/log-target.ts.
    const url = new URL(request.url);
    const target = logTarget(`${url.pathname}${url.search}`);
    const client = context instanceof RouterContextProvider ? context.get(requestClientContext) : null;
    console.warn(
      `refused ${error.status} ${request.method} ${target} from ${client?.address ?? "-"}: ${reason.replace(/\s+/g, " ")}`,
    );
    return;
  }
  console.error(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext?: unknown,
) {
  const nonce = newNonce();
  // The visitor the root loader read (or the template's made-up one), for the island and the header.
  // And a route's document data for the page island (documentIsland).
  const context = loadContext instanceof RouterContextProvider ? loadContext : null;
  let visitor: VisitorRender = {
    ...(context?.get(visitorRenderContext) ?? { visitor: ANONYMOUS, template: null }),
    page: context?.get(pageIslandContext),
  };
  // A product page's review area when it is the viewer's own (they may review it): in the island too. Never in a
  // template (its render has no viewer; the filling asks visitorForTemplate, which renders such a viewer's page).
  const review = context?.get(reviewViewerContext) ?? null;
  if (review && reviewsPersonally(review) && !visitor.template) {
    visitor = { ...visitor, visitor: { ...visitor.visitor, review } };
  }
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce));

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;

    // Every page waits for all its content before its first byte, as React Router's default does for bots: no
    // page streams anything later (no <Await>; the lazy forms are awaited anyway), and React Router's
    // hydration data, which <Scripts> renders in a Suspense boundary, then comes in its place instead of in a
    // hidden block that an inline script of React's (1.1 KB) moves there (decision 0161).
    const readyOption: keyof RenderToPipeableStreamOptions = "onAllReady";

    // Abort the rendering stream after `streamTimeout` so it has time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <CspNonceContext.Provider value={nonce}>
        <VisitorRenderContext.Provider value={visitor}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </VisitorRenderContext.Provider>
      </CspNonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              // Clear the timeout so the closure (and the page) is not kept.
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          // A shopper who goes away mid-page: the server's pipeline cancels the response, which destroys `body`
          // with ERR_STREAM_PREMATURE_CLOSE after the adapter has stopped listening; with no listener left the
          // error would end the whole process (seen under load on PostgreSQL, where pages stream longer). Stop
          // rendering instead; anything else is still logged.
          body.on("error", (error: NodeJS.ErrnoException) => {
            abort();
            if (error.code !== "ERR_STREAM_PREMATURE_CLOSE") console.error(error);
          });
          const stream = createReadableStreamFromReadable(body);
          // The app's scripts start once the page has loaded (app/lib/deferred-scripts.server.ts).
          pipe(deferAppScripts()).pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors in the shell reject and are logged by React Router; log only the ones while streaming.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

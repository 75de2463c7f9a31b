// The production server: a plain Node http server around React Router's request handler. It answers the
// client build from memory (server/static-files.ts), refuses what no route takes before React Router sees
// it, keeps catalogue pages as templates filled per visitor (server/page-store.ts), sets the security headers on
// every answer, compresses text, bounds slow and idle clients, and on SIGTERM finishes what is in flight, closes
// the database and exits.
//
// `npm run build` bundles this file and server/ into <build>/server-entry.js (scripts/build-server.mjs,
// docs/decisions/0072-server-in-typescript.md); it serves the build it sits in: `node build/server-entry.js`.
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { SHARED_PAGE_HEADER, TEMPLATE_PAGE_HEADER } from "./app/lib/shared-page.ts";
import { probeOf, sendProbe } from "./server/health.ts";
import { rawHeaders, routedPath, sendResponse, toFetchRequest, usableTarget } from "./server/http-bridge.ts";
import { sendCachedPage } from "./server/page-cache.ts";
import { PageStore, type PageTemplate, pageKey, type Rendered } from "./server/page-store.ts";
import { logRefusal, rawRefusal, refusalResponse } from "./server/refusals.ts";
import { findStaticFile, indexStaticFiles, sendStaticFile } from "./server/static-files.ts";

/** What the app exports for its server (app/entry.server.tsx): configuration, headers, client, database, mail. */
type AppServer = typeof import("./app/entry.server.tsx");

const buildDir = path.dirname(fileURLToPath(import.meta.url));
/**
 * A refused configuration (a SESSION_SECRET too short...: config.server.ts's InvalidEnvironment, thrown when the
 * build is imported or the configuration read) is one line saying what to set, never a stack trace.
 */
function exitIfRefused(error: unknown): never {
  if (error instanceof Error && error.name === "InvalidEnvironment") {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const build: ServerBuild = await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href).catch(
  exitIfRefused,
);
// The app's own module instances (one database connection, one mail sender), from the server build.
const app = build.entry.module as unknown as AppServer;
function configOrExit(): ReturnType<AppServer["config"]> {
  try {
    return app.config();
  } catch (error) {
    exitIfRefused(error);
  }
}
const config = configOrExit();
// Several servers over one database must share their secrets, and the Stripe sandbox runs on one only.
const notAlone = app.severalServersRefusal();
if (notAlone) {
  console.error(notAlone);
  process.exit(1);
}

const staticFiles = indexStaticFiles(path.join(buildDir, "client"));
/**
 * The kept pages: each a template filled per visitor, and for visitors without cookies (server/page-store.ts);
 * exported so that a test running this server in its own process can look inside.
 */
export const pageStore = new PageStore();
// PAGE_TEMPLATES=off renders every page with cookies for its request (to compare, or should a template ever be
// suspected): decision 0190.
pageStore.enabled = process.env.PAGE_TEMPLATES !== "off";
const handleRequest = app.createRequestHandler(build, process.env.NODE_ENV ?? "production");

/** The methods the store uses; anything else (PUT, DELETE, TRACE, PROPFIND, ...) is refused here. */
const METHODS = new Set(["GET", "HEAD", "POST", "OPTIONS"]);
// The largest body any route takes is a product with four 5 MB photos (app/modules/inventory/shared/product-limits.ts); a request
// that declares more is refused here, before anything reads it.
const MAX_REQUEST_BYTES = 26 * 1024 * 1024;
/**
 * Responses on these paths (as React Router routes them, after normalisation: see routedPath) are files that
 * are the same for everyone (see applySecurityHeaders): an uploaded picture, `/uploads/<name>`.
 */
const SHARED_FILE_PATH = /^\/uploads\/[^/]+$/;

let shuttingDown = false;

type Client = ReturnType<AppServer["requestClient"]>;

function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  client: Client,
  status: number,
  message: string,
  reason: string,
  headers?: Record<string, string>,
): void {
  logRefusal(status, reason, { method: req.method, url: req.url, address: client.address });
  const answer = refusalResponse(req.url, message, headers);
  app.applySecurityHeaders(answer.headers, { https: client.https, cookie: req.headers.cookie });
  res.writeHead(status, rawHeaders(answer.headers));
  res.end(req.method === "HEAD" ? undefined : answer.body);
}

async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const client = app.requestClient(req.socket, (name) => req.headers[name]);
  if (shuttingDown) res.shouldKeepAlive = false;
  // During a shutdown, a connection closes as soon as its answer is out.
  res.on("finish", () => {
    if (shuttingDown) setImmediate(() => server.closeIdleConnections());
  });
  if (!METHODS.has(req.method ?? "")) {
    const message = "This address does not accept that method.";
    return refuse(req, res, client, 405, message, "method not used by the store", { Allow: "GET, POST" });
  }
  const probe = probeOf(req);
  if (probe) {
    const decorateProbe = (headers: Headers) =>
      app.applySecurityHeaders(headers, { https: client.https, cookie: req.headers.cookie });
    if (probe === "healthz") return sendProbe(req, res, 200, "ok", decorateProbe);
    const state = shuttingDown ? { ready: false as const, reason: "shutting down" } : await app.readiness();
    return state.ready
      ? sendProbe(req, res, 200, "ready", decorateProbe)
      : sendProbe(req, res, 503, `not ready: ${state.reason}`, decorateProbe);
  }
  if (req.method === "OPTIONS") {
    // React Router cannot answer OPTIONS for a page (it throws); the store takes no cross-origin calls, so a
    // CORS preflight gets the methods and no Access-Control-Allow-Origin.
    const headers = app.applySecurityHeaders(new Headers({ Allow: "GET, HEAD, POST, OPTIONS" }), {
      https: client.https,
      cookie: req.headers.cookie,
    });
    res.writeHead(204, rawHeaders(headers));
    res.end();
    return;
  }
  if (Number(req.headers["content-length"] ?? 0) > MAX_REQUEST_BYTES) {
    return refuse(req, res, client, 413, "The request is too large.", "declared body over 26 MB", {
      Connection: "close",
    });
  }
  const file = findStaticFile(staticFiles, req);
  if (file) {
    return sendStaticFile(req, res, file, (headers) =>
      app.applySecurityHeaders(headers, { https: client.https, cookie: req.headers.cookie, sharedFile: true }),
    );
  }

  const decorate = (headers: Headers) =>
    app.applySecurityHeaders(headers, {
      https: client.https,
      cookie: req.headers.cookie,
      sharedFile: SHARED_FILE_PATH.test(routedPath(req) ?? ""),
    });
  // A catalogue page kept while the catalogue has not changed since: for a visitor without cookies, its template
  // filled for nobody, made once.
  const key = usableTarget(req) ? pageKey(req, client.https) : null;
  const cookieless = req.headers.cookie === undefined;
  const version = key === null ? 0 : await app.catalogueVersion();
  const kept = key === null ? undefined : pageStore.get(key, version);
  if (kept && !kept.refused && cookieless) return sendCachedPage(req, res, kept.shared, client.https, decorate);

  const request = toFetchRequest(req, res, client.https);
  if (!request) return refuse(req, res, client, 400, "Bad request.", "unusable request target or Host");

  // The request guard (app/middleware/request-guard.server.ts, also root.tsx's middleware) runs here first:
  // React Router's own origin check would answer a cross-site form post with a 400 and log a stack for each,
  // which anyone could use to flood the log. A refusal is a 403 and one line.
  const guarded = app.guardRequest(request);
  if (guarded) {
    if (guarded.status >= 400) {
      const reason = guarded.status === 403 ? "write from another site" : "refused by the request guard";
      logRefusal(guarded.status, reason, { method: req.method, url: req.url, address: client.address });
    }
    return sendResponse(req, res, guarded.status, decorate(new Headers(guarded.headers)), guarded.body);
  }

  // The same page for a visitor with cookies (a shopper, a cart, saved items): its template filled with their
  // own parts (server/page-store.ts), unless this request must be rendered for itself (visitorForTemplate).
  if (kept && !kept.refused && pageStore.enabled) {
    const visitor = await app.visitorForTemplate(request, kept.needs);
    if (visitor) return pageStore.send(req, res, kept, visitor, decorate);
  }

  const response = await handleRequest(request, app.newRequestContext(app.RouterContextProvider, request, client));
  const templated =
    key !== null &&
    !kept &&
    response.status === 200 &&
    response.headers.get(TEMPLATE_PAGE_HEADER) === "1" &&
    !response.headers.has("set-cookie") &&
    !pageStore.building.has(key);
  if (templated && cookieless) {
    // A visitor without cookies gets the page from the store from its first answer on (with its ETag): its
    // templates are made now, and this answer is their fill for nobody.
    const made = await buildTemplates(key, request, client);
    if (made && !made.refused) {
      await response.body?.cancel();
      return sendCachedPage(req, res, made.shared, client.https, decorate);
    }
  } else if (templated && pageStore.enabled && pageStore.askedAgain(key)) {
    // After this answer is out: the page's templates, for the next request with cookies.
    res.once("finish", () => void buildTemplates(key, request, client));
  }
  const headers = decorate(new Headers(response.headers));
  headers.delete(SHARED_PAGE_HEADER);
  headers.delete(TEMPLATE_PAGE_HEADER);
  await sendResponse(req, res, response.status, headers, response.body);
}

/** Renders the two templates of the page at `key` without the request's cookies, and keeps what they make. */
async function buildTemplates(key: string, request: Request, client: Client): Promise<PageTemplate | undefined> {
  if (pageStore.building.has(key)) return undefined;
  pageStore.building.add(key);
  try {
    const version = await app.catalogueVersion();
    const headers = new Headers(request.headers);
    for (const name of ["cookie", "if-none-match", "if-modified-since"]) headers.delete(name);
    const modes = pageStore.modes();
    const render = async (mode: typeof modes.anonymous): Promise<Rendered> => {
      const templateRequest = new Request(key, { headers });
      const context = app.newRequestContext(app.RouterContextProvider, templateRequest, client);
      context.set(app.templateContext, mode);
      const response = await handleRequest(templateRequest, context);
      return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
    };
    const anonymous = await render(modes.anonymous);
    const member = await render(modes.member);
    return pageStore.store(key, version, anonymous, member);
  } catch (error) {
    console.error(error);
    return undefined;
  } finally {
    pageStore.building.delete(key);
  }
}

export const server = http.createServer(
  {
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    headersTimeout: config.HEADERS_TIMEOUT_MS,
    // How often Node looks for requests past those limits (its default, 30 s, would let them run on).
    connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(config.HEADERS_TIMEOUT_MS / 4))),
  },
  (req, res) => {
    onRequest(req, res).catch((error: unknown) => {
      // The client went away while the answer was streaming: nothing to tell anyone.
      if (res.destroyed || (error as NodeJS.ErrnoException | null)?.code === "ERR_STREAM_PREMATURE_CLOSE") return;
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
      res.end("Internal Server Error");
    });
  },
);
server.keepAliveTimeout = config.KEEP_ALIVE_TIMEOUT_MS;
// A client that stops reading an answer is let go after as long as a request may take.
server.timeout = config.REQUEST_TIMEOUT_MS;
server.maxConnections = config.MAX_CONNECTIONS;

/** Refuses a request that never reached the handler (unparsable, too slow, headers too large). */
/** The request a socket was reading, as Node keeps it (not in its typings). */
type SocketWithMessage = Socket & { _httpMessage?: ServerResponse & { req?: IncomingMessage } };

function refuseOnSocket(
  socket: SocketWithMessage,
  status: number,
  reason: string,
  request: Partial<Pick<IncomingMessage, "headers" | "method" | "url">> = {},
): void {
  const address = app.requestClient(socket, (name) => request.headers?.[name]).address;
  logRefusal(status, reason, { method: request.method, url: request.url, address });
  // Nothing can be added once an answer has started.
  if (socket.writable && !socket._httpMessage?.headersSent) {
    const answer = refusalResponse(request.url, http.STATUS_CODES[status] ?? "Bad request.");
    app.applySecurityHeaders(answer.headers, { https: false, cookie: null });
    socket.write(rawRefusal(status, answer.headers, answer.body));
  }
  socket.destroy();
}

server.on("clientError", (error: NodeJS.ErrnoException, socket: SocketWithMessage) => {
  if (error.code === "ECONNRESET" || error.code === "EPIPE" || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
  const reason = status === 408 ? "request not received in time" : `unreadable request (${error.code ?? "error"})`;
  refuseOnSocket(socket, status, reason, socket._httpMessage?.req);
});
// CONNECT (a proxy tunnel) never reaches the request handler; it is refused like any unused method.
server.on("connect", (req: IncomingMessage, socket: Socket) =>
  refuseOnSocket(socket, 405, "method not used by the store", req),
);
server.on("drop", (data?: { remoteAddress?: string }) => {
  console.warn(
    `refused connection from ${data?.remoteAddress ?? "-"}: ${config.MAX_CONNECTIONS} open (MAX_CONNECTIONS)`,
  );
});

// On PostgreSQL the migrations are applied (by one of the servers starting together: an advisory lock) before
// the first request; SQLite's file is opened and migrated on first use, so a broken file still gets /readyz 503.
if (app.databaseEngine() === "postgres") await app.prepareDatabase();

server.listen(config.PORT, config.HOST, () => {
  const { port } = server.address() as { port: number };
  console.log(`Store listening on http://${config.HOST === "0.0.0.0" ? "localhost" : config.HOST}:${port}`);
  // Mail written by the transactions (app/modules/mail/outbox.server.ts) goes out from this process.
  app.startMailSender();
  void announceSetupLink(port);
});

/** While the store has no seller: the one-time link that creates the owner (app/modules/setup/, docs/deploy.md). */
async function announceSetupLink(port: number): Promise<void> {
  const host = config.HOST === "0.0.0.0" || config.HOST === "::" ? "localhost" : config.HOST;
  try {
    const link = await app.issueSetupLink(
      config.PUBLIC_URL ?? `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    );
    if (link) {
      const until = new Date(link.expiresAt).toISOString();
      console.log(`No seller yet: open ${link.url} to create the shop's owner (works once, until ${until}).`);
    }
  } catch (error) {
    // An unreadable database: the store keeps answering (/healthz 200, /readyz 503 says why).
    console.error(`No setup link: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Stops taking connections, lets requests in flight finish, closes the database, exits 0. */
function shutDown(signal: string): void {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(`${signal}: finishing the requests in flight, then stopping`);
  server.close(async () => {
    // A mail being sent is finished (or left to the next start) before the database closes.
    await app.stopMailSender();
    await app.closeDatabase();
    console.log("Stopped");
    process.exit(0);
  });
  // Idle keep-alive connections close now, busy ones once their answer is out; a request still running
  // when a request could have timed out is cut off.
  server.closeIdleConnections();
  setTimeout(() => server.closeAllConnections(), config.REQUEST_TIMEOUT_MS).unref();
}
process.on("SIGTERM", () => shutDown("SIGTERM"));
process.on("SIGINT", () => shutDown("SIGINT"));

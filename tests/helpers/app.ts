// The production build's request handler, called in this process with real Requests: every route, the root
// middleware (the request guard) and React Router's own checks run exactly as under `node build/server-entry.js`, only
// without the socket. `npm test` and `npm run test:unit` build it first (scripts/test.mjs); BUILD_DIR says
// where it is (default `build`).
import { existsSync, readdirSync, statSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RouterContextProvider, ServerBuild } from "react-router";
import { afterAll, beforeAll } from "vitest";
import { resetConfigForTests } from "#app/lib/config.server.ts";
import type { RequestClient } from "#app/lib/request-client.server.ts";
import { rawHeaders, toFetchRequest } from "../../server/http-bridge.ts";
import { cookiesFrom, decodeRouteData, type ReadReply, readReply } from "./requests.ts";

const ORIGIN = "http://localhost";

/** Sources the server bundle is made from: a build older than any of them would test yesterday's code. */
const BUILD_INPUTS = ["app", "db/schema.ts", "db/schema", "react-router.config.ts", "vite.config.ts"];

function newestChange(target: string): number {
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

/** The path of the production build's server bundle; refuses a missing or outdated build with the fix. */
export function builtServer(): string {
  const file = path.resolve(process.env.BUILD_DIR ?? "build", "server", "index.js");
  if (!existsSync(file)) {
    throw new Error(`No production build at ${file}: run \`npm run build\` (npm test and npm run test:unit build it).`);
  }
  const builtAt = statSync(file).mtimeMs;
  const changed = BUILD_INPUTS.filter((input) => existsSync(input) && newestChange(input) > builtAt);
  if (changed.length > 0) {
    throw new Error(`The build at ${file} is older than ${changed.join(", ")}: run \`npm run build\` again.`);
  }
  return file;
}

let loaded: Promise<ServerBuild> | undefined;

/** The server bundle of the production build, imported once per test file. */
export function loadBuild(): Promise<ServerBuild> {
  loaded ??= import(pathToFileURL(builtServer()).href) as Promise<ServerBuild>;
  return loaded;
}

/**
 * What React Router itself logs when it refuses a request with a 4xx (a POST to a page without a form, a
 * foreign Origin on a page action...): expected for those answers. Anything else logged fails the test.
 */
const FRAMEWORK_REFUSALS = [
  /^You made a \w+ request to ".*" but did not provide an? `(action|loader)` for route ".*", so there is no way to handle the request\.$/s,
  /^No route matches URL ".*"$/s,
  /^Invalid request method ".*"$/s,
  /^The `request\.url` origin does not match `origin` header from a forwarded action request\. Aborting the action\.$/,
  /^`origin` header is not a valid URL\. Aborting the action\.$/,
];

function isFrameworkRefusal(args: unknown[]): boolean {
  return (
    args.length === 1 &&
    args[0] instanceof Error &&
    FRAMEWORK_REFUSALS.some((p) => p.test(String((args[0] as Error).message)))
  );
}

export type Answer = {
  status: number;
  text: string;
  /** The body parsed as a JSON object (null when it is not one). */
  json: Record<string, unknown> | null;
  /** Header names in lower case (of several Set-Cookie headers, the last: see setCookies). */
  headers: Record<string, string>;
  /** Every Set-Cookie header, in order. */
  setCookies: string[];
};

export type FilePart = { name: string; mimeType: string; buffer: Uint8Array };

export type Body =
  | { raw: string | Uint8Array; type?: string }
  | { form: Record<string, string> }
  | { multipart: Record<string, string | FilePart> };

/** A JSON body, as the /api clients send it. */
export const json = (value: unknown): Body => ({ raw: JSON.stringify(value), type: "application/json" });

function requestBody(body: Body | undefined, headers: Headers): BodyInit | undefined {
  if (!body) return undefined;
  if ("raw" in body) {
    headers.set("Content-Type", body.type ?? "application/octet-stream");
    return typeof body.raw === "string" ? body.raw : (body.raw as BodyInit);
  }
  if ("form" in body) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    return new URLSearchParams(body.form);
  }
  const form = new FormData();
  for (const [name, part] of Object.entries(body.multipart)) {
    if (typeof part === "string") form.append(name, part);
    else form.append(name, new File([part.buffer as BlobPart], part.name, { type: part.mimeType }));
  }
  return form;
}

export type ClientOptions = {
  /** The address the store sees this client at (server.ts reads it from the socket); one of its own by default. */
  address?: string;
  /**
   * Whether its posts say they come from the store (an Origin header, as a browser's do) unless the test
   * sends Origin, Sec-Fetch-Site or Referer itself. Default true; false is a server-to-server client.
   */
  browser?: boolean;
};

export type App = {
  /** A client with a cookie jar and an address of its own: a visitor until it signs in. */
  client(options?: ClientOptions): Client;
  /**
   * Sends a Request built by the test (tests/helpers/requests.ts: a form, a multipart upload, a body that
   * records whether it was read) through the handler as it is, from an address of its own; the Response
   * comes back unread. For what Client cannot say; a Client is simpler for everything else.
   */
  fetch(request: Request): Promise<Response>;
  /**
   * The origin of a loopback HTTP server serving the same build (`http://127.0.0.1:PORT`): the Stripe SDK
   * reaches the sandbox there, the sandbox posts its webhooks back there, and a test may too, over HTTP.
   */
  url: string;
  /**
   * Has the store read process.env again (the build's configuration and the test's own copy of the app's
   * modules): call it after a test changes PUBLIC_URL, STRIPE_SANDBOX_URL, the payment mode...
   */
  reconfigure(): void;
  /** Every request the Stripe sandbox's loopback server received ("GET /v1/checkout/sessions/cs_…"), in order. */
  sandboxRequests: string[];
  /** Stops the Stripe sandbox's loopback server. */
  close(): Promise<void>;
};

type Handle = (request: Request, client: RequestClient) => Promise<Response>;

let clientsMade = 0;
/** A documentation address (RFC 3849) per client, each in a /64 of its own: someone else to the sign-in throttle. */
const newAddress = () => `2001:db8:${(++clientsMade).toString(16)}::1`;

/** One browser's worth of requests from one address: keeps cookies; its posts carry the store's Origin. */
export class Client {
  cookie = "";
  readonly address: string;
  private readonly browser: boolean;
  constructor(
    private readonly handle: Handle,
    options: ClientOptions = {},
  ) {
    this.address = options.address ?? newAddress();
    this.browser = options.browser ?? true;
  }

  /** Sends one request and reads the whole answer. Redirects are returned, not followed. */
  async send(method: string, pathAndQuery: string, body?: Body, extraHeaders: Record<string, string> = {}) {
    const headers = new Headers(extraHeaders);
    if (this.cookie) headers.set("Cookie", this.cookie);
    const saysWhere = ["Origin", "Sec-Fetch-Site", "Referer"].some((name) => headers.has(name));
    if (this.browser && method === "POST" && !saysWhere) headers.set("Origin", ORIGIN);
    const init: RequestInit = { method, headers, body: requestBody(body, headers) };
    // A path is put after the origin, not resolved against it, as server.ts does: "//x" stays a path here.
    const url = pathAndQuery.startsWith("/") ? new URL(`${ORIGIN}${pathAndQuery}`) : new URL(pathAndQuery, ORIGIN);
    const request = new Request(url, init);
    // Everything logged while the request is handled and its body read belongs to this request.
    const logged: unknown[][] = [];
    const previous = console.error;
    console.error = (...args: unknown[]) => logged.push(args);
    let response: Response;
    let text: string;
    try {
      response = await this.handle(request, { address: this.address, https: false });
      text = await response.text();
    } finally {
      console.error = previous;
    }
    const refusal = response.status >= 400 && response.status < 500;
    for (const args of logged) {
      if (!(refusal && isFrameworkRefusal(args))) {
        previous(`${method} ${pathAndQuery.slice(0, 80)} answered ${response.status} and logged:`, ...args);
      }
    }
    this.cookie = cookiesFrom(response, this.cookie);
    let parsed: Record<string, unknown> | null = null;
    try {
      const value = JSON.parse(text);
      if (value && typeof value === "object" && !Array.isArray(value)) parsed = value;
    } catch {}
    const answerHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      answerHeaders[name] = value;
    });
    return {
      status: response.status,
      text,
      json: parsed,
      headers: answerHeaders,
      setCookies: response.headers.getSetCookie(),
    } satisfies Answer;
  }

  get(pathAndQuery: string, headers?: Record<string, string>) {
    return this.send("GET", pathAndQuery, undefined, headers);
  }

  post(pathAndQuery: string, body?: Body, headers?: Record<string, string>) {
    return this.send("POST", pathAndQuery, body, headers);
  }
}

/**
 * The store's request handler from the production build, in "production" mode. Without STRIPE_SECRET_KEY
 * the store's Stripe SDK calls its own sandbox over HTTP, as under `node build/server-entry.js`: that (and only that)
 * is served on a loopback port by the same build, and STRIPE_SANDBOX_URL points there.
 */
export async function startApp(): Promise<App> {
  const build = await loadBuild();
  // React Router's handler and context class from the build itself, as server.ts takes them: the build carries
  // its own copy of React Router (decision 0180), whose `instanceof RouterContextProvider` checks need its class.
  const {
    createRequestHandler,
    RouterContextProvider: ContextProvider,
    newRequestContext,
    resetConfigForTests: resetBuildConfig,
  } = build.entry.module as unknown as {
    createRequestHandler: typeof import("react-router").createRequestHandler;
    RouterContextProvider: typeof RouterContextProvider;
    newRequestContext: typeof import("#app/lib/visitor.server.ts").newRequestContext;
    resetConfigForTests: () => void;
  };
  const handleRequest = createRequestHandler(build, "production");
  // What server.ts puts in the router context for every request: who sent it, and whether it asks for a document.
  const handle: Handle = (request, client) =>
    handleRequest(request, newRequestContext(ContextProvider, request, client));
  const sandboxRequests: string[] = [];
  // The Stripe SDK's calls, answered by the same handler (uncompressed: the SDK asks for no encoding).
  const sandbox = http.createServer((req, res) => {
    sandboxRequests.push(`${req.method} ${req.url}`);
    const request = toFetchRequest(req, res, false);
    if (!request) {
      res.writeHead(400).end();
      return;
    }
    handle(request, { address: "127.0.0.1", https: false })
      .then(async (response) => {
        const body = Buffer.from(await response.arrayBuffer());
        res.writeHead(response.status, rawHeaders(response.headers));
        res.end(body);
      })
      .catch((error: unknown) => {
        console.error(error);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
  });
  await new Promise<void>((resolve) => sandbox.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(sandbox.address() as AddressInfo).port}`;
  process.env.STRIPE_SANDBOX_URL = url;
  // The test's own copy of the app's modules (a test calling startOnlineCheckout...) reads it too.
  resetConfigForTests();
  return {
    url,
    reconfigure: () => {
      resetBuildConfig();
      resetConfigForTests();
    },
    client: (options) => new Client(handle, options),
    fetch: (request) => handle(request, { address: newAddress(), https: false }),
    sandboxRequests,
    close: () =>
      new Promise<void>((resolve) => {
        sandbox.closeAllConnections();
        sandbox.close(() => resolve());
      }),
  };
}

/** The address the app's JavaScript asks a page's data at: `/seller/orders?x` → `/seller/orders.data?x`. */
export function dataPath(pathAndQuery: string): string {
  const url = new URL(pathAndQuery, ORIGIN);
  url.pathname = url.pathname === "/" ? "/_root.data" : `${url.pathname.replace(/\/$/, "")}.data`;
  return `${url.pathname}${url.search}`;
}

/** What one route's loader gave a page, read as the browser's JavaScript reads it: `data`, or what it threw. */
export type RouteData = {
  /** The answer's status; a loader's redirect: its own (302...). */
  status: number;
  /** Where a loader (or a layout's, or a middleware) sent the browser instead; null when it did not. */
  location: string | null;
  /** The loader's data (undefined when it threw). */
  data: unknown;
  /** What the loader, or a layout's loader or middleware above it, threw: a 401 `{ signIn }`, a 404... */
  error: { status: number; data: unknown } | undefined;
};

type Redirect = { redirect: string; status: number; reload: boolean };

/**
 * The redirect a `.data` answer carries instead of data: an action's is the decoded value itself, a loader's
 * sits under React Router's SingleFetchRedirect symbol.
 */
function redirectIn(decoded: unknown): Redirect | null {
  if (!decoded || typeof decoded !== "object") return null;
  const candidates = [decoded, ...Object.getOwnPropertySymbols(decoded).map((key) => Reflect.get(decoded, key))];
  const found = candidates.find((value) => typeof (value as Partial<Redirect> | null)?.redirect === "string");
  return (found as Redirect | undefined) ?? null;
}

/**
 * GETs `pathAndQuery` as the app's client-side navigation does (`/seller/orders` → `/seller/orders.data`)
 * through the real handler, so every middleware and every parent loader runs, and returns what the route
 * `routeId` ("routes/seller/orders", as app/routes.ts names the file) got: its data, or the error thrown on
 * its way (by itself or a layout above it).
 */
export async function routeData(client: Client, pathAndQuery: string, routeId: string): Promise<RouteData> {
  const answer = await client.get(dataPath(pathAndQuery));
  if (answer.headers["content-type"] !== "text/x-script") {
    throw new Error(`${pathAndQuery} answered ${answer.status} ${answer.headers["content-type"]}, not route data`);
  }
  const decoded = await decodeRouteData(answer.text);
  const redirect = redirectIn(decoded);
  if (redirect) return { status: redirect.status, location: redirect.redirect, data: undefined, error: undefined };
  const routes = decoded as Record<string, { data?: unknown; error?: { status: number; data: unknown } }>;
  // A layout that threw answers for the routes below it.
  const own = routes[routeId] ?? Object.values(routes).find((r) => r.error);
  return {
    status: answer.status,
    location: null,
    data: own?.data,
    error: own?.error && { status: own.error.status, data: own.error.data },
  };
}

/** The path and query of an absolute URL the store gave out (its origin is the shopper's). */
export function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/**
 * A GET (or, with `form`, a plain form post) to an absolute URL the store gave out (the sandbox's hosted
 * checkout page, a return URL), as the shopper's browser sends it there: on that URL's origin. The Response
 * comes back unread; redirects are not followed.
 */
export function visit(app: App, url: string, form?: Record<string, string>): Promise<Response> {
  const target = new URL(url);
  if (!form) return app.fetch(new Request(target));
  return app.fetch(
    new Request(target, {
      method: "POST",
      headers: { Origin: target.origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    }),
  );
}

/** What a page's form post did, as the page's JavaScript sees it: where it was sent, or the form's refusal. */
export type Submitted = {
  /** 303 (or another redirect status) when the form was taken; the refusal's status otherwise. */
  status: number;
  /** Where a taken form sends the browser (null for a refusal). */
  location: string | null;
  /** Whether the browser loads that address as a whole new document (X-Remix-Reload-Document without JavaScript). */
  reload: boolean;
  /** The refusal the form shows (null when it was taken). */
  reply: ReadReply | null;
  /** The answer's Set-Cookie headers. */
  setCookies: string[];
  /** The client's cookies after the answer (its session, its cart, the toasts for the next page). */
  cookie: string;
};

/**
 * Posts a page's form as its JavaScript does (to the page's `.data` address, `fields` urlencoded) through the
 * handler: every middleware and the action run; a taken form's redirect and a refusal's reply come back
 * decoded. (Without JavaScript the same post answers 303 with the same Location, or the page with the same
 * status and reply: tests/e2e checks both.)
 */
export async function submit(client: Client, path: string, fields: Record<string, string>): Promise<Submitted> {
  const answer = await client.post(dataPath(path), { form: fields });
  const taken = { reply: null, setCookies: answer.setCookies, cookie: client.cookie };
  if (answer.headers["content-type"] !== "text/x-script") {
    // Refused before any route ran (the request guard, React Router's own checks): no form reply.
    return { ...taken, status: answer.status, location: answer.headers.location ?? null, reload: false };
  }
  const redirect = redirectIn(await decodeRouteData(answer.text));
  if (redirect) return { ...taken, status: redirect.status, location: redirect.redirect, reload: redirect.reload };
  return { ...taken, status: answer.status, location: null, reload: false, reply: await readReply(answer) };
}

/**
 * The app for one test file: started in beforeAll, closed in afterAll. `client(cookie)` is a client already
 * holding a session cookie (from tests/helpers/sellers.ts or shopper.ts), or none.
 */
export function appForFile() {
  let app: App | undefined;
  beforeAll(async () => {
    app = await startApp();
    // The build opens (and checks) the database on its first request, as server.js does at start: before a
    // test changes rows behind the store's back (a product deleted under its sizes, say).
    const opened = await app.client().get("/api/product/list");
    if (opened.status !== 200) throw new Error(`The store did not start: /api/product/list answered ${opened.status}`);
  });
  afterAll(async () => {
    await app?.close();
  });
  return {
    get app(): App {
      if (!app) throw new Error("The app starts in beforeAll: use it inside a test or a hook.");
      return app;
    },
    client(cookie?: string | null): Client {
      const client = this.app.client();
      if (cookie) client.cookie = cookie;
      return client;
    },
  };
}

// A real HTTP server on 127.0.0.1 for payment tests: it serves the Stripe sandbox's routes and the store's
// webhook route through the very route modules the app uses, so the real `stripe` SDK talks HTTP to the
// sandbox and the sandbox POSTs signed webhooks back over HTTP, as in production.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { resetConfigForTests } from "#app/lib/config.server.ts";
import * as webhookRoute from "#app/routes/api/stripe-webhook.ts";
import * as sandboxApiRoute from "#app/routes/stripe-sandbox/api.ts";
import * as checkoutPageRoute from "#app/routes/stripe-sandbox/checkout.ts";

type RouteModule = {
  loader?: (args: never) => unknown;
  action?: (args: never) => unknown;
};

function routeFor(pathname: string): { module: RouteModule; params: Record<string, string> } | null {
  if (pathname.startsWith("/v1/")) return { module: sandboxApiRoute, params: { "*": pathname.slice(4) } };
  const page = /^\/stripe-sandbox\/checkout\/([^/]+)$/.exec(pathname);
  if (page) return { module: checkoutPageRoute, params: { sessionId: decodeURIComponent(page[1]!) } };
  if (pathname === "/api/stripe/webhook") return { module: webhookRoute, params: {} };
  return null;
}

/** The request as server.ts makes it: its URL on the Host the client asked for (the sandbox's page checks it). */
async function toRequest(req: http.IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(new URL(req.url ?? "/", req.headers.host ? `http://${req.headers.host}` : origin), {
    method: req.method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
  });
}

async function send(res: http.ServerResponse, response: Response) {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const setCookies = response.headers.getSetCookie();
  if (setCookies.length > 0) headers["set-cookie"] = setCookies;
  res.writeHead(response.status, headers);
  res.end(Buffer.from(await response.arrayBuffer()));
}

export type SandboxServer = {
  url: string;
  /**
   * A request for a page URL the store gave out (the hosted checkout page on the shopper's origin), sent to
   * this server with that URL's Host, as the shopper's browser reaching the store sends it. Redirects are
   * not followed.
   */
  fetchPage: (url: string, init?: { method?: string; body?: URLSearchParams }) => Promise<Response>;
  close: () => Promise<void>;
};

/**
 * Starts the server and points the store at it (STRIPE_SANDBOX_URL), as the production server is
 * pointed at itself.
 */
export async function startSandboxServer(): Promise<SandboxServer> {
  let origin = "";
  const server = http.createServer(async (req, res) => {
    try {
      const request = await toRequest(req, origin);
      const match = routeFor(new URL(request.url).pathname);
      const handler = match && (request.method === "GET" ? match.module.loader : match.module.action);
      if (!match || !handler) {
        res.writeHead(404).end("Not Found");
        return;
      }
      const result = await handler({ request, params: match.params, context: {} } as never);
      await send(res, result instanceof Response ? result : Response.json(result));
    } catch (error) {
      // A test must see a crash: console.error fails the running test.
      console.error(error);
      if (!res.headersSent) res.writeHead(500);
      res.end("Internal Server Error");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.STRIPE_SANDBOX_URL = origin;
  resetConfigForTests();
  return {
    url: origin,
    fetchPage: (url, init = {}) => fetchAsHost(origin, url, init),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The path and query of a URL the store returned (its origin is the shopper's, not this server's). */
export function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

function fetchAsHost(serverOrigin: string, url: string, init: { method?: string; body?: URLSearchParams }) {
  const target = new URL(url);
  const body = init.body?.toString();
  const headers: Record<string, string> = { Host: target.host };
  if (body !== undefined) headers["Content-Type"] = "application/x-www-form-urlencoded";
  return new Promise<Response>((resolve, reject) => {
    const req = http.request(new URL(`${target.pathname}${target.search}`, serverOrigin), {
      method: init.method ?? "GET",
      headers,
      agent: false,
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const answer = new Headers();
        for (let i = 0; i < res.rawHeaders.length; i += 2) answer.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
        const status = res.statusCode ?? 0;
        resolve(
          new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers: answer }),
        );
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** The sandbox server of one test file: started in beforeAll (the store pointed at it), closed in afterAll. */
export function sandboxServerForFile(): SandboxServer {
  let started: SandboxServer | undefined;
  beforeAll(async () => {
    started = await startSandboxServer();
  });
  afterAll(async () => {
    await started?.close();
  });
  const server = () => {
    if (!started) throw new Error("The sandbox server starts in beforeAll: use it inside a test or a hook.");
    return started;
  };
  return {
    get url() {
      return server().url;
    },
    fetchPage: (url, init) => server().fetchPage(url, init),
    close: () => server().close(),
  };
}

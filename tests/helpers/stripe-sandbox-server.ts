// A real HTTP server on 127.0.0.1 for payment tests: it serves the Stripe sandbox's routes and the store's
// webhook route through the very route modules the app uses, so the real `stripe` SDK talks HTTP to the
// sandbox and the sandbox POSTs signed webhooks back over HTTP, as in production.
import http from "node:http";
import type { AddressInfo } from "node:net";
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

async function toRequest(req: http.IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(new URL(req.url ?? "/", origin), {
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

export type SandboxServer = { url: string; close: () => Promise<void> };

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

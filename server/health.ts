// /healthz and /readyz, answered by server.ts before anything else looks at the request (static files, the
// page cache, the request guard, React Router): cheap, plain text, never cached. /healthz says the process
// answers; /readyz says the database answers and its migrations are applied (app/modules/setup/readiness).
import type { IncomingMessage, ServerResponse } from "node:http";
import { rawHeaders } from "./http-bridge.ts";

export type Probe = "healthz" | "readyz";

/** The probe a GET or HEAD asks for (any query is ignored), or null. */
export function probeOf(req: IncomingMessage): Probe | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const path = (req.url ?? "").split("?", 1)[0];
  return path === "/healthz" ? "healthz" : path === "/readyz" ? "readyz" : null;
}

/** Sends a probe's answer: `status` with one line of text, `Cache-Control: no-store`. */
export function sendProbe(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  text: string,
  decorate: (headers: Headers) => Headers,
): void {
  const body = `${text}\n`;
  const headers = decorate(
    new Headers({
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Length": String(Buffer.byteLength(body)),
    }),
  );
  res.writeHead(status, rawHeaders(headers));
  res.end(req.method === "HEAD" ? undefined : body);
}

// Requests the server refuses itself, before React Router: each is answered briefly and logged as one line
// (never a stack: a refusal is the server working as intended).
import { STATUS_CODES } from "node:http";
import { refusalBody } from "../app/lib/api.server.ts";
import { logTarget, printable } from "./log-target.ts";

/** One line per refusal: the target's path, never its query values (server/log-target.ts). */
export function logRefusal(
  status: number,
  reason: string,
  { method, url, address }: { method?: string | undefined; url?: string | undefined; address?: string | undefined },
): void {
  console.warn(
    `refused ${status} ${printable(method, 20)} ${logTarget(url)} from ${printable(address, 60)}: ${reason}`,
  );
}

/** The answer to a refused request: JSON in the /api refusal shape under /api, plain text elsewhere. */
export function refusalResponse(
  url: string | undefined,
  message: string,
  headers: Record<string, string> = {},
): { headers: Headers; body: string } {
  const api = String(url ?? "").startsWith("/api/");
  const body = api ? JSON.stringify(refusalBody(message)) : message;
  return {
    headers: new Headers({
      "Content-Type": api ? "application/json; charset=utf-8" : "text/plain; charset=utf-8",
      "Content-Length": String(Buffer.byteLength(body)),
      "Cache-Control": "no-store",
      ...headers,
    }),
    body,
  };
}

/** A complete HTTP/1.1 answer written straight to a socket whose request never reached the handler. */
export function rawRefusal(status: number, headers: Headers, body: string): string {
  headers.set("Connection", "close");
  const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Error"}`];
  for (const [name, value] of headers) lines.push(`${name}: ${value}`);
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}

// Requests the server refuses itself, before React Router: each is answered briefly and logged as one line
// (never a stack: a refusal is the server working as intended).
import { STATUS_CODES } from "node:http";
import { logTarget, printable } from "./log-target.js";

/** One line per refusal: the target's path, never its query values (server/log-target.js). */
export function logRefusal(status, reason, { method, url, address }) {
  console.warn(
    `refused ${status} ${printable(method, 20)} ${logTarget(url)} from ${printable(address, 60)}: ${reason}`,
  );
}

/** The answer to a refused request: JSON in the /api refusal shape under /api, plain text elsewhere. */
export function refusalResponse(url, message, headers = {}) {
  const api = String(url ?? "").startsWith("/api/");
  const body = api ? JSON.stringify({ success: false, message }) : message;
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
export function rawRefusal(status, headers, body) {
  headers.set("Connection", "close");
  const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Error"}`];
  for (const [name, value] of headers) lines.push(`${name}: ${value}`);
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}

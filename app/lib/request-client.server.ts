// Who sent a request, and over what: the client's address and whether it came over HTTPS. Read from the
// socket, or from the X-Forwarded-* headers of as many reverse proxies as TRUST_PROXY says to believe (a
// client can put anything in those headers; only what our own proxies appended can be trusted).
import { createContext, type RouterContextProvider } from "react-router";
import { config } from "./config.server.ts";

export type RequestClient = {
  /** The client's IP address ("unknown" when the socket has already gone). */
  address: string;
  /** Whether the client's own connection was HTTPS (to us, or to our outermost trusted proxy). */
  https: boolean;
};

/** The socket a request arrived on: Node's net.Socket or tls.TLSSocket (or what a test makes of one). */
export type Connection = { remoteAddress?: string; encrypted?: boolean };

type HeaderValue = string | string[] | null | undefined;

function listOf(value: HeaderValue): string[] {
  const text = Array.isArray(value) ? value.join(",") : (value ?? "");
  return text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * The entry `hops` places from the right of a proxy-appended list: each trusted proxy appends what it saw,
 * so with one proxy the last entry is the client. A list shorter than `hops` gives its first entry.
 */
function trustedEntry(list: string[], hops: number): string | undefined {
  if (list.length === 0) return undefined;
  return list[Math.max(0, list.length - hops)];
}

/**
 * The client of a request per TRUST_PROXY. `header` reads a request header by its lower-case name: pass
 * `(name) => req.headers[name]` for a Node request or `(name) => request.headers.get(name)` for a Fetch one.
 */
export function requestClient(
  connection: Connection,
  header: (name: string) => HeaderValue,
  hops: number = config().TRUST_PROXY,
): RequestClient {
  const socket = { address: connection.remoteAddress ?? "unknown", https: connection.encrypted === true };
  if (hops === 0) return socket;
  const forwardedFor = trustedEntry(listOf(header("x-forwarded-for")), hops);
  const forwardedProto = trustedEntry(listOf(header("x-forwarded-proto")), hops)?.toLowerCase();
  return {
    address: forwardedFor ?? socket.address,
    https: forwardedProto ? forwardedProto === "https" : socket.https,
  };
}

/**
 * The request's client, put in the router context by server.ts for every request (null where no server.ts
 * runs: `npm run dev`, tests calling loaders directly).
 */
export const requestClientContext = createContext<RequestClient | null>(null);

/**
 * The address of the client that sent this request, as the sign-in throttle counts it; "unknown" where no
 * server.ts runs (all such requests then share one count).
 */
export function clientAddressOf(context: Readonly<RouterContextProvider>): string {
  return context.get(requestClientContext)?.address ?? "unknown";
}

// Between Node's http objects and the Fetch Request/Response React Router speaks: the request body with
// back-pressure, and the response streamed out, compressed when the client accepts it.
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { createResponseCompressor, type Encoding, isCompressibleType, negotiateEncoding } from "./compression.ts";

/**
 * The request body as a web stream. Reading pauses the upload when the app is not keeping up. A route that
 * stops reading (a refused upload) just lets the stream go: once the answer is sent, the rest is drained
 * unread so the connection can be reused. A client that goes away errors the stream, so a route waiting for
 * the body does not wait forever.
 */
function requestBody(req: IncomingMessage, res: ServerResponse): ReadableStream<Uint8Array> {
  let settled = false;
  const drain = () => {
    settled = true;
    req.resume();
  };
  res.on("finish", () => {
    if (!req.complete) drain();
  });
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on("data", (chunk: Buffer) => {
          if (settled) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.on("end", () => {
          if (settled) return;
          settled = true;
          controller.close();
        });
        req.on("close", () => {
          if (settled) return;
          settled = true;
          controller.error(new Error("The client closed the connection before sending the whole request."));
        });
        // An aborted upload also closes; the error itself needs no handling here.
        req.on("error", () => {});
      },
      pull() {
        if (!settled) req.resume();
      },
      cancel: drain,
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
  );
}

/** A host name or address with an optional port: nothing that would change the URL built around it. */
const HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * A Fetch Request for a Node request, or null when its target or Host cannot make a URL on this site (an
 * absolute-form or `*` target, a Host with userinfo or a path). `https`: whether the client came over HTTPS.
 */
/** Whether a request's target and Host can make a URL on this site (see toFetchRequest). */
export function usableTarget(req: IncomingMessage): boolean {
  return Boolean(req.url?.startsWith("/")) && HOST.test(req.headers.host ?? "localhost");
}

/**
 * The path React Router will route a request on: the pathname of the URL toFetchRequest builds, after URL
 * normalisation ("/uploads/../my-orders" and "/uploads/%2e%2e/my-orders" are "/my-orders", a backslash is a
 * slash). Null for a target that makes no URL. Decide anything about a request from this, never from req.url.
 */
export function routedPath(req: IncomingMessage): string | null {
  if (!req.url?.startsWith("/")) return null;
  try {
    return new URL(`http://localhost${req.url}`).pathname;
  } catch {
    return null;
  }
}

export function toFetchRequest(req: IncomingMessage, res: ServerResponse, https: boolean): Request | null {
  const host = req.headers.host ?? "localhost";
  if (!usableTarget(req)) return null;
  let url: URL;
  try {
    // Concatenated, not resolved: a target of "//other.example/x" stays a path on this host.
    url = new URL(`${https ? "https" : "http"}://${host}${req.url}`);
  } catch {
    return null;
  }
  const controller = new AbortController();
  res.on("close", () => controller.abort());
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i] as string, raw[i + 1] as string);
  // `duplex` is what Node needs for a streamed body; the DOM typings do not know it yet.
  const init: RequestInit & { duplex?: "half" } = { method: req.method ?? "GET", headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = requestBody(req, res);
    init.duplex = "half";
  }
  return new Request(url, init);
}

/** Headers as the flat [name, value, ...] list res.writeHead takes (each Set-Cookie stays its own entry). */
export function rawHeaders(headers: Headers): string[] {
  const raw: string[] = [];
  for (const [name, value] of headers) raw.push(name, value);
  return raw;
}

/** Which encoding a dynamic answer goes out in (null: as it is), marking the headers to match. */
function chooseEncoding(req: IncomingMessage, status: number, headers: Headers): Encoding | null {
  if (status === 204 || status === 304 || status < 200) return null;
  const type = headers.get("Content-Type");
  if (!isCompressibleType(type) || headers.has("Content-Encoding")) return null;
  if (/\bno-transform\b/i.test(headers.get("Cache-Control") ?? "")) return null;
  // A route that chose among its own kept encodings (GET /api/product/list) has said so already.
  if (!/\baccept-encoding\b/i.test(headers.get("Vary") ?? "")) headers.append("Vary", "Accept-Encoding");
  const encoding = negotiateEncoding(req.headers["accept-encoding"]);
  if (encoding) {
    headers.set("Content-Encoding", encoding);
    headers.delete("Content-Length");
  }
  return encoding;
}

/**
 * Joins the chunks a page writes in one go (React writes a page in a few dozen small pieces) and passes them
 * on as one when the page pauses or ends: one compressor call and one socket write per burst, and a page that
 * streams still streams. Transform holds the source back while what it passed on has not been taken.
 */
function batchUntilPause(): Transform {
  let pending: Buffer[] = [];
  let timer: NodeJS.Immediate | null = null;
  const release = (stream: Transform) => {
    timer = null;
    if (pending.length > 0) stream.push(Buffer.concat(pending));
    pending = [];
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending.push(chunk);
      timer ??= setImmediate(() => release(this));
      done();
    },
    flush(done) {
      if (timer) clearImmediate(timer);
      release(this);
      done();
    },
    destroy(error, done) {
      if (timer) clearImmediate(timer);
      done(error);
    },
  });
}

/** Sends a response's status, headers and body; the body compressed when the client accepts it. */
export async function sendResponse(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Headers,
  body: ReadableStream<Uint8Array> | null,
): Promise<void> {
  const encoding = chooseEncoding(req, status, headers);
  res.writeHead(status, rawHeaders(headers));
  if (!body || req.method === "HEAD") {
    res.end();
    await body?.cancel().catch(() => {});
    return;
  }
  const stages: (Readable | Transform)[] = [
    Readable.fromWeb(body as NodeReadableStream<Uint8Array>),
    batchUntilPause(),
  ];
  // Each batch is flushed through the compressor (the `flush` setting), so what the page sent goes out.
  if (encoding) stages.push(createResponseCompressor(encoding));
  await pipeline([...stages, res]);
}

// One HTTP request at a time, keeping the bytes as they travelled (fetch would decompress them silently).
import http from "node:http";
import { brotliDecompressSync, gunzipSync, gzipSync, inflateSync } from "node:zlib";

export type RawResponse = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent (still compressed when the server compressed it). */
  raw: Buffer;
  /** The body after undoing Content-Encoding. */
  body: Buffer;
  ms: number;
};

/** What a browser sends: the bench asks for compression like one. */
export const ACCEPT_ENCODING = "br, gzip";

export function request(
  url: string,
  { method = "GET", headers = {}, body, timeoutMs = 60_000 }: RequestOptions = {},
): Promise<RawResponse> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        try {
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            raw,
            body: decode(raw, res.headers["content-encoding"]),
            ms: performance.now() - started,
          });
        } catch (error) {
          reject(error);
        }
      });
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`${method} ${url} took longer than ${timeoutMs} ms`)));
    req.on("error", reject);
    req.end(body);
  });
}

export type RequestOptions = {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
};

function decode(raw: Buffer, encoding: string | undefined): Buffer {
  switch ((encoding ?? "identity").trim().toLowerCase()) {
    case "identity":
      return raw;
    case "gzip":
      return gunzipSync(raw);
    case "br":
      return brotliDecompressSync(raw);
    case "deflate":
      return inflateSync(raw);
    default:
      throw new Error(`Unknown Content-Encoding ${encoding}`);
  }
}

/** How many bytes `body` would take gzipped (level 6, what servers commonly use). */
export function gzipSize(body: Buffer): number {
  return gzipSync(body, { level: 6 }).length;
}

/** The `name=value` pairs of a response's Set-Cookie headers, as one Cookie header. */
export function cookieHeader(headers: http.IncomingHttpHeaders, previous = ""): string {
  const jar = new Map(
    previous
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const),
  );
  for (const cookie of headers["set-cookie"] ?? []) {
    const pair = cookie.split(";")[0]!.trim();
    jar.set(pair.slice(0, pair.indexOf("=")), pair);
  }
  return [...jar.values()].join("; ");
}

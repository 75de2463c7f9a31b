// Plain HTTP requests with nothing added or decoded (fetch would send its own Accept-Encoding and decode the
// body): what the server really sent, byte for byte.
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

export function rawRequest(
  url: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** The request target sent as it is, instead of `url`'s path (which a URL would have normalised). */
    target?: string;
  } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const options = { method: init.method ?? "GET", headers: init.headers, agent: false };
    const req = http.request(url, init.target === undefined ? options : { ...options, path: init.target });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

/** The body as the client reads it, undoing the Content-Encoding. */
export function decoded(response: RawResponse): Buffer {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(response.body);
  if (encoding === "gzip") return gunzipSync(response.body);
  if (encoding) throw new Error(`Unexpected Content-Encoding ${encoding}`);
  return response.body;
}

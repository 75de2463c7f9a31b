// The client build (build/client: fingerprinted /assets and the files from public/), read into memory once at
// start-up with the .br/.gz copies scripts/precompress.mjs wrote beside them. A request for one is answered
// from memory: no stat, no file stream, no compression per request; If-None-Match gets a 304.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { ENCODINGS, type Encoding, negotiateEncoding } from "./compression.ts";
import { rawHeaders } from "./http-bridge.ts";

type Variant = { body: Buffer; etag: string };
/** What is sent for one file of the client build. */
export type StaticFile = {
  type: string;
  cacheControl: string;
  encodings: Encoding[];
  variants: Map<Encoding | null, Variant>;
};
export type StaticFiles = Map<string, StaticFile>;

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
};

/** The precompressed copy of a file for each encoding. */
const SUFFIXES: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Reads every file of `clientDir`; returns a lookup from URL path to what is sent for it. */
export function indexStaticFiles(clientDir: string): StaticFiles {
  const all = new Set(filesUnder(clientDir));
  const index: StaticFiles = new Map();
  for (const file of all) {
    const isCopy = Object.values(SUFFIXES).some(
      (suffix) => file.endsWith(suffix) && all.has(file.slice(0, -suffix.length)),
    );
    if (isCopy) continue;
    const body = readFileSync(file);
    const hash = createHash("sha256").update(body).digest("base64url").slice(0, 22);
    const variants = new Map<Encoding | null, Variant>([[null, { body, etag: `"${hash}"` }]]);
    for (const encoding of ENCODINGS) {
      const copy = file + SUFFIXES[encoding];
      if (all.has(copy)) variants.set(encoding, { body: readFileSync(copy), etag: `"${hash}-${encoding}"` });
    }
    const urlPath = `/${path.relative(clientDir, file).split(path.sep).join("/")}`;
    index.set(urlPath, {
      type: TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream",
      // Files under /assets have their content's hash in their name: they never change.
      cacheControl: urlPath.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      encodings: ENCODINGS.filter((encoding) => variants.has(encoding)),
      variants,
    });
  }
  return index;
}

/** The indexed file a GET or HEAD asks for, or undefined. */
export function findStaticFile(index: StaticFiles, req: IncomingMessage): StaticFile | undefined {
  if (req.method !== "GET" && req.method !== "HEAD") return undefined;
  const url = req.url ?? "/";
  const end = url.indexOf("?");
  const pathname = end === -1 ? url : url.slice(0, end);
  try {
    return index.get(decodeURIComponent(pathname));
  } catch {
    return undefined;
  }
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const value = tag.trim();
    return value === "*" || value.replace(/^W\//, "") === etag;
  });
}

/** Sends an indexed file in the best encoding the client takes; `decorate` adds the security headers. */
export function sendStaticFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: StaticFile,
  decorate: (headers: Headers) => unknown,
): void {
  const encoding = file.encodings.length > 0 ? negotiateEncoding(req.headers["accept-encoding"], file.encodings) : null;
  // Every file has its plain variant; an encoding is chosen only among those it has.
  const variant = file.variants.get(encoding) ?? (file.variants.get(null) as Variant);
  const headers = new Headers({ "Content-Type": file.type, "Cache-Control": file.cacheControl, ETag: variant.etag });
  if (file.encodings.length > 0) headers.set("Vary", "Accept-Encoding");
  if (encoding) headers.set("Content-Encoding", encoding);
  decorate(headers);
  if (matchesEtag(req.headers["if-none-match"], variant.etag)) {
    res.writeHead(304, rawHeaders(headers));
    res.end();
    return;
  }
  headers.set("Content-Length", String(variant.body.length));
  res.writeHead(200, rawHeaders(headers));
  res.end(req.method === "HEAD" ? undefined : variant.body);
}

// Catalogue pages kept in memory for visitors without a session (docs/decisions/0060). A page is kept only when
// the request carried no cookie at all (no session, cart, toast, nothing of the visitor's) and no `login` flag,
// the answer was a 200 without Set-Cookie, and the route marked it as the same for everyone (SHARED_PAGE_HEADER).
// It is kept with the catalogue version it was rendered at and served only while that is still the version.
//
// Every answer gets a nonce of its own: the page is stored split at its nonce, and each answer puts a fresh one
// into the body and the Content-Security-Policy. So that this costs no compression per answer, the pieces
// between the nonces are compressed once (deflatePieces); an answer is those blocks with the nonce between them
// as stored (uncompressed) DEFLATE blocks, a gzip header, and the CRC-32 of what it decodes to. Clients that do
// not take gzip get the page compressed for them, or plain.
import { createHash, randomBytes } from "node:crypto";
import { constants, crc32, deflateRawSync } from "node:zlib";
import { compressOnce, negotiateEncoding } from "./compression.js";
import { rawHeaders } from "./http-bridge.js";

/** The response header a route sets on a page that is the same for every visitor without a session. */
export const SHARED_PAGE_HEADER = "x-shared-page";
const MAX_ENTRIES = 500;
const MAX_BYTES = 64 * 1024 * 1024;
const MAX_PAGE_BYTES = 2 * 1024 * 1024;
/** Headers never stored with a page: made per answer, or not the page's own. */
const PER_ANSWER = ["content-security-policy", "content-length", "content-encoding", "set-cookie", SHARED_PAGE_HEADER];

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** The last DEFLATE block: stored, final, empty. */
const FINAL_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);

/** A stored (uncompressed) DEFLATE block holding `bytes` (a nonce: far under its limit of 65,535). */
function storedBlock(bytes) {
  const header = Buffer.alloc(5);
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return [header, bytes];
}

/**
 * The cache key of a request the cache may answer or store, or null: only a GET with no Cookie header at all
 * and no `login` flag (the login modal) in its query.
 */
export function pageCacheKey(req) {
  if (req.method !== "GET" || req.headers.cookie !== undefined) return null;
  const url = req.url ?? "";
  const query = url.indexOf("?");
  if (query !== -1 && new URLSearchParams(url.slice(query)).has("login")) return null;
  return url;
}

function nonceOf(policy) {
  return /'nonce-([^']+)'/.exec(policy ?? "")?.[1] ?? null;
}

/** Splits `buffer` wherever `separator` occurs. */
function splitAt(buffer, separator) {
  const parts = [];
  let start = 0;
  for (let at = buffer.indexOf(separator); at !== -1; at = buffer.indexOf(separator, start)) {
    parts.push(buffer.subarray(start, at));
    start = at + separator.length;
  }
  parts.push(buffer.subarray(start));
  return parts;
}

/**
 * Each piece compressed once, as raw DEFLATE blocks that end byte-aligned, so that a stored block (the nonce)
 * and the next piece may follow. A piece may refer back to the pieces before it: it is compressed with them as
 * its dictionary, the nonce's place in it filled with zero bytes. A page has no zero byte (checked), so no
 * match can take in those bytes, and the decoder, which has the real nonce there, decodes the same text.
 */
function deflatePieces(parts, nonceLength) {
  const filler = Buffer.alloc(nonceLength);
  const referable = !parts.some((part) => part.includes(0));
  let before = Buffer.alloc(0);
  return parts.map((part, i) => {
    const options = { level: 9, finishFlush: constants.Z_SYNC_FLUSH };
    if (referable && i > 0) {
      before = Buffer.concat([before, parts[i - 1], filler]).subarray(-32 * 1024);
      options.dictionary = before;
    }
    return deflateRawSync(part, options);
  });
}

function matchesEtag(ifNoneMatch, etag) {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const value = tag.trim();
    return value === "*" || value.replace(/^W\//, "") === bare;
  });
}

export class PageCache {
  constructor({ maxEntries = MAX_ENTRIES, maxBytes = MAX_BYTES } = {}) {
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
    this.bytes = 0;
    /** key → entry, least recently used first. */
    this.entries = new Map();
  }

  /** The entry for `key` if it was made at `version`. */
  get(key, version) {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.version !== version) {
      this.bytes -= entry.bytes;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry;
  }

  /**
   * Keeps a rendered answer when it may be shared; returns the entry, or null when it was not kept (then the
   * answer must be sent as it is: `body` is what was read of it).
   */
  store(key, version, status, headers, body) {
    if (status !== 200 || headers.get(SHARED_PAGE_HEADER) !== "1" || headers.has("set-cookie")) return null;
    if (body.length > MAX_PAGE_BYTES) return null;
    const policy = headers.get("content-security-policy");
    const nonce = nonceOf(policy);
    const parts = nonce ? splitAt(body, Buffer.from(nonce)) : [body];
    const kept = new Headers(headers);
    for (const name of PER_ANSWER) kept.delete(name);
    const entry = {
      version,
      headers: kept,
      policyParts: policy ? (nonce ? policy.split(nonce) : [policy]) : null,
      parts,
      deflated: deflatePieces(parts, nonce ? Buffer.byteLength(nonce) : 0),
      etag: `W/"${createHash("sha256").update(Buffer.concat(parts)).digest("base64url").slice(0, 27)}"`,
      bytes: 0,
    };
    entry.bytes = body.length * 2 + 1024;
    this.remove(key);
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      this.remove(this.entries.keys().next().value);
    }
    return entry;
  }

  remove(key) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

/** The page with `nonce` in every place its nonce was. */
function pageWith(entry, nonce) {
  const pieces = [];
  entry.parts.forEach((part, i) => {
    if (i > 0) pieces.push(nonce);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}

/** The page with `nonce`, as a gzip stream made of the stored blocks. */
function gzipWith(entry, nonce) {
  const pieces = [GZIP_HEADER];
  let crc = 0;
  entry.parts.forEach((part, i) => {
    if (i > 0) {
      pieces.push(...storedBlock(nonce));
      crc = crc32(nonce, crc);
    }
    pieces.push(entry.deflated[i]);
    crc = crc32(part, crc);
  });
  pieces.push(FINAL_BLOCK);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(
    entry.parts.reduce((n, part) => n + part.length, 0) + nonce.length * (entry.parts.length - 1),
    4,
  );
  pieces.push(trailer);
  return Buffer.concat(pieces);
}

/**
 * Answers a request from a kept page: a 304 when the browser's copy is current (no new policy: the copy keeps
 * the one that came with it), else the page with a nonce of its own. `decorate` adds the security headers.
 */
export function sendCachedPage(req, res, entry, decorate) {
  if (matchesEtag(req.headers["if-none-match"], entry.etag)) {
    const headers = new Headers({ ETag: entry.etag, Vary: "Accept-Encoding" });
    const cacheControl = entry.headers.get("cache-control");
    if (cacheControl) headers.set("Cache-Control", cacheControl);
    decorate(headers);
    res.writeHead(304, rawHeaders(headers));
    res.end();
    return;
  }
  const headers = new Headers(entry.headers);
  headers.set("ETag", entry.etag);
  headers.set("Vary", "Accept-Encoding");
  const nonce = Buffer.from(randomBytes(16).toString("base64"));
  if (entry.policyParts) headers.set("Content-Security-Policy", entry.policyParts.join(nonce.toString()));
  decorate(headers);
  const accept = req.headers["accept-encoding"];
  let body;
  if (negotiateEncoding(accept, ["gzip"])) {
    body = gzipWith(entry, nonce);
    headers.set("Content-Encoding", "gzip");
  } else {
    const encoding = negotiateEncoding(accept);
    body = pageWith(entry, nonce);
    if (encoding) {
      body = compressOnce(encoding, body);
      headers.set("Content-Encoding", encoding);
    }
  }
  headers.set("Content-Length", String(body.length));
  res.writeHead(200, rawHeaders(headers));
  res.end(body);
}

// The page a visitor without cookies gets, as kept in the page store (server/page-store.ts, decision 0263):
// the fill of a page's template for nobody (no session, no cart, nothing saved), made once per template. It is
// answered with an ETag (a 304 when the browser's copy is current) and the shared page's own headers.
//
// Every answer gets a nonce of its own: the page is stored split at its nonce, and each answer puts a fresh one
// into the body and the Content-Security-Policy. So that this costs no compression per answer, the pieces
// between the nonces are compressed once (deflatePieces); an answer is those blocks with the nonce between them
// as stored (uncompressed) DEFLATE blocks, a gzip header, and the CRC-32 of what it decodes to. Clients that do
// not take gzip get the page compressed for them, or plain.
import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { constants, crc32, deflateRawSync, type ZlibOptions } from "node:zlib";
import { SHARED_PAGE_HEADER, TEMPLATE_PAGE_HEADER } from "../app/lib/shared-page.ts";
import { compressOnce, negotiateEncoding } from "./compression.ts";
import { rawHeaders } from "./http-bridge.ts";

/** Headers never stored with a page: made per answer, or not the page's own. */
export const PER_ANSWER = [
  "content-security-policy",
  "content-length",
  "content-encoding",
  "set-cookie",
  SHARED_PAGE_HEADER,
  TEMPLATE_PAGE_HEADER,
];

export const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** The last DEFLATE block: stored, final, empty. */
export const FINAL_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);

// CRC-32 of joined pieces from the pieces' own CRCs (zlib's crc32_combine): the answer's CRC costs a few
// microseconds instead of a pass over the whole page.
const POLY = 0xedb88320;
/** a × b modulo the CRC polynomial (bit-reflected, as zlib's multmodp). */
function multmodp(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}
const X2N: number[] = [1 << 30];
for (let n = 1; n < 32; n++) X2N.push(multmodp(X2N[n - 1] as number, X2N[n - 1] as number));
/** The operator that appends `length` bytes to a CRC (zlib's crc32_combine_gen). */
export function appendOperator(length: number): number {
  let p = 0x80000000;
  for (let n = length, k = 3; n > 0; n = Math.floor(n / 2), k++) if (n & 1) p = multmodp(X2N[k & 31] as number, p);
  return p >>> 0;
}
/** The CRC of A then B, from the CRC of A, the CRC of B and appendOperator(B's length). */
export function combineCrc(crcA: number, crcB: number, operator: number): number {
  return (multmodp(operator, crcA) ^ crcB) >>> 0;
}

/** A stored (uncompressed) DEFLATE block holding `bytes` (a nonce: far under its limit of 65,535). */
export function storedBlock(bytes: Buffer): Buffer[] {
  const header = Buffer.alloc(5);
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return [header, bytes];
}

export function nonceOf(policy: string | null): string | null {
  return /'nonce-([^']+)'/.exec(policy ?? "")?.[1] ?? null;
}

/** Splits `buffer` wherever `separator` occurs. */
function splitAt(buffer: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
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
function deflatePieces(parts: Buffer[], nonceLength: number): Buffer[] {
  const filler = Buffer.alloc(nonceLength);
  const referable = !parts.some((part) => part.includes(0));
  let before = Buffer.alloc(0);
  return parts.map((part, i) => {
    const options: ZlibOptions = { level: 9, finishFlush: constants.Z_SYNC_FLUSH };
    const previous = parts[i - 1];
    if (referable && previous) {
      before = Buffer.concat([before, previous, filler]).subarray(-32 * 1024);
      options.dictionary = before;
    }
    return deflateRawSync(part, options);
  });
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const value = tag.trim();
    return value === "*" || value.replace(/^W\//, "") === bare;
  });
}

/** A kept page: its pieces between the nonces, compressed once, and what an answer is made from. */
export type CachedPage = {
  version: number;
  headers: Headers;
  policyParts: string[] | null;
  parts: Buffer[];
  deflated: Buffer[];
  crcs: number[];
  appendOperators: number[];
  nonceOperator: number;
  length: number;
  answerHeaders: Map<boolean, string[]>;
  etag: string;
  bytes: number;
};

/**
 * A page kept for visitors without cookies, from its text and headers (`nonce` where each answer's nonce goes, in
 * the body and in the policy): compressed once, with an ETag of its text.
 */
export function sharedPageOf(version: number, headers: Headers, body: Buffer, nonce: string): CachedPage {
  const policy = headers.get("content-security-policy");
  const parts = splitAt(body, Buffer.from(nonce));
  const kept = new Headers(headers);
  for (const name of PER_ANSWER) kept.delete(name);
  return {
    version,
    headers: kept,
    policyParts: policy ? policy.split(nonce) : null,
    parts,
    deflated: deflatePieces(parts, Buffer.byteLength(nonce)),
    crcs: parts.map((part) => crc32(part)),
    appendOperators: parts.map((part) => appendOperator(part.length)),
    nonceOperator: appendOperator(Buffer.byteLength(nonce)),
    length: parts.reduce((n, part) => n + part.length, 0),
    /** The headers to send, security headers included, made once for HTTP and once for HTTPS. */
    answerHeaders: new Map(),
    etag: `W/"${createHash("sha256").update(Buffer.concat(parts)).digest("base64url").slice(0, 27)}"`,
    /** What it holds in memory, roughly: the page and its compressed pieces. */
    bytes: body.length * 2 + 1024,
  };
}

/** The page with `nonce` in every place its nonce was. */
function pageWith(entry: CachedPage, nonce: Buffer): Buffer {
  const pieces: Buffer[] = [];
  entry.parts.forEach((part, i) => {
    if (i > 0) pieces.push(nonce);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}

/** The page with `nonce`, as a gzip stream made of the stored blocks. */
function gzipWith(entry: CachedPage, nonce: Buffer): Buffer {
  const pieces: Buffer[] = [GZIP_HEADER, entry.deflated[0] as Buffer];
  let crc = entry.crcs[0] as number;
  const nonceCrc = crc32(nonce);
  for (let i = 1; i < entry.parts.length; i++) {
    pieces.push(...storedBlock(nonce), entry.deflated[i] as Buffer);
    crc = combineCrc(
      combineCrc(crc, nonceCrc, entry.nonceOperator),
      entry.crcs[i] as number,
      entry.appendOperators[i] as number,
    );
  }
  pieces.push(FINAL_BLOCK);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE((entry.length + nonce.length * (entry.parts.length - 1)) >>> 0, 4);
  pieces.push(trailer);
  return Buffer.concat(pieces);
}

/**
 * The headers of an answer from `entry` as the flat list res.writeHead takes, without the policy: the page's own
 * headers with the ETag and the security headers (`decorate`), made once per entry and protocol.
 */
function answerHeaders(entry: CachedPage, https: boolean, decorate: (headers: Headers) => unknown): string[] {
  let list = entry.answerHeaders.get(https);
  if (!list) {
    const headers = new Headers(entry.headers);
    headers.set("ETag", entry.etag);
    headers.set("Vary", "Accept-Encoding");
    if (entry.policyParts) headers.set("Content-Security-Policy", entry.policyParts.join(""));
    decorate(headers);
    headers.delete("Content-Security-Policy");
    list = rawHeaders(headers);
    entry.answerHeaders.set(https, list);
  }
  return list;
}

/**
 * Answers a request from a kept page: a 304 when the browser's copy is current (no new policy: the copy keeps
 * the one that came with it), else the page with a nonce of its own. `decorate` adds the security headers to a
 * Headers object; they depend only on `https` for a request without cookies.
 */
export function sendCachedPage(
  req: IncomingMessage,
  res: ServerResponse,
  entry: CachedPage,
  https: boolean,
  decorate: (headers: Headers) => unknown,
): void {
  if (matchesEtag(req.headers["if-none-match"], entry.etag)) {
    const headers = new Headers({ ETag: entry.etag, Vary: "Accept-Encoding" });
    const cacheControl = entry.headers.get("cache-control");
    if (cacheControl) headers.set("Cache-Control", cacheControl);
    decorate(headers);
    res.writeHead(304, rawHeaders(headers));
    res.end();
    return;
  }
  const list = [...answerHeaders(entry, https, decorate)];
  const nonce = Buffer.from(randomBytes(16).toString("base64"));
  if (entry.policyParts) list.push("Content-Security-Policy", entry.policyParts.join(nonce.toString()));
  const accept = req.headers["accept-encoding"];
  let body: Buffer;
  if (negotiateEncoding(accept, ["gzip"])) {
    body = gzipWith(entry, nonce);
    list.push("Content-Encoding", "gzip");
  } else {
    const encoding = negotiateEncoding(accept);
    body = pageWith(entry, nonce);
    if (encoding) {
      body = compressOnce(encoding, body);
      list.push("Content-Encoding", encoding);
    }
  }
  list.push("Content-Length", String(body.length));
  res.writeHead(200, list);
  res.end(body);
}

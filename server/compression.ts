// Content negotiation and compressors. Built files are compressed once at build time (scripts/precompress.mjs,
// best quality); pages and JSON are compressed as they stream, with a fast setting (brotli quality 4, gzip level
// 6: docs/decisions/0051-compression-and-static-files.md; 0181 tried 3 and 4). Images are never recompressed.
import type { Transform } from "node:stream";
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from "node:zlib";

/** The encodings the server produces, best first: brotli wins a tie. */
export const ENCODINGS = ["br", "gzip"] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** Text-like types worth compressing (HTML, JSON, JavaScript, CSS, SVG, React Router's turbo-stream data). */
const COMPRESSIBLE_TYPE = /^(text\/|application\/(json|javascript|xml|manifest\+json)\b|image\/svg\+xml\b)/i;

export function isCompressibleType(contentType: unknown): boolean {
  return typeof contentType === "string" && COMPRESSIBLE_TYPE.test(contentType);
}

/** The client's Accept-Encoding as name → quality ("gzip;q=0" refuses gzip). */
function acceptedEncodings(header: string | null | undefined): Map<string, number> {
  const qualities = new Map<string, number>();
  for (const part of String(header ?? "").split(",")) {
    const [name, ...params] = part.split(";");
    const coding = (name ?? "").trim().toLowerCase();
    if (!coding) continue;
    let quality = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param);
      if (match) quality = Number(match[1]);
    }
    qualities.set(coding, quality);
  }
  return qualities;
}

/** The best of `available` (in ENCODINGS order) that the client accepts, or null for the bytes as they are. */
export function negotiateEncoding(
  acceptEncoding: string | null | undefined,
  available: readonly Encoding[] = ENCODINGS,
): Encoding | null {
  const qualities = acceptedEncodings(acceptEncoding);
  const anyOther = qualities.get("*") ?? 0;
  let best: Encoding | null = null;
  let bestQuality = 0;
  for (const encoding of available) {
    const quality = qualities.get(encoding) ?? anyOther;
    if (quality > bestQuality) {
      best = encoding;
      bestQuality = quality;
    }
  }
  return best;
}

/**
 * Brotli for answers made per request: quality 4. Quality 3 halves the CPU of compressing a whole page at once,
 * but the server's streamed compressor (one per answer) cost more with it: decision 0181.
 */
export const BROTLI_PARAMS = {
  [constants.BROTLI_PARAM_QUALITY]: 4,
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
};
/** gzip, for clients without brotli. */
export const GZIP_LEVEL = 6;

/** A whole answer compressed at once, with the same fast settings as a streamed one. */
export function compressOnce(encoding: Encoding, bytes: Uint8Array): Buffer {
  return encoding === "br"
    ? brotliCompressSync(bytes, { params: BROTLI_PARAMS })
    : gzipSync(bytes, { level: GZIP_LEVEL });
}

/**
 * A compressor for a response made per request, with fast settings. Every write is flushed out at once (the
 * writes come in bursts, see http-bridge.js); gzip's sync flush keeps its dictionary, where its default full
 * flush would start over and nearly double a streamed page.
 */
export function createResponseCompressor(encoding: Encoding): Transform {
  if (encoding === "br") {
    return createBrotliCompress({ flush: constants.BROTLI_OPERATION_FLUSH, params: BROTLI_PARAMS });
  }
  return createGzip({ level: GZIP_LEVEL, flush: constants.Z_SYNC_FLUSH });
}

// The kept whole product list (app/modules/catalog/product-list.server.ts) as HTTP: a strong ETag from its
// bytes, and its bytes in the best encoding the client accepts (Accept-Encoding). The ETag is made once per
// kept list and gzip and brotli each once, on the first call that asks for them (docs/decisions/0101): a new
// catalogue version keeps a new list, and what was made for the old one goes with it.
import { createHash } from "node:crypto";
import { compressOnce, type Encoding, negotiateEncoding } from "../../../server/compression.ts";

type Made = {
  /** A strong validator of the JSON's bytes. */
  etag: string;
  /** The JSON compressed, each encoding made once when first asked for. */
  encoded: Map<Encoding, Buffer>;
};

const madeFor = new WeakMap<Buffer, Made>();

function made(json: Buffer): Made {
  let entry = madeFor.get(json);
  if (!entry) {
    entry = { etag: `"${createHash("sha256").update(json).digest("base64url").slice(0, 32)}"`, encoded: new Map() };
    madeFor.set(json, entry);
  }
  return entry;
}

/** The kept JSON's strong ETag. */
export function keptEtag(json: Buffer): string {
  return made(json).etag;
}

/** The kept JSON's bytes in the best encoding the client accepts, compressed once per kept list. */
export function keptJsonBody(json: Buffer, acceptEncoding: string | null) {
  const encoding = negotiateEncoding(acceptEncoding);
  if (!encoding) return { encoding: null, body: json };
  const { encoded } = made(json);
  let body = encoded.get(encoding);
  if (!body) {
    body = compressOnce(encoding, json);
    encoded.set(encoding, body);
  }
  return { encoding, body };
}

/** Whether an If-None-Match header names `etag` (or is `*`); weak and strong tags compare alike, as RFC 9110 says. */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const value = tag.trim();
    return value === "*" || value.replace(/^W\//, "") === bare;
  });
}

// GET /api/product/list without parameters: every product on sale, built once per catalogue version and kept
// (docs/decisions/0101). The JSON is made on the first call after a change to any product, size or stock count
// (each raises the catalogue version), with a strong ETag from its bytes; gzip and brotli are each made once,
// on the first call that asks for them. One list is kept: a new version replaces it.
import { createHash } from "node:crypto";
import { toApiProduct } from "#app/lib/api-shapes.server.ts";
import { compressOnce, type Encoding, negotiateEncoding } from "../../../server/compression.ts";
import { listAllProducts } from "./catalog.server.ts";
import { catalogueVersion } from "./catalogue-version.server.ts";

export type KeptProductList = {
  /** The catalogue version it was built at (read before building: a change meanwhile only means a rebuild). */
  version: number;
  /** A strong validator of the JSON's bytes. */
  etag: string;
  json: Buffer;
  /** The JSON compressed, each encoding made once when first asked for. */
  encoded: Map<Encoding, Buffer>;
};

let kept: KeptProductList | null = null;
let builds = 0;

/** How many times the list was built since the process started (tests check that a repeat call builds nothing). */
export function productListBuilds(): number {
  return builds;
}

/**
 * The whole list as the spec has it, as kept for the current catalogue version (built now when it is not), its
 * prices in `currency` (the shop's: a change of it raises the catalogue version).
 */
export async function fullProductList(currency: string): Promise<KeptProductList> {
  const version = await catalogueVersion();
  if (kept?.version === version) return kept;
  const products = (await listAllProducts()).map((row) => toApiProduct(row, currency));
  const json = Buffer.from(JSON.stringify({ success: true, products }));
  builds += 1;
  kept = {
    version,
    etag: `"${createHash("sha256").update(json).digest("base64url").slice(0, 32)}"`,
    json,
    encoded: new Map(),
  };
  return kept;
}

/** The list's bytes in the best encoding the client accepts (Accept-Encoding), compressed once per version. */
export function productListBody(list: KeptProductList, acceptEncoding: string | null) {
  const encoding = negotiateEncoding(acceptEncoding);
  if (!encoding) return { encoding: null, body: list.json };
  let body = list.encoded.get(encoding);
  if (!body) {
    body = compressOnce(encoding, list.json);
    list.encoded.set(encoding, body);
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

// A kept template's slots, and how its pieces are compressed and joined (server/page-store.ts, decision 0190): each piece
// known when the template is made is compressed once, alone and against the page before it; an answer is those
// blocks with the visitor's own pieces between them as stored (or, when long, fast-compressed) DEFLATE blocks,
// and the CRC combined from the pieces' own (page-cache.ts's technique): no compression of the page per answer.
import { constants, crc32, deflateRawSync } from "node:zlib";
import { appendOperator, combineCrc, FINAL_BLOCK, GZIP_HEADER, storedBlock } from "./page-cache.ts";

/**
 * A piece of a page known when its template is made (a constant piece, or a slot's variant that holds no
 * sentinel: a Save button either way, the Login link), compressed once on its own (`deflated`) and against the
 * page before it (compressAgainstPage): `reach`, with the page back over that many personal pieces as its
 * dictionary (each as it is for the reference visitor: see referenceOf), most first; `afterMember`, with the
 * constant piece before and the slot between at its signed-in or saved variant.
 */
export type Known = {
  raw: Buffer;
  deflated: Buffer;
  reach: { personal: number; deflated: Buffer }[];
  afterMember?: Buffer;
  crc: number;
  operator: number;
};
export type Slot = { slot: string; anonymous: string; member: string; known: { anonymous?: Known; member?: Known } };
export type Part = { constant: Known } | { nonce: true } | Slot;
export type Variant = "anonymous" | "member";

/** A personal piece this long or longer is compressed per answer (fast, level 1) rather than sent stored. */
const COMPRESS_PERSONAL_FROM = 2048;

/** Raw DEFLATE blocks ending byte-aligned, so that stored blocks may follow. */
const deflate = (raw: Buffer, dictionary?: Buffer) =>
  deflateRawSync(raw, { level: 9, finishFlush: constants.Z_SYNC_FLUSH, ...(dictionary ? { dictionary } : {}) });

export function knownOf(text: string): Known {
  const raw = Buffer.from(text);
  return { raw, deflated: deflate(raw), reach: [], crc: crc32(raw), operator: appendOperator(raw.length) };
}

/** The length of the nonce server.ts puts in each answer (16 random bytes in base64). */
export const NONCE_LENGTH = 24;
const WINDOW = 32 * 1024;
/** How many personal pieces back a known piece's dictionaries reach (one compression each). */
const REACHES = [1, 2, 4, 8, 16, 32, 64];

/**
 * A personal part as it is for the reference visitor (anonymous, nothing saved), when known now: a slot's
 * anonymous variant when it holds no sentinel (its bytes), a nonce (its length: zero bytes stand for it). Null
 * when it depends on the visitor's values (a count, the island).
 */
export function referenceOf(part: Part): Buffer | number | null | undefined {
  if ("constant" in part) return undefined;
  if ("nonce" in part) return NONCE_LENGTH;
  return part.known.anonymous?.raw ?? null;
}

/**
 * Compresses each known piece again against the page before it, so that it refers back as in a page compressed
 * whole (a card to the cards before it, the hydration data to the cards' names). The dictionary is the page
 * before it as the reference visitor gets it, a nonce's place filled with zero bytes: the page has no zero byte
 * (checked), so no match takes them in, and a decoder that has the real nonce there decodes the same text, as in
 * page-cache.ts. A version is only used when every personal piece its dictionary spans is the reference one
 * (gzipOf counts them); after a slot at its other variant, `afterMember` reaches back over that slot only.
 */
export function compressAgainstPage(parts: Part[], references: (Buffer | number | null | undefined)[]): void {
  const compress = (known: Known, k: number) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let personal = 0;
    let wanted = 0;
    for (let j = k - 1; j >= 0 && size < WINDOW; j--) {
      const before = parts[j] as Part;
      const reference = references[j];
      if ("constant" in before) {
        chunks.unshift(before.constant.raw);
        size += before.constant.raw.length;
        continue;
      }
      if (personal === REACHES[wanted]) {
        known.reach.unshift({ personal, deflated: deflate(known.raw, dictionaryOf(chunks)) });
        wanted++;
      }
      if (reference === null || reference === undefined || wanted >= REACHES.length) break;
      const bytes = typeof reference === "number" ? Buffer.alloc(reference) : reference;
      chunks.unshift(bytes);
      size += bytes.length;
      personal++;
    }
    // What it reached when it stopped (the start, a full window, a piece of unknown value before).
    if (personal > (known.reach[0]?.personal ?? 0)) {
      known.reach.unshift({ personal, deflated: deflate(known.raw, dictionaryOf(chunks)) });
    }
    known.reach.sort((x, y) => y.personal - x.personal);
    const between = parts[k - 1];
    const before = parts[k - 2];
    if (between && before && "constant" in before && "slot" in between && between.known.member) {
      known.afterMember = deflate(known.raw, dictionaryOf([before.constant.raw, between.known.member.raw]));
    }
  };
  parts.forEach((part, k) => {
    if ("constant" in part) compress(part.constant, k);
    else if ("slot" in part) {
      if (part.known.anonymous) compress(part.known.anonymous, k);
      if (part.known.member) compress(part.known.member, k);
    }
  });
}

const dictionaryOf = (chunks: Buffer[]) => Buffer.concat(chunks).subarray(-WINDOW);

/** The stored DEFLATE blocks holding `bytes` (each at most 65,535 bytes). */
function storedBlocks(bytes: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 65_535) blocks.push(...storedBlock(bytes.subarray(at, at + 65_535)));
  return blocks;
}

/** A gzip stream of the pieces: the known ones as compressed once, the personal ones as stored blocks. */
export function gzipOf(pieces: ({ known: Known; deflated: Buffer } | Buffer)[]): Buffer {
  const out: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  for (const piece of pieces) {
    if (Buffer.isBuffer(piece)) {
      // A long personal piece (an island with many saved ids) compressed now, fast; a short one (a name, a count)
      // stored.
      if (piece.length >= COMPRESS_PERSONAL_FROM) {
        out.push(deflateRawSync(piece, { level: 1, finishFlush: constants.Z_SYNC_FLUSH }));
      } else if (piece.length > 0) out.push(...storedBlocks(piece));
      crc = combineCrc(crc, crc32(piece), appendOperator(piece.length));
      length += piece.length;
    } else {
      out.push(piece.deflated);
      crc = combineCrc(crc, piece.known.crc, piece.known.operator);
      length += piece.known.raw.length;
    }
  }
  out.push(FINAL_BLOCK);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  out.push(trailer);
  return Buffer.concat(out);
}

/** The slots of a page: the constant text between them and each slot's name and content; null if malformed. */
export function slotsOf(html: string, token: string): { constants: string[]; slots: [string, string][] } | null {
  const marker = new RegExp(`<template data-slot="${token}:(/?)([^"]*)"></template>`, "g");
  const constantTexts: string[] = [];
  const slots: [string, string][] = [];
  let at = 0;
  let open: { name: string; from: number } | null = null;
  for (const match of html.matchAll(marker)) {
    const [text, end, name] = match as unknown as [string, string, string];
    if (!end) {
      if (open) return null;
      constantTexts.push(html.slice(at, match.index));
      open = { name, from: match.index + text.length };
    } else {
      if (!open || open.name !== name) return null;
      slots.push([name, html.slice(open.from, match.index)]);
      open = null;
    }
    at = match.index + text.length;
  }
  if (open) return null;
  constantTexts.push(html.slice(at));
  return { constants: constantTexts, slots };
}

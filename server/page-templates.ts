// Kept page templates filled with the visitor's own parts (docs/decisions/0190-kept-page-templates.md). A
// catalogue page (a route that says it is the same for every visitor without a session: SHARED_PAGE_HEADER) is
// rendered without the request's cookies, twice per URL and catalogue version: once for an anonymous visitor
// and once for a made-up signed-in one who saved every product, with sentinel name and counts. Each part that
// depends on the visitor is a slot between markers (app/lib/visitor.tsx); between the slots the two renders
// must be byte for byte the same, and hold no sentinel, or the page is not kept (it is then rendered per
// request: `refused` counts them). A shopper's (or a visitor's with a cart or saved items) request for the page
// is then answered by joining the constant pieces with each slot's variant for them, the sentinels replaced by
// their own values escaped as React escapes them, and a fresh nonce: the same bytes a render for them makes.
//
// As in page-cache.ts, the constant pieces are compressed once; an answer is those with the personal pieces
// (slots, nonces) as stored DEFLATE blocks between them and a combined CRC: no compression per answer.
import { randomBytes, randomInt } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { constants, crc32, deflateRawSync } from "node:zlib";
import { TEMPLATE_PAGE_HEADER } from "../app/lib/shared-page.ts";
import { islandJson, type TemplateMode, type Visitor } from "../app/lib/visitor.tsx";
import { compressOnce, negotiateEncoding } from "./compression.ts";
import { rawHeaders, routedPath } from "./http-bridge.ts";
import {
  appendOperator,
  combineCrc,
  FINAL_BLOCK,
  GZIP_HEADER,
  nonceOf,
  PER_ANSWER,
  storedBlock,
} from "./page-cache.ts";
import { VersionedLru } from "./versioned-lru.ts";

const MAX_ENTRIES = 500;
const MAX_BYTES = 64 * 1024 * 1024;
const MAX_PAGE_BYTES = 2 * 1024 * 1024;
/** Where a page's nonce was, while the two renders are compared (a page has no zero byte: checked). */
const NONCE_MARK = "\u0000";

/** A rendered answer: what a template is made from. */
export type Rendered = { status: number; headers: Headers; body: Buffer };

/**
 * A piece of a page known when its template is made (a constant piece, or a slot's variant that holds no
 * sentinel: a Save button either way, the Login link), compressed once on its own (`deflated`) and against the
 * page before it (compressAgainstPage): `reach`, with the page back over that many personal pieces as its
 * dictionary (each as it is for the reference visitor: see referenceOf), most first; `afterMember`, with the
 * constant piece before and the slot between at its signed-in or saved variant.
 */
type Known = {
  raw: Buffer;
  deflated: Buffer;
  reach: { personal: number; deflated: Buffer }[];
  afterMember?: Buffer;
  crc: number;
  operator: number;
};
type Slot = { slot: string; anonymous: string; member: string; known: { anonymous?: Known; member?: Known } };
/** The personal text of a slot filled per answer (PER_ANSWER_SLOTS), given by the caller of send. */
export type Fills = Record<string, string>;
type Part = { constant: Known } | { nonce: true } | Slot;
type Variant = "anonymous" | "member";

export type PageTemplate =
  | {
      version: number;
      refused: false;
      headers: Headers;
      policyParts: string[] | null;
      parts: Part[];
      /** The slots whose content the caller renders per answer (PER_ANSWER_SLOTS), and what the render left for it. */
      perAnswer: string[];
      kept: Record<string, unknown> | undefined;
      /** What each personal part is for the reference visitor (referenceOf): its bytes, a length, or null. */
      references: (Buffer | number | null | undefined)[];
      /**
       * What the filling must know of the visitor besides their header parts: the product whose review area is a
       * slot (its variants are only for a viewer who may not review it; visitorForTemplate says).
       */
      needs: { reviewOf?: string };
      bytes: number;
    }
  /** A page whose two renders could not make a template: why (for the tests; nothing is logged per request). */
  | { version: number; refused: true; reason: string; bytes: number };

/** What React's server renderer escapes in text and attribute values, and how. */
const ESCAPES: Record<string, string> = { '"': "&quot;", "&": "&amp;", "'": "&#x27;", "<": "&lt;", ">": "&gt;" };
const escapeHtml = (text: string) => text.replace(/["&'<>]/g, (c) => ESCAPES[c] as string);

/**
 * The cache key of a request a template may answer: a GET for a document (not `.data`) that carries cookies
 * (without any, page-cache.ts answers), with no `login` flag (the login modal is rendered for the request).
 * The whole URL, scheme and Host included, as pageCacheKey.
 */
export function templateKey(req: IncomingMessage, https = false): string | null {
  if (req.method !== "GET" || req.headers.cookie === undefined) return null;
  if (routedPath(req)?.endsWith(".data") !== false) return null;
  const url = req.url ?? "";
  const query = url.indexOf("?");
  if (query !== -1 && new URLSearchParams(url.slice(query)).has("login")) return null;
  return `${https ? "https" : "http"}://${req.headers.host ?? "localhost"}${url}`;
}

/** The slots of a page: the constant text between them and each slot's name and content; null if malformed. */
function slotsOf(html: string, token: string): { constants: string[]; slots: [string, string][] } | null {
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

const KNOWN_SLOT = /^(saved|cart|account|account-phone|island|cart-page|save:[^"<>]+|review:[^"<>]+)$/;
/**
 * Slots rendered per answer by the caller (the cart's body, decision 0205): the template's own content of them
 * (a render for nobody) is never sent, nor compressed as a known piece.
 */
const PER_ANSWER_SLOTS = new Set(["cart-page"]);
/** A personal piece this long or longer is compressed per answer (fast, level 1) rather than sent stored. */
const COMPRESS_PERSONAL_FROM = 2048;

/** Raw DEFLATE blocks ending byte-aligned, so that stored blocks may follow. */
const deflate = (raw: Buffer, dictionary?: Buffer) =>
  deflateRawSync(raw, { level: 9, finishFlush: constants.Z_SYNC_FLUSH, ...(dictionary ? { dictionary } : {}) });

function knownOf(text: string): Known {
  const raw = Buffer.from(text);
  return { raw, deflated: deflate(raw), reach: [], crc: crc32(raw), operator: appendOperator(raw.length) };
}

/** The length of the nonce server.ts puts in each answer (16 random bytes in base64). */
const NONCE_LENGTH = 24;
const WINDOW = 32 * 1024;
/** How many personal pieces back a known piece's dictionaries reach (one compression each). */
const REACHES = [1, 2, 4, 8, 16, 32, 64];

/**
 * A personal part as it is for the reference visitor (anonymous, nothing saved), when known now: a slot's
 * anonymous variant when it holds no sentinel (its bytes), a nonce (its length: zero bytes stand for it). Null
 * when it depends on the visitor's values (a count, the island).
 */
function referenceOf(part: Part): Buffer | number | null | undefined {
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
function compressAgainstPage(parts: Part[], references: (Buffer | number | null | undefined)[]): void {
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

export class PageTemplates extends VersionedLru<PageTemplate> {
  /** Off: every request with cookies is rendered for itself (the tests compare both ways). */
  enabled = true;
  /** Keys whose templates are being rendered now. */
  readonly building = new Set<string>();
  /** Keys asked for once (a template costs two renders: a search made once is not worth them), oldest first. */
  readonly askedOnce = new Set<string>();
  /**
   * Templates kept, pages refused (their two renders differed outside the slots), answers filled, and of those
   * the answers with a part rendered for them (the cart's body).
   */
  readonly counts = { kept: 0, refused: 0, filled: 0, withOwnParts: 0 };
  /** Random per process: no page text can fake a marker or a sentinel. */
  readonly token = randomBytes(12).toString("hex");
  readonly sentinels = {
    name: `Zt${randomBytes(8).toString("hex")}`,
    cart: 700_000_000 + randomInt(90_000_000),
    saved: 800_000_000 + randomInt(90_000_000),
    island: `Zi${randomBytes(8).toString("hex")}`,
  };

  constructor({ maxEntries = MAX_ENTRIES, maxBytes = MAX_BYTES }: { maxEntries?: number; maxBytes?: number } = {}) {
    super({ maxEntries, maxBytes });
  }

  /** The two made-up visitors the templates are rendered for (put in the router context by server.ts). */
  modes(): { anonymous: TemplateMode; member: TemplateMode } {
    const { token, sentinels } = this;
    return {
      anonymous: {
        token,
        island: sentinels.island,
        visitor: { user: null, cartCount: sentinels.cart, savedIds: [] },
        savedCount: 0,
        everySaved: false,
      },
      member: {
        token,
        island: sentinels.island,
        visitor: { user: { name: sentinels.name }, cartCount: sentinels.cart, savedIds: [] },
        savedCount: sentinels.saved,
        everySaved: true,
      },
    };
  }

  /** Whether the page at `key` is worth its template: asked for before (each key counts once, a bounded set). */
  askedAgain(key: string): boolean {
    if (this.askedOnce.delete(key)) return true;
    this.askedOnce.add(key);
    if (this.askedOnce.size > this.maxEntries * 10) {
      const oldest = this.askedOnce.values().next().value;
      if (oldest !== undefined) this.askedOnce.delete(oldest);
    }
    return false;
  }

  /** Makes and keeps the template of `key` from its two renders (or keeps the refusal). */
  store(
    key: string,
    version: number,
    anonymous: Rendered,
    member: Rendered,
    kept?: Record<string, unknown>,
  ): PageTemplate {
    const entry = this.make(version, anonymous, member, kept);
    if (entry.refused) this.counts.refused++;
    else this.counts.kept++;
    return this.set(key, entry);
  }

  private make(
    version: number,
    anonymous: Rendered,
    member: Rendered,
    kept: Record<string, unknown> | undefined,
  ): PageTemplate {
    const refused = (reason: string): PageTemplate => ({ version, refused: true, reason, bytes: 256 });
    const pages = [anonymous, member].map((rendered) => {
      // A template page (home, lists, policies: also shared; the cart: not, its page for a visitor without
      // cookies is rendered for them).
      if (rendered.status !== 200 || rendered.headers.get(TEMPLATE_PAGE_HEADER) !== "1") return null;
      if (rendered.headers.has("set-cookie") || rendered.body.length > MAX_PAGE_BYTES) return null;
      const html = rendered.body.toString("utf8");
      if (html.includes(NONCE_MARK)) return null;
      const nonce = nonceOf(rendered.headers.get("content-security-policy"));
      return slotsOf(nonce ? html.split(nonce).join(NONCE_MARK) : html, this.token);
    });
    const [a, b] = pages;
    if (!a || !b) return refused("not a page for a template, or its slots are malformed");
    if (a.slots.length !== b.slots.length || a.constants.some((text, i) => text !== b.constants[i])) {
      return refused("the two renders differ outside the slots");
    }
    const { name, cart, saved, island } = this.sentinels;
    const forbidden = [this.token, name, String(cart), String(saved), island];
    if (a.constants.some((text) => forbidden.some((sentinel) => text.includes(sentinel)))) {
      return refused("a sentinel outside the slots");
    }
    const parts: Part[] = [];
    const perAnswer: string[] = [];
    for (const [i, text] of a.constants.entries()) {
      text.split(NONCE_MARK).forEach((piece, j) => {
        if (j > 0) parts.push({ nonce: true });
        if (piece) parts.push({ constant: knownOf(piece) });
      });
      const slotA = a.slots[i];
      const slotB = b.slots[i];
      if (!slotA || !slotB) continue;
      if (slotA[0] !== slotB[0] || !KNOWN_SLOT.test(slotA[0])) return refused(`slot ${slotA[0]}`);
      if (slotA[1].includes(NONCE_MARK) || slotB[1].includes(NONCE_MARK)) return refused("a nonce in a slot");
      if (PER_ANSWER_SLOTS.has(slotA[0])) {
        // Only its place is kept: its content is the caller's per answer.
        if (perAnswer.includes(slotA[0])) return refused(`slot ${slotA[0]} twice`);
        perAnswer.push(slotA[0]);
        parts.push({ slot: slotA[0], anonymous: "", member: "", known: {} });
        continue;
      }
      const known = (text: string) =>
        forbidden.some((sentinel) => text.includes(sentinel)) ? undefined : knownOf(text);
      parts.push({
        slot: slotA[0],
        anonymous: slotA[1],
        member: slotB[1],
        known: { anonymous: known(slotA[1]), member: known(slotB[1]) },
      });
    }
    const reviewSlots = parts.flatMap((part) => ("slot" in part && part.slot.startsWith("review:") ? [part] : []));
    if (reviewSlots.length > 1) return refused("more than one review area");
    const needs = reviewSlots[0] ? { reviewOf: reviewSlots[0].slot.slice("review:".length) } : {};
    const references = parts.map(referenceOf);
    compressAgainstPage(parts, references);
    const headers = new Headers(anonymous.headers);
    for (const header of PER_ANSWER) headers.delete(header);
    const policy = anonymous.headers.get("content-security-policy");
    const nonce = nonceOf(policy);
    return {
      version,
      refused: false,
      headers,
      policyParts: policy ? (nonce ? policy.split(nonce) : [policy]) : null,
      parts,
      perAnswer,
      kept: perAnswer.length > 0 ? kept : undefined,
      references,
      needs,
      bytes: anonymous.body.length * 3 + 1024,
    };
  }

  /** A slot's variant for this visitor, and its text with the sentinels replaced by the visitor's own values. */
  private fillSlot(part: Slot, visitor: Visitor, saved: Set<string>, fills: Fills): [Variant, string] {
    const { sentinels } = this;
    if (PER_ANSWER_SLOTS.has(part.slot)) {
      const text = fills[part.slot];
      if (text === undefined) throw new Error(`no content for the slot ${part.slot}`);
      // `known` is empty for such a slot: the text is sent as given.
      return ["member", text];
    }
    switch (part.slot) {
      case "account":
      case "account-phone": {
        if (!visitor.user) return ["anonymous", part.anonymous];
        // Replaced through a function: a `$&` in a name is text, not a replacement pattern.
        const name = escapeHtml(visitor.user.name);
        return ["member", part.member.replaceAll(sentinels.name, () => name)];
      }
      case "cart":
        return ["member", part.member.replaceAll(String(sentinels.cart), () => String(visitor.cartCount))];
      case "saved":
        return visitor.savedIds.length > 0
          ? ["member", part.member.replaceAll(String(sentinels.saved), () => String(visitor.savedIds.length))]
          : ["anonymous", part.anonymous];
      case "island":
        return ["member", part.member.replace(sentinels.island, () => islandJson(visitor))];
      default:
        if (part.slot.startsWith("review:")) {
          // A product's review area for a viewer who may not review it (the filling asked: needs.reviewOf).
          return visitor.user ? ["member", part.member] : ["anonymous", part.anonymous];
        }
        return saved.has(part.slot.slice("save:".length)) ? ["member", part.member] : ["anonymous", part.anonymous];
    }
  }

  /**
   * The page for this visitor with `nonce`, as the pieces it is joined from: known ones (compressed once, with
   * the version to send) or personal bytes (sent as stored blocks). A known piece is sent compressed against
   * the page before it as far back as the personal pieces in between are the reference visitor's.
   */
  pieces(template: Extract<PageTemplate, { refused: false }>, visitor: Visitor, nonce: Buffer, fills: Fills = {}) {
    const saved = new Set(visitor.savedIds);
    const out: ({ known: Known; deflated: Buffer } | Buffer)[] = [];
    // Personal pieces since the last one that was not the reference visitor's.
    let run = 0;
    let afterMember = false;
    const knownPiece = (known: Known) => {
      const deflated =
        known.reach.find((version) => version.personal <= run)?.deflated ??
        (afterMember ? known.afterMember : undefined) ??
        known.deflated;
      return { known, deflated };
    };
    template.parts.forEach((part) => {
      if ("constant" in part) {
        out.push(knownPiece(part.constant));
        afterMember = false;
        return;
      }
      if ("nonce" in part) {
        out.push(nonce);
        run++;
        afterMember = false;
        return;
      }
      const [variant, text] = this.fillSlot(part, visitor, saved, fills);
      const known = part.known[variant];
      out.push(known ? knownPiece(known) : Buffer.from(text));
      const isReference = variant === "anonymous" && part.known.anonymous !== undefined;
      run = isReference ? run + 1 : 0;
      afterMember = variant === "member" && known !== undefined;
    });
    return out;
  }

  /**
   * Answers a request from a template, filled for `visitor`: the headers of a page rendered for them (`decorate`
   * with their cookie makes it private, no-store; no ETag), a fresh nonce, gzip from the pieces compressed once
   * (a client that takes gzip gets it even if it prefers brotli), else the page compressed for it, or plain.
   */
  send(
    req: IncomingMessage,
    res: ServerResponse,
    template: Extract<PageTemplate, { refused: false }>,
    visitor: Visitor,
    decorate: (headers: Headers) => unknown,
    { fills = {}, cookies = [] }: { fills?: Fills; cookies?: string[] } = {},
  ): void {
    this.counts.filled++;
    if (template.perAnswer.length > 0) this.counts.withOwnParts++;
    const nonce = Buffer.from(randomBytes(16).toString("base64"));
    const headers = new Headers(template.headers);
    if (template.policyParts) headers.set("Content-Security-Policy", template.policyParts.join(nonce.toString()));
    headers.set("Vary", "Accept-Encoding");
    // The cookies the page's own data sets (the cart's: lines cut, a code moved), as its render would.
    for (const cookie of cookies) headers.append("Set-Cookie", cookie);
    decorate(headers);
    const pieces = this.pieces(template, visitor, nonce, fills);
    const accept = req.headers["accept-encoding"];
    let body: Buffer;
    if (negotiateEncoding(accept, ["gzip"])) {
      body = gzipOf(pieces);
      headers.set("Content-Encoding", "gzip");
    } else {
      const encoding = negotiateEncoding(accept);
      body = Buffer.concat(pieces.map((piece) => (Buffer.isBuffer(piece) ? piece : piece.known.raw)));
      if (encoding) {
        body = compressOnce(encoding, body);
        headers.set("Content-Encoding", encoding);
      }
    }
    headers.set("Content-Length", String(body.length));
    res.writeHead(200, rawHeaders(headers));
    res.end(body);
  }
}

/** The stored DEFLATE blocks holding `bytes` (each at most 65,535 bytes). */
function storedBlocks(bytes: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 65_535) blocks.push(...storedBlock(bytes.subarray(at, at + 65_535)));
  return blocks;
}

/** A gzip stream of the pieces: the known ones as compressed once, the personal ones as stored blocks. */
function gzipOf(pieces: ({ known: Known; deflated: Buffer } | Buffer)[]): Buffer {
  const out: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  for (const piece of pieces) {
    if (Buffer.isBuffer(piece)) {
      // A long personal piece (the cart's body) compressed now, fast; a short one (a name, a count) stored.
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

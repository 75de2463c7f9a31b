// The page store (decision 0263): kept page templates filled with each visitor's own parts (decisions 0190, 0200).
// A visitor without cookies gets one more fill of the same template, made once (its page with an ETag:
// page-cache.ts's sharedPageOf). A catalogue page (a route that says so: TEMPLATE_PAGE_HEADER) is
// rendered without the request's cookies, twice per URL and catalogue version: once for an anonymous visitor
// and once for a made-up signed-in one who saved every product, with sentinel name and counts. Each part that
// depends on the visitor is a slot between markers (app/lib/visitor.tsx); between the slots the two renders
// must be byte for byte the same, and hold no sentinel, or the page is not kept (it is then rendered per
// request: `refused` counts them). A shopper's (or a visitor's with a cart or saved items) request for the page
// is then answered by joining the constant pieces with each slot's variant for them, the sentinels replaced by
// their own values escaped as React escapes them, and a fresh nonce: the same bytes a render for them makes.
//
// As in page-cache.ts, the constant pieces are compressed once (server/template-pieces.ts); an answer is those with
// the personal pieces (slots, nonces) as stored DEFLATE blocks between them and a combined CRC: no compression per
// answer.
import { randomBytes, randomInt } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { TEMPLATE_PAGE_HEADER } from "../app/lib/shared-page.ts";
import { VersionedLru } from "../app/lib/versioned-lru.ts";
import { ANONYMOUS, islandJson, type TemplateMode, type Visitor } from "../app/lib/visitor.tsx";
import { compressOnce, negotiateEncoding } from "./compression.ts";
import { rawHeaders, routedPath } from "./http-bridge.ts";
import { type CachedPage, nonceOf, PER_ANSWER, sharedPageOf } from "./page-cache.ts";
import {
  compressAgainstPage,
  gzipOf,
  type Known,
  knownOf,
  type Part,
  referenceOf,
  type Slot,
  slotsOf,
  type Variant,
} from "./template-pieces.ts";

/** URLs kept (each with its template and its page for visitors without cookies), and the bytes they may hold. */
const MAX_ENTRIES = 1000;
const MAX_BYTES = 128 * 1024 * 1024;
const MAX_PAGE_BYTES = 2 * 1024 * 1024;
/** Where a page's nonce was, while the two renders are compared (a page has no zero byte: checked). */
const NONCE_MARK = "\u0000";

/** A rendered answer: what a template is made from. */
export type Rendered = { status: number; headers: Headers; body: Buffer };

export type PageTemplate =
  | {
      version: number;
      refused: false;
      headers: Headers;
      policyParts: string[] | null;
      parts: Part[];
      /** What each personal part is for the reference visitor (referenceOf): its bytes, a length, or null. */
      references: (Buffer | number | null | undefined)[];
      /**
       * What the filling must know of the visitor besides their header parts: the product whose review area is a
       * slot (its variants are only for a viewer who may not review it; visitorForTemplate says).
       */
      needs: { reviewOf?: string };
      /** The fill for a visitor without cookies, made once: answered with an ETag (sendCachedPage). */
      shared: CachedPage;
      bytes: number;
    }
  /** A page whose two renders could not make a template: why (for the tests; nothing is logged per request). */
  | { version: number; refused: true; reason: string; bytes: number };

/** What React's server renderer escapes in text and attribute values, and how. */
const ESCAPES: Record<string, string> = { '"': "&quot;", "&": "&amp;", "'": "&#x27;", "<": "&lt;", ">": "&gt;" };
const escapeHtml = (text: string) => text.replace(/["&'<>]/g, (c) => ESCAPES[c] as string);

/**
 * The key of a request the store may answer: a GET for a document (not `.data`), with no `login` flag (the login
 * modal is rendered for the request); with cookies or without. The whole URL, scheme and Host included: without
 * PUBLIC_URL a page names its own origin (canonical URL, Open Graph, links in JSON-LD), so a request with a forged
 * Host must never fill the page every other visitor gets.
 */
export function pageKey(req: IncomingMessage, https = false): string | null {
  if (req.method !== "GET") return null;
  if (routedPath(req)?.endsWith(".data") !== false) return null;
  const url = req.url ?? "";
  const query = url.indexOf("?");
  if (query !== -1 && new URLSearchParams(url.slice(query)).has("login")) return null;
  return `${https ? "https" : "http"}://${req.headers.host ?? "localhost"}${url}`;
}

const KNOWN_SLOT = /^(saved|cart|account|account-phone|island|save:[^"<>]+|review:[^"<>]+)$/;

export class PageStore extends VersionedLru<PageTemplate> {
  /** Off: every request with cookies is rendered for itself (the tests compare both ways); not the shared fill. */
  enabled = true;
  /** Keys whose templates are being rendered now. */
  readonly building = new Set<string>();
  /** Keys asked for once (a template costs two renders: a search made once is not worth them), oldest first. */
  readonly askedOnce = new Set<string>();
  /** Templates kept, pages refused (their two renders differed outside the slots), answers filled. */
  readonly counts = { kept: 0, refused: 0, filled: 0 };
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
  store(key: string, version: number, anonymous: Rendered, member: Rendered): PageTemplate {
    const entry = this.make(version, anonymous, member);
    if (entry.refused) this.counts.refused++;
    else this.counts.kept++;
    return this.set(key, entry);
  }

  private make(version: number, anonymous: Rendered, member: Rendered): PageTemplate {
    const refused = (reason: string): PageTemplate => ({ version, refused: true, reason, bytes: 256 });
    const pages = [anonymous, member].map((rendered) => {
      // A template page (home, lists, product pages, policies: each also a shared page).
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
    const template = {
      version,
      refused: false as const,
      headers,
      policyParts: policy ? (nonce ? policy.split(nonce) : [policy]) : null,
      parts,
      references,
      needs,
      shared: undefined as unknown as CachedPage,
      bytes: 0,
    };
    template.shared = this.sharedFill(template);
    template.bytes = anonymous.body.length * 3 + 1024 + template.shared.bytes;
    return template;
  }

  /** The page of a visitor without cookies: the template filled for nobody, split at a stand-in nonce. */
  private sharedFill(template: Extract<PageTemplate, { refused: false }>): CachedPage {
    const nonce = Buffer.from(randomBytes(16).toString("base64"));
    const body = Buffer.concat(
      this.pieces(template, ANONYMOUS, nonce).map((piece) => (Buffer.isBuffer(piece) ? piece : piece.known.raw)),
    );
    const headers = new Headers(template.headers);
    if (template.policyParts) headers.set("Content-Security-Policy", template.policyParts.join(nonce.toString()));
    return sharedPageOf(template.version, headers, body, nonce.toString());
  }

  /** A slot's variant for this visitor, and its text with the sentinels replaced by the visitor's own values. */
  private fillSlot(part: Slot, visitor: Visitor, saved: Set<string>): [Variant, string] {
    const { sentinels } = this;
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
  pieces(template: Extract<PageTemplate, { refused: false }>, visitor: Visitor, nonce: Buffer) {
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
      const [variant, text] = this.fillSlot(part, visitor, saved);
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
  ): void {
    this.counts.filled++;
    const nonce = Buffer.from(randomBytes(16).toString("base64"));
    const headers = new Headers(template.headers);
    if (template.policyParts) headers.set("Content-Security-Policy", template.policyParts.join(nonce.toString()));
    headers.set("Vary", "Accept-Encoding");
    decorate(headers);
    const pieces = this.pieces(template, visitor, nonce);
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

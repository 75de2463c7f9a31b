// Types of server/page-cache.js (plain JavaScript, like the rest of the production server) for the tests.
import type { IncomingMessage, ServerResponse } from "node:http";

export const SHARED_PAGE_HEADER: string;

export type CachedPage = { version: number; etag: string; headers: Headers; parts: Buffer[]; bytes: number };

export function pageCacheKey(req: IncomingMessage, https?: boolean): string | null;

export class PageCache {
  constructor(options?: { maxEntries?: number; maxBytes?: number });
  entries: Map<string, CachedPage>;
  get(key: string, version: number): CachedPage | undefined;
  store(key: string, version: number, status: number, headers: Headers, body: Buffer): CachedPage | null;
  remove(key: string): void;
}

export function sendCachedPage(
  req: IncomingMessage,
  res: ServerResponse,
  entry: CachedPage,
  https: boolean,
  decorate: (headers: Headers) => unknown,
): void;

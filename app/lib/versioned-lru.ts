// Everything kept per catalogue version uses this one class (decision 0262): the page store (server/page-store.ts,
// its one subclass: each URL's template and its page for visitors without cookies), and the catalog module's values
// (keptPerCatalogueVersion: list counts, the product page's shared data). An entry per key, made at a catalogue
// version and good only at that version, bounded by a count and by the bytes the entries say they hold, the
// least recently used going first. A leaf: it imports nothing, so modules and server/ may both use it.

export interface Versioned {
  version: number;
  /** What the entry holds in memory, roughly. */
  bytes: number;
}

export class VersionedLru<T extends Versioned> {
  readonly maxEntries: number;
  readonly maxBytes: number;
  bytes = 0;
  /** key → entry, least recently used first. */
  readonly entries = new Map<string, T>();

  constructor({ maxEntries, maxBytes }: { maxEntries: number; maxBytes: number }) {
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
  }

  /** The entry for `key` if it was made at `version` (one made at another version is dropped). */
  get(key: string, version: number): T | undefined {
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

  /** Keeps `entry` under `key` (in place of any before it), then drops the least recently used over the bounds. */
  set(key: string, entry: T): T {
    this.remove(key);
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
    return entry;
  }

  remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** Drops every entry. */
  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}

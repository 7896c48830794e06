import type { ChangeTopic } from "#app/domain/live";

/** One anonymous response as the app rendered it, made the same for every visitor. */
export interface CachedPage {
  status: number;
  /**
   * Every header of a hit but the per-response ones (request id, length, encoding), as the flat
   * name, value, name, value… list `writeHead` takes.
   */
  responseHeaders: string[];
  /** The plain bytes; no CSP nonce in them (the policy allows the inline scripts by their hashes). */
  body: Buffer;
  /** Compressed copies, filled in once made (off the request path). */
  gzip?: Buffer;
  br?: Buffer;
  /** What the page shows: a change to any of these makes it stale. */
  topics: ReadonlySet<ChangeTopic>;
}

/** Enough for every public page of a large catalog and many searches, small beside the server's heap. */
export const PAGE_CACHE_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Anonymous responses per URL, dropped precisely when the change feed names a topic they show.
 * Least recently used entries leave first once the byte budget is spent.
 */
export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private bytes = 0;
  /**
   * Moves on with every invalidation. A response rendered while a write committed may hold the old
   * data: it is stored only if no invalidation happened since its request arrived.
   */
  private currentGeneration = 0;

  constructor(private readonly maxBytes = PAGE_CACHE_MAX_BYTES) {}

  get generation(): number {
    return this.currentGeneration;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): CachedPage | undefined {
    const page = this.entries.get(key);
    if (page) {
      // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
      this.entries.delete(key);
      this.entries.set(key, page);
    }
    return page;
  }

  /** Keeps `page` unless a change came in since `generation` (when its request arrived). */
  store(key: string, page: CachedPage, generation: number): boolean {
    if (generation !== this.currentGeneration || page.body.byteLength > this.maxBytes / 8) return false;
    this.remove(key);
    this.entries.set(key, page);
    this.bytes += page.body.byteLength;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest, entry);
    }
    return true;
  }

  /** Drops every page that shows one of `topics` ('*': every page). */
  invalidate(topics: readonly ChangeTopic[]): void {
    this.currentGeneration += 1;
    if (topics.includes("*")) {
      this.entries.clear();
      this.bytes = 0;
      return;
    }
    for (const [key, page] of this.entries) {
      if (topics.some((topic) => page.topics.has(topic))) this.remove(key, page);
    }
  }

  private remove(key: string, page = this.entries.get(key)): void {
    if (!page) return;
    this.entries.delete(key);
    this.bytes -= page.body.byteLength;
  }
}

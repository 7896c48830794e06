import { CATALOG_EVERYTHING, shownKeys, type CatalogChange } from "#app/domain/catalog-shown";
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
  /** Compressed copies, made once the page is asked for again (off the request path). */
  gzip?: Buffer;
  br?: Buffer;
  /** What the page shows: a change to any of these makes it stale. */
  topics: ReadonlySet<ChangeTopic>;
  /**
   * What it read of the in-memory catalog, for a page that follows the catalog record by record
   * (app/domain/catalog-shown.ts): then its catalog topics do not drop it, a change of one of these does.
   */
  shows?: ReadonlySet<string>;
}

/** The topics a page that follows the catalog record by record leaves to `dropShowing`. */
const FOLLOWED_BY_RECORD: ReadonlySet<ChangeTopic> = new Set<ChangeTopic>(["products", "categories"]);

/** Keys remembered with the generation of their last change, at most: past that, older pages are refused. */
const REMEMBERED_KEYS = 50_000;
/** Changes remembered for the searches they match, at most. */
const REMEMBERED_SEARCH_CHANGES = 1_000;

/** Enough for every public page of a large catalog and many searches, small beside the server's heap. */
export const PAGE_CACHE_MAX_BYTES = 64 * 1024 * 1024;
/** However small the pages, no more than this many: each entry has a cost beyond its bytes. */
export const PAGE_CACHE_MAX_ENTRIES = 20_000;
/** What an entry costs beyond the bytes counted one by one: the map slot, objects, the topic set. */
const ENTRY_OVERHEAD_BYTES = 1024;

/**
 * What keeping `page` under `key` costs in memory: every byte it holds (body, compressed copies,
 * header strings, the key) and a fixed overhead, so many tiny pages cannot slip under the bound.
 */
function entryCost(key: string, page: CachedPage): number {
  let headers = 0;
  for (const item of page.responseHeaders) headers += item.length * 2;
  return (
    ENTRY_OVERHEAD_BYTES +
    key.length * 2 +
    headers +
    page.body.byteLength +
    (page.gzip?.byteLength ?? 0) +
    (page.br?.byteLength ?? 0)
  );
}

/**
 * A buffer that holds only its own bytes. Node cuts small buffers out of shared 8 KB slabs: keeping a
 * 200-byte page would keep its whole slab alive, uncounted.
 */
export function ownBytes(buffer: Buffer): Buffer {
  if (buffer.byteOffset === 0 && buffer.buffer.byteLength === buffer.byteLength) return buffer;
  const own = Buffer.allocUnsafeSlow(buffer.byteLength);
  buffer.copy(own);
  return own;
}

/** Slots of the table of pages asked for: a fixed 320 KB, however many URLs come by. */
const ASKED_SLOTS = 1 << 16;

/**
 * How often each page was asked for lately, by a 32-bit hash of its key, in a table of fixed size: a
 * key that shares a slot with a newer one is forgotten (it then counts from one again).
 */
class AskedCounts {
  private readonly hashes = new Uint32Array(ASKED_SLOTS);
  private readonly counts = new Uint8Array(ASKED_SLOTS);

  /** Counts one more request for `key`. */
  add(key: string): void {
    const hash = fnv1a(key);
    const slot = hash & (ASKED_SLOTS - 1);
    if (this.hashes[slot] !== hash) {
      this.hashes[slot] = hash;
      this.counts[slot] = 0;
    }
    this.counts[slot] = Math.min(255, (this.counts[slot] ?? 0) + 1);
  }

  of(key: string): number {
    const hash = fnv1a(key);
    const slot = hash & (ASKED_SLOTS - 1);
    return this.hashes[slot] === hash ? (this.counts[slot] ?? 0) : 0;
  }
}

/** The 32-bit FNV-1a hash of a string's UTF-16 code units; never 0, which marks an empty slot. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0 || 1;
}

interface Entry {
  page: CachedPage;
  cost: number;
}

/**
 * Anonymous responses per URL, dropped precisely when the change feed names a topic they show.
 * Least recently used entries leave first once the byte budget or the entry count is spent.
 *
 * While there is room, every page is kept. Once the cache is full, a page is kept only if it was
 * asked for before (see docs/decisions/026-full-page-cache-keeps-pages-asked-for-twice.md): a
 * crawler walking every product page once would otherwise push out the pages visitors ask for, and
 * each page kept and pushed out again costs memory and collection work for nothing.
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly misses = new AskedCounts();
  private bytes = 0;
  /**
   * Moves on with every invalidation. A response rendered while a write committed may hold the old
   * data: it is stored only if no invalidation of a topic it shows happened since its request arrived.
   * Only its own topics count: under steady writes to one topic (new downloads every second), pages
   * that do not show it must still be kept, however long their render waited for its turn.
   */
  private currentGeneration = 0;
  /** The generation at which each topic ("*" for all of them) was last invalidated. */
  private readonly invalidatedAt = new Map<ChangeTopic, number>();
  /** The generation at which each record key of the catalog last changed. */
  private readonly shownChangedAt = new Map<string, number>();
  /** Recent changes of the catalog, oldest first: what search pages are checked against. */
  private readonly searchesChanged: { generation: number; matchesSearch: CatalogChange["matchesSearch"] }[] = [];
  /** Pages that follow the catalog by record, rendered before this generation, are not kept: what changed then is forgotten. */
  private catalogForgottenAt = -1;

  constructor(
    private readonly maxBytes = PAGE_CACHE_MAX_BYTES,
    private readonly maxEntries = PAGE_CACHE_MAX_ENTRIES,
  ) {}

  get generation(): number {
    return this.currentGeneration;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Every byte the cache holds, as counted for its bound. */
  get byteSize(): number {
    return this.bytes;
  }

  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry?.page;
  }

  /** Counts a request for `key` the cache could not answer: what decides whether a full cache keeps it. */
  countMiss(key: string): void {
    this.misses.add(key);
  }

  /**
   * Full: a page of the largest size kept (an eighth of the bound) might not fit without pushing
   * another out.
   */
  private get full(): boolean {
    return this.bytes > this.maxBytes - this.maxBytes / 8 || this.entries.size >= this.maxEntries;
  }

  /** Whether `store` would keep a page showing `topics` under `key`, its request having arrived at `generation`. */
  accepts(key: string, generation: number, topics: ReadonlySet<ChangeTopic>, shows?: ReadonlySet<string>): boolean {
    if (this.entries.has(key) || (this.invalidatedAt.get("*") ?? -1) > generation) return false;
    if (this.full && this.misses.of(key) < 2) return false;
    for (const topic of topics) {
      if (shows && FOLLOWED_BY_RECORD.has(topic)) continue;
      if ((this.invalidatedAt.get(topic) ?? -1) > generation) return false;
    }
    if (!shows) return true;
    if (this.catalogForgottenAt > generation) return false;
    for (const shown of shows) if ((this.shownChangedAt.get(shown) ?? -1) > generation) return false;
    return !this.searchesChanged.some(
      (change) => change.generation > generation && showsAnyOf(shows, [], change.matchesSearch),
    );
  }

  /**
   * Keeps `page` unless a change to a topic it shows came in since `generation` (when its request arrived), or the key is
   * already kept: a page asked for by many at once is rendered for each, but stored once.
   */
  store(key: string, page: CachedPage, generation: number): boolean {
    if (!this.accepts(key, generation, page.topics, page.shows)) return false;
    const cost = entryCost(key, page);
    if (cost > this.maxBytes / 8) return false;
    this.entries.set(key, { page, cost });
    this.bytes += cost;
    this.evict();
    return true;
  }

  /** Adds compressed copies to `page` if it is still the one kept under `key`. */
  addCompressed(key: string, page: CachedPage, copies: { gzip: Buffer; br: Buffer }): void {
    const entry = this.entries.get(key);
    if (entry?.page !== page) return;
    page.gzip = ownBytes(copies.gzip);
    page.br = ownBytes(copies.br);
    const cost = entryCost(key, page);
    this.bytes += cost - entry.cost;
    entry.cost = cost;
    this.evict();
  }

  /** Whether `page` is still the one kept under `key` (without counting as a use). */
  holds(key: string, page: CachedPage): boolean {
    return this.entries.get(key)?.page === page;
  }

  /** Drops every page that shows one of `topics` ('*': every page). */
  invalidate(topics: readonly ChangeTopic[]): void {
    this.currentGeneration += 1;
    for (const topic of topics) this.invalidatedAt.set(topic, this.currentGeneration);
    if (topics.includes("*")) {
      this.entries.clear();
      this.bytes = 0;
      return;
    }
    for (const [key, entry] of this.entries) {
      const { shows } = entry.page;
      if (topics.some((topic) => entry.page.topics.has(topic) && !(shows && FOLLOWED_BY_RECORD.has(topic)))) {
        this.remove(key, entry);
      }
    }
  }

  /**
   * Drops every page that follows the catalog by record and shows what `change` changed: a record it
   * read, or a search whose query is in a changed text. CATALOG_EVERYTHING drops all of them, and
   * every page showing the catalog's topics: one rendered while the catalog was read again whole read
   * the catalog served meanwhile (firmware and advisories name products from it too).
   */
  dropShowing(change: CatalogChange | typeof CATALOG_EVERYTHING): void {
    if (change === CATALOG_EVERYTHING) this.invalidate([...FOLLOWED_BY_RECORD]);
    this.currentGeneration += 1;
    const generation = this.currentGeneration;
    if (change === CATALOG_EVERYTHING) {
      this.catalogForgottenAt = generation;
      this.shownChangedAt.clear();
      this.searchesChanged.length = 0;
    } else {
      if (this.shownChangedAt.size + change.keys.size > REMEMBERED_KEYS) {
        this.catalogForgottenAt = generation;
        this.shownChangedAt.clear();
      }
      for (const key of change.keys) this.shownChangedAt.set(key, generation);
      this.searchesChanged.push({ generation, matchesSearch: change.matchesSearch });
      if (this.searchesChanged.length > REMEMBERED_SEARCH_CHANGES) {
        this.catalogForgottenAt = Math.max(this.catalogForgottenAt, this.searchesChanged.shift()?.generation ?? -1);
      }
    }
    for (const [key, entry] of this.entries) {
      const { shows } = entry.page;
      if (!shows) continue;
      if (change === CATALOG_EVERYTHING || showsAnyOf(shows, change.keys, change.matchesSearch))
        this.remove(key, entry);
    }
  }

  private evict(): void {
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes && this.entries.size <= this.maxEntries) break;
      this.remove(oldest, entry);
    }
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.cost;
  }
}

/** Whether a page that read `shows` shows one of `keys`, or searched for what `matchesSearch` matches. */
function showsAnyOf(
  shows: ReadonlySet<string>,
  keys: Iterable<string>,
  matchesSearch: CatalogChange["matchesSearch"],
): boolean {
  for (const key of keys) if (shows.has(key)) return true;
  for (const shown of shows) {
    const query = shownKeys.searchedFor(shown);
    if (query !== undefined && matchesSearch(query)) return true;
  }
  return false;
}

import v8 from "node:v8";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { CATALOG_EVERYTHING, shownKeys } from "#app/domain/catalog-shown";
import { ownBytes, PageCache, type CachedPage } from "./store";

/** A kept page made the way a miss makes one: its body converted from the rendered text. */
function page(text: string, topics: string[] = ["products"]): CachedPage {
  // What else the request put in Node's shared buffer slab beside the body (headers, chunks).
  Buffer.from("r".repeat(3_000));
  return {
    status: 200,
    responseHeaders: ["Content-Type", "text/html; charset=utf-8", "Content-Security-Policy", "default-src 'self'"],
    body: ownBytes(Buffer.from(text)),
    topics: new Set(topics) as CachedPage["topics"],
  };
}

/** Stores `page` as a miss does for a page asked for twice (which a full cache keeps). */
function storeAskedTwice(cache: PageCache, key: string, kept: CachedPage, generation = 0): boolean {
  cache.countMiss(key);
  cache.countMiss(key);
  return cache.store(key, kept, generation);
}

// Unit tests run on worker threads, which take no V8 flags of their own: the flag is set here, and
// a context made after it hands out the collector it exposes.
v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;

/** What this thread holds in JavaScript objects and buffers, after a full collection. */
function heldBytes(): number {
  collectGarbage();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

describe("the page cache's bound", () => {
  it("counts every byte an entry holds, so tiny pages cannot slip past it", () => {
    const cache = new PageCache(1024 * 1024, 1_000_000);
    for (let n = 0; n < 10_000; n++) storeAskedTwice(cache, `http://site/robots.txt?x=${n}`, page("User-agent: *\n"));
    // Each costs far more than its 14 bytes: about a kilobyte with its headers, key and upkeep.
    expect(cache.size).toBeLessThan(1024);
    expect(cache.size).toBeGreaterThan(500);
    expect(cache.byteSize).toBeLessThanOrEqual(1024 * 1024);
  });

  it("keeps at most its entry count, however small the entries", () => {
    const cache = new PageCache(1024 * 1024 * 1024, 100);
    for (let n = 0; n < 1_000; n++) storeAskedTwice(cache, `k${n}`, page("x"));
    expect(cache.size).toBe(100);
    expect(cache.get("k0")).toBeUndefined();
    expect(cache.get("k999")).toBeDefined();
  });

  it("holds no more memory than it counts", () => {
    const before = heldBytes();
    const limit = 32 * 1024 * 1024;
    const cache = new PageCache(limit, 1_000_000);
    for (let n = 0; n < 60_000; n++) storeAskedTwice(cache, `https://site/about?n=${n}`, page(`<p>${n}</p>`));
    const held = heldBytes() - before;
    expect(cache.byteSize).toBeLessThanOrEqual(limit);
    // Some slack for what else the heap holds (compiled code, say); a shared slab pinned per entry
    // would hold eight kilobytes each, several times the limit.
    expect(held).toBeLessThanOrEqual(limit * 1.5);
  });

  it("counts compressed copies once they are added, and evicts to stay within the bound", () => {
    const cache = new PageCache(100_000, 1_000);
    const first = page("a".repeat(10_000));
    expect(cache.store("first", first, 0)).toBe(true);
    const before = cache.byteSize;
    cache.addCompressed("first", first, { gzip: Buffer.alloc(1_000), br: Buffer.alloc(800) });
    expect(cache.byteSize).toBe(before + 1_800);
    expect(first.br?.byteLength).toBe(800);
    for (let n = 0; n < 8; n++) expect(storeAskedTwice(cache, `later ${n}`, page("b".repeat(10_000)))).toBe(true);
    expect(cache.byteSize).toBeLessThanOrEqual(100_000);
    expect(cache.get("first")).toBeUndefined();
    // Copies for a page that was dropped meanwhile are not counted.
    cache.addCompressed("first", first, { gzip: Buffer.alloc(10), br: Buffer.alloc(10) });
    expect(cache.byteSize).toBeLessThanOrEqual(100_000);
  });

  it("stores a page once: a second answer for the same key, or one from before a change, is not kept", () => {
    const cache = new PageCache();
    const kept = page("first answer");
    expect(cache.store("key", kept, cache.generation)).toBe(true);
    expect(cache.accepts("key", cache.generation, kept.topics)).toBe(false);
    expect(cache.store("key", page("second answer"), cache.generation)).toBe(false);
    expect(cache.get("key")).toBe(kept);

    const renderedAt = cache.generation;
    cache.invalidate(["products"]);
    expect(cache.get("key")).toBeUndefined();
    expect(cache.store("key", page("rendered before the change"), renderedAt)).toBe(false);
    expect(cache.byteSize).toBe(0);
  });

  it("keeps a page rendered across a change to topics it does not show, and none across a change to all", () => {
    const cache = new PageCache();
    const renderedAt = cache.generation;
    cache.invalidate(["downloads"]);
    expect(cache.store("catalog", page("rendered while downloads changed", ["products"]), renderedAt)).toBe(true);
    expect(cache.store("support", page("rendered before its change", ["downloads"]), renderedAt)).toBe(false);
    const beforeAll = cache.generation;
    cache.invalidate(["*"]);
    expect(cache.store("about", page("rendered before everything changed", ["settings"]), beforeAll)).toBe(false);
  });

  it("drops only the pages that show a changed topic", () => {
    const cache = new PageCache();
    cache.store("catalog", page("c", ["products"]), 0);
    cache.store("about", page("a", ["settings"]), 0);
    cache.invalidate(["products"]);
    expect(cache.get("catalog")).toBeUndefined();
    expect(cache.get("about")).toBeDefined();
  });
});

describe("what a full page cache keeps", () => {
  it("keeps every page while there is room, then only pages asked for before", () => {
    const bound = 200_000;
    const cache = new PageCache(bound, 1_000);
    const pageOf = (n: number) => page(String(n).padEnd(10_000, "-"));
    // Room for every page asked for once, until a page of the largest size kept might not fit.
    let kept = 0;
    for (; kept < 100; kept++) {
      cache.countMiss(`once ${kept}`);
      if (!cache.store(`once ${kept}`, pageOf(kept), 0)) break;
    }
    expect(kept).toBeGreaterThan(10);
    expect(cache.byteSize).toBeGreaterThan(bound - bound / 8);
    // Full now: a page asked for the first time is rendered for its visitor, not kept...
    cache.countMiss("crawled");
    expect(cache.accepts("crawled", 0, new Set(["products"]))).toBe(false);
    expect(cache.store("crawled", pageOf(-1), 0)).toBe(false);
    expect(cache.get("once 0")).toBeDefined();
    // ...and kept when it is asked for again, within the bound.
    cache.countMiss("crawled");
    expect(cache.store("crawled", pageOf(-1), 0)).toBe(true);
    expect(cache.get("crawled")).toBeDefined();
    expect(cache.byteSize).toBeLessThanOrEqual(bound);
    // Room again after a change dropped pages: kept at once.
    cache.invalidate(["*"]);
    cache.countMiss("after the change");
    expect(cache.store("after the change", pageOf(-2), cache.generation)).toBe(true);
  });

  it("counts a page's requests apart from the other pages', among many", () => {
    // Full with a single entry.
    const cache = new PageCache(1_000_000, 1);
    expect(storeAskedTwice(cache, "https://site/", page("home"))).toBe(true);
    for (let n = 0; n < 50_000; n++) cache.countMiss(`https://site/search?q=${n}`);
    cache.countMiss("https://site/catalog");
    const topics = new Set(["products"]) as CachedPage["topics"];
    expect(cache.accepts("https://site/catalog", 0, topics)).toBe(false);
    cache.countMiss("https://site/catalog");
    expect(cache.accepts("https://site/catalog", 0, topics)).toBe(true);
    expect(cache.accepts("https://site/search?q=1", 0, topics)).toBe(false);
  });
});

describe("ownBytes", () => {
  it("copies a buffer cut from a shared slab, and keeps one that owns its memory", () => {
    const small = Buffer.from("tiny");
    expect(small.buffer.byteLength).toBeGreaterThan(small.byteLength);
    const own = ownBytes(small);
    expect(own.buffer.byteLength).toBe(4);
    expect(own.toString()).toBe("tiny");
    const large = Buffer.alloc(100_000);
    expect(ownBytes(large)).toBe(large);
  });
});

describe("pages that follow the catalog by record", () => {
  /** A page that read `shows` of the catalog, with the catalog's topics and another. */
  const showing = (shows: string[]): CachedPage => ({
    ...page("a page", ["products", "categories", "firmware"]),
    shows: new Set(shows),
  });

  it("are dropped by a change of what they read, not by the catalog's topics", () => {
    const cache = new PageCache();
    cache.store("product-a", showing([shownKeys.product("a")]), 0);
    cache.store("product-b", showing([shownKeys.product("b")]), 0);
    cache.store("firmware", page("firmware", ["products", "firmware"]), 0);
    cache.invalidate(["products", "categories"]);
    // A page that follows topics alone goes; the others wait for what they read.
    expect([cache.get("product-a"), cache.get("product-b"), cache.get("firmware")].map(Boolean)).toEqual([
      true,
      true,
      false,
    ]);
    cache.dropShowing({ keys: new Set(shownKeys.ofProduct("a")), matchesSearch: () => false });
    expect([cache.get("product-a"), cache.get("product-b")].map(Boolean)).toEqual([false, true]);
    // Their other topics still drop them.
    cache.invalidate(["firmware"]);
    expect(cache.get("product-b")).toBeUndefined();
  });

  it("drop a search the change matches, before or after, and keep the others", () => {
    const cache = new PageCache();
    cache.store("dome", showing([shownKeys.search("dome")]), 0);
    cache.store("bullet", showing([shownKeys.search("bullet")]), 0);
    cache.store("ptz", showing([shownKeys.search("ptz")]), 0);
    cache.dropShowing({ keys: new Set(), matchesSearch: (query) => query === "dome" || query === "ptz" });
    expect(["dome", "bullet", "ptz"].map((key) => Boolean(cache.get(key)))).toEqual([false, true, false]);
  });

  it("are not kept when what they read changed while they were rendered", () => {
    const cache = new PageCache();
    const generation = cache.generation;
    cache.dropShowing({ keys: new Set([shownKeys.listing("cameras")]), matchesSearch: (query) => query === "dome" });
    expect(cache.store("listing", showing([shownKeys.listing("cameras")]), generation)).toBe(false);
    expect(cache.store("search", showing([shownKeys.search("dome")]), generation)).toBe(false);
    expect(cache.store("other", showing([shownKeys.listing("locks"), shownKeys.search("lock")]), generation)).toBe(
      true,
    );
    // A catalog read whole again: every such page rendered before goes, or is not kept; so does a
    // page that follows the catalog's topics alone (it read the catalog served meanwhile).
    const before = cache.generation;
    cache.store("kept", page("about", ["settings"]), before);
    cache.store("firmware", page("firmware", ["firmware", "products"]), before);
    cache.dropShowing(CATALOG_EVERYTHING);
    expect(cache.get("other")).toBeUndefined();
    expect(cache.get("firmware")).toBeUndefined();
    expect(cache.get("kept")).toBeDefined();
    expect(cache.store("late", showing([shownKeys.product("z")]), before)).toBe(false);
    expect(cache.store("firmware", page("firmware", ["firmware", "products"]), before)).toBe(false);
    expect(cache.store("about", page("about", ["settings"]), before)).toBe(true);
  });
});

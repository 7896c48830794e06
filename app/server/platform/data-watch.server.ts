import type { ChangeTopic } from "#app/domain/live";

/**
 * What the in-memory copies of database data watch: the catalog's counters, the site settings,
 * firmware, the home page's items, the general downloads, the search synonyms, the published
 * security advisories.
 */
export const WATCHED_DATA = [
  "products",
  "categories",
  "settings",
  "firmware",
  "info",
  "downloads",
  "synonyms",
  "advisories",
] as const;
export type WatchedData = (typeof WATCHED_DATA)[number];

/** The channel on which the database says what changed (drizzle/0009_versions_notify.sql). */
export const DATA_CHANGES_CHANNEL = "vantage_versions";

export function parseWatchedData(payload: string): WatchedData | "*" {
  return (WATCHED_DATA as readonly string[]).includes(payload) ? (payload as WatchedData) : "*";
}

/**
 * Tells the copies of database data this process keeps in memory (the catalog snapshot, the site
 * settings, firmware, the home page's items, the general downloads) when they may be out of date, so that they ask the database then and only then. It hears of
 * every change, however made: the database names it on DATA_CHANGES_CHANNEL once it commits (triggers
 * do, whoever writes), this process's own writes say so before their response leaves, and while the
 * database's notices cannot be heard (a lost connection) everything counts as changed all the time.
 */
export class DataWatch {
  private generation = 0;
  private readonly changedAt = new Map<WatchedData, number>();
  private everythingChangedAt = 0;
  private deaf = false;
  private readonly listeners = new Set<(what: WatchedData | "*") => void>();

  /** Where the changes stand now: what `changedSince` compares with. */
  mark(): number {
    return this.generation;
  }

  /** `what` (or everything) changed, or may have. */
  changed(what: WatchedData | "*"): void {
    this.generation += 1;
    if (what === "*") this.everythingChangedAt = this.generation;
    else this.changedAt.set(what, this.generation);
    for (const listener of this.listeners) listener(what);
  }

  /** Calls `listener` with each change as it is heard, for copies that catch up at once rather than at their next read. */
  subscribe(listener: (what: WatchedData | "*") => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The database's notices go unheard until `heard()`: meanwhile nothing can be trusted to be current. */
  notHearing(): void {
    this.deaf = true;
    this.changed("*");
  }

  /** The database's notices are heard again; whatever they missed counts as changed. */
  hearing(): void {
    this.deaf = false;
    this.changed("*");
  }

  /** Whether the database's notices are heard: false while its connection is lost. */
  get hearsNotices(): boolean {
    return !this.deaf;
  }

  /** Whether any of `what` may have changed after `mark` was taken. */
  changedSince(what: readonly WatchedData[], mark: number): boolean {
    if (this.deaf || this.everythingChangedAt > mark) return true;
    return what.some((name) => (this.changedAt.get(name) ?? 0) > mark);
  }
}

/** What a change announced under each topic can have changed of the watched data; "*": anything. */
const WATCHED_BY_TOPIC: Record<ChangeTopic, readonly WatchedData[] | "*"> = {
  categories: ["categories"],
  products: ["products"],
  downloads: ["downloads"],
  info: ["info"],
  settings: ["settings"],
  people: [],
  inbox: [],
  firmware: ["firmware"],
  synonyms: ["synonyms"],
  // An attribute is shown in its categories' filters and on their products' pages.
  attributes: ["categories", "products"],
  advisories: ["advisories"],
  "*": "*",
};

/**
 * Tells `watch` what a write announced under `topics` (this instance's own, or another's on the change
 * feed) may have changed, before the database's own notice of it arrives: only the copies of that data
 * are asked for again. A product's save no longer makes the next page read the settings, the home
 * page's items and the synonyms again.
 */
export function announceChanged(watch: DataWatch, topics: readonly ChangeTopic[]): void {
  const changed = new Set<WatchedData>();
  for (const topic of topics) {
    const watched = WATCHED_BY_TOPIC[topic];
    if (watched === "*") {
      watch.changed("*");
      return;
    }
    for (const what of watched) changed.add(what);
  }
  for (const what of changed) watch.changed(what);
}

/**
 * A copy of database data kept in memory: `read` once, then again only when `watch` says `what` may
 * have changed since the read began. Concurrent callers share one read; a read that fails is not kept,
 * so the next caller asks again. What it hands out is shared by every caller: they copy before they
 * change anything.
 */
export function keptUntilChanged<T>(
  watch: DataWatch,
  what: readonly WatchedData[],
  read: () => Promise<T>,
  /** Given, the copy is also let go this long after its read: for data read in bursts and large to hold. */
  options: { forMs?: number } = {},
): () => Promise<T> {
  let kept: { mark: number; value: Promise<T> } | undefined;
  return () => {
    if (!kept || watch.changedSince(what, kept.mark)) {
      const mark = watch.mark();
      const value = read();
      const current = (kept = { mark, value });
      value.catch(() => {
        if (kept?.value === value) kept = undefined;
      });
      if (options.forMs !== undefined) {
        setTimeout(() => {
          if (kept === current) kept = undefined;
        }, options.forMs).unref();
      }
    }
    return kept.value;
  };
}

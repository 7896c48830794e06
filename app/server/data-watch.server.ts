/**
 * What the in-memory copies of database data watch: the catalog's counters, the site settings,
 * firmware, the home page's items.
 */
export type WatchedData = "products" | "categories" | "settings" | "firmware" | "info";

/** The channel on which the database says what changed (drizzle/0009_versions_notify.sql). */
export const DATA_CHANGES_CHANNEL = "vantage_versions";

const WATCHED: readonly string[] = ["products", "categories", "settings", "firmware", "info"] satisfies WatchedData[];

export function parseWatchedData(payload: string): WatchedData | "*" {
  return WATCHED.includes(payload) ? (payload as WatchedData) : "*";
}

/**
 * Tells the copies of database data this process keeps in memory (the catalog snapshot, the site
 * settings, firmware, the home page's items) when they may be out of date, so that they ask the database then and only then. It hears of
 * every change, however made: the database names it on DATA_CHANGES_CHANNEL once it commits (triggers
 * do, whoever writes), this process's own writes say so before their response leaves, and while the
 * database's notices cannot be heard (a lost connection) everything counts as changed all the time.
 */
export class DataWatch {
  private generation = 0;
  private readonly changedAt = new Map<WatchedData, number>();
  private everythingChangedAt = 0;
  private deaf = false;

  /** Where the changes stand now: what `changedSince` compares with. */
  mark(): number {
    return this.generation;
  }

  /** `what` (or everything) changed, or may have. */
  changed(what: WatchedData | "*"): void {
    this.generation += 1;
    if (what === "*") this.everythingChangedAt = this.generation;
    else this.changedAt.set(what, this.generation);
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

  /** Whether any of `what` may have changed after `mark` was taken. */
  changedSince(what: readonly WatchedData[], mark: number): boolean {
    if (this.deaf || this.everythingChangedAt > mark) return true;
    return what.some((name) => (this.changedAt.get(name) ?? 0) > mark);
  }
}

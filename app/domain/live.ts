/** What a change event can name; pages say which of these they show. */
export const changeTopics = [
  "categories",
  "products",
  "downloads",
  "info",
  "settings",
  "people",
  "inbox",
  "firmware",
  "synonyms",
  "attributes",
  "advisories",
  "*",
] as const;
export type ChangeTopic = (typeof changeTopics)[number];

export interface ChangeEvent {
  topics: ChangeTopic[];
  /** The browser tab that made the change, so it is not told about its own write. */
  tabId?: string;
  /** When the writing instance announced it (milliseconds since 1970): how late it arrives is measured. */
  sentAt?: number;
}

/** The route `handle` fields a page uses to say what it shows and whether it may be cached. */
export interface PageHandle {
  /** Topics whose changes the page shows: open pages reload their data, the page cache drops it. */
  live?: readonly ChangeTopic[];
  /**
   * The page is the same for every anonymous visitor until a change to its topics (the matched
   * routes' `live` together), so its answers may be kept in the page cache. `query` names the search
   * parameters it reads: a URL with any other parameter is rendered, never kept, so made-up
   * parameters cannot fill the cache. Only the deepest matched route's declaration counts.
   */
  cache?: {
    query?: readonly string[];
    /**
     * What it shows of the catalog (its "products" and "categories" topics) is followed record by
     * record: the page is dropped when a record it read changes (app/domain/catalog-shown.ts), not at
     * every change of the catalog. Only for pages that read the catalog through its in-memory reads
     * alone.
     */
    byRecord?: true;
  };
}

export function concernsPage(event: ChangeEvent, pageTopics: ReadonlySet<ChangeTopic>): boolean {
  return event.topics.some((topic) => topic === "*" || pageTopics.has(topic));
}

/** How long typing must pause before a field that searches as you type asks the server. */
export const SEARCH_DEBOUNCE_MS = 200;

/** Query parameter the header's as-you-type box adds: a few short results instead of the full page. */
export const SEARCH_PREVIEW_PARAM = "preview";

/** The results page for a query. */
export function searchPageUrl(query: string): string {
  return `/search?${new URLSearchParams({ q: query })}`;
}

/** What the header's box loads while typing: the results page's loader, in its short form. */
export function searchPreviewUrl(query: string): string {
  return `/search?${new URLSearchParams({ q: query, [SEARCH_PREVIEW_PARAM]: "1" })}`;
}

/** Longest query we search for; anything longer cannot match a field better than its first part. */
export const MAX_SEARCH_LENGTH = 100;
/** Products listed on the results page; the total still counts them all. */
export const SEARCH_LIMIT = 50;

/**
 * The query as it is searched for: trimmed, cut to MAX_SEARCH_LENGTH characters (whole code points,
 * never half a surrogate pair), control characters as spaces (a search box cannot hold them, and
 * PostgreSQL text cannot hold NUL).
 */
export function normalizeSearchQuery(query: string): string {
  const cleaned = query.replace(/\p{Cc}/gu, " ").trim();
  return Array.from(cleaned).slice(0, MAX_SEARCH_LENGTH).join("").trimEnd();
}

/** Products the accessory picker offers for one query: enough to choose from, few enough to scan. */
export const MODEL_SEARCH_LIMIT = 20;

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

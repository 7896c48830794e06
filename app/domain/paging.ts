/** One page of a longer list, and where it sits in it. */
export interface Paged<Item> {
  items: Item[];
  /** Every item of the list, also those on other pages. */
  total: number;
  /** The page shown: the one asked for, or the last one when that lies past the end. */
  page: number;
  pageCount: number;
  /** Items a full page holds. */
  pageSize: number;
}

/** Rows per dashboard list page: the page stays small and quick however large the catalog grows. */
export const DASHBOARD_PAGE_SIZE = 50;

/**
 * The page to show of `total` items, `pageSize` a page, when `requested` is asked for: an old link
 * past the end (the list shrank since) gets the last page, not an empty one.
 */
export function pageWindow(total: number, requested: number, pageSize: number) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(requested)), pageCount);
  return { page, pageCount, offset: (page - 1) * pageSize };
}

/** The page `requested` of a list held whole. */
export function pageOf<Item>(items: readonly Item[], requested: number, pageSize: number): Paged<Item> {
  const { page, pageCount, offset } = pageWindow(items.length, requested, pageSize);
  return { items: items.slice(offset, offset + pageSize), total: items.length, page, pageCount, pageSize };
}

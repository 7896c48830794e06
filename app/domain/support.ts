import { DOWNLOAD_KINDS, type DownloadKind } from "./download-kinds";

/** The /support search form's fields, as they stand in a shareable URL. */
export const SUPPORT_QUERY_PARAM = "q";
export const SUPPORT_CATEGORY_PARAM = "category";
/** A download kind's value (app/domain/download-kinds.ts). */
export const SUPPORT_KIND_PARAM = "type";

export interface SupportFilter {
  /** The normalized search text; empty for none. */
  query: string;
  /** The chosen category's name; null for all categories. */
  categoryName: string | null;
  /** The chosen kind of download; null for every kind. */
  kind: DownloadKind | null;
}

interface SupportSearch {
  query?: string;
  categoryId?: string;
  kind?: string;
}

/** The query parameters of a search, without the empty ones. */
export function supportSearchParams({ query = "", categoryId = "", kind = "" }: SupportSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (query) params.set(SUPPORT_QUERY_PARAM, query);
  if (categoryId) params.set(SUPPORT_CATEGORY_PARAM, categoryId);
  if (kind) params.set(SUPPORT_KIND_PARAM, kind);
  return params;
}

/** /support showing what the search asks for. */
export function supportUrl(search: SupportSearch): string {
  const params = supportSearchParams(search).toString();
  return params ? `/support?${params}` : "/support";
}

export function isFiltered(filter: SupportFilter): boolean {
  return filter.query !== "" || filter.categoryName !== null || filter.kind !== null;
}

/**
 * What the support page's sentences (`support.nothingMatches`, `support.noProductDownloads`,
 * `support.productsInView`) are told of a search that shows `count` products: each a select's key or
 * the text it puts in. A kind is named as among the messages; "other" documents as `others`, as
 * `other` is what a select says when no key matches: here, every kind.
 */
export function supportSentenceValues({ query, categoryName, kind }: SupportFilter, count: number) {
  const name = DOWNLOAD_KINDS.find((each) => each.value === kind)?.name;
  return {
    searched: query ? "yes" : "no",
    query,
    inCategory: categoryName === null ? "no" : "yes",
    category: categoryName ?? "",
    kind: name === undefined ? "all" : name === "other" ? "others" : name,
    count,
  };
}

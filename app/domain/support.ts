import { countNoun } from "./format";

/** The /support search form's fields, as they stand in a shareable URL. */
export const SUPPORT_QUERY_PARAM = "q";
export const SUPPORT_CATEGORY_PARAM = "category";

export interface SupportFilter {
  /** The normalized search text; empty for none. */
  query: string;
  /** The chosen category's name; null for all categories. */
  categoryName: string | null;
}

interface SupportSearch {
  query?: string;
  categoryId?: string;
}

/** The query parameters of a search, without the empty ones. */
export function supportSearchParams({ query = "", categoryId = "" }: SupportSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (query) params.set(SUPPORT_QUERY_PARAM, query);
  if (categoryId) params.set(SUPPORT_CATEGORY_PARAM, categoryId);
  return params;
}

/** /support showing what `query` and `categoryId` ask for. */
export function supportUrl(search: SupportSearch): string {
  const params = supportSearchParams(search).toString();
  return params ? `/support?${params}` : "/support";
}

export function isFiltered(filter: SupportFilter): boolean {
  return filter.query !== "" || filter.categoryName !== null;
}

/** What a search that found nothing at all says. */
export function noDownloadsMatch({ query, categoryName }: SupportFilter): string {
  if (query && categoryName) return `No downloads match “${query}” in ${categoryName}.`;
  if (query) return `No downloads match “${query}”.`;
  return `No downloads in ${categoryName ?? "this category"}.`;
}

/** How many products with downloads are in view, and what narrowed them. */
export function productsInView(total: number, { query, categoryName }: SupportFilter): string {
  const products = countNoun(total, "product");
  const verb = total === 1 ? "matches" : "match";
  if (query && categoryName) return `${products} in ${categoryName} ${verb} “${query}”.`;
  if (query) return `${products} ${verb} “${query}”.`;
  if (categoryName) return `${products} with downloads in ${categoryName}.`;
  return `${products} with downloads.`;
}

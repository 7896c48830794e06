import { countNoun } from "./format";

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
  /** How sentences name the chosen kind of download ("datasheets"); null for every kind. */
  kindNoun: string | null;
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
  return filter.query !== "" || filter.categoryName !== null || filter.kindNoun !== null;
}

/** What a search that found nothing at all says. */
export function noDownloadsMatch({ query, categoryName, kindNoun }: SupportFilter): string {
  const noun = kindNoun ?? "downloads";
  const where = categoryName ? ` in ${categoryName}` : "";
  if (query) return `No ${noun} match “${query}”${where}.`;
  return `No ${noun}${where || (kindNoun ? "" : " in this category")}.`;
}

/** What the product list says when a search left general downloads only. */
export function noProductDownloads({ query, kindNoun }: SupportFilter): string {
  if (query) return `No product ${kindNoun ?? "downloads"} match “${query}”.`;
  return kindNoun ? `No product ${kindNoun}.` : "No product-specific downloads available.";
}

/** How many products with downloads are in view, and what narrowed them. */
export function productsInView(total: number, { query, categoryName, kindNoun }: SupportFilter): string {
  const products = countNoun(total, "product");
  const verb = total === 1 ? "matches" : "match";
  const withKind = kindNoun ? ` with ${kindNoun}` : "";
  const where = categoryName ? ` in ${categoryName}` : "";
  if (query) return `${products}${withKind}${where} ${verb} “${query}”.`;
  return `${products} with ${kindNoun ?? "downloads"}${where}.`;
}

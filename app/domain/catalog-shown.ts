/**
 * What a page read from the in-memory catalog, named by keys, and what a change of the catalog did to
 * such keys (decision 066). The catalog's reads note the keys of what they read; the page cache keeps
 * them with a page and drops the page when a change names one, so a write drops the pages that can
 * show it and no other.
 */

/** A change of the catalog as pages see it. */
export interface CatalogChange {
  /** The keys of what changed (`shownKeys`). */
  keys: Set<string>;
  /**
   * Whether a search for `query` matches one of the products or categories that changed, as they were
   * or as they are: a search page is stale when it does.
   */
  matchesSearch: (query: string) => boolean;
}

/** Everything may have changed (the catalog was read again whole): every page that read it is stale. */
export const CATALOG_EVERYTHING = "everything";

const productKey = (id: string) => `product:${id}`;
const categoryKey = (id: string) => `category:${id}`;
const listingKey = (categoryId: string) => `listing:${categoryId}`;
/** Every published product, a page at a time. */
const ALL_LISTING = "listing:*";
/** The categories with their counts. */
const CATEGORY_LIST = "categories";
/** /support's products with downloads. */
const SUPPORT = "support";
/** Which models are published: what a model typed by a visitor is looked up among. */
const MODELS = "models";
const SEARCH_PREFIX = "search:";
const namedKey = (id: string) => `named:${id}`;

export const shownKeys = {
  /** A product's page (its accessories included: they change with it). */
  product: productKey,
  /** A category's page head: its name, description and features. */
  category: categoryKey,
  /** A category's listing (a page of its products, its filter's counts), or every product's (no id). */
  listing: (categoryId?: string) => (categoryId ? listingKey(categoryId) : ALL_LISTING),
  categoryList: CATEGORY_LIST,
  support: SUPPORT,
  models: MODELS,
  /**
   * What records naming a product (firmware, advisories) show of it: whether it is published, its
   * address, model and name. A page showing them goes with these, not with every change of the product.
   */
  named: namedKey,
  /** A search for `needle` (letter case folded). */
  search: (needle: string) => `${SEARCH_PREFIX}${needle}`,
  /** The search a key names, or undefined for any other key. */
  searchedFor: (key: string) => (key.startsWith(SEARCH_PREFIX) ? key.slice(SEARCH_PREFIX.length) : undefined),

  /** What a changed product changes: its page. */
  ofProduct: (id: string) => [productKey(id)],
  /** What a changed category changes: its page head, its listing, the list of categories. */
  ofCategory: (id: string) => [categoryKey(id), listingKey(id), CATEGORY_LIST],
  /** What a product that was or is in a category's listing changes by changing. */
  ofListing: (categoryId: string, entry: { published: boolean; support: boolean }) =>
    entry.published ? [listingKey(categoryId), ALL_LISTING, ...(entry.support ? [SUPPORT] : [])] : [],
  /** What a product changes by coming, going, moving or being renamed: counts and the models looked up. */
  ofCounts: () => [CATEGORY_LIST, MODELS],
};

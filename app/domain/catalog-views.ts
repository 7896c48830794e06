import type { DownloadKind } from "./download-kinds";
import type { CategoryAttribute, ProductSpec } from "./spec-attributes";
import type { LifecycleFields } from "./lifecycle";
import type { LifecycleStage } from "./lifecycle-stages";
import type { PublicationState } from "./publication";
import type { RecordTranslations } from "./translations";
import type { LanguageAttributes } from "./languages";
/** What the catalog's reads hand to pages: plain data, the same on the server and in the browser. */

export interface ImageView {
  id: string;
  /** The stored file's id, even where `id` is replaced by the id of the row that holds the image. */
  fileId: string;
  url: string;
  width: number | null;
  height: number | null;
  /** The description its use gives it (the product's main image, an additional image); "" for none. */
  alt: string;
}

export interface FileView {
  id: string;
  url: string;
  name: string;
  size: number;
}

/** What a public page's address is made of: the record's slug (its id only finds it to send the visitor on). */
export interface Addressed {
  id: string;
  /** Made from its model or name when it was created, and kept: see app/domain/paths.ts. */
  slug: string;
}

export interface CategorySummary extends Addressed {
  name: string;
  description: string;
  productCount: number;
}

export interface ProductSummary extends Addressed {
  model: string;
  /** What it is in words ("4MP Starlight AI Dome Camera"); "" for none. */
  name: string;
  description: string;
  ndaa: boolean;
  image: ImageView;
  /** Its first few typed values as visitors read them ("4 MP", "2.8–12 mm"): what its card shows. */
  keySpecs?: string[];
  /**
   * On a page in another language than English, which of `keySpecs` are written in the page's language
   * (numbers, Yes and No; a choice's label is as its record words it); absent in English.
   */
  keySpecsInPageLanguage?: boolean[];
  /** Where it is in its life (decision 072); absent: active. Cards mark the others. */
  lifecycle?: Exclude<LifecycleStage, "active">;
  /**
   * On a list in another language than English, the language of its name and of its description where
   * that is not the list's (a translation falls back, decision 094); absent in English.
   */
  marks?: { name?: LanguageAttributes; description?: LanguageAttributes };
}

/** Another product a page links to by its model, with its main picture: an accessory, a replacement. */
export type LinkedProduct = Addressed & { model: string; name: string; image: ImageView };

/** A product's lifecycle as its page shows it (decision 072). */
export interface ProductLifecycle extends LifecycleFields {
  /** Its recommended replacements in their order: the published ones, where visitors read it. */
  replacements: LinkedProduct[];
}

/** A category's feature: a product has it or not, and a visitor filters by it. */
export interface CategoryFeature {
  id: string;
  label: string;
  /** One of its category's `featureGroups`, or "" for none. */
  group: string;
}

/** What a product is called where one line names it (a title, structured data): its model, then its name if any. */
export function productTitle(product: { model: string; name: string }): string {
  return product.name ? `${product.model} ${product.name}` : product.model;
}

/**
 * A category's features in its filter's groups, in order, those in none last under `ungrouped` ("More
 * features", in the words of the page), which is no group of the category's (`ungrouped: true`);
 * groups without features left out. The public filter and the product form show them so.
 */
export function featureGroupsOf<Feature extends { group: string }>(
  featureGroups: readonly string[],
  features: readonly Feature[],
  ungrouped: string,
): { name: string; features: Feature[]; ungrouped: boolean }[] {
  const groups = featureGroups.map((name) => ({
    name,
    features: features.filter((feature) => feature.group === name),
    ungrouped: false,
  }));
  groups.push({ name: ungrouped, features: features.filter((feature) => feature.group === ""), ungrouped: true });
  return groups.filter((group) => group.features.length > 0);
}

/** A category as its public page shows it: its features in natural order, and the groups its filter shows them in. */
export interface CatalogCategory extends Addressed {
  name: string;
  description: string;
  version: number;
  /** In the order the filter shows them; a feature in none is shown after them, under "More features". */
  featureGroups: string[];
  features: CategoryFeature[];
  /** Its specification attributes in the order its products' pages show them (decision 070). */
  attributes: CategoryAttribute[];
}

/** A product's public page: its category, features, pictures, accessories and downloads. */
export interface CatalogProduct extends Addressed {
  model: string;
  /** What it is in words; "" for none. */
  name: string;
  description: string;
  specs: string | null;
  specsTable: string[][] | null;
  ndaa: boolean;
  version: number;
  category: Addressed & { name: string };
  /** In natural order of their labels. */
  features: { id: string; label: string }[];
  /** Its typed values, in its category's order of attributes (each attribute shared with the category's). */
  specValues: ProductSpec[];
  image: ImageView;
  /** In their order; `id` is the image's row, `fileId` its file. */
  additionalImages: ImageView[];
  /** By model ignoring letter case, each with its main picture. */
  accessories: LinkedProduct[];
  lifecycle: ProductLifecycle;
  /** In their order. */
  downloads: DownloadEntry[];
  /** Visitors only ever read published products; the dashboard and an admin's preview read any. */
  publication: PublicationState;
  /** Its texts in other languages (decision 094); absent when it has none. */
  translations?: RecordTranslations;
}

/** A product no longer sold as usual, as /support/lifecycle lists it (decision 072). */
export interface RetiringProduct extends LinkedProduct {
  category: Addressed & { name: string };
  lifecycle: ProductLifecycle;
}

export interface SearchResults {
  categories: (Addressed & { name: string; description: string })[];
  products: ProductSummary[];
  /** Every match, also those beyond the limit. */
  total: number;
  /** The normalized words the matches were found by (the query's, its synonyms', its typos' corrections): what is highlighted. */
  matched: string[];
}

/** Products whose model holds a term: those it starts with first, then the rest, each in model order. */
export interface ModelMatches {
  products: ProductSummary[];
  /** Every match, also those beyond the limit. */
  total: number;
}

/** Products per catalog page: a screenful of cards on a desktop, a few screens on a phone. */
export const CATALOG_PAGE_SIZE = 24;
/** Products with downloads per /support page: each folds to one line, so a page is about three phone screens. */
export const SUPPORT_PAGE_SIZE = 20;

/** How a list of products is ordered: by how well they match a search, by model, or newest first. */
export type ListingSort = "relevance" | "model" | "newest";

/** The orders a catalog listing offers, its default first. */
export const CATALOG_SORTS = ["model", "newest"] as const satisfies readonly ListingSort[];

/** The orders search results offer, their default first. */
export const SEARCH_SORTS = ["relevance", "newest", "model"] as const satisfies readonly ListingSort[];

/** The search parameter a list's order travels in. */
export const SORT_PARAM = "sort";

/** The order a URL asks for among `allowed`; anything else is the first, the default. */
export function listingSortOf<Sort extends ListingSort>(
  value: string | null,
  allowed: readonly [Sort, ...Sort[]],
): Sort {
  return allowed.find((sort) => sort === value) ?? allowed[0];
}

export interface ProductListing {
  products: ProductSummary[];
  total: number;
  page: number;
  pageCount: number;
  /**
   * For each feature at least one product has: how many the filter leaves with that feature's group
   * narrowed to it (what ticking it shows when nothing else in its group is ticked). Absent: none.
   */
  featureCounts: Record<string, number>;
  /**
   * For each filter attribute of a choice or yes/no (decision 070), by value: how many the filter
   * leaves with that attribute's own filter set aside. Absent outside a category.
   */
  specCounts?: Record<string, Record<string, number>>;
  /** For each filter attribute of a number or range: the lowest and highest value among those, by id. */
  specSpans?: Record<string, [number, number]>;
  /** How many discontinued products the other filters leave: what "Include discontinued" adds, or added. */
  discontinuedCount: number;
}

export interface DownloadEntry {
  id: string;
  description: string;
  kind: DownloadKind;
  file: FileView;
}

export interface SupportProduct extends Addressed {
  model: string;
  name: string;
  image: ImageView;
  downloads: DownloadEntry[];
}

export interface SupportListing {
  /** By description; none when they were not asked for. */
  general: DownloadEntry[];
  /** One page of them, by model ignoring case. */
  products: SupportProduct[];
  /** Every product in view, on all pages. */
  productTotal: number;
  page: number;
  pageCount: number;
  /** Whether the site has any download at all, whatever the search left in view. */
  anyDownloads: boolean;
}

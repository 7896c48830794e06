import type { DownloadKind } from "#app/domain/download-kinds";
import { eq } from "drizzle-orm";
import {
  SUPPORT_PAGE_SIZE,
  type CatalogCategory,
  type CatalogProduct,
  type CategorySummary,
  type DownloadEntry,
  type ListingSort,
  type ModelMatches,
  type ProductListing,
  type ProductSummary,
  type RetiringProduct,
  type SearchResults,
  type SupportListing,
} from "#app/domain/catalog-views";
import type { Paged } from "#app/domain/paging";
import { MODEL_SEARCH_LIMIT, normalizeSearchQuery, SEARCH_LIMIT } from "#app/domain/search";
import { naturalCompare } from "#app/domain/format";
import { downloads, files } from "../db/schema";
import type { Database } from "../db/client.server";
import { fileView } from "../files/file-views.server";
import type { CatalogSnapshot } from "./catalog-snapshot.server";
import type { ModelsHolding, ProductsAsked } from "./catalog-state.server";
import { FEW_MATCHES, forgivesTypos, groupCostIn, prepareQuery, type SynonymSet } from "./search-index.server";
import { normalizeText, wordsOf } from "#app/domain/search-text";
import { keptUntilChanged, type DataWatch, type WatchedData } from "../platform/data-watch.server";

/** A published general download, with the normalized words of its description and file name for /support's search. */
interface GeneralDownload {
  entry: DownloadEntry;
  words: string[];
}

/**
 * The general downloads every word of `term` is found in (description or file name), ranked as a
 * search ranks (decision 067), in their order where they rank alike; all of them for a blank term.
 */
function generalMatching(
  everyGeneral: GeneralDownload[],
  term: string,
  synonyms: readonly SynonymSet[],
): DownloadEntry[] {
  if (term === "") return everyGeneral.map((download) => download.entry);
  const query = prepareQuery(term, synonyms);
  const matching = (typos: boolean) =>
    everyGeneral.flatMap((download, rank) => {
      let cost = 0;
      for (const group of query.groups) cost += groupCostIn(download.words, group, typos) ?? Infinity;
      return query.groups.length > 0 && cost !== Infinity ? [{ download, cost, rank }] : [];
    });
  let found = matching(false);
  if (found.length < FEW_MATCHES && forgivesTypos(query)) found = matching(true);
  return found.sort((a, b) => a.cost - b.cost || a.rank - b.rank).map(({ download }) => download.entry);
}

/** What the general downloads are read from: the downloads, and the files they are. */
const GENERAL_DOWNLOADS_DATA: readonly WatchedData[] = ["downloads"];

/**
 * The catalog as visitors read it, from memory: categories, product listings and pages, search and the
 * support listing's products from the in-memory snapshot (decision 017), the support listing's general
 * downloads from a copy of their own (decision 044).
 */
/** Whether `text` can be a record's slug or id: anything longer is no address of this site. */
function isReference(text: string): boolean {
  return text.length > 0 && text.length <= 120;
}

export function createCatalog({
  db,
  snapshot,
  watch,
  synonyms,
}: {
  db: Database;
  snapshot: CatalogSnapshot;
  watch: DataWatch;
  /** The owner's search synonyms, kept in memory by their service. */
  synonyms: () => Promise<readonly SynonymSet[]>;
}) {
  /**
   * Every category with how many products it holds (published ones; with `drafts`, every one), by
   * name ignoring letter case.
   */
  function listCategories(options: { drafts?: boolean } = {}): Promise<CategorySummary[]> {
    return snapshot.listCategories(options);
  }

  /**
   * A category with its features in natural order, or null for an unknown id. With `latest` (the
   * dashboard), as committed now rather than as this instance last heard.
   */
  /** A category by its slug or id (`reference`), or null. */
  function getCategory(reference: string, options: { latest?: boolean } = {}): Promise<CatalogCategory | null> {
    return isReference(reference) ? snapshot.getCategory(reference, options) : Promise.resolve(null);
  }

  /**
   * A page of products, by model ignoring case: all of them, or one category's, narrowed to those that
   * have every one of `featureIds`.
   */
  function listProducts(options: ProductsAsked): Promise<ProductListing> {
    return snapshot.listProducts(options);
  }

  /** A page of the published products no longer sold as usual (decision 072). */
  function listRetiring(options: Parameters<CatalogSnapshot["listRetiring"]>[0]): Promise<Paged<RetiringProduct>> {
    return snapshot.listRetiring(options);
  }

  /** The product selector as a category (decision 070), or null when there is none. */
  function getSelector(): Promise<CatalogCategory | null> {
    return snapshot.getSelector();
  }

  /** A published product's page by its slug or id (`reference`), or null. */
  function getProduct(reference: string): Promise<CatalogProduct | null> {
    return isReference(reference) ? snapshot.getProduct(reference) : Promise.resolve(null);
  }

  /** Any product by slug or id, drafts and scheduled ones too: for signed-in people only (the dashboard, previews). */
  function getAnyProduct(reference: string): Promise<CatalogProduct | null> {
    return isReference(reference) ? snapshot.getAnyProduct(reference) : Promise.resolve(null);
  }

  /**
   * The published general downloads by description, each with its description and file name letter
   * case folded: kept in memory like the catalog, read again once the data watch says the general
   * downloads (or their files) may have changed (decision 044).
   */
  const generalDownloads = keptUntilChanged(watch, GENERAL_DOWNLOADS_DATA, readGeneralDownloads);

  async function readGeneralDownloads(): Promise<GeneralDownload[]> {
    const rows = await db
      .select({ id: downloads.id, description: downloads.description, kind: downloads.kind, file: files })
      .from(downloads)
      .innerJoin(files, eq(files.id, downloads.fileId))
      .where(eq(downloads.status, "published"));
    return rows
      .map((row) => ({ id: row.id, description: row.description, kind: row.kind, file: fileView(row.file) }))
      .sort((a, b) => naturalCompare(a.description, b.description))
      .map((entry) => ({ entry, words: wordsOf(normalizeText(`${entry.description} ${entry.file.name}`)) }));
  }

  /**
   * The general downloads by description, and a page of the products that have downloads by model, each
   * with its downloads in their order. `query` narrows and ranks both, by words (decision 067): a
   * product is found by its model, category and features or by its downloads' descriptions and file
   * names, keeping all its downloads when its own names hold every word and otherwise those that hold
   * the rest. `categoryId` narrows the products; `includeGeneral: false` leaves the general downloads
   * out. Both come from memory: the products from the catalog snapshot, the general downloads from
   * their own copy (decision 044).
   */
  async function listSupportDownloads(
    options: {
      query?: string;
      categoryId?: string;
      kind?: DownloadKind;
      includeGeneral?: boolean;
      page?: number;
      pageSize?: number;
    } = {},
  ): Promise<SupportListing> {
    const includeGeneral = options.includeGeneral ?? true;
    const term = normalizeSearchQuery(options.query ?? "");
    const sets = await synonyms();
    const [everyGeneral, found] = await Promise.all([
      generalDownloads(),
      snapshot.listSupportProducts({
        term,
        categoryId: options.categoryId,
        kind: options.kind,
        page: options.page ?? 1,
        pageSize: options.pageSize ?? SUPPORT_PAGE_SIZE,
        synonyms: sets,
      }),
    ]);
    const general = includeGeneral
      ? generalMatching(everyGeneral, term, sets).filter((download) => !options.kind || download.kind === options.kind)
      : [];
    const narrowed = term !== "" || options.categoryId !== undefined || options.kind !== undefined || !includeGeneral;
    return {
      general,
      products: found.items,
      productTotal: found.total,
      page: found.page,
      pageCount: found.pageCount,
      anyDownloads:
        general.length > 0 || found.total > 0 || (narrowed && (everyGeneral.length > 0 || found.anyInCatalog)),
    };
  }

  /**
   * Search by words, ranked (requirements §5, decision 067): categories by name or description, products
   * by model, category, features, description, specs and downloads (the in-memory snapshot of
   * catalog-snapshot.server.ts, decision 017).
   */
  async function search(query: string, options: { limit?: number; sort?: ListingSort } = {}): Promise<SearchResults> {
    const term = normalizeSearchQuery(query);
    if (!term) return { categories: [], products: [], total: 0, matched: [] };
    const limit = Math.min(options.limit ?? SEARCH_LIMIT, SEARCH_LIMIT);
    return snapshot.search(term, limit, await synonyms(), options.sort);
  }

  /**
   * Products by model alone (the product form's accessory picker), in any letter case: models that start
   * with the query first, then those holding it further on; `exclude` leaves out products by id.
   */
  async function searchProductModels(query: string, exclude: Iterable<string> = []): Promise<ModelMatches> {
    const term = normalizeSearchQuery(query);
    if (!term) return { products: [], total: 0 };
    return snapshot.searchModels(term, MODEL_SEARCH_LIMIT, new Set(exclude));
  }

  /** The published product a visitor names by its model (exactly, or the only one holding it), or null. */
  async function findPublishedModel(model: string): Promise<ProductSummary | null> {
    const term = normalizeSearchQuery(model);
    return term ? snapshot.findPublishedModel(term) : null;
  }

  /** The published products whose model holds `model`: the one meant, if any, and the first `limit` of them. */
  async function publishedModelsHolding(model: string, limit: number): Promise<ModelsHolding> {
    const term = normalizeSearchQuery(model);
    return term ? snapshot.publishedModelsHolding(term, limit) : { meant: null, holding: [], total: 0 };
  }

  return {
    findPublishedModel,
    publishedModelsHolding,
    listCategories,
    getCategory,
    listProducts,
    listRetiring,
    getSelector,
    getProduct,
    getAnyProduct,
    listSupportDownloads,
    search,
    searchProductModels,
  };
}

export type Catalog = ReturnType<typeof createCatalog>;

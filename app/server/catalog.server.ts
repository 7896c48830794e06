import { and, asc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  SUPPORT_PAGE_SIZE,
  type CatalogCategory,
  type CatalogProduct,
  type CategorySummary,
  type DownloadEntry,
  type ModelMatches,
  type ProductListing,
  type ProductSummary,
  type SearchResults,
  type SupportListing,
  type SupportProduct,
} from "#app/domain/catalog-views";
import { MODEL_SEARCH_LIMIT, normalizeSearchQuery, SEARCH_LIMIT } from "#app/domain/search";
import { naturalCompare } from "#app/domain/format";
import { downloads, files, productDownloads, products } from "./db/schema";
import { selectRows, type Database } from "./db/client.server";
import { isUuid } from "./files.server";
import { fileView, imageView, imageFileColumns } from "./file-views.server";
import type { CatalogSnapshot } from "./catalog-snapshot.server";
import { holdsText } from "./text-pattern.server";
import { BY_MODEL, countRows, matchingRowCount, readPage } from "./db/paging.server";

/**
 * The catalog as visitors read it: categories, product listings and pages and search from the in-memory
 * snapshot (decision 017), the support listing from the database.
 */
export function createCatalog({ db, snapshot }: { db: Database; snapshot: CatalogSnapshot }) {
  /**
   * Every category with how many products it holds (published ones; with `drafts`, every one), by
   * name ignoring letter case.
   */
  function listCategories(options: { drafts?: boolean } = {}): Promise<CategorySummary[]> {
    return snapshot.listCategories(options);
  }

  /** A category with its features in natural order, or null for an unknown id. */
  function getCategory(id: string): Promise<CatalogCategory | null> {
    return isUuid(id) ? snapshot.getCategory(id) : Promise.resolve(null);
  }

  /**
   * A page of products, by model ignoring case: all of them, or one category's, narrowed to those that
   * have every one of `featureIds`.
   */
  function listProducts(options: {
    categoryId?: string;
    featureIds?: string[];
    page?: number;
    pageSize?: number;
  }): Promise<ProductListing> {
    return snapshot.listProducts(options);
  }

  /** A published product's page, or null for an unknown id. */
  function getProduct(id: string): Promise<CatalogProduct | null> {
    return isUuid(id) ? snapshot.getProduct(id) : Promise.resolve(null);
  }

  /** Any product, drafts and scheduled ones too: for signed-in people only (the dashboard, previews). */
  function getAnyProduct(id: string): Promise<CatalogProduct | null> {
    return isUuid(id) ? snapshot.getAnyProduct(id) : Promise.resolve(null);
  }

  /**
   * The general downloads by description, and a page of the products that have downloads by model, each
   * with its downloads in their order. `query` (case-insensitive, a substring) narrows both: a product
   * whose model holds it keeps all its downloads, any other product only the downloads whose description
   * or file name holds it. `categoryId` narrows the products; `includeGeneral: false` leaves the general
   * downloads out. The database does the narrowing and the paging: the catalog can be large. Unlike the
   * catalog search (decision 008) this stays in SQL: it reads only short texts (models, descriptions,
   * file names), each result page is cached like any other page, and at 10,000 products on PGlite a
   * search measured about twice the time of the plain listing.
   */
  async function listSupportDownloads(
    options: { query?: string; categoryId?: string; includeGeneral?: boolean; page?: number; pageSize?: number } = {},
  ): Promise<SupportListing> {
    const pageSize = options.pageSize ?? SUPPORT_PAGE_SIZE;
    const includeGeneral = options.includeGeneral ?? true;
    const term = normalizeSearchQuery(options.query ?? "");
    // The product's picture and each download's file are both `files` rows: one join each, one query.
    const downloadFile = alias(files, "download_file");
    const downloadMatches = term
      ? or(holdsText(productDownloads.description, term), holdsText(downloadFile.originalName, term))
      : undefined;
    const modelMatches = term ? holdsText(products.model, term) : undefined;

    // Drafts and scheduled records are nobody's business but the dashboard's.
    const conditions: (SQL | undefined)[] = [eq(products.status, "published")];
    if (options.categoryId) conditions.push(eq(products.categoryId, options.categoryId));
    const withDownloads = db.select({ productId: productDownloads.productId }).from(productDownloads);
    if (term) {
      const withMatchingDownload = db
        .select({ productId: productDownloads.productId })
        .from(productDownloads)
        .innerJoin(downloadFile, eq(downloadFile.id, productDownloads.fileId))
        .where(downloadMatches);
      conditions.push(
        or(and(modelMatches, inArray(products.id, withDownloads)), inArray(products.id, withMatchingDownload)),
      );
    } else {
      conditions.push(inArray(products.id, withDownloads));
    }
    const where = and(...conditions);
    const [generalRows, paged] = await Promise.all([
      includeGeneral
        ? db
            .select({ id: downloads.id, description: downloads.description, file: files })
            .from(downloads)
            .innerJoin(files, eq(files.id, downloads.fileId))
            .where(
              and(
                eq(downloads.status, "published"),
                term ? or(holdsText(downloads.description, term), holdsText(files.originalName, term)) : undefined,
              ),
            )
        : [],
      readPage(
        (offset, limit) =>
          db
            .select({ id: products.id, total: matchingRowCount })
            .from(products)
            .where(where)
            .orderBy(...BY_MODEL)
            .limit(limit)
            .offset(offset),
        () => countRows(db, products, where),
        options.page ?? 1,
        pageSize,
      ),
    ]);
    const pageProducts = paged.items;
    const productRows = pageProducts.length
      ? await db
          .select({
            productId: products.id,
            model: products.model,
            imageAlt: products.imageAlt,
            image: imageFileColumns,
            downloadId: productDownloads.id,
            description: productDownloads.description,
            file: { id: downloadFile.id, originalName: downloadFile.originalName, size: downloadFile.size },
          })
          .from(productDownloads)
          .innerJoin(products, eq(products.id, productDownloads.productId))
          .innerJoin(files, eq(files.id, products.imageFileId))
          .innerJoin(downloadFile, eq(downloadFile.id, productDownloads.fileId))
          .where(
            and(
              inArray(
                products.id,
                pageProducts.map((product) => product.id),
              ),
              term ? or(modelMatches, downloadMatches) : undefined,
            ),
          )
          .orderBy(asc(productDownloads.position))
      : [];

    const general: DownloadEntry[] = generalRows
      .map((row) => ({ id: row.id, description: row.description, file: fileView(row.file) }))
      .sort((a, b) => naturalCompare(a.description, b.description));

    const byProduct = new Map<string, SupportProduct>();
    for (const row of productRows) {
      const entry = byProduct.get(row.productId) ?? {
        id: row.productId,
        model: row.model,
        image: imageView(row.image, row.imageAlt),
        downloads: [],
      };
      entry.downloads.push({ id: row.downloadId, description: row.description, file: fileView(row.file) });
      byProduct.set(row.productId, entry);
    }
    const narrowed = term !== "" || options.categoryId !== undefined || !includeGeneral;
    return {
      general,
      // The order the page was cut in: sorting again here could disagree with it at a page's edges.
      products: pageProducts.flatMap(({ id }) => byProduct.get(id) ?? []),
      productTotal: paged.total,
      page: paged.page,
      pageCount: paged.pageCount,
      anyDownloads: general.length > 0 || paged.total > 0 || (narrowed && (await anyDownloadsExist())),
    };
  }

  async function anyDownloadsExist(): Promise<boolean> {
    const [row] = await selectRows<{ found: boolean }>(
      db,
      sql`select (exists (select 1 from ${downloads} where ${downloads.status} = 'published')
        or exists (select 1 from ${productDownloads} inner join ${products} on ${products.id} = ${productDownloads.productId}
          where ${products.status} = 'published')) as found`,
    );
    return row?.found ?? false;
  }

  /**
   * Case-insensitive substring search (requirements §5): categories by name or description, products by model,
   * description or specs, text or table cells (the in-memory snapshot of catalog-snapshot.server.ts, decisions 008 and 017).
   */
  async function search(query: string, options: { limit?: number } = {}): Promise<SearchResults> {
    const term = normalizeSearchQuery(query);
    if (!term) return { categories: [], products: [], total: 0 };
    return snapshot.search(term, Math.min(options.limit ?? SEARCH_LIMIT, SEARCH_LIMIT));
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

  return {
    findPublishedModel,
    listCategories,
    getCategory,
    listProducts,
    getProduct,
    getAnyProduct,
    listSupportDownloads,
    search,
    searchProductModels,
  };
}

export type Catalog = ReturnType<typeof createCatalog>;

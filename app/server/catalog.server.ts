import { and, asc, count, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  CATALOG_PAGE_SIZE,
  SUPPORT_PAGE_SIZE,
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
import { naturalCompare, sortIgnoringCaseBy, sortNaturallyBy } from "#app/domain/format";
import {
  categories,
  categoryFeatures,
  downloads,
  files,
  productAccessories,
  productDownloads,
  productFeatures,
  productImages,
  products,
} from "./db/schema";
import { selectRows, type Database } from "./db/client.server";
import { isUuid } from "./files.server";
import { fileView, imageView, imageFileColumns } from "./file-views.server";
import type { CatalogSearchIndex } from "./search-index.server";
import { holdsText } from "./text-pattern.server";

/** The catalog as visitors read it: categories, product listings and pages, the support listing, search. */
export function createCatalog({ db, searchIndex }: { db: Database; searchIndex: CatalogSearchIndex }) {
  /** Every category with how many products it holds, by name ignoring letter case. */
  async function listCategories(): Promise<CategorySummary[]> {
    const rows = await db
      .select({
        id: categories.id,
        name: categories.name,
        description: categories.description,
        productCount: sql<number>`count(${products.id})::int`,
      })
      .from(categories)
      .leftJoin(products, eq(products.categoryId, categories.id))
      .groupBy(categories.id);
    return sortIgnoringCaseBy(rows, (row) => row.name);
  }

  async function getCategory(id: string) {
    if (!isUuid(id)) return null;
    const [category] = await db.select().from(categories).where(eq(categories.id, id));
    if (!category) return null;
    const features = await db
      .select({ id: categoryFeatures.id, label: categoryFeatures.label })
      .from(categoryFeatures)
      .where(eq(categoryFeatures.categoryId, id));
    return { ...category, features: sortNaturallyBy(features, (feature) => feature.label) };
  }

  /** Products matching `where` as summaries (with their main image), by model ignoring case. */
  function productSummaries(where: SQL | undefined) {
    return db
      .select({
        id: products.id,
        model: products.model,
        description: products.description,
        ndaa: products.ndaa,
        imageAlt: products.imageAlt,
        file: imageFileColumns,
      })
      .from(products)
      .innerJoin(files, eq(files.id, products.imageFileId))
      .where(where)
      .orderBy(sql`lower(${products.model})`, asc(products.model));
  }

  function toProductSummary({
    file,
    imageAlt,
    ...product
  }: Awaited<ReturnType<typeof productSummaries>>[number]): ProductSummary {
    return { ...product, image: imageView(file, imageAlt) };
  }

  /**
   * A page of products, by model ignoring case: all of them, or one category's, narrowed to those that
   * have every one of `featureIds`.
   */
  async function listProducts(options: {
    categoryId?: string;
    featureIds?: string[];
    page?: number;
    pageSize?: number;
  }): Promise<ProductListing> {
    const pageSize = options.pageSize ?? CATALOG_PAGE_SIZE;
    const featureIds = [...new Set(options.featureIds ?? [])].filter(isUuid);
    const conditions: SQL[] = [];
    if (options.categoryId) conditions.push(eq(products.categoryId, options.categoryId));
    if (featureIds.length > 0) {
      conditions.push(
        sql`(select count(*) from ${productFeatures} where ${productFeatures.productId} = ${products.id} and ${inArray(productFeatures.featureId, featureIds)}) = ${featureIds.length}`,
      );
    }
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [totalRow] = await db.select({ value: count() }).from(products).where(where);
    const total = totalRow?.value ?? 0;
    const pageCount = Math.max(1, Math.ceil(total / pageSize));
    const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), pageCount);

    const rows = await productSummaries(where)
      .limit(pageSize)
      .offset((page - 1) * pageSize);

    let featureCounts: Record<string, number> = {};
    if (options.categoryId) {
      const counts = await db
        .select({ featureId: productFeatures.featureId, value: count() })
        .from(productFeatures)
        .innerJoin(products, eq(products.id, productFeatures.productId))
        .where(where)
        .groupBy(productFeatures.featureId);
      featureCounts = Object.fromEntries(counts.map((row) => [row.featureId, row.value]));
    }

    return {
      products: rows.map(toProductSummary),
      total,
      page,
      pageCount,
      featureCounts,
    };
  }

  async function getProduct(id: string) {
    if (!isUuid(id)) return null;
    const [row] = await db
      .select({ product: products, category: { id: categories.id, name: categories.name }, file: files })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .innerJoin(files, eq(files.id, products.imageFileId))
      .where(eq(products.id, id));
    if (!row) return null;

    const [featureRows, imageRows, accessoryRows, downloadRows] = await Promise.all([
      db
        .select({ id: categoryFeatures.id, label: categoryFeatures.label })
        .from(productFeatures)
        .innerJoin(categoryFeatures, eq(categoryFeatures.id, productFeatures.featureId))
        .where(eq(productFeatures.productId, id)),
      db
        .select({ id: productImages.id, alt: productImages.alt, file: files })
        .from(productImages)
        .innerJoin(files, eq(files.id, productImages.fileId))
        .where(eq(productImages.productId, id))
        .orderBy(asc(productImages.position)),
      db
        .select({ id: products.id, model: products.model })
        .from(productAccessories)
        .innerJoin(
          products,
          sql`${products.id} = case when ${productAccessories.productA} = ${id} then ${productAccessories.productB} else ${productAccessories.productA} end`,
        )
        .where(or(eq(productAccessories.productA, id), eq(productAccessories.productB, id))),
      db
        .select({ id: productDownloads.id, description: productDownloads.description, file: files })
        .from(productDownloads)
        .innerJoin(files, eq(files.id, productDownloads.fileId))
        .where(eq(productDownloads.productId, id))
        .orderBy(asc(productDownloads.position)),
    ]);

    const { product } = row;
    return {
      id: product.id,
      model: product.model,
      description: product.description,
      specs: product.specs,
      specsTable: product.specsTable,
      ndaa: product.ndaa,
      version: product.version,
      category: row.category,
      features: sortNaturallyBy(featureRows, (feature) => feature.label),
      image: imageView(row.file, product.imageAlt),
      additionalImages: imageRows.map((image) => ({ ...imageView(image.file, image.alt), id: image.id })),
      accessories: sortIgnoringCaseBy(accessoryRows, (accessory) => accessory.model),
      downloads: downloadRows.map((download) => ({
        id: download.id,
        description: download.description,
        file: fileView(download.file),
      })),
    };
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

    const conditions: (SQL | undefined)[] = [];
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
    // One pass finds the page and counts every match (the window runs before the limit).
    const pageOf = (page: number) =>
      db
        .select({ id: products.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(products)
        .where(where)
        .orderBy(sql`lower(${products.model})`, asc(products.model))
        .limit(pageSize)
        .offset((page - 1) * pageSize);

    const requestedPage = Math.max(1, Math.floor(options.page ?? 1));
    const [generalRows, requested] = await Promise.all([
      includeGeneral
        ? db
            .select({ id: downloads.id, description: downloads.description, file: files })
            .from(downloads)
            .innerJoin(files, eq(files.id, downloads.fileId))
            .where(term ? or(holdsText(downloads.description, term), holdsText(files.originalName, term)) : undefined)
        : [],
      pageOf(requestedPage),
    ]);
    let pageProducts = requested;
    let productTotal = requested[0]?.total ?? 0;
    let page = requestedPage;
    if (pageProducts.length === 0 && page > 1) {
      // Past the last page (an old link, or the catalog shrank): the last page instead.
      const [counted] = await db.select({ value: count() }).from(products).where(where);
      productTotal = counted?.value ?? 0;
      page = Math.max(1, Math.ceil(productTotal / pageSize));
      pageProducts = productTotal > 0 ? await pageOf(page) : [];
    }
    const pageCount = Math.max(1, Math.ceil(productTotal / pageSize));
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
      products: sortIgnoringCaseBy([...byProduct.values()], (product) => product.model),
      productTotal,
      page,
      pageCount,
      anyDownloads: general.length > 0 || productTotal > 0 || (narrowed && (await anyDownloadsExist())),
    };
  }

  async function anyDownloadsExist(): Promise<boolean> {
    const [row] = await selectRows<{ found: boolean }>(
      db,
      sql`select (exists (select 1 from ${downloads}) or exists (select 1 from ${productDownloads})) as found`,
    );
    return row?.found ?? false;
  }

  /**
   * Case-insensitive substring search (requirements §5): categories by name or description, products by model,
   * description or specs, text or table cells (the in-memory index of search-index.server.ts, decision 008).
   */
  async function search(query: string, options: { limit?: number } = {}): Promise<SearchResults> {
    const term = normalizeSearchQuery(query);
    if (!term) return { categories: [], products: [], total: 0 };
    return searchIndex.search(term, Math.min(options.limit ?? SEARCH_LIMIT, SEARCH_LIMIT));
  }

  /**
   * Products by model alone (the product form's accessory picker), in any letter case: models that start
   * with the query first, then those holding it further on; `exclude` leaves out products by id.
   */
  async function searchProductModels(query: string, exclude: Iterable<string> = []): Promise<ModelMatches> {
    const term = normalizeSearchQuery(query);
    if (!term) return { products: [], total: 0 };
    return searchIndex.searchModels(term, MODEL_SEARCH_LIMIT, new Set(exclude));
  }

  return { listCategories, getCategory, listProducts, getProduct, listSupportDownloads, search, searchProductModels };
}

export type Catalog = ReturnType<typeof createCatalog>;

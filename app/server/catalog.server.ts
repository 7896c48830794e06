import { and, asc, count, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { naturalCompare, sortIgnoringCaseBy, sortNaturallyBy } from "#app/domain/format";
import { selectRows } from "./db/client.server";
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
import { fileUrl, isUuid, type FileRow } from "./files.server";
import { runtime } from "./runtime.server";

/** Products per catalog page: a screenful of cards on a desktop, a few screens on a phone. */
export const CATALOG_PAGE_SIZE = 24;

export interface ImageView {
  id: string;
  url: string;
  width: number | null;
  height: number | null;
}

export interface FileView {
  id: string;
  url: string;
  name: string;
  size: number;
}

export interface CategorySummary {
  id: string;
  name: string;
  description: string;
  productCount: number;
}

export interface FeatureView {
  id: string;
  label: string;
}

export interface ProductSummary {
  id: string;
  model: string;
  description: string;
  ndaa: boolean;
  image: ImageView;
}

export function imageView(file: Pick<FileRow, "id" | "originalName" | "width" | "height">): ImageView {
  return { id: file.id, url: fileUrl(file), width: file.width, height: file.height };
}

export function fileView(file: Pick<FileRow, "id" | "originalName" | "size">): FileView {
  return { id: file.id, url: fileUrl(file), name: file.originalName, size: file.size };
}

function db() {
  return runtime().database.db;
}

/** Every category with how many products it holds, by name ignoring letter case. */
export async function listCategories(): Promise<CategorySummary[]> {
  const rows = await db()
    .select({
      id: categories.id,
      name: categories.name,
      description: categories.description,
      productCount: sql<number>`(select count(*) from ${products} where ${products.categoryId} = ${categories.id})::int`,
    })
    .from(categories);
  return sortIgnoringCaseBy(rows, (row) => row.name);
}

export async function getCategory(id: string) {
  if (!isUuid(id)) return null;
  const [category] = await db().select().from(categories).where(eq(categories.id, id));
  if (!category) return null;
  const features = await db()
    .select({ id: categoryFeatures.id, label: categoryFeatures.label })
    .from(categoryFeatures)
    .where(eq(categoryFeatures.categoryId, id));
  return { ...category, features: sortNaturallyBy(features, (feature) => feature.label) };
}

export interface ProductListing {
  products: ProductSummary[];
  total: number;
  page: number;
  pageCount: number;
  /** For each feature: how many products in view also have it (what checking it would leave). */
  featureCounts: Record<string, number>;
}

/**
 * A page of products, by model ignoring case: all of them, or one category's, narrowed to those that
 * have every one of `featureIds`.
 */
export async function listProducts(options: {
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
  const [totalRow] = await db().select({ value: count() }).from(products).where(where);
  const total = totalRow?.value ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), pageCount);

  const rows = await db()
    .select({
      id: products.id,
      model: products.model,
      description: products.description,
      ndaa: products.ndaa,
      file: { id: files.id, originalName: files.originalName, width: files.width, height: files.height },
    })
    .from(products)
    .innerJoin(files, eq(files.id, products.imageFileId))
    .where(where)
    .orderBy(sql`lower(${products.model})`, asc(products.model))
    .limit(pageSize)
    .offset((page - 1) * pageSize);

  let featureCounts: Record<string, number> = {};
  if (options.categoryId) {
    const counts = await db()
      .select({ featureId: productFeatures.featureId, value: count() })
      .from(productFeatures)
      .innerJoin(products, eq(products.id, productFeatures.productId))
      .where(where)
      .groupBy(productFeatures.featureId);
    featureCounts = Object.fromEntries(counts.map((row) => [row.featureId, row.value]));
  }

  return {
    products: rows.map(({ file, ...product }) => ({ ...product, image: imageView(file) })),
    total,
    page,
    pageCount,
    featureCounts,
  };
}

export async function getProduct(id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db()
    .select({ product: products, category: { id: categories.id, name: categories.name }, file: files })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(files, eq(files.id, products.imageFileId))
    .where(eq(products.id, id));
  if (!row) return null;

  const [featureRows, imageRows, accessoryRows, downloadRows] = await Promise.all([
    db()
      .select({ id: categoryFeatures.id, label: categoryFeatures.label })
      .from(productFeatures)
      .innerJoin(categoryFeatures, eq(categoryFeatures.id, productFeatures.featureId))
      .where(eq(productFeatures.productId, id)),
    db()
      .select({ id: productImages.id, file: files })
      .from(productImages)
      .innerJoin(files, eq(files.id, productImages.fileId))
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position)),
    db()
      .select({ id: products.id, model: products.model })
      .from(productAccessories)
      .innerJoin(
        products,
        sql`${products.id} = case when ${productAccessories.productA} = ${id} then ${productAccessories.productB} else ${productAccessories.productA} end`,
      )
      .where(or(eq(productAccessories.productA, id), eq(productAccessories.productB, id))),
    db()
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
    image: imageView(row.file),
    additionalImages: imageRows.map((image) => ({ ...imageView(image.file), id: image.id, fileId: image.file.id })),
    accessories: sortIgnoringCaseBy(accessoryRows, (accessory) => accessory.model),
    downloads: downloadRows.map((download) => ({
      id: download.id,
      description: download.description,
      file: fileView(download.file),
    })),
  };
}

export type ProductDetail = NonNullable<Awaited<ReturnType<typeof getProduct>>>;

export interface DownloadEntry {
  id: string;
  description: string;
  file: FileView;
}

/** General downloads by description, and every product that has downloads, by model. */
export async function listSupportDownloads() {
  const [generalRows, productRows] = await Promise.all([
    db()
      .select({ id: downloads.id, description: downloads.description, file: files })
      .from(downloads)
      .innerJoin(files, eq(files.id, downloads.fileId)),
    db()
      .select({
        productId: products.id,
        model: products.model,
        image: { id: files.id, originalName: files.originalName, width: files.width, height: files.height },
        downloadId: productDownloads.id,
        description: productDownloads.description,
        fileId: productDownloads.fileId,
        position: productDownloads.position,
      })
      .from(productDownloads)
      .innerJoin(products, eq(products.id, productDownloads.productId))
      .innerJoin(files, eq(files.id, products.imageFileId)),
  ]);
  const downloadFiles = productRows.length
    ? await db()
        .select()
        .from(files)
        .where(
          inArray(
            files.id,
            productRows.map((row) => row.fileId),
          ),
        )
    : [];
  const fileById = new Map(downloadFiles.map((file) => [file.id, file]));

  const general: DownloadEntry[] = generalRows
    .map((row) => ({ id: row.id, description: row.description, file: fileView(row.file) }))
    .sort((a, b) => naturalCompare(a.description, b.description));

  const byProduct = new Map<string, { id: string; model: string; image: ImageView; downloads: DownloadEntry[] }>();
  for (const row of [...productRows].sort((a, b) => a.position - b.position)) {
    const file = fileById.get(row.fileId);
    if (!file) continue;
    const entry = byProduct.get(row.productId) ?? {
      id: row.productId,
      model: row.model,
      image: imageView(row.image),
      downloads: [],
    };
    entry.downloads.push({ id: row.downloadId, description: row.description, file: fileView(file) });
    byProduct.set(row.productId, entry);
  }
  return { general, products: sortIgnoringCaseBy([...byProduct.values()], (product) => product.model) };
}

export interface SearchResults {
  categories: { id: string; name: string; description: string }[];
  products: ProductSummary[];
  total: number;
}

/** Longest query we search for; anything longer cannot match a field better than its first part. */
export const MAX_SEARCH_LENGTH = 100;
const SEARCH_LIMIT = 50;

/**
 * Case-insensitive substring search (SPEC §5): categories by name or description, products by
 * model, description or specs. Trigram indexes keep it fast on large catalogs.
 */
export async function search(query: string): Promise<SearchResults> {
  const term = query.trim().slice(0, MAX_SEARCH_LENGTH).toLowerCase();
  if (!term) return { categories: [], products: [], total: 0 };
  const pattern = `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const [categoryRows, productRows, productTotal] = await Promise.all([
    db()
      .select({ id: categories.id, name: categories.name, description: categories.description })
      .from(categories)
      .where(sql`lower(${categories.name}) like ${pattern} or lower(${categories.description}) like ${pattern}`),
    db()
      .select({
        id: products.id,
        model: products.model,
        description: products.description,
        ndaa: products.ndaa,
        file: { id: files.id, originalName: files.originalName, width: files.width, height: files.height },
      })
      .from(products)
      .innerJoin(files, eq(files.id, products.imageFileId))
      .where(productMatch(pattern))
      .orderBy(sql`lower(${products.model})`)
      .limit(SEARCH_LIMIT),
    selectRows<{ value: number }>(
      db(),
      sql`select count(*)::int as value from ${products} where ${productMatch(pattern)}`,
    ),
  ]);
  const sortedCategories = sortIgnoringCaseBy(categoryRows, (category) => category.name);
  return {
    categories: sortedCategories,
    products: productRows.map(({ file, ...product }) => ({ ...product, image: imageView(file) })),
    total: sortedCategories.length + (productTotal[0]?.value ?? 0),
  };
}

function productMatch(pattern: string): SQL {
  return sql`(lower(${products.model}) like ${pattern} or lower(${products.description}) like ${pattern} or lower(coalesce(${products.specs}, '')) like ${pattern} or lower(coalesce(${products.specsTable}::text, '')) like ${pattern})`;
}

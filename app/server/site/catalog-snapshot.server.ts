import { asc, Column, eq, is, SQL, sql, type AnyColumn } from "drizzle-orm";
import type { SubqueryWithSelection } from "drizzle-orm/pg-core";
import { sortIgnoringCaseBy, sortNaturallyBy } from "#app/domain/format";
import { pageOf, pageWindow, type Paged } from "#app/domain/paging";
import { BY_MODEL } from "../db/paging.server";
import type { DataWatch, WatchedData } from "../platform/data-watch.server";
import { addToList } from "../platform/lists.server";
import {
  CATALOG_PAGE_SIZE,
  type CatalogCategory,
  type CatalogProduct,
  type CategorySummary,
  type ModelMatches,
  type ProductListing,
  type ProductSummary,
  type SearchResults,
  type SupportProduct,
} from "#app/domain/catalog-views";
import { fileView, imageView, imageFileColumns } from "../files/file-views.server";
import type { Database, Queryable } from "../db/client.server";
import {
  catalogVersions,
  categories,
  categoryFeatures,
  files,
  productAccessories,
  productDownloads,
  productFeatures,
  productImages,
  products,
} from "../db/schema";
import { BETWEEN_TURNS, forEachInSlices, type Slicing } from "../platform/slices.server";
import { SubstringIndex } from "./substring-index.server";
import { countOf, FeatureBits, positionsOf } from "./feature-bits.server";
import type { PublicationStatus } from "#app/domain/publication";

/** Between the fields of one record, so that no match can run from one field into the next. */
export const FIELD_SEPARATOR = "\u0000";

interface Searchable<T> {
  /** Every searched field, letter case folded. */
  text: string;
  result: T;
}

function searchable<T>(fields: string[], result: T): Searchable<T> {
  return { text: foldCase(fields.join(FIELD_SEPARATOR)), result };
}

type CategoryResult = SearchResults["categories"][number];

/** A product as the snapshot holds it: its page, its summary in listings, and what filters test. */
interface ProductEntry {
  /** As visitors see it: its accessories are published ones only. */
  page: CatalogProduct;
  /** Its accessories drafts included, for the dashboard; absent when that is `page`'s list. */
  everyAccessory?: CatalogProduct["accessories"];
  summary: ProductSummary;
}

/** What a listing asks for: the whole catalog a page at a time, or a category's, narrowed by features. */
export type ProductsAsked = { page?: number; pageSize?: number } & (
  { categoryId?: undefined; featureIds?: undefined } | { categoryId: string; featureIds?: string[] }
);

interface CategoryEntry {
  category: CatalogCategory;
  /** Its published products counted. */
  summary: CategorySummary;
  /** Drafts and scheduled ones counted as well (the dashboard's count). */
  everyProductCount: number;
  /** In listing order. */
  products: ProductEntry[];
  /** Its products (in that order) by its features: what its filter reads. */
  featureBits: FeatureBits;
}

interface SearchableProduct extends Searchable<ProductSummary> {
  /** The model alone, letter case folded: what a search by model tests. */
  model: string;
}

/** A product as /support shows it, with the letter-case-folded texts its search tests. */
interface SupportEntry {
  product: SupportProduct;
  categoryId: string;
  /** The model, letter case folded: a product whose model holds the search keeps all its downloads. */
  model: string;
  /** Each download's description and file name, letter case folded, in the downloads' order. */
  downloadTexts: string[];
}

interface Built {
  /** The counters (catalog_versions) the rows were read at. */
  versions: Map<string, number>;
  /** By name ignoring letter case. */
  categories: CategoryEntry[];
  categoryById: Map<string, CategoryEntry>;
  /** Published ones by model ignoring letter case: the order every listing and search shows products in. */
  products: ProductEntry[];
  /** Published ones: what visitors can open. */
  productById: Map<string, ProductEntry>;
  /** Drafts and scheduled ones as well, for the dashboard and an admin's preview. */
  anyProductById: Map<string, ProductEntry>;
  /** Published products with downloads, in listing order: what /support lists and searches. */
  supportProducts: SupportEntry[];
  /** Every product, drafts too, by model ignoring letter case: what the accessory picker offers. */
  pickableProducts: { model: string; result: ProductSummary }[];
  searchableCategories: Searchable<CategoryResult>[];
  searchableProducts: SearchableProduct[];
  /**
   * Over `searchableCategories` and `searchableProducts`' texts, in their order. Built after the rest
   * (about a fifth of a rebuild): every other page reads the new snapshot meanwhile, and only searches
   * wait for it.
   */
  searchIndexes: Promise<SearchIndexes>;
}

interface SearchIndexes {
  categories: SubstringIndex;
  products: SubstringIndex;
}

/** Letter case folded the same way for the catalog's text and the query, whatever the database's locale. */
export function foldCase(text: string): string {
  return text.toLowerCase();
}

/**
 * What visitors can see of the catalog, held in this process (decision 017): every category with its
 * features, every published product with its features, pictures, downloads and accessories, in listing
 * order (drafts are held apart, for the dashboard and previews only),
 * with the searchable text of each (decision 008). A listing, a filter combination, a page number or
 * a search is then a walk over arrays instead of queries that read and sort every product. Its rows
 * match the catalog's version counters (a few primary-key rows, moved on by triggers at every change,
 * however made): once the data watch says the catalog may have changed, the next read reads the
 * counters and rebuilds when one moved; until then, reads ask the database nothing. Concurrent reads
 * share one rebuild. What it hands out is shared between requests: callers copy before they change
 * anything.
 */
export class CatalogSnapshot {
  private built: Built | undefined;
  private building: Promise<Built> | undefined;
  /** The watch's mark just before the counters last read matched `built`'s. */
  private confirmedAt: number | undefined;

  constructor(
    private readonly db: Database,
    private readonly watch: DataWatch,
    /**
     * How a rebuild is cut: rows read, or products assembled, at a time; and what it awaits between two
     * slices (a turn of the event loop). Smaller slices only to try many on a small catalog.
     */
    private readonly slicing: Slicing = BETWEEN_TURNS,
  ) {}

  /**
   * Every category with how many products it holds, by name ignoring letter case: published ones, or
   * with `drafts` every one, as committed now (the dashboard's view: see `asCommittedNow`).
   */
  async listCategories(options: { drafts?: boolean } = {}): Promise<CategorySummary[]> {
    return (await (options.drafts ? this.asCommittedNow() : this.current())).categories.map((entry) =>
      options.drafts ? { ...entry.summary, productCount: entry.everyProductCount } : entry.summary,
    );
  }

  /**
   * A category with its features in natural order, or null. With `latest`, as committed now (the
   * dashboard's view: see `asCommittedNow`).
   */
  async getCategory(id: string, options: { latest?: boolean } = {}): Promise<CatalogCategory | null> {
    return (await this.find((built) => built.categoryById.get(id), options))?.category ?? null;
  }

  /** A published product's page: its category, features, pictures, accessories and downloads; or null. */
  async getProduct(id: string): Promise<CatalogProduct | null> {
    return (await this.find((built) => built.productById.get(id)))?.page ?? null;
  }

  /**
   * Any product, a draft or scheduled one too, as the dashboard and an admin's preview read it: its
   * accessories include drafts. Never for visitors, so as committed now (see `asCommittedNow`).
   */
  async getAnyProduct(id: string): Promise<CatalogProduct | null> {
    const entry = await this.find((built) => built.anyProductById.get(id), { latest: true });
    if (!entry) return null;
    return entry.everyAccessory ? { ...entry.page, accessories: entry.everyAccessory } : entry.page;
  }

  /**
   * A page of products, by model ignoring case: all of them, or one category's, narrowed to those that
   * have every one of `featureIds`, with how many of those have each of its features (the ones at least
   * one has).
   */
  async listProducts(options: ProductsAsked): Promise<ProductListing> {
    const built = await this.current();
    const pageSize = options.pageSize ?? CATALOG_PAGE_SIZE;
    if (!options.categoryId) {
      const { items, total, page, pageCount } = pageOf(built.products, options.page ?? 1, pageSize);
      return { products: items.map((entry) => entry.summary), total, page, pageCount, featureCounts: {} };
    }
    const category = built.categoryById.get(options.categoryId);
    if (!category) return { products: [], total: 0, page: 1, pageCount: 1, featureCounts: {} };
    const matching = category.featureBits.having([...new Set(options.featureIds ?? [])]);
    const total = matching ? countOf(matching) : category.products.length;
    const { page, pageCount, offset } = pageWindow(total, options.page ?? 1, pageSize);
    const shown = matching
      ? positionsOf(matching, offset, pageSize).flatMap((position) => category.products[position] ?? [])
      : category.products.slice(offset, offset + pageSize);
    return {
      products: shown.map((entry) => entry.summary),
      total,
      page,
      pageCount,
      featureCounts: category.featureBits.countsOf(matching),
    };
  }

  /**
   * A page of the published products that have downloads, by model ignoring case, each with its
   * downloads in their order: all of them, or one category's. With a `term`, a product whose model
   * holds it (in any letter case) keeps all its downloads, any other product only those whose
   * description or file name holds it, and a product left with none is not in view. Also whether any
   * published product has a download at all.
   */
  async listSupportProducts(options: {
    term: string;
    categoryId?: string;
    page: number;
    pageSize: number;
  }): Promise<Paged<SupportProduct> & { anyInCatalog: boolean }> {
    const needle = foldCase(options.term);
    const { supportProducts } = await this.current();
    const inView =
      needle === "" && !options.categoryId
        ? supportProducts
        : supportProducts.filter(
            (entry) =>
              (!options.categoryId || entry.categoryId === options.categoryId) &&
              (entry.model.includes(needle) || entry.downloadTexts.some((text) => text.includes(needle))),
          );
    const paged = pageOf(inView, options.page, options.pageSize);
    return {
      ...paged,
      // Only the page's products are cut down to the downloads that match.
      items: paged.items.map((entry) =>
        entry.model.includes(needle)
          ? entry.product
          : {
              ...entry.product,
              downloads: entry.product.downloads.filter((_, i) => entry.downloadTexts[i]?.includes(needle)),
            },
      ),
      anyInCatalog: supportProducts.length > 0,
    };
  }

  /**
   * Categories by name or description, products by model, description or specs (text or table cells),
   * holding `term` in any letter case: the first `limit` of each and how many match in all.
   */
  async search(term: string, limit: number): Promise<SearchResults> {
    const needle = foldCase(term);
    const built = await this.current();
    const indexes = await built.searchIndexes;
    const categoryMatches: CategoryResult[] = [];
    indexes.categories.forEachHolding(needle, (index) => {
      const entry = built.searchableCategories[index];
      if (entry) categoryMatches.push(entry.result);
    });
    const productMatches: ProductSummary[] = [];
    let productTotal = 0;
    indexes.products.forEachHolding(needle, (index) => {
      productTotal += 1;
      const entry = built.searchableProducts[index];
      if (entry && productMatches.length < limit) productMatches.push(entry.result);
    });
    return {
      categories: categoryMatches.slice(0, limit),
      products: productMatches,
      total: categoryMatches.length + productTotal,
    };
  }

  /**
   * Products whose model holds `term` in any letter case, except those in `exclude`: the first `limit`
   * of those whose model starts with it, followed by those that hold it further on. Drafts too: the
   * dashboard's accessory picker, so as committed now (see `asCommittedNow`).
   */
  async searchModels(term: string, limit: number, exclude: ReadonlySet<string>): Promise<ModelMatches> {
    const needle = foldCase(term);
    const built = await this.asCommittedNow();
    const starting: ProductSummary[] = [];
    const holding: ProductSummary[] = [];
    let total = 0;
    for (const entry of built.pickableProducts) {
      const at = entry.model.indexOf(needle);
      if (at < 0 || exclude.has(entry.result.id)) continue;
      total += 1;
      if (at === 0) {
        if (starting.length < limit) starting.push(entry.result);
      } else if (holding.length < limit) {
        holding.push(entry.result);
      }
    }
    return { products: [...starting, ...holding].slice(0, limit), total };
  }

  /**
   * The published product a visitor means by `model`: the one with exactly that model in any letter
   * case, else the only one whose model holds it; null when none or several do.
   */
  async findPublishedModel(model: string): Promise<ProductSummary | null> {
    const needle = foldCase(model);
    const built = await this.current();
    let holding: ProductSummary | null = null;
    let holders = 0;
    for (const entry of built.searchableProducts) {
      if (entry.model === needle) return entry.result;
      if (entry.model.includes(needle)) {
        holders += 1;
        holding = entry.result;
      }
    }
    return holders === 1 ? holding : null;
  }

  /**
   * A record by id; one the copy lacks is looked for again after the counters are read. Another
   * instance's write reaches this one as the database's notice, which a loaded machine can deliver
   * after the visitor's next request (an admin redirected to the record just made, on the other
   * instance): what this copy lacks may be newer than it, and a miss costs one small query. With
   * `latest`, the counters are read first: a record this copy holds may be older than the database's.
   */
  private async find<T>(
    pick: (built: Built) => T | undefined,
    options: { latest?: boolean } = {},
  ): Promise<T | undefined> {
    if (options.latest) return pick(await this.asCommittedNow());
    return pick(await this.current()) ?? pick(await this.asCommittedNow());
  }

  /**
   * The snapshot at the counters as committed now, whatever this instance has heard of: every read
   * for the dashboard (decision 053). An admin's save may have gone through another instance, whose
   * notice of it can come in after the admin's next page; a form opened on what was there before
   * would show the change undone.
   */
  private asCommittedNow(): Promise<Built> {
    return this.current({ confirm: true });
  }

  /**
   * The snapshot at the catalog's current counters, rebuilt when one moved. With `confirm`, the counters
   * are read even when the data watch has heard of no change since they last matched.
   */
  private async current(options: { confirm?: boolean } = {}): Promise<Built> {
    // Nothing said to have changed since the counters last matched: no need to ask.
    if (
      !options.confirm &&
      this.built &&
      this.confirmedAt !== undefined &&
      !this.watch.changedSince(CATALOG_DATA, this.confirmedAt)
    ) {
      return this.built;
    }
    const mark = this.watch.mark();
    const versions = await readVersions(this.db);
    if (this.built && sameVersions(this.built.versions, versions)) {
      this.confirmedAt = mark;
      return this.built;
    }
    this.building ??= this.build().finally(() => (this.building = undefined));
    const built = await this.building;
    // A rebuild started before the change this read saw may still hold the older rows.
    if (!atLeast(built.versions, versions)) return this.current(options);
    // Built at the counters read above: they need not be read again until the next change.
    if (this.built === built && sameVersions(built.versions, versions)) this.confirmedAt = mark;
    return built;
  }

  /**
   * Reads every row in one repeatable-read transaction and assembles them. At 10,000 products that is
   * most of a second of work, all of it on the event loop: it is done in slices, each read a page of
   * rows and each thousand products assembled then a turn of the loop given back, so that cache hits,
   * health checks and admins go on while catalog readers wait for the new snapshot (decision 031).
   */
  private async build(): Promise<Built> {
    const { slicing } = this;
    // One snapshot for the counters and the rows, so the versions name exactly the rows read.
    const { versions, rows } = await this.db.transaction(
      async (tx) => {
        const versions = await readVersions(tx);
        // One after another: a transaction is one connection, which runs one query at a time anyway.
        const categoryRows = await tx
          .select({
            id: categories.id,
            name: categories.name,
            description: categories.description,
            version: categories.version,
          })
          .from(categories);
        const featureRows = await tx
          .select({
            id: categoryFeatures.id,
            categoryId: categoryFeatures.categoryId,
            label: categoryFeatures.label,
          })
          .from(categoryFeatures);
        // Pages follow the listing order, by the unique index on the model ignoring letter case.
        const modelKey = sql<string>`lower(${products.model})`;
        const productRows = await readJsonInPages<JsonProductRow>(
          tx,
          slicing,
          {
            modelKey,
            id: products.id,
            model: products.model,
            description: products.description,
            specs: products.specs,
            specsTable: products.specsTable,
            ndaa: products.ndaa,
            version: products.version,
            categoryId: products.categoryId,
            imageAlt: products.imageAlt,
            status: products.status,
            publishAt: products.publishAt,
            file: imageFileColumns,
          },
          BY_MODEL,
          (selection, after) =>
            tx
              .select(selection)
              .from(products)
              .innerJoin(files, eq(files.id, products.imageFileId))
              .where(after ? sql`${modelKey} > ${after.modelKey}` : undefined),
        );
        const productFeatureRows = await readJsonInPages<ProductFeatureRow>(
          tx,
          slicing,
          { productId: productFeatures.productId, featureId: productFeatures.featureId },
          [asc(productFeatures.productId), asc(productFeatures.featureId)],
          (selection, after) =>
            tx
              .select(selection)
              .from(productFeatures)
              .where(
                after
                  ? sql`(${productFeatures.productId}, ${productFeatures.featureId}) > (${after.productId}, ${after.featureId})`
                  : undefined,
              ),
        );
        // Each product's pictures and downloads in their order, product after product.
        const imageRows = await readPositionedRows<ImageRow>(tx, slicing, productImages, {
          alt: productImages.alt,
          file: imageFileColumns,
        });
        const downloadRows = await readPositionedRows<DownloadRow>(tx, slicing, productDownloads, {
          description: productDownloads.description,
          file: { id: files.id, originalName: files.originalName, size: files.size },
        });
        const accessoryRows = await tx.select().from(productAccessories);
        return {
          versions,
          rows: { categoryRows, featureRows, productRows, productFeatureRows, imageRows, downloadRows, accessoryRows },
        };
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    const built = await assemble(versions, rows, this.slicing);
    if (!this.built || atLeast(built.versions, this.built.versions)) {
      this.built = built;
      // Confirmed by the read that asked for it, when the counters it read are the ones built at.
      this.confirmedAt = undefined;
    }
    return built;
  }
}

/** The fields of one row read as JSON: columns or expressions, and objects of them for nested values. */
interface JsonFields {
  [name: string]: AnyColumn | SQL | JsonFields;
}

/** `fields` as one JSON object a row, built by the database. */
function jsonObject(fields: JsonFields): SQL {
  const pairs = Object.entries(fields).map(([name, field]) => {
    const value = is(field, Column) || is(field, SQL) ? field : jsonObject(field);
    return sql`${name}::text, ${value}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * What a page of `readJsonInPages` selects: each row as one JSON object, and its place in the order.
 * A type, not an interface: Drizzle's select takes it as a record of fields.
 */
type JsonPageSelection = {
  row: SQL.Aliased;
  position: SQL.Aliased<number>;
};

/** A page's query up to its condition: `readJsonInPages` adds the order and the limit. */
interface JsonPageQuery {
  orderBy(...order: SQL[]): {
    limit(size: number): { as(alias: "page"): SubqueryWithSelection<JsonPageSelection, "page"> };
  };
}

/**
 * Every row of a query read as JSON (decision 048), `slicing.size` at a time in `order`, each page
 * after the last row of the one before, with a pause between two pages (decision 031). The embedded
 * database's driver, like node-postgres, turns every field of every row into a value in JavaScript;
 * here the database builds each page as one JSON text (`fields` as an object a row, in order) and
 * `JSON.parse` reads it natively, two to three times faster for these tables. Dates come back as
 * ISO 8601 text, bigints as numbers. `pageAfter` makes the page's query from the selection, with the
 * condition that starts it after `after`.
 */
async function readJsonInPages<Row>(
  tx: Queryable,
  slicing: Slicing,
  fields: JsonFields,
  order: readonly SQL[],
  pageAfter: (selection: JsonPageSelection, after: Row | undefined) => JsonPageQuery,
): Promise<Row[]> {
  const selection: JsonPageSelection = {
    row: jsonObject(fields).as("row"),
    position: sql<number>`row_number() over (order by ${sql.join([...order], sql`, `)})`.as("position"),
  };
  return readInPages(slicing, async (after: Row | undefined) => {
    const page = pageAfter(selection, after)
      .orderBy(...order)
      .limit(slicing.size)
      .as("page");
    const [read] = await tx
      .select({ text: sql<string>`coalesce(json_agg(${page.row} order by ${page.position}), '[]')::text` })
      .from(page);
    return JSON.parse(read?.text ?? "[]") as Row[];
  });
}

/**
 * Every row of a query read `slicing.size` at a time, each page after the last row of the one before
 * (`readPage` turns it into a condition on the query's order), with a pause between two pages.
 */
async function readInPages<Row>(
  slicing: Slicing,
  readPage: (after: Row | undefined) => Promise<Row[]>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (;;) {
    const page = await readPage(rows.at(-1));
    for (const row of page) rows.push(row);
    if (page.length < slicing.size) return rows;
    await slicing.pause();
  }
}

/** A product's row as the snapshot reads it (`readJsonInPages`). */
type JsonProductRow = Pick<
  CatalogProduct,
  "id" | "model" | "description" | "specs" | "specsTable" | "ndaa" | "version"
> & {
  modelKey: string;
  categoryId: string;
  imageAlt: string;
  status: PublicationStatus;
  /** ISO 8601. */
  publishAt: string | null;
  file: Parameters<typeof imageView>[0];
};

interface ProductFeatureRow {
  productId: string;
  featureId: string;
}

interface ImageRow extends PositionedRow {
  alt: string;
  file: Parameters<typeof imageView>[0];
}

interface DownloadRow extends PositionedRow {
  description: string;
  file: Parameters<typeof fileView>[0];
}

/** A row of a product's ordered list (its pictures, its downloads), as far as paging it goes. */
interface PositionedRow {
  id: string;
  productId: string;
  position: number;
}

type PositionedTable = typeof productImages | typeof productDownloads;

/** Every row of a product's ordered list with its file, product after product, with `fields` besides its place. */
function readPositionedRows<Row extends PositionedRow>(
  tx: Queryable,
  slicing: Slicing,
  table: PositionedTable,
  fields: JsonFields,
): Promise<Row[]> {
  return readJsonInPages<Row>(
    tx,
    slicing,
    { id: table.id, productId: table.productId, position: table.position, ...fields },
    positionedOrder(table),
    (selection, after) =>
      tx
        .select(selection)
        .from(table)
        .innerJoin(files, eq(files.id, table.fileId))
        .where(positionedAfter(table, after)),
  );
}

/** The rows of an ordered list after `after`, in the order of `positionedOrder`. */
function positionedAfter(table: PositionedTable, after: PositionedRow | undefined) {
  return after
    ? sql`(${table.productId}, ${table.position}, ${table.id}) > (${after.productId}, ${after.position}, ${after.id})`
    : undefined;
}

/** Product after product, each one's rows in their order (the product and position index serves it). */
function positionedOrder(table: PositionedTable) {
  return [asc(table.productId), asc(table.position), asc(table.id)];
}

/** What the snapshot holds, as the watch names it. */
const CATALOG_DATA: readonly WatchedData[] = ["products", "categories"];

/** Appends `item` to the list `key` holds in `map`. */
/** The snapshot made from the rows of one transaction. */
async function assemble(
  versions: Map<string, number>,
  rows: {
    categoryRows: { id: string; name: string; description: string; version: number }[];
    featureRows: { id: string; categoryId: string; label: string }[];
    productRows: JsonProductRow[];
    productFeatureRows: ProductFeatureRow[];
    imageRows: ImageRow[];
    downloadRows: DownloadRow[];
    accessoryRows: { productA: string; productB: string }[];
  },
  slicing: Slicing,
): Promise<Built> {
  const featuresByCategory = new Map<string, { id: string; label: string }[]>();
  const featureById = new Map<string, { id: string; label: string }>();
  for (const row of rows.featureRows) {
    const feature = { id: row.id, label: row.label };
    featureById.set(row.id, feature);
    addToList(featuresByCategory, row.categoryId, feature);
  }
  const categoryEntries = new Map<string, CategoryEntry>();
  for (const row of rows.categoryRows) {
    const features = sortNaturallyBy(featuresByCategory.get(row.id) ?? [], (feature) => feature.label);
    categoryEntries.set(row.id, {
      category: { ...row, features },
      summary: { id: row.id, name: row.name, description: row.description, productCount: 0 },
      everyProductCount: 0,
      products: [],
      featureBits: new FeatureBits(features.map((feature) => feature.id)),
    });
  }

  const featureIdsOf = new Map<string, string[]>();
  for (const row of rows.productFeatureRows) addToList(featureIdsOf, row.productId, row.featureId);
  const imagesOf = new Map<string, CatalogProduct["additionalImages"]>();
  for (const row of rows.imageRows) addToList(imagesOf, row.productId, { ...imageView(row.file, row.alt), id: row.id });
  const downloadsOf = new Map<string, CatalogProduct["downloads"]>();
  for (const row of rows.downloadRows) {
    addToList(downloadsOf, row.productId, { id: row.id, description: row.description, file: fileView(row.file) });
  }
  const accessoryIdsOf = new Map<string, string[]>();
  for (const row of rows.accessoryRows) {
    addToList(accessoryIdsOf, row.productA, row.productB);
    addToList(accessoryIdsOf, row.productB, row.productA);
  }
  const productRowById = new Map(rows.productRows.map((row) => [row.id, row]));

  const productEntries: ProductEntry[] = [];
  const productById = new Map<string, ProductEntry>();
  const anyProductById = new Map<string, ProductEntry>();
  const searchableProducts: SearchableProduct[] = [];
  const pickableProducts: Built["pickableProducts"] = [];
  const supportProducts: SupportEntry[] = [];
  await forEachInSlices(rows.productRows, slicing, (row) => {
    const category = categoryEntries.get(row.categoryId);
    if (!category) return;
    const featureIds = featureIdsOf.get(row.id) ?? [];
    const summary: ProductSummary = {
      id: row.id,
      model: row.model,
      description: row.description,
      ndaa: row.ndaa,
      image: imageView(row.file, row.imageAlt),
    };
    const everyAccessory = sortIgnoringCaseBy(
      (accessoryIdsOf.get(row.id) ?? []).flatMap((id) => {
        const other = productRowById.get(id);
        return other ? [{ id, model: other.model, published: other.status === "published" }] : [];
      }),
      (accessory) => accessory.model,
    );
    const accessories = everyAccessory
      .filter((accessory) => accessory.published)
      .map(({ id, model }) => ({ id, model }));
    const entry: ProductEntry = {
      ...(accessories.length === everyAccessory.length
        ? {}
        : { everyAccessory: everyAccessory.map(({ id, model }) => ({ id, model })) }),
      summary,
      page: {
        id: row.id,
        model: row.model,
        description: row.description,
        specs: row.specs,
        specsTable: row.specsTable,
        ndaa: row.ndaa,
        version: row.version,
        category: { id: category.category.id, name: category.category.name },
        features: sortNaturallyBy(
          featureIds.flatMap((id) => featureById.get(id) ?? []),
          (feature) => feature.label,
        ),
        image: summary.image,
        additionalImages: imagesOf.get(row.id) ?? [],
        accessories,
        downloads: downloadsOf.get(row.id) ?? [],
        publication: { status: row.status, publishAt: row.publishAt && new Date(row.publishAt).toISOString() },
      },
    };
    anyProductById.set(row.id, entry);
    category.everyProductCount += 1;
    pickableProducts.push({ result: summary, model: foldCase(row.model) });
    if (row.status !== "published") return;
    productEntries.push(entry);
    productById.set(row.id, entry);
    category.products.push(entry);
    category.featureBits.add(featureIds);
    category.summary.productCount += 1;
    searchableProducts.push({
      ...searchable([row.model, row.description, row.specs ?? "", ...(row.specsTable ?? []).flat()], summary),
      model: foldCase(row.model),
    });
    const { downloads } = entry.page;
    if (downloads.length) {
      supportProducts.push({
        product: { id: row.id, model: row.model, image: summary.image, downloads },
        categoryId: category.category.id,
        model: foldCase(row.model),
        downloadTexts: downloads.map((download) =>
          foldCase(`${download.description}${FIELD_SEPARATOR}${download.file.name}`),
        ),
      });
    }
  });

  const sortedCategories = sortIgnoringCaseBy([...categoryEntries.values()], (entry) => entry.category.name);
  const searchableCategories = sortedCategories.map(({ category }) =>
    searchable([category.name, category.description], {
      id: category.id,
      name: category.name,
      description: category.description,
    }),
  );
  const searchIndexes = (async (): Promise<SearchIndexes> => ({
    categories: await SubstringIndex.build(
      searchableCategories.map((entry) => entry.text),
      slicing,
    ),
    products: await SubstringIndex.build(
      searchableProducts.map((entry) => entry.text),
      slicing,
    ),
  }))();
  // Only searches await it: a failure is theirs to report, not the process's to die of meanwhile.
  searchIndexes.catch(() => undefined);
  return {
    versions,
    categories: sortedCategories,
    categoryById: categoryEntries,
    products: productEntries,
    productById,
    anyProductById,
    pickableProducts,
    supportProducts,
    searchableCategories,
    searchableProducts,
    searchIndexes,
  };
}

async function readVersions(db: Queryable): Promise<Map<string, number>> {
  const rows = await db.select({ name: catalogVersions.name, version: catalogVersions.version }).from(catalogVersions);
  return new Map(rows.map((row) => [row.name, row.version]));
}

function sameVersions(a: Map<string, number>, b: Map<string, number>): boolean {
  return a.size === b.size && [...b].every(([name, version]) => a.get(name) === version);
}

/** Whether every counter in `a` is at or past the one in `b`. */
function atLeast(a: Map<string, number>, b: Map<string, number>): boolean {
  return [...b].every(([name, version]) => (a.get(name) ?? -1) >= version);
}

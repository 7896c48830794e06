import { sortIgnoringCaseBy, sortNaturallyBy } from "#app/domain/format";
import { pageOf, pageWindow, type Paged } from "#app/domain/paging";
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
import { shownKeys, type CatalogChange } from "#app/domain/catalog-shown";
import { fileView, imageView } from "../files/file-views.server";
import { addToList } from "../platform/lists.server";
import { forEachInSlices, type Slicing } from "../platform/slices.server";
import type { CatalogRows, FeatureRow, ProductRow } from "./catalog-rows.server";
import { countOf, FeatureBits, positionsOf } from "./feature-bits.server";
import { SubstringIndex } from "./substring-index.server";

/** Between the fields of one record, so that no match can run from one field into the next. */
export const FIELD_SEPARATOR = "\u0000";

/** Letter case folded the same way for the catalog's text and the query, whatever the database's locale. */
export function foldCase(text: string): string {
  return text.toLowerCase();
}

type CategoryResult = SearchResults["categories"][number];

/** What a listing asks for: the whole catalog a page at a time, or a category's, narrowed by features. */
export type ProductsAsked = { page?: number; pageSize?: number } & (
  { categoryId?: undefined; featureIds?: undefined } | { categoryId: string; featureIds?: string[] }
);

/** A product's rows, as read: what its entry is made from, again whenever its category or accessories change. */
interface ProductSource {
  row: ProductRow;
  featureIds: string[];
  additionalImages: CatalogProduct["additionalImages"];
  downloads: CatalogProduct["downloads"];
  accessoryIds: string[];
}

/** A product as the catalog holds it: its page, its summary in listings, and what filters and searches test. */
interface ProductEntry {
  id: string;
  source: ProductSource;
  /** The model, letter case folded: the listing order, and what a search by model tests. */
  model: string;
  categoryId: string;
  published: boolean;
  /** As visitors see it: its accessories are published ones only. */
  page: CatalogProduct;
  /** Its accessories drafts included, for the dashboard; absent when that is `page`'s list. */
  everyAccessory?: CatalogProduct["accessories"];
  summary: ProductSummary;
  /** Every searched field (model, description, specs, table cells), letter case folded. */
  searchText: string;
  /** How /support lists it: published with downloads only. */
  support?: SupportEntry;
  /** Its slot in the search index while it is published; -1 otherwise. */
  slot: number;
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

interface CategoryEntry {
  category: CatalogCategory;
  /** Its published products counted. */
  summary: CategorySummary;
  /** Drafts and scheduled ones counted as well (the dashboard's count). */
  everyProductCount: number;
  /** Its published products in listing order. */
  products: ProductEntry[];
  /** Its products (in that order) by its features: what its filter reads. */
  featureBits: FeatureBits;
  /** Name and description, letter case folded: what a search tests. */
  searchText: string;
}

/** Listing order: by model ignoring letter case (models are unique that way), then as written. */
function byModel(a: ProductEntry, b: ProductEntry): number {
  if (a.model !== b.model) return a.model < b.model ? -1 : 1;
  return a.page.model < b.page.model ? -1 : a.page.model > b.page.model ? 1 : 0;
}

/**
 * What visitors can see of the catalog, held in this process (decision 017), and changed in place by
 * what each committed change touched (decision 066): every category with its features, every product
 * with its features, pictures, downloads and accessories, in listing order (drafts apart, for the
 * dashboard and previews), with the searchable text of each (decision 008). A listing, a filter
 * combination, a page number or a search is then a walk over arrays. `apply` changes it at once,
 * between two reads, so a reader sees it before or after a change, never half-way. What it hands out
 * is shared between requests: callers copy before they change anything, and `apply` replaces the
 * objects it changes rather than changing them.
 */
export class CatalogState {
  /** The catalog version the state is at: every change up to it, none after. */
  version: number;
  private categories: CategoryEntry[] = [];
  private readonly categoryById = new Map<string, CategoryEntry>();
  /** Published ones in listing order: what listings, searches and /support show. */
  private products: ProductEntry[] = [];
  /** Every product, drafts and scheduled ones too, in listing order: what the accessory picker offers. */
  private everyProduct: ProductEntry[] = [];
  private readonly productById = new Map<string, ProductEntry>();
  /** Published products with downloads, in listing order: what /support lists and searches. */
  private supportProducts: SupportEntry[] = [];
  /** Published products' texts by slot; each slot's place in listing order is `rankOfSlot`. */
  private productIndex: SubstringIndex;
  private rankOfSlot = new Int32Array(0);
  private productOfSlot: ProductEntry[] = [];
  private categoryIndex = SubstringIndex.of([]);

  private constructor(version: number, productIndex: SubstringIndex) {
    this.version = version;
    this.productIndex = productIndex;
  }

  /** The state made from every row of the catalog at `version`, built a slice at a time. */
  static async build(version: number, rows: CatalogRows, slicing: Slicing): Promise<CatalogState> {
    const state = new CatalogState(version, SubstringIndex.of([]));
    for (const row of rows.categoryRows) state.putCategory(row, rows.featureRows);
    const sources = sourcesOf(rows);
    const entries: ProductEntry[] = [];
    const sourceOf = (id: string) => sources.get(id);
    await forEachInSlices([...sources.values()], slicing, (source) => {
      const entry = state.entryOf(source, sourceOf);
      if (entry) entries.push(entry);
    });
    entries.sort(byModel);
    for (const entry of entries) state.productById.set(entry.id, entry);
    state.everyProduct = entries;
    state.products = entries.filter((entry) => entry.published);
    state.productIndex = await SubstringIndex.build(
      state.products.map((entry) => entry.searchText),
      slicing,
    );
    state.products.forEach((entry, slot) => (entry.slot = slot));
    state.relist(new Set(state.categoryById.keys()));
    return state;
  }

  /**
   * Applies the rows of what changes after this state's version up to `version` touched (`rows` as
   * of `version`; `touched` the ids they were read for: one absent from the rows is gone), and says
   * which records a page may show changed. Synchronous: nothing reads the state half-way.
   */
  apply(
    version: number,
    touched: { productIds: Set<string>; categoryIds: Set<string> },
    rows: CatalogRows,
  ): CatalogChange {
    const change: CatalogChange = { keys: new Set(), texts: [] };
    // Categories first: a product's page shows its category's name and features.
    const recompute = new Set<string>(touched.productIds);
    const relisted = new Set<string>();
    for (const id of touched.categoryIds) {
      const before = this.categoryById.get(id);
      const row = rows.categoryRows.find((candidate) => candidate.id === id);
      if (row) this.putCategory(row, rows.featureRows);
      else this.categoryById.delete(id);
      const after = this.categoryById.get(id);
      if (before && after && sameJson(before.category, after.category)) continue;
      relisted.add(id);
      for (const key of shownKeys.ofCategory(id)) change.keys.add(key);
      if (before) change.texts.push(before.searchText);
      if (after) change.texts.push(after.searchText);
      // Its products' pages show its name and features, not its description.
      const shownOnProducts = (entry: CategoryEntry | undefined) =>
        entry && JSON.stringify([entry.category.name, entry.category.features]);
      if (shownOnProducts(before) === shownOnProducts(after)) continue;
      for (const product of this.everyProduct) if (product.categoryId === id) recompute.add(product.id);
    }
    // A product's accessories show each other's model and whether it is published.
    const sources = sourcesOf(rows);
    for (const id of touched.productIds) {
      for (const partner of this.productById.get(id)?.source.accessoryIds ?? []) recompute.add(partner);
      for (const partner of sources.get(id)?.accessoryIds ?? []) recompute.add(partner);
    }
    const sourceOf = (id: string) => (touched.productIds.has(id) ? sources.get(id) : this.productById.get(id)?.source);
    const replaced: { before?: ProductEntry; after?: ProductEntry }[] = [];
    for (const id of recompute) {
      const before = this.productById.get(id);
      const source = sourceOf(id);
      const after = source && this.entryOf(source, sourceOf);
      // Made and gone again within the changes applied, or the same as it was: nothing to replace.
      if (!before && !after) continue;
      if (before && after && sameEntry(before, after)) continue;
      replaced.push({ before, after });
    }
    if (replaced.length > 0) this.replace(replaced, change, relisted);
    if (relisted.size > 0) this.relist(relisted);
    this.version = version;
    return change;
  }

  /** Swaps product entries in every list and index, and notes what pages showing them must go. */
  private replace(
    replaced: { before?: ProductEntry; after?: ProductEntry }[],
    change: CatalogChange,
    relisted: Set<string>,
  ): void {
    const gone = new Set<ProductEntry>();
    const added: ProductEntry[] = [];
    for (const { before, after } of replaced) {
      const id = (before ?? after)?.id ?? "";
      for (const key of shownKeys.ofProduct(id)) change.keys.add(key);
      if (before) {
        gone.add(before);
        this.productById.delete(id);
        if (before.published) {
          this.productIndex.remove(before.slot);
          change.texts.push(before.searchText);
        }
      }
      if (after) {
        added.push(after);
        this.productById.set(id, after);
        if (after.published) {
          after.slot = this.productIndex.add(after.searchText);
          change.texts.push(after.searchText);
        }
      }
      for (const entry of [before, after]) {
        if (!entry) continue;
        relisted.add(entry.categoryId);
        for (const key of shownKeys.ofListing(entry.categoryId, {
          published: entry.published,
          support: Boolean(entry.support),
        }))
          change.keys.add(key);
      }
      if (
        before?.published !== after?.published ||
        before?.categoryId !== after?.categoryId ||
        before?.model !== after?.model
      ) {
        for (const key of shownKeys.ofCounts()) change.keys.add(key);
      }
    }
    added.sort(byModel);
    this.everyProduct = merged(this.everyProduct, gone, added);
    this.products = merged(
      this.products,
      gone,
      added.filter((entry) => entry.published),
    );
  }

  /**
   * Lists again what depends on the order of products: each of `categoryIds`' products, counts and
   * filter bits, the categories in name order with their search index, /support's products and each
   * search slot's place in listing order.
   */
  private relist(categoryIds: Set<string>): void {
    const productsOf = new Map<string, ProductEntry[]>();
    const everyCountOf = new Map<string, number>();
    for (const entry of this.everyProduct) {
      if (!categoryIds.has(entry.categoryId)) continue;
      everyCountOf.set(entry.categoryId, (everyCountOf.get(entry.categoryId) ?? 0) + 1);
      if (entry.published) addToList(productsOf, entry.categoryId, entry);
    }
    for (const id of categoryIds) {
      const category = this.categoryById.get(id);
      if (!category) continue;
      const products = productsOf.get(id) ?? [];
      const featureBits = new FeatureBits(category.category.features.map((feature) => feature.id));
      for (const entry of products) featureBits.add(entry.source.featureIds);
      this.categoryById.set(id, {
        ...category,
        summary: { ...category.summary, productCount: products.length },
        everyProductCount: everyCountOf.get(id) ?? 0,
        products,
        featureBits,
      });
    }
    this.categories = sortIgnoringCaseBy([...this.categoryById.values()], (entry) => entry.category.name);
    this.categoryIndex = SubstringIndex.of(this.categories.map((entry) => entry.searchText));
    this.supportProducts = this.products.flatMap((entry) => entry.support ?? []);
    const slots = this.products.reduce((most, entry) => Math.max(most, entry.slot + 1), 0);
    if (this.rankOfSlot.length < slots) this.rankOfSlot = new Int32Array(slots + (slots >> 3) + 32);
    this.productOfSlot.length = slots;
    this.products.forEach((entry, rank) => {
      this.rankOfSlot[entry.slot] = rank;
      this.productOfSlot[entry.slot] = entry;
    });
  }

  /** Keeps a category's row and features (its products are listed by `relist`). */
  private putCategory(row: CatalogRows["categoryRows"][number], featureRows: FeatureRow[]): void {
    const features = sortNaturallyBy(
      featureRows.filter((feature) => feature.categoryId === row.id).map(({ id, label }) => ({ id, label })),
      (feature) => feature.label,
    );
    const category = { ...row, features };
    const before = this.categoryById.get(row.id);
    this.categoryById.set(row.id, {
      category,
      summary: {
        id: row.id,
        name: row.name,
        description: row.description,
        productCount: before?.summary.productCount ?? 0,
      },
      everyProductCount: before?.everyProductCount ?? 0,
      products: before?.products ?? [],
      featureBits: before?.featureBits ?? new FeatureBits([]),
      searchText: foldCase([row.name, row.description].join(FIELD_SEPARATOR)),
    });
  }

  /** A product's entry from its rows, its category as held now and its accessories' sources; none without its category. */
  private entryOf(
    source: ProductSource,
    sourceOf: (id: string) => ProductSource | undefined,
  ): ProductEntry | undefined {
    const { row } = source;
    const category = this.categoryById.get(row.categoryId)?.category;
    if (!category) return undefined;
    const summary: ProductSummary = {
      id: row.id,
      model: row.model,
      description: row.description,
      ndaa: row.ndaa,
      image: imageView(row.file, row.imageAlt),
    };
    const everyAccessory = sortIgnoringCaseBy(
      source.accessoryIds.flatMap((id) => {
        const other = sourceOf(id)?.row;
        return other ? [{ id, model: other.model, published: other.status === "published" }] : [];
      }),
      (accessory) => accessory.model,
    );
    const accessories = everyAccessory
      .filter((accessory) => accessory.published)
      .map(({ id, model }) => ({ id, model }));
    const featureIds = new Set(source.featureIds);
    const published = row.status === "published";
    const page: CatalogProduct = {
      id: row.id,
      model: row.model,
      description: row.description,
      specs: row.specs,
      specsTable: row.specsTable,
      ndaa: row.ndaa,
      version: row.version,
      category: { id: category.id, name: category.name },
      // The category's features are in natural order already: its product's are those it has.
      features: category.features.filter((feature) => featureIds.has(feature.id)),
      image: summary.image,
      additionalImages: source.additionalImages,
      accessories,
      downloads: source.downloads,
      publication: { status: row.status, publishAt: row.publishAt && new Date(row.publishAt).toISOString() },
    };
    return {
      id: row.id,
      source,
      model: foldCase(row.model),
      categoryId: category.id,
      published,
      page,
      ...(accessories.length === everyAccessory.length
        ? {}
        : { everyAccessory: everyAccessory.map(({ id, model }) => ({ id, model })) }),
      summary,
      searchText: foldCase(
        [row.model, row.description, row.specs ?? "", ...(row.specsTable ?? []).flat()].join(FIELD_SEPARATOR),
      ),
      ...(published && source.downloads.length
        ? {
            support: {
              product: { id: row.id, model: row.model, image: summary.image, downloads: source.downloads },
              categoryId: category.id,
              model: foldCase(row.model),
              downloadTexts: source.downloads.map((download) =>
                foldCase(`${download.description}${FIELD_SEPARATOR}${download.file.name}`),
              ),
            },
          }
        : {}),
      slot: -1,
    };
  }

  // Reads. Each names what it read (`shownKeys`), for the page cache to know what a page shows.

  /** Every category with how many published products it holds (with `drafts`, every product), by name ignoring letter case. */
  listCategories(options: { drafts?: boolean } = {}): CategorySummary[] {
    return this.categories.map((entry) =>
      options.drafts ? { ...entry.summary, productCount: entry.everyProductCount } : entry.summary,
    );
  }

  getCategory(id: string): CatalogCategory | undefined {
    return this.categoryById.get(id)?.category;
  }

  /** A published product's page. */
  getProduct(id: string): CatalogProduct | undefined {
    const entry = this.productById.get(id);
    return entry?.published ? entry.page : undefined;
  }

  /** Any product's page with every accessory, drafts too: for the dashboard and previews. */
  getAnyProduct(id: string): CatalogProduct | undefined {
    const entry = this.productById.get(id);
    if (!entry) return undefined;
    return entry.everyAccessory ? { ...entry.page, accessories: entry.everyAccessory } : entry.page;
  }

  /**
   * A page of products, by model ignoring case: all of them, or one category's, narrowed to those that
   * have every one of `featureIds`, with how many of those have each of its features (the ones at least
   * one has).
   */
  listProducts(options: ProductsAsked): ProductListing {
    const pageSize = options.pageSize ?? CATALOG_PAGE_SIZE;
    if (!options.categoryId) {
      const { items, total, page, pageCount } = pageOf(this.products, options.page ?? 1, pageSize);
      return { products: items.map((entry) => entry.summary), total, page, pageCount, featureCounts: {} };
    }
    const category = this.categoryById.get(options.categoryId);
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
  listSupportProducts(options: {
    term: string;
    categoryId?: string;
    page: number;
    pageSize: number;
  }): Paged<SupportProduct> & { anyInCatalog: boolean } {
    const needle = foldCase(options.term);
    const { supportProducts } = this;
    const modelHolds = (entry: SupportEntry) => entry.model.includes(needle);
    const inView =
      needle === "" && !options.categoryId
        ? supportProducts
        : supportProducts.filter(
            (entry) =>
              (!options.categoryId || entry.categoryId === options.categoryId) &&
              (modelHolds(entry) || entry.downloadTexts.some((text) => text.includes(needle))),
          );
    const paged = pageOf(inView, options.page, options.pageSize);
    return {
      ...paged,
      // Only the page's products are cut down to the downloads that match.
      items: paged.items.map((entry) =>
        modelHolds(entry)
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
   * holding `term` in any letter case: the first `limit` of each (in listing order) and how many match in all.
   */
  search(term: string, limit: number): SearchResults {
    const needle = foldCase(term);
    const categoryMatches: CategoryResult[] = [];
    this.categoryIndex.forEachHolding(needle, (slot) => {
      const entry = this.categories[slot];
      if (entry)
        categoryMatches.push({
          id: entry.category.id,
          name: entry.category.name,
          description: entry.category.description,
        });
    });
    const first = new FirstByRank(limit);
    let productTotal = 0;
    this.productIndex.forEachHolding(needle, (slot) => {
      productTotal += 1;
      first.offer(slot, this.rankOfSlot[slot] ?? 0);
    });
    return {
      categories: categoryMatches.slice(0, limit),
      products: first.slots().flatMap((slot) => this.productOfSlot[slot]?.summary ?? []),
      total: categoryMatches.length + productTotal,
    };
  }

  /**
   * Products whose model holds `term` in any letter case, except those in `exclude`: the first `limit`
   * of those whose model starts with it, followed by those that hold it further on. Drafts too: the
   * dashboard's accessory picker.
   */
  searchModels(term: string, limit: number, exclude: ReadonlySet<string>): ModelMatches {
    const needle = foldCase(term);
    const starting: ProductSummary[] = [];
    const holding: ProductSummary[] = [];
    let total = 0;
    for (const entry of this.everyProduct) {
      const at = entry.model.indexOf(needle);
      if (at < 0 || exclude.has(entry.id)) continue;
      total += 1;
      if (at === 0) {
        if (starting.length < limit) starting.push(entry.summary);
      } else if (holding.length < limit) {
        holding.push(entry.summary);
      }
    }
    return { products: [...starting, ...holding].slice(0, limit), total };
  }

  /**
   * The published product a visitor means by `model`: the one with exactly that model in any letter
   * case, else the only one whose model holds it; null when none or several do.
   */
  findPublishedModel(model: string): ProductSummary | null {
    const needle = foldCase(model);
    let holding: ProductSummary | null = null;
    let holders = 0;
    for (const entry of this.products) {
      if (entry.model === needle) return entry.summary;
      if (entry.model.includes(needle)) {
        holders += 1;
        holding = entry.summary;
      }
    }
    return holders === 1 ? holding : null;
  }

  /**
   * Everything the state holds, as plain data in a fixed order, search slots aside: two states at the
   * same version describe themselves alike, however each came to be (the tests compare a state
   * changed in place with one built afresh).
   */
  describe(): unknown {
    return {
      version: this.version,
      categories: this.categories.map((entry) => ({
        category: entry.category,
        summary: entry.summary,
        everyProductCount: entry.everyProductCount,
        products: entry.products.map((product) => product.id),
        featureCounts: entry.featureBits.countsOf(undefined),
        filtered: entry.category.features.map((feature) =>
          this.listProducts({
            categoryId: entry.category.id,
            featureIds: [feature.id],
            pageSize: 1_000_000,
          }).products.map((product) => product.id),
        ),
        searchText: entry.searchText,
      })),
      categoryIndex: this.categories.map((_, slot) => this.categoryIndex.textAt(slot)),
      everyProduct: this.everyProduct.map(({ slot: _slot, source: _source, ...entry }) => entry),
      products: this.products.map((entry) => ({
        id: entry.id,
        indexed: this.productIndex.textAt(entry.slot),
        rank: this.rankOfSlot[entry.slot],
        held: this.productOfSlot[entry.slot]?.id,
      })),
      indexed: this.productIndex.size,
      supportProducts: this.supportProducts,
    };
  }
}

/** The `limit` slots of least rank offered, kept as a sorted list: results are few, matches may be thousands. */
class FirstByRank {
  private readonly kept: { slot: number; rank: number }[] = [];

  constructor(private readonly limit: number) {}

  offer(slot: number, rank: number): void {
    const { kept, limit } = this;
    if (limit <= 0) return;
    if (kept.length === limit && rank >= (kept[limit - 1]?.rank ?? Infinity)) return;
    let at = kept.length;
    while (at > 0 && (kept[at - 1]?.rank ?? 0) > rank) at -= 1;
    kept.splice(at, 0, { slot, rank });
    if (kept.length > limit) kept.pop();
  }

  slots(): number[] {
    return this.kept.map((item) => item.slot);
  }
}

/** Each product's rows gathered by product. */
function sourcesOf(rows: CatalogRows): Map<string, ProductSource> {
  const sources = new Map<string, ProductSource>();
  for (const row of rows.productRows) {
    sources.set(row.id, { row, featureIds: [], additionalImages: [], downloads: [], accessoryIds: [] });
  }
  for (const row of rows.productFeatureRows) sources.get(row.productId)?.featureIds.push(row.featureId);
  for (const row of rows.imageRows) {
    sources.get(row.productId)?.additionalImages.push({ ...imageView(row.file, row.alt), id: row.id });
  }
  for (const row of rows.downloadRows) {
    sources.get(row.productId)?.downloads.push({ id: row.id, description: row.description, file: fileView(row.file) });
  }
  for (const row of rows.accessoryRows) {
    sources.get(row.productA)?.accessoryIds.push(row.productB);
    sources.get(row.productB)?.accessoryIds.push(row.productA);
  }
  return sources;
}

/** `list` (in listing order) without `gone`, with `added` (in listing order) in their places. */
function merged(list: ProductEntry[], gone: ReadonlySet<ProductEntry>, added: ProductEntry[]): ProductEntry[] {
  const result: ProductEntry[] = [];
  let next = 0;
  for (const entry of list) {
    if (gone.has(entry)) continue;
    while (next < added.length && byModel(added[next] as ProductEntry, entry) < 0)
      result.push(added[next++] as ProductEntry);
    result.push(entry);
  }
  while (next < added.length) result.push(added[next++] as ProductEntry);
  return result;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Whether two entries of a product show the same everywhere (its slot and rows aside). */
function sameEntry(a: ProductEntry, b: ProductEntry): boolean {
  return (
    a.published === b.published &&
    a.categoryId === b.categoryId &&
    a.searchText === b.searchText &&
    sameJson([a.page, a.everyAccessory, a.summary, a.support], [b.page, b.everyAccessory, b.summary, b.support]) &&
    sameJson(a.source.featureIds, b.source.featureIds) &&
    sameJson([...a.source.accessoryIds].sort(), [...b.source.accessoryIds].sort())
  );
}

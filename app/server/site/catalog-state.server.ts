import type { DownloadKind } from "#app/domain/download-kinds";
import { sortIgnoringCaseBy, sortNaturallyBy } from "#app/domain/format";
import { pageOf, pageWindow, type Paged } from "#app/domain/paging";
import {
  CATALOG_PAGE_SIZE,
  type CatalogCategory,
  type CatalogProduct,
  type CategorySummary,
  type FileView,
  type ImageView,
  type LinkedProduct,
  type ListingSort,
  type ModelMatches,
  type ProductLifecycle,
  type ProductListing,
  type ProductSummary,
  type RetiringProduct,
  type SearchResults,
  type SupportProduct,
} from "#app/domain/catalog-views";
import { shownKeys, type CatalogChange } from "#app/domain/catalog-shown";
import {
  fitsAttribute,
  formatSpecValue,
  valueTexts,
  writtenInPageLanguage,
  type CategoryAttribute,
  type SpecValue,
  type SpecValueWords,
} from "#app/domain/spec-attributes";
import { filterAttributes, type SpecFilter } from "#app/domain/spec-filters";
import { PRODUCT_SELECTOR } from "#app/domain/paths";
import { ACTIVE_LIFECYCLE, lifecycleOfRow, sortDayOf, type LifecycleSort } from "#app/domain/lifecycle";
import { type LifecycleStage } from "#app/domain/lifecycle-stages";
import { textDirection } from "#app/domain/language-settings";
import { translatedText } from "#app/domain/translations";
import { fileView, imageView } from "../files/file-views.server";
import { storedUnit } from "../records/attribute.server";
import { addToList } from "../platform/lists.server";
import { oneByteJson } from "../platform/one-byte-json.server";
import { SharedPieces } from "../platform/shared-pieces.server";
import { forEachInSlices, type Slicing } from "../platform/slices.server";
import type { CatalogRows, CategoryAttributeRow, DownloadRow, FeatureRow, ProductRow } from "./catalog-rows.server";
import { countOf, FeatureBits, positionsOf } from "./feature-bits.server";
import {
  boundsOf,
  keyCountsOf,
  passingBits,
  placesByValue,
  specColumnOf,
  type SpecColumn,
} from "./spec-columns.server";
import {
  COST,
  FEW_MATCHES,
  forgivesTypos,
  groupCostIn,
  prepareQuery,
  SearchIndex,
  type PreparedQuery,
  type SearchDocument,
  type SynonymSet,
} from "./search-index.server";
import { normalizeText, wordsOf } from "#app/domain/search-text";
import type { ProductNames } from "./product-names.server";

/** Letter case folded the same way for the catalog's text and the query, whatever the database's locale. */
export function foldCase(text: string): string {
  return text.toLowerCase();
}

type CategoryResult = SearchResults["categories"][number];

/** The published products whose model holds a piece of one, and the one it means if any. */
export interface ModelsHolding {
  meant: ProductSummary | null;
  holding: ProductSummary[];
  total: number;
}

/** What a listing asks for: the whole catalog a page at a time, or a category's, narrowed by features. */
export type ProductsAsked = {
  page?: number;
  pageSize?: number;
  sort?: ListingSort;
  /** Discontinued products too (decision 072): a listing leaves them out unless asked. */
  includeDiscontinued?: boolean;
  /**
   * How the page's language writes values (decision 087), when it is not English: the cards' key
   * values are written with them, and say which stay as their record words them.
   */
  values?: SpecValueWords;
  /**
   * Who reads the cards, when the page is not in English: their languages (their chain with each tag's
   * shorter forms), and the language of the list's words. The cards' names and descriptions are then
   * in the first of those languages each is translated into (decision 094), each marked with its
   * language where that is not the list's.
   */
  readers?: CardReaders;
} & (
  | { categoryId?: undefined; featureIds?: undefined; specFilters?: undefined; specSort?: undefined }
  | {
      categoryId: string;
      featureIds?: string[];
      /** Its filters by specification values (decision 070). */
      specFilters?: SpecFilter[];
      /** An order by an attribute's value, in place of `sort`. */
      specSort?: { attribute: CategoryAttribute; descending: boolean };
    }
);

/** The readers of a list's cards in another language than English (`ProductsAsked.readers`). */
export interface CardReaders {
  languages: readonly string[];
  listLanguage: string;
}

/** The product selector's address, as a category's is. */
const PRODUCT_SELECTOR_ADDRESS = { id: PRODUCT_SELECTOR.id, slug: PRODUCT_SELECTOR.slug };

/** Every active product's page shares this lifecycle: at 50,000 products, one object rather than 50,000. */
const ACTIVE_PAGE_LIFECYCLE: ProductLifecycle = { ...ACTIVE_LIFECYCLE, replacements: [] };

/** The accessories of every product without any: one array rather than one a product. */
const NO_ACCESSORIES: CatalogProduct["accessories"] = [];

/** How many of a product's values its card shows. */
const KEY_SPECS = 3;

/** A product's rows, as read: what its entry is made from, again whenever its category or accessories change. */
interface ProductSource {
  row: ProductRow;
  /** Its main image as listings and its page show it. */
  image: ImageView;
  featureIds: string[];
  additionalImages: CatalogProduct["additionalImages"];
  downloads: CatalogProduct["downloads"];
  accessoryIds: string[];
  /** Its recommended replacements in their order (decision 072). */
  replacementIds: string[];
  /** Its typed values by attribute id, as stored: those its category has are shown. */
  values: Record<string, SpecValue>;
}

/**
 * A product as the catalog holds it: its rows, its summary in listings, and what filters and searches
 * test. Its page is made from these when asked for (`pageOf`), not held: at 50,000 products the pages'
 * objects were about 60 MB (decision 077).
 */
interface ProductEntry {
  id: string;
  source: ProductSource;
  /** The model, letter case folded: the listing order, and what a search by model tests. */
  model: string;
  categoryId: string;
  published: boolean;
  /** Its published accessories, as visitors see them. */
  accessories: CatalogProduct["accessories"];
  /** Its lifecycle with its published replacements. */
  lifecycle: ProductLifecycle;
  /** Its accessories drafts included, for the dashboard; absent when that is `accessories`. */
  everyAccessory?: CatalogProduct["accessories"];
  /** Its replacements drafts included, for the dashboard; absent when that is the lifecycle's list. */
  everyReplacement?: LinkedProduct[];
  summary: ProductSummary;
  /** How /support lists it: published with downloads only. */
  support?: SupportEntry;
  /** Its slot in the search index (drafts too: the dashboard's pickers search them). */
  slot: number;
  /** When it came out (published at the time it was scheduled for, else when it was added), ms since 1970: the "newest" order. */
  cameOutAt: number;
}

/** An entry with its page as it was made: before a change (with the category as it was), or after. */
interface ShownEntry {
  entry: ProductEntry;
  page: CatalogProduct;
}

/** A product's entry as a change found it and as the change leaves it; absent where it was not or is no more. */
interface Replacement {
  before?: ShownEntry;
  after?: ShownEntry;
}

/** A product as /support shows it. */
interface SupportEntry {
  product: SupportProduct;
  categoryId: string;
}

interface CategoryEntry {
  category: CatalogCategory;
  /** Its published products counted, the discontinued ones aside (its page's default list). */
  summary: CategorySummary;
  /** Drafts and scheduled ones counted as well (the dashboard's count). */
  everyProductCount: number;
  /** Its published products in listing order. */
  products: ProductEntry[];
  /** Its products (in that order) by its features: what its filter reads. */
  featureBits: FeatureBits;
  /** Its discontinued products and the others (a bit a place); none when it has no discontinued product. */
  lifecycleBits: LifecycleBits | null;
  /** The places in `products` newest first: made when first asked for, after each relisting. */
  newest?: Int32Array;
  /** Each filter attribute's values of `products` (by place), read as its filters read them: made when first asked for, after each relisting. */
  specColumns?: Map<string, SpecColumn>;
  /** The places in `products` by an attribute's value, highest (key `{id}:desc`) or lowest first: the same. */
  specOrders?: Map<string, Int32Array>;
}

/** A listing's discontinued products and its others, a bit a place (decision 072). */
interface LifecycleBits {
  discontinued: number[];
  current: number[];
}

/** The lifecycle bits of `products`; none when none is discontinued. */
function lifecycleBitsOf(products: readonly ProductEntry[]): LifecycleBits | null {
  if (!products.some((entry) => entry.source.row.lifecycle === "discontinued")) return null;
  const words = Math.ceil(products.length / 32);
  const bits: LifecycleBits = {
    discontinued: new Array<number>(words).fill(0),
    current: new Array<number>(words).fill(0),
  };
  products.forEach((entry, place) => {
    const side = entry.source.row.lifecycle === "discontinued" ? bits.discontinued : bits.current;
    side[place >>> 5] = (side[place >>> 5] ?? 0) | (1 << (place & 31));
  });
  return bits;
}

/** Newest first: the order a visitor sorting by "Newest" gets, the model's order among the same. */
function byNewest(a: ProductEntry, b: ProductEntry): number {
  return b.cameOutAt - a.cameOutAt || byModel(a, b);
}

/** Listing order: by model ignoring letter case (models are unique that way), then as written. */
function byModel(a: ProductEntry, b: ProductEntry): number {
  if (a.model !== b.model) return a.model < b.model ? -1 : 1;
  const [modelA, modelB] = [a.source.row.model, b.source.row.model];
  return modelA < modelB ? -1 : modelA > modelB ? 1 : 0;
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
  /** `products` newest first: made when first asked for, after each change of them. */
  private newestProducts: ProductEntry[] | undefined;
  /** The published products but the discontinued ones, by model and newest first: made when first asked for. */
  private currentProducts: { model?: ProductEntry[]; newest?: ProductEntry[] } = {};
  /** The published products not active, by model: made when first asked for. */
  private retiringProducts: ProductEntry[] | undefined;
  /** The products (drafts too) naming each product as a replacement, by its id: the pages that show its model. */
  private replacedBy = new Map<string, Set<string>>();
  /** The product selector's listing: made when first asked for, after each change; null when there is none. */
  private selector: CategoryEntry | null | undefined;
  /** Each search slot's place among every product newest first: made when first asked for, after each change. */
  private newestRanks: Int32Array | undefined;
  private readonly productById = new Map<string, ProductEntry>();
  private readonly productBySlug = new Map<string, ProductEntry>();
  private readonly categoryIdBySlug = new Map<string, string>();
  /** Published products with downloads, in listing order: what /support lists and searches. */
  private supportProducts: SupportEntry[] = [];
  /** Every product's texts by slot; each slot's place in listing order is `rankOfSlot`. */
  private productIndex: SearchIndex;
  private rankOfSlot = new Int32Array(0);
  /** 1 for each slot of a published product: what visitors' searches admit. */
  private publishedSlots = new Uint8Array(0);
  private productOfSlot: ProductEntry[] = [];
  /** The categories' names and descriptions, a slot each in name order. */
  private categoryIndex = SearchIndex.of([]);
  /** Replaced when what records naming products show of them changes (see `productNames`). */
  private namesEdition: object = {};

  private constructor(
    version: number,
    productIndex: SearchIndex,
    /** The pieces the specifications read whole share: what they, and every one a change brings, are held in. */
    private readonly specifications: SharedPieces,
  ) {
    this.version = version;
    this.productIndex = productIndex;
  }

  /** The state made from every row of the catalog at `version`, built a slice at a time. */
  static async build(version: number, rows: CatalogRows, slicing: Slicing): Promise<CatalogState> {
    const sources = sourcesOf(rows);
    const state = new CatalogState(version, SearchIndex.of([]), SharedPieces.of(specificationTexts(sources.values())));
    for (const row of rows.categoryRows) state.putCategory(row, rows.featureRows, rows.categoryAttributeRows);
    const entries: ProductEntry[] = [];
    const sourceOf = (id: string) => sources.get(id);
    await forEachInSlices([...sources.values()], slicing, (source) => {
      const entry = state.entryOf(source, sourceOf);
      if (entry) entries.push(entry);
    });
    entries.sort(byModel);
    for (const entry of entries) {
      state.productById.set(entry.id, entry);
      state.productBySlug.set(entry.source.row.slug, entry);
      state.noteReplacements(entry, true);
    }
    state.everyProduct = entries;
    state.products = entries.filter((entry) => entry.published);
    state.productIndex = await SearchIndex.build(entries, (entry) => documentOf(state.pageOf(entry)), slicing);
    entries.forEach((entry, slot) => (entry.slot = slot));
    state.relist(new Set(state.categoryById.keys()));
    return state;
  }

  /**
   * Holds the specifications the build took in as read in their pieces (decision 093), a slice at a
   * time once the state is served: the start waits for none of it. Equal texts (one model's variants')
   * are held once. A product a change replaced meanwhile came with its texts held so.
   */
  async packSpecifications(slicing: Slicing): Promise<void> {
    const held = new Map<string, string>();
    const hold = (json: string | null) => {
      if (json === null) return null;
      let found = held.get(json);
      if (found === undefined) held.set(json, (found = this.specifications.hold(json)));
      return found;
    };
    await forEachInSlices(this.everyProduct, slicing, ({ source: { row } }) => {
      row.specsJson = hold(row.specsJson);
      row.specsTableJson = hold(row.specsTableJson);
    });
  }

  /** The specifications' characters as held (a text products share once), and as they read. */
  heldSpecifications(): { held: number; read: number } {
    const totals = { held: 0, read: 0 };
    const counted = new Set<string>();
    const count = (json: string | null) => {
      if (json === null) return;
      if (!counted.has(json)) {
        counted.add(json);
        totals.held += json.length;
      }
      totals.read += this.specifications.text(json).length;
    };
    for (const { source } of this.everyProduct) {
      count(source.row.specsJson);
      count(source.row.specsTableJson);
    }
    return totals;
  }

  /**
   * Applies the rows of what changes after this state's version up to `version` touched (`rows` as
   * of `version`; `touched` the ids they were read for: one absent from the rows is gone), and says
   * which records a page may show changed, and which searches (with the synonyms current when a page
   * asks). Synchronous: nothing reads the state half-way.
   */
  apply(
    version: number,
    touched: { productIds: Set<string>; categoryIds: Set<string> },
    rows: CatalogRows,
    synonyms: () => readonly SynonymSet[] = () => [],
  ): CatalogChange {
    const searched: SearchDocument[] = [];
    const change: CatalogChange = { keys: new Set(), matchesSearch: matcherOf(searched, synonyms) };
    // Categories first: a product's page shows its category's name and features.
    const recompute = new Set<string>(touched.productIds);
    const relisted = new Set<string>();
    // What a product's page showed of its category before, to tell whether the page changed.
    const categoriesBefore = new Map<string, CatalogCategory>();
    for (const id of touched.categoryIds) {
      const before = this.categoryById.get(id);
      if (before) categoriesBefore.set(id, before.category);
      const row = rows.categoryRows.find((candidate) => candidate.id === id);
      if (before && this.categoryIdBySlug.get(before.category.slug) === id) {
        this.categoryIdBySlug.delete(before.category.slug);
      }
      if (row) this.putCategory(row, rows.featureRows, rows.categoryAttributeRows);
      else this.categoryById.delete(id);
      const after = this.categoryById.get(id);
      if (before && after && sameJson(before.category, after.category)) continue;
      relisted.add(id);
      for (const key of shownKeys.ofCategory(id)) change.keys.add(key);
      if (before) searched.push(categorySearchDocument(before.category));
      if (after) searched.push(categorySearchDocument(after.category));
      // Its products' pages show its name, features and attributes, not its description.
      const shownOnProducts = (entry: CategoryEntry | undefined) =>
        entry && JSON.stringify([entry.category.name, entry.category.features, entry.category.attributes]);
      if (shownOnProducts(before) === shownOnProducts(after)) continue;
      for (const product of this.everyProduct) if (product.categoryId === id) recompute.add(product.id);
    }
    // A product's accessories show each other's model and whether it is published; a retiring
    // product's page shows its replacements'.
    const sources = sourcesOf(rows, this.specifications);
    for (const id of touched.productIds) {
      for (const partner of this.productById.get(id)?.source.accessoryIds ?? []) recompute.add(partner);
      for (const partner of sources.get(id)?.accessoryIds ?? []) recompute.add(partner);
    }
    for (const id of touched.productIds) for (const naming of this.replacedBy.get(id) ?? []) recompute.add(naming);
    const sourceOf = (id: string) => (touched.productIds.has(id) ? sources.get(id) : this.productById.get(id)?.source);
    const replaced: Replacement[] = [];
    for (const id of recompute) {
      const entryBefore = this.productById.get(id);
      const source = sourceOf(id);
      const entryAfter = source && this.entryOf(source, sourceOf);
      // Made and gone again within the changes applied, or the same as it was: nothing to replace.
      if (!entryBefore && !entryAfter) continue;
      const before = entryBefore && {
        entry: entryBefore,
        page: this.pageOf(entryBefore, categoriesBefore.get(entryBefore.categoryId)),
      };
      const after = entryAfter && { entry: entryAfter, page: this.pageOf(entryAfter) };
      if (before && after && sameEntry(before, after)) continue;
      replaced.push({ before, after });
    }
    if (replaced.length > 0) this.replace(replaced, change, relisted, searched);
    if (relisted.size > 0) this.relist(relisted);
    this.version = version;
    return change;
  }

  /** Swaps product entries in every list and index, and notes what pages showing them must go. */
  private replace(
    replaced: Replacement[],
    change: CatalogChange,
    relisted: Set<string>,
    searched: SearchDocument[],
  ): void {
    const gone = new Set<ProductEntry>();
    const added: ProductEntry[] = [];
    const inPlace: Swap[] = [];
    for (const { before: shownBefore, after: shownAfter } of replaced) {
      const before = shownBefore?.entry;
      const after = shownAfter?.entry;
      const id = (before ?? after)?.id ?? "";
      for (const key of shownKeys.ofProduct(id)) change.keys.add(key);
      if (shownBefore) {
        const { entry, page } = shownBefore;
        this.noteReplacements(entry, false);
        this.productById.delete(id);
        const { slug } = entry.source.row;
        if (this.productBySlug.get(slug) === entry) this.productBySlug.delete(slug);
        this.productIndex.remove(entry.slot);
        if (entry.published) searched.push(documentOf(page));
      }
      if (shownAfter) {
        const { entry, page } = shownAfter;
        this.noteReplacements(entry, true);
        this.productById.set(id, entry);
        this.productBySlug.set(entry.source.row.slug, entry);
        const document = documentOf(page);
        entry.slot = this.productIndex.add(document);
        if (entry.published) searched.push(document);
      }
      if (before && after && listedAlike(before, after)) inPlace.push([before, after]);
      else {
        if (before) gone.add(before);
        if (after) added.push(after);
      }
      for (const entry of [before, after]) {
        if (!entry) continue;
        for (const key of shownKeys.ofListing(entry.categoryId, {
          published: entry.published,
          support: Boolean(entry.support),
        }))
          change.keys.add(key);
      }
      if (!namedAlike(before, after)) {
        change.keys.add(shownKeys.named(id));
        this.namesEdition = {};
      }
      if (
        before?.published !== after?.published ||
        before?.categoryId !== after?.categoryId ||
        before?.model !== after?.model ||
        before?.source.row.lifecycle !== after?.source.row.lifecycle
      ) {
        for (const key of shownKeys.ofCounts()) change.keys.add(key);
      }
    }
    if (inPlace.length > 0) this.swapInPlace(inPlace, relisted);
    if (gone.size === 0 && added.length === 0) return;
    for (const entry of [...gone, ...added]) relisted.add(entry.categoryId);
    added.sort(byModel);
    this.everyProduct = merged(this.everyProduct, gone, added);
    this.products = merged(
      this.products,
      gone,
      added.filter((entry) => entry.published),
    );
    this.newestProducts = undefined;
    this.newestRanks = undefined;
    this.currentProducts = {};
    this.retiringProducts = undefined;
    this.selector = undefined;
  }

  /**
   * Puts each changed entry where its entry before was, in every list and in what is made of the lists
   * (a category's filter bits, orders and columns, the search slots' places): its model, category and
   * publication are the same, so it is listed in the same place. At 50,000 products listing again
   * took 45 ms a save; this takes what the changed products' categories hold. Categories in
   * `relisted` are listed again afterwards whatever this does to them.
   */
  private swapInPlace(swaps: readonly Swap[], relisted: ReadonlySet<string>): void {
    const alike = (of: (entry: ProductEntry) => unknown) => swaps.every(([before, after]) => of(before) === of(after));
    const sameNewest = alike((entry) => entry.cameOutAt);
    const sameLifecycle = alike((entry) => entry.source.row.lifecycle);
    const { products, newestProducts, currentProducts, retiringProducts } = this;
    this.everyProduct = swapped(this.everyProduct, swaps, byModel);
    this.products = swapped(products, swaps, byModel);
    this.newestProducts = sameNewest && newestProducts ? swapped(newestProducts, swaps, byNewest) : undefined;
    // A list of the current products is the whole list itself when none is discontinued.
    const currentOf = (
      kept: ProductEntry[] | undefined,
      whole: ProductEntry[] | undefined,
      now: ProductEntry[] | undefined,
      order: typeof byModel,
    ) => (kept && now ? (kept === whole ? now : swapped(kept, swaps, order)) : undefined);
    this.currentProducts = sameLifecycle
      ? {
          model: currentOf(currentProducts.model, products, this.products, byModel),
          newest: currentOf(currentProducts.newest, newestProducts, this.newestProducts, byNewest),
        }
      : {};
    this.retiringProducts = sameLifecycle && retiringProducts ? swapped(retiringProducts, swaps, byModel) : undefined;
    if (this.selector) this.selector = swappedListing(this.selector, swaps, false);

    let categories: CategoryEntry[] | undefined;
    for (const categoryId of new Set(swaps.map(([before]) => before.categoryId))) {
      const listing = this.categoryById.get(categoryId);
      if (!listing || relisted.has(categoryId)) continue;
      const changed = swappedListing(listing, swaps, true);
      if (changed === listing) continue;
      this.categoryById.set(categoryId, changed);
      // By id: a change that touched the category without changing it made its entry anew.
      categories ??= [...this.categories];
      const place = categories.findIndex((entry) => entry.category.id === categoryId);
      if (place >= 0) categories[place] = changed;
    }
    if (categories) this.categories = categories;

    if (swaps.some(([before, after]) => Boolean(before.support) !== Boolean(after.support))) {
      this.supportProducts = this.products.flatMap((entry) => entry.support ?? []);
    } else {
      const supportSwaps = new Map<SupportEntry, SupportEntry>();
      for (const [before, after] of swaps)
        if (before.support && after.support) supportSwaps.set(before.support, after.support);
      // One pass over the listing for many swaps (an import's thousands), rather than a search for each.
      if (supportSwaps.size > 16)
        this.supportProducts = this.supportProducts.map((entry) => supportSwaps.get(entry) ?? entry);
      else if (supportSwaps.size > 0) {
        const supportProducts = [...this.supportProducts];
        for (const [before, after] of supportSwaps) {
          const place = supportProducts.indexOf(before);
          if (place >= 0) supportProducts[place] = after;
        }
        this.supportProducts = supportProducts;
      }
    }

    // Each slot's place: read before any is written, a slot freed by one entry may be taken by another.
    const ranks = swaps.map(([before]) => this.rankOfSlot[before.slot] ?? 0);
    const newestRanks = this.newestRanks;
    const newest = sameNewest && newestRanks ? swaps.map(([before]) => newestRanks[before.slot] ?? 0) : undefined;
    for (const [before] of swaps) this.publishedSlots[before.slot] = 0;
    const slots = Math.max(...swaps.map(([, after]) => after.slot + 1));
    if (this.rankOfSlot.length < slots) {
      const length = slots + (slots >> 3) + 32;
      this.rankOfSlot = grownTo(this.rankOfSlot, new Int32Array(length));
      this.publishedSlots = grownTo(this.publishedSlots, new Uint8Array(length));
    }
    this.newestRanks = newest && newestRanks && newestRanks.length >= slots ? newestRanks : undefined;
    swaps.forEach(([, after], swap) => {
      this.rankOfSlot[after.slot] = ranks[swap] ?? 0;
      this.publishedSlots[after.slot] = after.published ? 1 : 0;
      this.productOfSlot[after.slot] = after;
      if (this.newestRanks && newest) this.newestRanks[after.slot] = newest[swap] ?? 0;
    });
  }

  /**
   * Lists again what depends on the order of products: each of `categoryIds`' products, counts and
   * filter bits, the categories in name order with their search index, /support's products and each
   * search slot's place in listing order.
   */
  private relist(categoryIds: Set<string>): void {
    this.selector = undefined;
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
      const featureBits = new FeatureBits(category.category.features);
      for (const entry of products) featureBits.add(entry.source.featureIds);
      // What was made from the old list of products is made again from the new when asked for.
      const { newest: _newest, specColumns: _columns, specOrders: _orders, ...kept } = category;
      const lifecycleBits = lifecycleBitsOf(products);
      this.categoryById.set(id, {
        ...kept,
        summary: {
          ...category.summary,
          productCount: lifecycleBits ? countOf(lifecycleBits.current) : products.length,
        },
        everyProductCount: everyCountOf.get(id) ?? 0,
        products,
        featureBits,
        lifecycleBits,
      });
    }
    this.categories = sortIgnoringCaseBy([...this.categoryById.values()], (entry) => entry.category.name);
    this.categoryIndex = SearchIndex.of(this.categories.map((entry) => categorySearchDocument(entry.category)));
    this.supportProducts = this.products.flatMap((entry) => entry.support ?? []);
    const slots = this.everyProduct.reduce((most, entry) => Math.max(most, entry.slot + 1), 0);
    if (this.rankOfSlot.length < slots) this.rankOfSlot = new Int32Array(slots + (slots >> 3) + 32);
    if (this.publishedSlots.length !== this.rankOfSlot.length)
      this.publishedSlots = new Uint8Array(this.rankOfSlot.length);
    else this.publishedSlots.fill(0);
    this.productOfSlot.length = slots;
    this.everyProduct.forEach((entry, rank) => {
      this.rankOfSlot[entry.slot] = rank;
      this.publishedSlots[entry.slot] = entry.published ? 1 : 0;
      this.productOfSlot[entry.slot] = entry;
    });
  }

  /** Keeps a category's row, features and attributes (its products are listed by `relist`). */
  private putCategory(
    row: CatalogRows["categoryRows"][number],
    featureRows: FeatureRow[],
    attributeRows: CategoryAttributeRow[],
  ): void {
    const features = sortNaturallyBy(
      featureRows
        .filter((feature) => feature.categoryId === row.id)
        .map(({ id, label, group }) => ({ id, label, group: row.featureGroups.includes(group) ? group : "" })),
      (feature) => feature.label,
    );
    const attributes: CategoryAttribute[] = attributeRows
      .filter((attribute) => attribute.categoryId === row.id)
      .sort((a, b) => a.position - b.position)
      .map(({ attribute, required, filter }) => ({
        ...attribute,
        unit: storedUnit(attribute.unit),
        required,
        filter,
      }));
    const category = { ...row, features, attributes };
    const before = this.categoryById.get(row.id);
    this.selector = undefined;
    this.categoryIdBySlug.set(row.slug, row.id);
    this.categoryById.set(row.id, {
      category,
      summary: {
        id: row.id,
        slug: row.slug,
        name: row.name,
        description: row.description,
        productCount: before?.summary.productCount ?? 0,
      },
      everyProductCount: before?.everyProductCount ?? 0,
      products: before?.products ?? [],
      featureBits: before?.featureBits ?? new FeatureBits([]),
      lifecycleBits: before?.lifecycleBits ?? null,
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
    const keySpecs = keyValuesOf(category, source.values).map((spec) => textsOf(spec.attribute, spec.value)[0] ?? "");
    const summary: ProductSummary = {
      id: row.id,
      slug: row.slug,
      model: row.model,
      name: row.name,
      description: row.description,
      ndaa: row.ndaa,
      image: source.image,
      ...(keySpecs.length ? { keySpecs } : {}),
      ...(row.lifecycle === "active" ? {} : { lifecycle: row.lifecycle }),
    };
    const linked = (ids: readonly string[]) =>
      ids.flatMap((id) => {
        const other = sourceOf(id);
        return other
          ? [
              {
                id,
                slug: other.row.slug,
                model: other.row.model,
                name: other.row.name,
                image: other.image,
                published: other.row.status === "published",
              },
            ]
          : [];
      });
    const visible = (products: ReturnType<typeof linked>): LinkedProduct[] =>
      products.filter((product) => product.published).map(({ published: _published, ...product }) => product);
    const everyAccessory = sortIgnoringCaseBy(linked(source.accessoryIds), (accessory) => accessory.model);
    const accessories = visible(everyAccessory);
    const everyReplacement = linked(source.replacementIds);
    const replacements = visible(everyReplacement);
    const lifecycle: ProductLifecycle =
      row.lifecycle === "active" && replacements.length === 0
        ? ACTIVE_PAGE_LIFECYCLE
        : { ...lifecycleOfRow(row), replacements };
    const published = row.status === "published";
    return {
      id: row.id,
      source,
      model: foldCase(row.model),
      categoryId: category.id,
      cameOutAt: Date.parse(row.publishAt ?? row.createdAt),
      published,
      accessories: accessories.length ? accessories : NO_ACCESSORIES,
      lifecycle,
      ...(accessories.length === everyAccessory.length
        ? {}
        : { everyAccessory: everyAccessory.map(({ published: _published, ...accessory }) => accessory) }),
      ...(replacements.length === everyReplacement.length
        ? {}
        : { everyReplacement: everyReplacement.map(({ published: _published, ...replacement }) => replacement) }),
      summary,
      ...(published && source.downloads.length
        ? {
            support: {
              product: {
                id: row.id,
                slug: row.slug,
                model: row.model,
                name: row.name,
                image: summary.image,
                downloads: source.downloads,
              },
              categoryId: category.id,
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

  /** A category by its slug or its id (`reference`). */
  getCategory(reference: string): CatalogCategory | undefined {
    return this.categoryById.get(this.categoryIdBySlug.get(reference) ?? reference)?.category;
  }

  /** The product selector as a category (no features; the shared filter attributes), or undefined when none. */
  getSelector(): CatalogCategory | undefined {
    return this.selectorEntry()?.category;
  }

  /**
   * The product selector: the attributes two or more categories filter by, and every published product
   * of the categories that filter by one of them, in listing order; null when no two categories share
   * a filter attribute.
   */
  private selectorEntry(): CategoryEntry | null {
    if (this.selector !== undefined) return this.selector;
    const holders = new Map<string, { attribute: CategoryAttribute; count: number }>();
    for (const { category } of this.categories) {
      for (const attribute of filterAttributes(category.attributes)) {
        const held = holders.get(attribute.id);
        if (held) held.count += 1;
        else holders.set(attribute.id, { attribute: { ...attribute, required: false }, count: 1 });
      }
    }
    const shared = [...holders.values()].filter(({ count }) => count > 1).map(({ attribute }) => attribute);
    if (!shared.length) return (this.selector = null);
    const sharedIds = new Set(shared.map((attribute) => attribute.id));
    const members = this.categories.filter(({ category }) =>
      filterAttributes(category.attributes).some((attribute) => sharedIds.has(attribute.id)),
    );
    const memberIds = new Set(members.map(({ category }) => category.id));
    const products = this.products.filter((entry) => memberIds.has(entry.categoryId));
    const name = "Product selector";
    const description = `Every product of ${members.map(({ category }) => category.name).join(", ")}, filtered and sorted by the specifications they share.`;
    this.selector = {
      category: {
        ...PRODUCT_SELECTOR_ADDRESS,
        name,
        description,
        version: 0,
        featureGroups: [],
        features: [],
        attributes: shared,
      },
      summary: { ...PRODUCT_SELECTOR_ADDRESS, name, description, productCount: products.length },
      everyProductCount: products.length,
      products,
      featureBits: new FeatureBits([]),
      lifecycleBits: lifecycleBitsOf(products),
    };
    return this.selector;
  }

  /**
   * The published products no longer sold as usual (decision 072): of a stage, of a category, a page
   * at a time in `sort`'s order (by a day latest first, those without it last; ties by model).
   */
  listRetiring(options: {
    stage?: Exclude<LifecycleStage, "active">;
    categoryId?: string;
    sort: LifecycleSort;
    page: number;
    pageSize: number;
  }): Paged<RetiringProduct> {
    const { sort } = options;
    const retiring = (this.retiringProducts ??= this.products.filter(
      (entry) => entry.source.row.lifecycle !== "active",
    ));
    const chosen = retiring.filter(
      (entry) =>
        (!options.stage || entry.source.row.lifecycle === options.stage) &&
        (!options.categoryId || entry.categoryId === options.categoryId),
    );
    if (sort !== "model") {
      const dayOf = (entry: ProductEntry) => sortDayOf(entry.lifecycle, sort) ?? "";
      // Stable: equal days keep the model order.
      chosen.sort((a, b) => (dayOf(a) === dayOf(b) ? 0 : dayOf(a) > dayOf(b) ? -1 : 1));
    }
    const paged = pageOf(chosen, options.page, options.pageSize);
    return {
      ...paged,
      items: paged.items.map(({ source: { row }, summary, categoryId, lifecycle }) => ({
        id: row.id,
        slug: row.slug,
        model: row.model,
        name: row.name,
        image: summary.image,
        category: categoryLink(this.categoryOf(categoryId)),
        lifecycle,
      })),
    };
  }

  /** `every` (the published products by model or newest first) but the discontinued ones; itself when none is. */
  private currentOf(order: "model" | "newest", every: ProductEntry[]): ProductEntry[] {
    const kept = this.currentProducts[order];
    if (kept) return kept;
    const current = every.filter((entry) => entry.source.row.lifecycle !== "discontinued");
    return (this.currentProducts[order] = current.length === every.length ? every : current);
  }

  private discontinuedCount(): number {
    return this.products.length - this.currentOf("model", this.products).length;
  }

  /** Notes (or, `naming` false, forgets) which products `entry` names as its replacements. */
  private noteReplacements(entry: ProductEntry, naming: boolean): void {
    for (const id of entry.source.replacementIds) {
      const names = this.replacedBy.get(id);
      if (naming) {
        if (names) names.add(entry.id);
        else this.replacedBy.set(id, new Set([entry.id]));
      } else if (names) {
        names.delete(entry.id);
        if (names.size === 0) this.replacedBy.delete(id);
      }
    }
  }

  /**
   * The published products as firmware and advisories name them, for their copies to join with
   * (see ProductNames).
   */
  productNames(): ProductNames {
    return {
      edition: this.namesEdition,
      named: (id) => {
        const entry = this.productById.get(id);
        if (!entry?.published) return undefined;
        const { slug, model, name } = entry.source.row;
        return { id, slug, model, name };
      },
    };
  }

  /**
   * A product's card as a page in another language shows it: its key values written as that language
   * writes them (`values`), and which of them are (a choice's label is as its record words it); its name
   * and description as its `readers` read them, with their languages. English's as held.
   */
  private summaryIn(entry: ProductEntry, { values, readers }: ProductsAsked): ProductSummary {
    const { summary } = entry;
    // Only key values written in another language need the card's category.
    const category = values && summary.keySpecs ? this.categoryById.get(entry.categoryId)?.category : undefined;
    const keyValues = category && values ? keyValuesOf(category, entry.source.values) : undefined;
    const written = keyValues && {
      keySpecs: keyValues.map((spec) => formatSpecValue(spec.attribute, spec.value, values)),
      keySpecsInPageLanguage: keyValues.map((spec) => writtenInPageLanguage(spec.attribute)),
    };
    if (!readers) return written ? { ...summary, ...written } : summary;
    const { translations } = entry.source.row;
    const name = translatedText(summary.name, "name", translations, readers.languages);
    const description = translatedText(summary.description, "description", translations, readers.languages);
    const marked = (language: string) =>
      language === readers.listLanguage ? undefined : { lang: language, dir: textDirection(language) };
    return {
      ...summary,
      ...written,
      name: name.text,
      description: description.text,
      marks: { name: marked(name.language), description: marked(description.language) },
    };
  }

  /** A published product's page, by its slug or its id (`reference`). */
  getProduct(reference: string): CatalogProduct | undefined {
    const entry = this.productAt(reference);
    return entry?.published ? this.pageOf(entry) : undefined;
  }

  /** Any product's page with every accessory, drafts too, by slug or id: for the dashboard and previews. */
  getAnyProduct(reference: string): CatalogProduct | undefined {
    const entry = this.productAt(reference);
    if (!entry) return undefined;
    const page = this.pageOf(entry);
    if (!entry.everyAccessory && !entry.everyReplacement) return page;
    return {
      ...page,
      accessories: entry.everyAccessory ?? page.accessories,
      lifecycle: { ...page.lifecycle, replacements: entry.everyReplacement ?? page.lifecycle.replacements },
    };
  }

  /** The category an entry is of: every entry's is held (`entryOf` makes none without it). */
  private categoryOf(id: string): CatalogCategory {
    const category = this.categoryById.get(id)?.category;
    if (!category) throw new Error(`The catalog holds a product of a category it lacks (${id})`);
    return category;
  }

  /** A product's page as visitors see it, made from its entry and its category (by default as held now). */
  private pageOf(entry: ProductEntry, category = this.categoryOf(entry.categoryId)): CatalogProduct {
    const { source } = entry;
    const { row } = source;
    const featureIds = new Set(source.featureIds);
    return {
      id: row.id,
      slug: row.slug,
      model: row.model,
      name: row.name,
      description: row.description,
      specs: row.specsJson === null ? null : (JSON.parse(this.specifications.text(row.specsJson)) as string),
      specsTable:
        row.specsTableJson === null ? null : (JSON.parse(this.specifications.text(row.specsTableJson)) as string[][]),
      ndaa: row.ndaa,
      version: row.version,
      category: categoryLink(category),
      // The category's features are in natural order already: its product's are those it has.
      features: category.features.flatMap(({ id, label }) => (featureIds.has(id) ? [{ id, label }] : [])),
      specValues: specValuesOf(category, source.values),
      image: entry.summary.image,
      additionalImages: source.additionalImages,
      accessories: entry.accessories,
      lifecycle: entry.lifecycle,
      downloads: source.downloads,
      publication: { status: row.status, publishAt: row.publishAt && new Date(row.publishAt).toISOString() },
      ...(row.translations ? { translations: row.translations } : {}),
    };
  }

  private productAt(reference: string): ProductEntry | undefined {
    return this.productBySlug.get(reference) ?? this.productById.get(reference);
  }

  /**
   * A page of products, by model ignoring case: all of them, or one category's, narrowed to those that
   * have every one of `featureIds`, with how many of those have each of its features (the ones at least
   * one has).
   */
  listProducts(options: ProductsAsked): ProductListing {
    const pageSize = options.pageSize ?? CATALOG_PAGE_SIZE;
    const newest = options.sort === "newest";
    if (!options.categoryId) {
      const every = newest ? (this.newestProducts ??= [...this.products].sort(byNewest)) : this.products;
      const discontinuedCount = this.discontinuedCount();
      const listed = options.includeDiscontinued ? every : this.currentOf(newest ? "newest" : "model", every);
      const { items, total, page, pageCount } = pageOf(listed, options.page ?? 1, pageSize);
      return {
        products: items.map((entry) => this.summaryIn(entry, options)),
        total,
        page,
        pageCount,
        featureCounts: {},
        discontinuedCount,
      };
    }
    const category =
      options.categoryId === PRODUCT_SELECTOR.id ? this.selectorEntry() : this.categoryById.get(options.categoryId);
    if (!category) return { products: [], total: 0, page: 1, pageCount: 1, featureCounts: {}, discontinuedCount: 0 };
    const featureMatching = category.featureBits.having(options.featureIds ?? []);
    const specs = this.specFilterBits(category, options.specFilters ?? []);
    // What the lifecycle filter keeps, the discontinued products set aside unless asked for.
    const { lifecycleBits } = category;
    const kept = options.includeDiscontinued ? undefined : lifecycleBits?.current;
    const others = intersected(featureMatching, specs.matching);
    const discontinuedCount = lifecycleBits ? countOf(lifecycleBits.discontinued, others) : 0;
    const matching = intersected(others, kept);
    const total = matching ? countOf(matching) : category.products.length;
    const { page, pageCount, offset } = pageWindow(total, options.page ?? 1, pageSize);
    let shown: ProductEntry[];
    const order = options.specSort
      ? this.specOrder(category, options.specSort.attribute, options.specSort.descending)
      : newest
        ? (category.newest ??= newestPlaces(category.products))
        : undefined;
    if (order) {
      shown = [];
      let skipped = 0;
      for (const place of order) {
        if (shown.length === pageSize) break;
        if (matching && ((matching[place >>> 5] ?? 0) & (1 << (place & 31))) === 0) continue;
        if (skipped < offset) skipped += 1;
        else shown.push(category.products[place] as ProductEntry);
      }
    } else {
      shown = matching
        ? positionsOf(matching, offset, pageSize).flatMap((position) => category.products[position] ?? [])
        : category.products.slice(offset, offset + pageSize);
    }
    return {
      products: shown.map((entry) => this.summaryIn(entry, options)),
      total,
      page,
      pageCount,
      featureCounts: category.featureBits.countsOf(options.featureIds ?? [], intersected(specs.matching, kept)),
      ...this.specFacets(category, intersected(featureMatching, kept), specs.masks),
      discontinuedCount,
    };
  }

  /** A filter attribute's column over the category's products. */
  private specColumn(category: CategoryEntry, attribute: CategoryAttribute): SpecColumn {
    category.specColumns ??= new Map();
    let column = category.specColumns.get(attribute.id);
    if (!column) {
      column = specColumnOf(
        attribute,
        category.products.map((entry) => {
          const value = entry.source.values[attribute.id];
          return value !== undefined && fitsAttribute(attribute, value) ? value : undefined;
        }),
      );
      category.specColumns.set(attribute.id, column);
    }
    return column;
  }

  /** The category's products that pass each filter (a bit a place), and all of them together. */
  private specFilterBits(category: CategoryEntry, filters: readonly SpecFilter[]) {
    const masks = new Map<string, number[]>();
    for (const filter of filters)
      masks.set(filter.attribute.id, passingBits(this.specColumn(category, filter.attribute), filter));
    let matching: number[] | undefined;
    for (const bits of masks.values()) matching = intersected(matching, bits);
    return { masks, matching };
  }

  /**
   * For each filter attribute of the category, over the products the other filters leave (its own
   * set aside, as a feature's group is): how many have each value of a choice or yes/no, and the
   * lowest and highest of a number's or range's values.
   */
  private specFacets(
    category: CategoryEntry,
    featureMatching: number[] | undefined,
    masks: ReadonlyMap<string, number[]>,
  ): Pick<ProductListing, "specCounts" | "specSpans"> {
    const specCounts: Record<string, Record<string, number>> = {};
    const specSpans: Record<string, [number, number]> = {};
    for (const attribute of filterAttributes(category.category.attributes)) {
      let base = featureMatching;
      for (const [id, bits] of masks) if (id !== attribute.id) base = intersected(base, bits);
      const column = this.specColumn(category, attribute);
      if (attribute.type === "choice" || attribute.type === "boolean") {
        specCounts[attribute.id] = keyCountsOf(column, base);
        continue;
      }
      const bounds = boundsOf(column, base);
      if (bounds) specSpans[attribute.id] = bounds;
    }
    return { specCounts, specSpans };
  }

  /**
   * The places of the category's products by an attribute's value: highest first by the top of a
   * range, lowest first by its bottom; products without a value last, each order's ties in listing order.
   */
  private specOrder(category: CategoryEntry, attribute: CategoryAttribute, descending: boolean): Int32Array {
    const key = `${attribute.id}:${descending ? "desc" : "asc"}`;
    category.specOrders ??= new Map();
    let order = category.specOrders.get(key);
    if (!order) {
      order = placesByValue(this.specColumn(category, attribute), descending);
      category.specOrders.set(key, order);
    }
    return order;
  }

  /**
   * A page of the published products that have downloads, each with its downloads in their order: all
   * of them in listing order, or one category's. With a `term`, ranked by how well they match it
   * (decision 067): every word of the term must be found in the product's model, category or
   * features, or in one of its downloads (description or file name). A product found by every word
   * keeps all its downloads; any other keeps those holding the words it lacks. Also whether any
   * published product has a download at all.
   */
  listSupportProducts(options: {
    term: string;
    categoryId?: string;
    /** Only downloads of this kind, and only the products that have any. */
    kind?: DownloadKind;
    page: number;
    pageSize: number;
    synonyms?: readonly SynonymSet[];
  }): Paged<SupportProduct> & { anyInCatalog: boolean } {
    const { supportProducts } = this;
    const inCategory = options.categoryId
      ? supportProducts.filter((entry) => entry.categoryId === options.categoryId)
      : supportProducts;
    const query = prepareQuery(options.term, options.synonyms);
    let found: SupportMatch[];
    if (query.groups.length === 0) {
      // Blank, or punctuation alone, which is no word.
      found = options.term.trim() === "" ? inCategory.map((entry, rank) => ({ entry, cost: 0, rank })) : [];
    } else {
      found = this.supportMatches(query, inCategory, false);
      if (found.length < FEW_MATCHES && forgivesTypos(query)) found = this.supportMatches(query, inCategory, true);
      found.sort((a, b) => a.cost - b.cost || a.rank - b.rank);
    }
    const { kind } = options;
    if (kind) {
      found = found.flatMap((match) => {
        const downloads = (match.downloads ?? match.entry.product.downloads).filter((file) => file.kind === kind);
        return downloads.length > 0 ? [{ ...match, downloads }] : [];
      });
    }
    const paged = pageOf(found, options.page, options.pageSize);
    return {
      ...paged,
      items: paged.items.map((match) =>
        match.downloads ? { ...match.entry.product, downloads: match.downloads } : match.entry.product,
      ),
      anyInCatalog: supportProducts.length > 0,
    };
  }

  /** The entries of `entries` (rank: their place there) every group of `query` finds, in the product or in its downloads. */
  private supportMatches(query: PreparedQuery, entries: SupportEntry[], typos: boolean): SupportMatch[] {
    const named = this.productIndex.eachGroup(query, { typos, fields: NAMED_FIELDS });
    const anywhere = this.productIndex.eachGroup(query, { typos, fields: DOWNLOADS_FIELD + 1 });
    const found: SupportMatch[] = [];
    entries.forEach((entry, rank) => {
      const slot = this.productById.get(entry.product.id)?.slot ?? -1;
      let cost = this.productIndex.modelCostOf(slot, query);
      const lacking: PreparedQuery["groups"] = [];
      for (let group = 0; group < query.groups.length; group += 1) {
        const namedCost = named[group]?.get(slot);
        if (namedCost !== undefined) cost += namedCost;
        // Found in none of its texts: in none of its downloads either.
        else if (!anywhere[group]?.has(slot)) return;
        else lacking.push(query.groups[group] as PreparedQuery["groups"][number]);
      }
      if (lacking.length === 0) {
        found.push({ entry, cost, rank });
        return;
      }
      let least = Infinity;
      const downloads = entry.product.downloads.filter((download) => {
        const words = wordsOf(normalizeText(`${download.description} ${download.file.name}`));
        let sum = 0;
        for (const group of lacking) sum += groupCostIn(words, group, typos) ?? Infinity;
        least = Math.min(least, sum);
        return sum !== Infinity;
      });
      if (downloads.length > 0)
        found.push({ entry, cost: cost + least + lacking.length * DOWNLOAD_COST, rank, downloads });
    });
    return found;
  }

  /**
   * Categories and published products ranked by how well they match `term`, its words expanded with
   * `synonyms` (decision 067): the first `limit` of each, in order, how many match in all, and the
   * words that matched.
   */
  search(
    term: string,
    limit: number,
    synonyms: readonly SynonymSet[] = [],
    sort: ListingSort = "relevance",
  ): SearchResults {
    const query = prepareQuery(term, synonyms);
    const categorySlots: { slot: number; cost: number }[] = [];
    const categoryOutcome = this.categoryIndex.search(query, (slot, cost) => categorySlots.push({ slot, cost }));
    categorySlots.sort((a, b) => a.cost - b.cost || a.slot - b.slot);
    const categoryMatches: CategoryResult[] = categorySlots.flatMap(({ slot }) => {
      const entry = this.categories[slot];
      return entry
        ? [
            {
              id: entry.category.id,
              slug: entry.category.slug,
              name: entry.category.name,
              description: entry.category.description,
            },
          ]
        : [];
    });
    const first = new FirstByRank(limit);
    let productTotal = 0;
    // The first `limit` of every match in the order asked for: by cost, then listing order; or either order alone.
    const newest = sort === "newest" ? this.newestRankOfSlot() : undefined;
    const productOutcome = this.productIndex.search(
      query,
      (slot, cost) => {
        productTotal += 1;
        const rank = this.rankOfSlot[slot] ?? 0;
        first.offer(slot, newest ? (newest[slot] ?? 0) : sort === "model" ? rank : cost * RANKS + rank);
      },
      { admits: this.publishedSlots },
    );
    return {
      categories: categoryMatches.slice(0, limit),
      products: first.slots().flatMap((slot) => this.productOfSlot[slot]?.summary ?? []),
      total: categoryMatches.length + productTotal,
      matched: [...new Set([...categoryOutcome.matchedWords, ...productOutcome.matchedWords])],
    };
  }

  private newestRankOfSlot(): Int32Array {
    if (this.newestRanks) return this.newestRanks;
    const ranks = new Int32Array(this.rankOfSlot.length);
    [...this.everyProduct].sort(byNewest).forEach((entry, rank) => (ranks[entry.slot] = rank));
    return (this.newestRanks = ranks);
  }

  /**
   * Products whose model matches `term`, drafts too, except those in `exclude`: the first `limit`
   * ranked as a search ranks them (the whole model, then its words whole, then their starts, then
   * inside them), and how many match in all. The dashboard's accessory picker.
   */
  searchModels(term: string, limit: number, exclude: ReadonlySet<string>): ModelMatches {
    const first = new FirstByRank(limit);
    let total = 0;
    this.productIndex.search(
      prepareQuery(term),
      (slot, cost) => {
        if (exclude.has(this.productOfSlot[slot]?.id ?? "")) return;
        total += 1;
        first.offer(slot, cost * RANKS + (this.rankOfSlot[slot] ?? 0));
      },
      { fields: MODEL_FIELD + 1 },
    );
    return { products: first.slots().flatMap((slot) => this.productOfSlot[slot]?.summary ?? []), total };
  }

  /**
   * The published product a visitor means by `model`: the one with exactly that model in any letter
   * case, else the only one whose model holds it; null when none or several do.
   */
  findPublishedModel(model: string): ProductSummary | null {
    return this.publishedModelsHolding(model, 0).meant;
  }

  /**
   * The published products whose model holds `model` in any letter case: the one meant (see
   * `findPublishedModel`), the first `limit` in listing order, and how many in all.
   */
  publishedModelsHolding(model: string, limit: number): ModelsHolding {
    const needle = foldCase(model);
    const holding: ProductSummary[] = [];
    let exact: ProductSummary | null = null;
    let first: ProductSummary | null = null;
    let total = 0;
    for (const entry of this.products) {
      if (!entry.model.includes(needle)) continue;
      if (entry.model === needle) exact = entry.summary;
      first ??= entry.summary;
      total += 1;
      if (holding.length < limit) holding.push(entry.summary);
    }
    return { meant: exact ?? (total === 1 ? first : null), holding, total };
  }

  /**
   * Everything the state holds, as plain data in a fixed order, search slots aside: two states at the
   * same version describe themselves alike, however each came to be (the tests compare a state
   * changed in place with one built afresh).
   */
  describe(): unknown {
    const selector = this.selectorEntry();
    const every = 1_000_000;
    const ids = (listing: ProductListing) => listing.products.map((product) => product.id);
    // What is made of the lists when first asked for (orders, columns of values), as each is read.
    const orders = (categoryId: string, attributes: readonly CategoryAttribute[]) => ({
      newest: ids(this.listProducts({ categoryId, sort: "newest", pageSize: every })),
      byValue: filterAttributes(attributes).map((attribute) =>
        [false, true].map((descending) =>
          ids(this.listProducts({ categoryId, specSort: { attribute, descending }, pageSize: every })),
        ),
      ),
    });
    const newestRanks = this.newestRankOfSlot();
    return {
      listings: (["model", "newest"] as const).map((sort) =>
        [false, true].map((includeDiscontinued) =>
          ids(this.listProducts({ sort, includeDiscontinued, pageSize: every })),
        ),
      ),
      retiring: this.listRetiring({ sort: "model", page: 1, pageSize: every }).items.map((item) => item.id),
      version: this.version,
      categories: this.categories.map((entry) => ({
        category: entry.category,
        summary: entry.summary,
        everyProductCount: entry.everyProductCount,
        products: entry.products.map((product) => product.id),
        featureCounts: entry.featureBits.countsOf([]),
        lifecycleBits: entry.lifecycleBits,
        orders: orders(entry.category.id, entry.category.attributes),
        filtered: entry.category.features.map((feature) =>
          this.listProducts({
            categoryId: entry.category.id,
            featureIds: [feature.id],
            pageSize: 1_000_000,
          }).products.map((product) => product.id),
        ),
      })),
      categoryIndex: this.categories.map((_, slot) => this.categoryIndex.wordsAt(slot)),
      everyProduct: this.everyProduct.map((entry) => {
        const { slot: _slot, source: _source, ...held } = entry;
        return { ...held, page: this.pageOf(entry) };
      }),
      products: this.everyProduct.map((entry) => ({
        id: entry.id,
        indexed: this.productIndex.wordsAt(entry.slot),
        rank: this.rankOfSlot[entry.slot],
        newestRank: newestRanks[entry.slot],
        held: this.productOfSlot[entry.slot]?.id,
      })),
      indexed: this.productIndex.size,
      supportProducts: this.supportProducts,
      discontinued: this.discontinuedCount(),
      replacedBy: [...this.replacedBy]
        .map(([id, naming]) => [id, [...naming].sort()] as const)
        .sort(([a], [b]) => (a < b ? -1 : 1)),
      selector: selector && {
        category: selector.category,
        products: selector.products.map((entry) => entry.id),
        lifecycleBits: selector.lifecycleBits,
        orders: orders(PRODUCT_SELECTOR.id, selector.category.attributes),
      },
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

/** A product /support lists for a search: with the downloads that match, unless all do. */
interface SupportMatch {
  entry: SupportEntry;
  cost: number;
  rank: number;
  downloads?: SupportProduct["downloads"];
}

/** The fields of a product's search document that name it (model, category, features): what /support finds a product by. */
const NAMED_FIELDS = 3;
/** The field of a product's search document that holds its downloads' descriptions and file names. */
const DOWNLOADS_FIELD = 5;
/** What a word found in a download rather than in the product's names adds to a /support match's cost. */
const DOWNLOAD_COST = DOWNLOADS_FIELD * COST.field;

/** Room for this many products in listing order under each step of a search's cost. */
const RANKS = 1 << 22;
/** The field of a product's search document that holds its model. */
const MODEL_FIELD = 0;

/** A product's searched texts: its page's, or a test's own. */
export interface ProductSearchTexts {
  model: string;
  /** "" for none. */
  name?: string;
  categoryName: string;
  featureLabels: string[];
  description: string;
  specs: string | null;
  specsTable: string[][] | null;
  /** The typed values as search finds them (`valueTexts`). */
  typedSpecs?: string[];
  downloads: { description: string; fileName: string }[];
}

/**
 * What a product's search matches, most telling first (decision 067): its model, its category's name
 * and its own name (what it is: "4MP Starlight AI Dome Camera"), its features, its description, its specifications (text, table cells and typed values), its downloads' descriptions
 * and file names (a search for "d4m manual" means the camera whose manual it is).
 */
export function productSearchDocument(product: ProductSearchTexts): SearchDocument {
  return {
    model: product.model,
    fields: [
      [product.model],
      [product.categoryName, product.name ?? ""],
      product.featureLabels,
      [product.description],
      [product.specs ?? "", ...(product.specsTable ?? []).flat(), ...(product.typedSpecs ?? [])],
      product.downloads.flatMap((download) => [download.description, download.fileName]),
    ],
  };
}

/**
 * Each attribute's values' texts (`valueTexts`), made once for all the products that share a value:
 * catalogs repeat their values ("IP67", "2.8–12 mm"), and formatting them all again for every product
 * took about a second of a start at 50,000 products. Held by the attribute as its category has it:
 * a changed attribute is another object, and its texts go with the old one.
 */
const textsByAttribute = new WeakMap<CategoryAttribute, Map<string, readonly string[]>>();

function textsOf(attribute: CategoryAttribute, value: SpecValue): readonly string[] {
  if (attribute.type === "text") return valueTexts(attribute, value);
  let texts = textsByAttribute.get(attribute);
  if (!texts) {
    texts = new Map();
    textsByAttribute.set(attribute, texts);
  }
  const key = Array.isArray(value) ? value.join("\u0001") : String(value);
  let found = texts.get(key);
  if (!found) {
    found = valueTexts(attribute, value);
    texts.set(key, found);
  }
  return found;
}

/** A category as a product's page links to it. */
function categoryLink(category: CatalogCategory): CatalogProduct["category"] {
  return { id: category.id, slug: category.slug, name: category.name };
}

/** The values a product's card shows: its first few but texts, in the category's order (the ones it put first). */
function keyValuesOf(category: CatalogCategory, values: Record<string, SpecValue>): CatalogProduct["specValues"] {
  return specValuesOf(category, values)
    .filter((spec) => spec.attribute.type !== "text")
    .slice(0, KEY_SPECS);
}

/** The values of `values` (by attribute id) that `category` has and that fit its attributes, in its order. */
function specValuesOf(category: CatalogCategory, values: Record<string, SpecValue>): CatalogProduct["specValues"] {
  return category.attributes.flatMap((attribute) => {
    const value = values[attribute.id];
    return value !== undefined && fitsAttribute(attribute, value) ? [{ attribute, value }] : [];
  });
}

function documentOf(page: CatalogProduct): SearchDocument {
  return productSearchDocument({
    model: page.model,
    name: page.name,
    categoryName: page.category.name,
    featureLabels: page.features.map((feature) => feature.label),
    description: page.description,
    specs: page.specs,
    specsTable: page.specsTable,
    typedSpecs: page.specValues.flatMap((spec) => textsOf(spec.attribute, spec.value)),
    downloads: page.downloads.map((download) => ({ description: download.description, fileName: download.file.name })),
  });
}

/** What a category's search matches: its name, then its description. */
export function categorySearchDocument(category: { name: string; description: string }): SearchDocument {
  return { fields: [[category.name], [category.description]] };
}

/**
 * Whether a search for a query matches one of `documents`: what a page of results kept in the cache is
 * checked against when they change. Typos always count, so a page is dropped whenever it may differ.
 */
function matcherOf(documents: SearchDocument[], synonyms: () => readonly SynonymSet[]): (query: string) => boolean {
  let index: SearchIndex | undefined;
  return (query) => {
    if (documents.length === 0) return false;
    index ??= SearchIndex.of(documents);
    let matched = false;
    index.search(prepareQuery(query, synonyms()), () => (matched = true));
    return matched;
  };
}

/** The specifications of products read as JSON text: what their shared pieces are chosen from. */
function specificationTexts(sources: Iterable<ProductSource>): string[] {
  const texts: string[] = [];
  for (const { row } of sources) {
    if (row.specsJson !== null) texts.push(row.specsJson);
    if (row.specsTableJson !== null) texts.push(row.specsTableJson);
  }
  return texts;
}

/** The places of `products` (in listing order), newest first. */
function newestPlaces(products: readonly ProductEntry[]): Int32Array {
  const places = Int32Array.from(products.keys());
  return places.sort((a, b) => byNewest(products[a] as ProductEntry, products[b] as ProductEntry));
}

/**
 * Each product's rows gathered by product. What many products share is held once for the rows read
 * together (decision 077): equal ids and labels as one string, a stored file's view as one object.
 */
function sourcesOf(rows: CatalogRows, specifications?: SharedPieces): Map<string, ProductSource> {
  const strings = new Map<string, string>();
  const shared = (text: string) => {
    const found = strings.get(text);
    if (found !== undefined) return found;
    strings.set(text, text);
    return text;
  };
  const imageViews = new Map<string, ImageView>();
  const sharedImage = (file: ProductRow["file"], alt: string) => {
    const key = `${file.id}\u0000${alt}`;
    let view = imageViews.get(key);
    if (!view) imageViews.set(key, (view = imageView(file, shared(alt))));
    return view;
  };
  const fileViews = new Map<string, FileView>();
  const sharedFile = (file: DownloadRow["file"]) => {
    let view = fileViews.get(file.id);
    if (!view) fileViews.set(file.id, (view = fileView(file)));
    return view;
  };
  const sources = new Map<string, ProductSource>();
  // Held in pieces at once when a change brings them, a few at a time; those read whole, once served
  // (`packSpecifications`).
  const held = (json: string | null): string | null => {
    if (json === null) return null;
    const text = oneByteJson(json);
    return specifications ? specifications.hold(text) : text;
  };
  for (const row of rows.productRows) {
    row.categoryId = shared(row.categoryId);
    row.specsJson = held(row.specsJson);
    row.specsTableJson = held(row.specsTableJson);
    sources.set(row.id, {
      row,
      image: sharedImage(row.file, row.imageAlt),
      featureIds: [],
      additionalImages: [],
      downloads: [],
      accessoryIds: [],
      replacementIds: [],
      values: {},
    });
  }
  for (const row of rows.productValueRows) {
    const source = sources.get(row.productId);
    if (source) source.values = row.values;
  }
  for (const row of rows.productFeatureRows) {
    const source = sources.get(row.productId);
    if (source) for (const id of row.featureIds) source.featureIds.push(shared(id));
  }
  for (const row of rows.imageRows) {
    sources.get(row.productId)?.additionalImages.push({ ...sharedImage(row.file, row.alt), id: row.id });
  }
  for (const row of rows.downloadRows) {
    sources.get(row.productId)?.downloads.push({
      id: row.id,
      description: shared(row.description),
      kind: row.kind,
      file: sharedFile(row.file),
    });
  }
  for (const row of rows.accessoryRows) {
    sources.get(row.productA)?.accessoryIds.push(row.productB);
    sources.get(row.productB)?.accessoryIds.push(row.productA);
  }
  for (const row of rows.replacementRows) sources.get(row.productId)?.replacementIds.push(row.replacementId);
  return sources;
}

/** Products in both sets (a bit a place); `undefined` stands for every product. */
function intersected(a: number[] | undefined, b: number[] | undefined): number[] | undefined {
  if (!a) return b;
  if (!b) return a;
  return a.map((word, index) => word & (b[index] ?? 0));
}

/** A product's entry before a change and after it, listed in the same place. */
type Swap = readonly [before: ProductEntry, after: ProductEntry];

/** Whether an entry after a change is listed where the entry before was: by the same model, in the same category and publication. */
function listedAlike(before: ProductEntry, after: ProductEntry): boolean {
  return byModel(before, after) === 0 && before.categoryId === after.categoryId && before.published === after.published;
}

/** Whether records naming a product show it alike before and after a change: unpublished both times, or published with the same address, model and name. */
function namedAlike(before: ProductEntry | undefined, after: ProductEntry | undefined): boolean {
  if (!before?.published || !after?.published) return !before?.published && !after?.published;
  const [was, is] = [before.source.row, after.source.row];
  return was.slug === is.slug && was.model === is.model && was.name === is.name;
}

/** Where `entry` is in `list` (sorted by `order`, in which no two entries are equal), or -1. */
function placeIn(
  list: readonly ProductEntry[],
  entry: ProductEntry,
  order: (a: ProductEntry, b: ProductEntry) => number,
): number {
  let low = 0;
  let high = list.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const compared = order(list[middle] as ProductEntry, entry);
    if (compared === 0) return list[middle] === entry ? middle : -1;
    if (compared < 0) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/**
 * `list` (sorted by `order`) with each swap's entry after in its entry before's place; `list` itself
 * when it holds none of them. The entries of a swap sort alike, so the list stays sorted.
 */
function swapped(
  list: ProductEntry[],
  swaps: readonly Swap[],
  order: (a: ProductEntry, b: ProductEntry) => number,
): ProductEntry[] {
  let copy: ProductEntry[] | undefined;
  for (const [before, after] of swaps) {
    const place = placeIn(list, before, order);
    if (place < 0) continue;
    copy ??= [...list];
    copy[place] = after;
  }
  return copy ?? list;
}

/**
 * A category's listing (or the product selector's) with the swaps' entries in their places; what was
 * made of its list is kept where the swapped entries agree on what it read (their features, their
 * being discontinued, when they came out, their typed values). `counted`: its summary counts the
 * products that are not discontinued, as a category's does.
 */
function swappedListing(listing: CategoryEntry, swaps: readonly Swap[], counted: boolean): CategoryEntry {
  const held = swaps.filter(([before]) => placeIn(listing.products, before, byModel) >= 0);
  if (held.length === 0) return listing;
  const products = swapped(listing.products, held, byModel);
  const differ = (of: (entry: ProductEntry) => unknown) =>
    held.some(([before, after]) => !sameJson(of(before), of(after)));
  let { featureBits, lifecycleBits, summary } = listing;
  if (listing.category.features.length > 0 && differ((entry) => entry.source.featureIds)) {
    featureBits = new FeatureBits(listing.category.features);
    for (const entry of products) featureBits.add(entry.source.featureIds);
  }
  if (differ((entry) => entry.source.row.lifecycle === "discontinued")) {
    lifecycleBits = lifecycleBitsOf(products);
    if (counted)
      summary = { ...summary, productCount: lifecycleBits ? countOf(lifecycleBits.current) : products.length };
  }
  const { newest, specColumns, specOrders, ...kept } = listing;
  const valuesKept = held.every(([before, after]) => sameValues(before.source.values, after.source.values));
  return {
    ...kept,
    summary,
    products,
    featureBits,
    lifecycleBits,
    ...(newest && !differ((entry) => entry.cameOutAt) ? { newest } : {}),
    ...(specColumns && valuesKept ? { specColumns } : {}),
    ...(specOrders && valuesKept ? { specOrders } : {}),
  };
}

/** Whether two products' typed values are the same, in whatever order their attributes were read. */
function sameValues(a: Record<string, SpecValue>, b: Record<string, SpecValue>): boolean {
  const attributes = Object.keys(a);
  return (
    attributes.length === Object.keys(b).length &&
    attributes.every((attribute) => attribute in b && sameJson(a[attribute], b[attribute]))
  );
}

/** `grown` holding `held`'s values from its start. */
function grownTo<T extends Int32Array | Uint8Array>(held: T, grown: T): T {
  grown.set(held);
  return grown;
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
function sameEntry({ entry: a, page: pageA }: ShownEntry, { entry: b, page: pageB }: ShownEntry): boolean {
  return (
    a.published === b.published &&
    a.categoryId === b.categoryId &&
    sameJson(
      [pageA, a.everyAccessory, a.everyReplacement, a.summary, a.support],
      [pageB, b.everyAccessory, b.everyReplacement, b.summary, b.support],
    ) &&
    sameJson(a.source.featureIds, b.source.featureIds) &&
    sameJson(a.source.replacementIds, b.source.replacementIds) &&
    sameJson([...a.source.accessoryIds].sort(), [...b.source.accessoryIds].sort())
  );
}

import type { Paged } from "#app/domain/paging";
import type {
  CatalogCategory,
  CatalogProduct,
  CategorySummary,
  ListingSort,
  ModelMatches,
  ProductListing,
  ProductSummary,
  RetiringProduct,
  SearchResults,
  SupportProduct,
} from "#app/domain/catalog-views";
import { CATALOG_EVERYTHING, shownKeys, type CatalogChange } from "#app/domain/catalog-shown";
import { PRODUCT_SELECTOR } from "#app/domain/paths";
import type { Database } from "../db/client.server";
import type { DataWatch, WatchedData } from "../platform/data-watch.server";
import { noteShown } from "../platform/shown.server";
import { BETWEEN_TURNS, type Slicing } from "../platform/slices.server";
import { pruneCatalogChanges, readCatalogRows, readCatalogVersion, readTouched } from "./catalog-rows.server";
import { CatalogState, foldCase, type ModelsHolding, type ProductsAsked } from "./catalog-state.server";
import type { SynonymSet } from "./search-index.server";
import type { ProductNames } from "./product-names.server";

/** What the snapshot holds, as the watch names it. */
const CATALOG_DATA: readonly WatchedData[] = ["products", "categories"];

/**
 * Past this many products touched at once (an import, a restore), the catalog is read again whole
 * beside the one served rather than changed in place: applying that many at once would hold the event
 * loop for longer than a rebuild's slices do.
 */
export const MOST_TOUCHED_IN_PLACE = 5_000;

/** How often an instance forgets notes of changes older than a day. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export type CatalogListener = (change: CatalogChange | typeof CATALOG_EVERYTHING) => void;

/**
 * The public catalog held in this process (decision 017), kept at the catalog's version in place
 * (decision 066): when the data watch hears of a change, the snapshot reads what the changes since its
 * version touched (drizzle/0018_catalog_changes.sql) and the rows of just those records, in one
 * repeatable-read transaction, and applies them at once, in the order the database committed them.
 * It reads everything again only at start and when the changes cannot be told (their notes pruned, a
 * table emptied, or more than MOST_TOUCHED_IN_PLACE products at once): then beside the state served,
 * which visitors go on reading until the new one is ready. Each change applied is told to listeners
 * (the page cache) with the keys of what it changed. Every read notes the keys of what it handed out
 * (`noteShown`).
 */
export class CatalogSnapshot {
  private state: CatalogState | undefined;
  private building: Promise<CatalogState> | undefined;
  private updating: Promise<void> | undefined;
  /** The watch's mark just before the version last read matched the state's. */
  private confirmedAt: number | undefined;
  private readonly listeners = new Set<CatalogListener>();
  private prunedAt = 0;
  /** The served state's holding its specifications in pieces (decision 093): settled once they are. */
  private packing: Promise<void> = Promise.resolve();
  /** Catch-ups under way that the watch's notices started. */
  private catchingUp = 0;
  /**
   * The owner's synonyms as the latest search was given them: what a change's search check expands
   * queries with (the page cache drops every search when they change).
   */
  private synonyms: readonly SynonymSet[] = [];

  constructor(
    private readonly db: Database,
    private readonly watch: DataWatch,
    /**
     * How a rebuild is cut: rows read, or products assembled, at a time; and what it awaits between two
     * slices (a turn of the event loop). Smaller slices only to try many on a small catalog.
     */
    private readonly slicing: Slicing = BETWEEN_TURNS,
  ) {
    // Changes are applied as they are heard, not at the next read: the page cache drops what they
    // changed at once.
    watch.subscribe((what) => {
      if (!this.state || !(what === "*" || CATALOG_DATA.includes(what))) return;
      // A notice of a change to the catalog holds kept pages back until it is applied; "everything"
      // (a connection lost or found again) does not: kept pages are what carries an outage.
      const named = what !== "*";
      if (named) this.catchingUp += 1;
      // A read tries again, and reports a failure, when this one fails.
      this.catchUp()
        .catch(() => undefined)
        .finally(() => {
          if (named) this.catchingUp -= 1;
        });
    });
  }

  /**
   * Whether a change the database announced is being applied: until it is (a few milliseconds), a
   * kept page that follows the catalog by record may show what it changed, and is rendered instead
   * of served (decision 066). Only for a change to the catalog named by a notice, and not while the
   * notices go unheard: kept pages carry an outage, and a catch-up then waits for the database.
   */
  get behind(): boolean {
    return this.catchingUp > 0 && this.watch.hearsNotices;
  }

  /** Reads the whole catalog, once: a server is ready when this has settled. */
  async start(): Promise<void> {
    if (!this.state) await this.rebuild();
  }

  /** Whether the catalog can be served from memory: read whole once. */
  get ready(): boolean {
    return this.state !== undefined;
  }

  /** Calls `listener` after each change applied, or with CATALOG_EVERYTHING after a rebuild replaced the state. */
  subscribe(listener: CatalogListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Every category with how many products it holds, by name ignoring letter case: published ones, or
   * with `drafts` every one, as committed now (the dashboard's view: see `asCommittedNow`).
   */
  async listCategories(options: { drafts?: boolean } = {}): Promise<CategorySummary[]> {
    const state = await (options.drafts ? this.asCommittedNow() : this.current());
    noteShown([shownKeys.categoryList]);
    return state.listCategories(options);
  }

  /**
   * A category with its features in natural order, or null. With `latest`, as committed now (the
   * dashboard's view: see `asCommittedNow`).
   */
  async getCategory(reference: string, options: { latest?: boolean } = {}): Promise<CatalogCategory | null> {
    const category = (await this.find((state) => state.getCategory(reference), options)) ?? null;
    // By its id, whatever it was asked by: a change names the records it touched by id.
    noteShown([shownKeys.category(category?.id ?? reference)]);
    return category;
  }

  /** The product selector as a category, or null when no two categories share a filter attribute. */
  async getSelector(): Promise<CatalogCategory | null> {
    const selector = (await this.current()).getSelector() ?? null;
    noteShown([shownKeys.categoryList]);
    return selector;
  }

  /**
   * A published product's page by its slug or id: its category, features, pictures, accessories and
   * downloads; or null.
   */
  async getProduct(reference: string): Promise<CatalogProduct | null> {
    const product = (await this.find((state) => state.getProduct(reference))) ?? null;
    noteShown([shownKeys.product(product?.id ?? reference)]);
    return product;
  }

  /**
   * Any product, a draft or scheduled one too, as the dashboard and an admin's preview read it: its
   * accessories include drafts. Never for visitors, so as committed now (see `asCommittedNow`).
   */
  async getAnyProduct(reference: string): Promise<CatalogProduct | null> {
    return (await this.find((state) => state.getAnyProduct(reference), { latest: true })) ?? null;
  }

  /**
   * A page of products, by model ignoring case: all of them, or one category's, narrowed to those that
   * have every one of `featureIds`, with how many of those have each of its features (the ones at least
   * one has).
   */
  async listProducts(options: ProductsAsked): Promise<ProductListing> {
    const state = await this.current();
    // The selector lists every category's products that share its filters: any listing or category changes it.
    noteShown(
      options.categoryId === PRODUCT_SELECTOR.id
        ? [shownKeys.listing(), shownKeys.categoryList]
        : [shownKeys.listing(options.categoryId)],
    );
    return state.listProducts(options);
  }

  /** A page of the published products no longer sold as usual (CatalogState.listRetiring). */
  async listRetiring(options: Parameters<CatalogState["listRetiring"]>[0]): Promise<Paged<RetiringProduct>> {
    const state = await this.current();
    // Every published product's lifecycle, and its category's name.
    noteShown([shownKeys.listing(), shownKeys.categoryList]);
    return state.listRetiring(options);
  }

  /**
   * A page of the published products that have downloads, by model ignoring case, each with its
   * downloads in their order, narrowed by `term`, `categoryId` and `kind` (see CatalogState), and whether
   * any published product has a download at all.
   */
  async listSupportProducts(
    options: Parameters<CatalogState["listSupportProducts"]>[0] & { synonyms: readonly SynonymSet[] },
  ): Promise<Paged<SupportProduct> & { anyInCatalog: boolean }> {
    const state = await this.current();
    this.synonyms = options.synonyms;
    noteShown([shownKeys.support]);
    return state.listSupportProducts(options);
  }

  /**
   * Categories and products ranked by how well they match `term`, its words expanded with `synonyms`
   * (CatalogState.search): the first `limit` of each and how many match in all.
   */
  async search(
    term: string,
    limit: number,
    synonyms: readonly SynonymSet[],
    sort: ListingSort = "relevance",
  ): Promise<SearchResults> {
    const state = await this.current();
    this.synonyms = synonyms;
    noteShown([shownKeys.search(foldCase(term))]);
    return state.search(term, limit, synonyms, sort);
  }

  /**
   * Products whose model holds `term` in any letter case, except those in `exclude`: the first `limit`
   * of those whose model starts with it, followed by those that hold it further on. Drafts too: the
   * dashboard's accessory picker, so as committed now (see `asCommittedNow`).
   */
  async searchModels(term: string, limit: number, exclude: ReadonlySet<string>): Promise<ModelMatches> {
    return (await this.asCommittedNow()).searchModels(term, limit, exclude);
  }

  /**
   * The published products as firmware and advisories name them (CatalogState.productNames), as the
   * catalog is now: what their copies join with rather than asking the database after every save.
   */
  async productNames(): Promise<ProductNames> {
    return (await this.current()).productNames();
  }

  /**
   * The published product a visitor means by `model`: the one with exactly that model in any letter
   * case, else the only one whose model holds it; null when none or several do.
   */
  async findPublishedModel(model: string): Promise<ProductSummary | null> {
    return (await this.publishedModelsHolding(model, 0)).meant;
  }

  /** The published products whose model holds `model` (CatalogState.publishedModelsHolding). */
  async publishedModelsHolding(model: string, limit: number): Promise<ModelsHolding> {
    const state = await this.current();
    noteShown([shownKeys.models]);
    return state.publishedModelsHolding(model, limit);
  }

  /**
   * Everything the state holds as plain data (CatalogState.describe), as committed now: what the tests
   * compare with a state read afresh.
   */
  async describe(): Promise<unknown> {
    return (await this.asCommittedNow()).describe();
  }

  /** The specifications' characters as held and as read, once the served state holds them in pieces (decision 093). */
  async packedSpecifications(): Promise<{ held: number; read: number }> {
    const state = await this.current();
    await this.packing;
    return state.heldSpecifications();
  }

  /**
   * Brings the state to the catalog's version as committed now: what a write of this instance awaits
   * before its answer leaves, so that the next request, and the page cache, already have it.
   */
  async catchUp(): Promise<void> {
    await this.current({ confirm: true });
  }

  /**
   * A record by id; one the copy lacks is looked for again after the version is read. Another
   * instance's write reaches this one as the database's notice, which a loaded machine can deliver
   * after the visitor's next request (an admin redirected to the record just made, on the other
   * instance): what this copy lacks may be newer than it, and a miss costs one small query. With
   * `latest`, the version is read first: a record this copy holds may be older than the database's.
   */
  private async find<T>(
    pick: (state: CatalogState) => T | undefined,
    options: { latest?: boolean } = {},
  ): Promise<T | undefined> {
    if (options.latest) return pick(await this.asCommittedNow());
    return pick(await this.current()) ?? pick(await this.asCommittedNow());
  }

  /**
   * The state at the version as committed now, whatever this instance has heard of: every read for the
   * dashboard (decision 053). An admin's save may have gone through another instance, whose notice of
   * it can come in after the admin's next page; a form opened on what was there before would show the
   * change undone.
   */
  private asCommittedNow(): Promise<CatalogState> {
    return this.current({ confirm: true });
  }

  /**
   * The state at the catalog's current version. Visitors' reads ask the database only after the watch
   * heard of a change since the version last matched, and not while a rebuild is under way (they read
   * the state served meanwhile). With `confirm`, the version is read whatever the watch heard, and a
   * rebuild is waited for.
   */
  private async current(options: { confirm?: boolean } = {}): Promise<CatalogState> {
    const { state } = this;
    if (
      state &&
      !options.confirm &&
      (this.building || (this.confirmedAt !== undefined && !this.watch.changedSince(CATALOG_DATA, this.confirmedAt)))
    ) {
      return state;
    }
    const mark = this.watch.mark();
    const version = await readCatalogVersion(this.db);
    let current = this.state ?? (await this.rebuild());
    // An update under way may have read the version before the change this read saw: then one more.
    while (current.version < version) {
      if (this.building) {
        // Read again whole: visitors go on with the state served, the dashboard waits for the new one.
        if (!options.confirm) return current;
        current = await this.building;
        continue;
      }
      await (this.updating ??= this.update().finally(() => (this.updating = undefined)));
      current = this.state ?? current;
    }
    if (this.confirmedAt === undefined || mark > this.confirmedAt) this.confirmedAt = mark;
    return current;
  }

  /**
   * Applies what the changes after the state's version touched, read with their rows in one
   * transaction; or reads everything again when that cannot be told.
   */
  private async update(): Promise<void> {
    const state = this.state;
    if (!state) {
      await this.rebuild();
      return;
    }
    const read = await this.db.transaction(
      async (tx) => {
        const version = await readCatalogVersion(tx);
        const touched = await readTouched(tx, state.version, version);
        if (!touched || touched.productIds.size > MOST_TOUCHED_IN_PLACE) return null;
        return { version, touched, rows: await readCatalogRows(tx, this.slicing, touched) };
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    if (!read) {
      // Not awaited: whoever reads meanwhile decides whether to wait for it (see `current`).
      this.rebuild().catch(() => undefined);
      return;
    }
    // A rebuild may have replaced the state meanwhile, at this version or past it.
    if (this.state === state && state.version < read.version) {
      const change = state.apply(read.version, read.touched, read.rows, () => this.synonyms);
      for (const listener of this.listeners) listener(change);
    }
    if (Date.now() - this.prunedAt > PRUNE_EVERY_MS) {
      this.prunedAt = Date.now();
      await pruneCatalogChanges(this.db).catch(() => undefined);
    }
  }

  /**
   * Reads every row in one repeatable-read transaction and builds a state of them, in slices, so
   * that requests go on meanwhile (decision 031); the state served until then stays served.
   */
  private rebuild(): Promise<CatalogState> {
    this.building ??= (async () => {
      const mark = this.watch.mark();
      const { version, rows } = await this.db.transaction(
        async (tx) => ({
          version: await readCatalogVersion(tx),
          rows: await readCatalogRows(tx, this.slicing),
        }),
        { isolationLevel: "repeatable read", accessMode: "read only" },
      );
      const built = await CatalogState.build(version, rows, this.slicing);
      const replaced = this.state;
      if (!replaced || built.version >= replaced.version) {
        this.state = built;
        // Read at the version as committed after the mark: it need not be read again until the next change.
        this.confirmedAt = mark;
        // Not awaited: the state is served meanwhile, its texts read as they are until held in pieces.
        this.packing = built.packSpecifications(this.slicing).catch(() => undefined);
        if (replaced) for (const listener of this.listeners) listener(CATALOG_EVERYTHING);
      }
      return this.state ?? built;
    })().finally(() => (this.building = undefined));
    return this.building;
  }
}

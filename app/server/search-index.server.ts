import { eq, sql } from "drizzle-orm";
import { sortIgnoringCaseBy } from "#app/domain/format";
import type { ModelMatches, ProductSummary, SearchResults } from "#app/domain/catalog-views";
import { imageView, imageFileColumns } from "./file-views.server";
import type { Database, Queryable } from "./db/client.server";
import { catalogVersions, categories, files, products } from "./db/schema";

/** Between the fields of one record, so that no match can run from one field into the next. */
const FIELD_SEPARATOR = "\u0000";

interface Searchable<T> {
  /** Every searched field, letter case folded. */
  text: string;
  /** Which pairs of neighbouring characters `text` holds (see bigramBits). */
  bigrams: Uint32Array;
  result: T;
}

/** Bits per record for its character pairs: a 7-letter word it lacks is ruled out in a few operations. */
const BIGRAM_BITS = 1024;

/** The bit of each pair of neighbouring characters in `text`. */
function bigramBits(text: string): number[] {
  const bits: number[] = [];
  for (let index = 0; index + 1 < text.length; index += 1) {
    bits.push((text.charCodeAt(index) * 31 + text.charCodeAt(index + 1)) & (BIGRAM_BITS - 1));
  }
  return bits;
}

function bigramSet(text: string): Uint32Array {
  const set = new Uint32Array(BIGRAM_BITS / 32);
  for (const bit of bigramBits(text)) set[bit >> 5] = (set[bit >> 5] ?? 0) | (1 << (bit & 31));
  return set;
}

/** Whether `text` holds `needle`: first whether it can (every pair of the needle is there), then for sure. */
function holds<T>(entry: Searchable<T>, needle: string, needleBits: number[]): boolean {
  for (const bit of needleBits) if (((entry.bigrams[bit >> 5] ?? 0) & (1 << (bit & 31))) === 0) return false;
  return entry.text.includes(needle);
}

function searchable<T>(fields: string[], result: T): Searchable<T> {
  const text = foldCase(fields.join(FIELD_SEPARATOR));
  return { text, bigrams: bigramSet(text), result };
}

type CategoryResult = SearchResults["categories"][number];

interface SearchableProduct extends Searchable<ProductSummary> {
  /** The model alone, letter case folded: what a search by model tests. */
  model: string;
}

interface Built {
  /** The counters (catalog_versions) the rows were read at. */
  versions: Map<string, number>;
  /** By name ignoring letter case. */
  categories: Searchable<CategoryResult>[];
  /** By model ignoring letter case: the order results are listed in. */
  products: SearchableProduct[];
}

/** Letter case folded the same way for the catalog's text and the query, whatever the database's locale. */
export function foldCase(text: string): string {
  return text.toLowerCase();
}

/**
 * The searchable text and the result summary of every category and product, held in this process: a
 * substring test over them takes a few milliseconds at 10,000 products, where SQL must read every row
 * for a short query (no trigram to use) and count every match (decision 008). It is never stale: each
 * search first reads the catalog's version counters (two primary-key rows, moved on by triggers at
 * every change, however made) and rebuilds when one moved. Concurrent searches share one rebuild.
 */
export class CatalogSearchIndex {
  private built: Built | undefined;
  private building: Promise<Built> | undefined;

  constructor(private readonly db: Database) {}

  /**
   * Categories by name or description, products by model, description or specs (text or table cells),
   * holding `term` in any letter case: the first `limit` of each and how many match in all.
   */
  async search(term: string, limit: number): Promise<SearchResults> {
    const needle = foldCase(term);
    const needleBits = [...new Set(bigramBits(needle))];
    const built = await this.current();
    const categoryMatches = built.categories.filter((entry) => holds(entry, needle, needleBits));
    const productMatches: ProductSummary[] = [];
    let productTotal = 0;
    for (const entry of built.products) {
      if (!holds(entry, needle, needleBits)) continue;
      productTotal += 1;
      if (productMatches.length < limit) productMatches.push(entry.result);
    }
    return {
      categories: categoryMatches.slice(0, limit).map((entry) => entry.result),
      products: productMatches,
      total: categoryMatches.length + productTotal,
    };
  }

  /**
   * Products whose model holds `term` in any letter case, except those in `exclude`: the first `limit`
   * of those whose model starts with it, followed by those that hold it further on.
   */
  async searchModels(term: string, limit: number, exclude: ReadonlySet<string>): Promise<ModelMatches> {
    const needle = foldCase(term);
    const built = await this.current();
    const starting: ProductSummary[] = [];
    const holding: ProductSummary[] = [];
    let total = 0;
    for (const entry of built.products) {
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

  private async current(): Promise<Built> {
    const versions = await readVersions(this.db);
    if (this.built && sameVersions(this.built.versions, versions)) return this.built;
    this.building ??= this.build().finally(() => (this.building = undefined));
    const built = await this.building;
    // A rebuild started before the change this search saw may still hold the older rows.
    if (!atLeast(built.versions, versions)) return this.current();
    return built;
  }

  private async build(): Promise<Built> {
    // One snapshot for the counters and the rows, so the versions name exactly the rows read.
    const built = await this.db.transaction(
      async (tx) => {
        const versions = await readVersions(tx);
        const [categoryRows, productRows] = await Promise.all([
          tx.select({ id: categories.id, name: categories.name, description: categories.description }).from(categories),
          tx
            .select({
              id: products.id,
              model: products.model,
              description: products.description,
              specs: products.specs,
              specsTable: products.specsTable,
              ndaa: products.ndaa,
              imageAlt: products.imageAlt,
              file: imageFileColumns,
            })
            .from(products)
            .innerJoin(files, eq(files.id, products.imageFileId))
            .orderBy(sql`lower(${products.model})`, products.model),
        ]);
        return {
          versions,
          categories: sortIgnoringCaseBy(categoryRows, (row) => row.name).map((row) =>
            searchable([row.name, row.description], row),
          ),
          products: productRows.map((row) => ({
            ...searchable([row.model, row.description, row.specs ?? "", ...(row.specsTable ?? []).flat()], {
              id: row.id,
              model: row.model,
              description: row.description,
              ndaa: row.ndaa,
              image: imageView(row.file, row.imageAlt),
            }),
            model: foldCase(row.model),
          })),
        };
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    if (!this.built || atLeast(built.versions, this.built.versions)) this.built = built;
    return built;
  }
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

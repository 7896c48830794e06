import { and, asc, eq, inArray } from "drizzle-orm";
import { advisorySearchText, headlineScore, type AdvisoryDocument, type AffectedProduct } from "#app/domain/advisory";
import { scoreCvss, SEVERITIES, type Severity } from "#app/domain/cvss";
import { pageOf, type Paged } from "#app/domain/paging";
import { holdsEveryWord, normalizeText, wordsOf } from "#app/domain/search-text";
import { advisoryPath, firmwareReleasePath } from "#app/domain/paths";
import type { Database } from "../db/client.server";
import { advisories, advisoryProducts, advisoryRevisions, firmwareReleases } from "../db/schema";
import { keptUntilChanged, type DataWatch, type WatchedData } from "../platform/data-watch.server";
import { joinedWithProductNames, noteNamedProducts, type ProductNames } from "./product-names.server";

/** An advisory's product as visitors read it: with its page's slug. */
export interface PublishedAffectedProduct extends AffectedProduct {
  slug: string;
}

/** A published advisory as pages, feeds and the CSAF distribution read it. */
export interface PublishedAdvisory extends AdvisoryDocument {
  affected: PublishedAffectedProduct[];
  /** Its page. */
  path: string;
  /** When it was first published and last revised (ISO date and time). */
  published: string;
  updated: string;
  /** The year of its first publication: its CSAF folder, and the list's filter. */
  year: string;
}

export const ADVISORIES_PAGE_SIZE = 20;

/**
 * What is read of the advisories from the database: the advisories and the fixing releases (a draft
 * release is no fix a visitor can install). The products they name are joined from the catalog in
 * memory (a draft product is not named), so a product's save does not make them read again.
 */
const ADVISORY_DATA: readonly WatchedData[] = ["advisories", "firmware"];

interface Published {
  /** Newest first. */
  all: readonly PublishedAdvisory[];
  byId: ReadonlyMap<string, PublishedAdvisory>;
  byProduct: ReadonlyMap<string, readonly PublishedAdvisory[]>;
  byFixingRelease: ReadonlyMap<string, readonly PublishedAdvisory[]>;
  /**
   * The products each advisory names, drafts too (one published later is named then): what a page
   * showing it goes with. `naming` and `fixedIn` are `byProduct` and `byFixingRelease` counting those
   * products as well: which advisories a page reading those could get.
   */
  named: {
    by: ReadonlyMap<PublishedAdvisory, readonly string[]>;
    naming: ReadonlyMap<string, readonly PublishedAdvisory[]>;
    fixedIn: ReadonlyMap<string, readonly PublishedAdvisory[]>;
    all: readonly string[];
  };
  /** When this copy was read: the provider metadata's date while nothing is published. */
  readAt: string;
}

function grouped<K, V>(pairs: Iterable<[K, V]>): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  for (const [key, value] of pairs) {
    const group = groups.get(key);
    if (group) group.push(value);
    else groups.set(key, [value]);
  }
  return groups;
}

/** What the database holds of the published advisories, the products they name by id only. */
async function readPublished(db: Database) {
  const readAt = new Date().toISOString();
  const isPublished = eq(advisories.status, "published");
  const rows = await db.select().from(advisories).where(isPublished);
  const ofPublished = inArray(
    advisoryProducts.advisoryId,
    db.select({ id: advisories.id }).from(advisories).where(isPublished),
  );
  const [affectedRows, revisionRows] = await Promise.all([
    db
      .select({
        advisoryId: advisoryProducts.advisoryId,
        productId: advisoryProducts.productId,
        affectedVersions: advisoryProducts.affectedVersions,
        fixedReleaseId: firmwareReleases.id,
        fixedVersion: firmwareReleases.releaseVersion,
      })
      .from(advisoryProducts)
      .leftJoin(
        firmwareReleases,
        and(eq(firmwareReleases.id, advisoryProducts.fixedReleaseId), eq(firmwareReleases.status, "published")),
      )
      .where(ofPublished)
      .orderBy(asc(advisoryProducts.position)),
    db
      .select()
      .from(advisoryRevisions)
      .where(
        inArray(advisoryRevisions.advisoryId, db.select({ id: advisories.id }).from(advisories).where(isPublished)),
      )
      .orderBy(asc(advisoryRevisions.number)),
  ]);
  return { readAt, rows, affectedRows, revisionRows };
}

/** The advisories read, with the products they name as visitors see them now. */
function publishedWith(
  { readAt, rows, affectedRows, revisionRows }: Awaited<ReturnType<typeof readPublished>>,
  names: ProductNames,
): Published {
  const namedOf = grouped(affectedRows.map((row): [string, string] => [row.advisoryId, row.productId]));
  const fixesOf = grouped(
    affectedRows.flatMap((row): [string, string][] =>
      row.fixedReleaseId ? [[row.advisoryId, row.fixedReleaseId]] : [],
    ),
  );
  const affectedOf = grouped(
    affectedRows.flatMap((row): [string, PublishedAffectedProduct][] => {
      const product = names.named(row.productId);
      if (!product) return [];
      return [
        [
          row.advisoryId,
          {
            productId: product.id,
            slug: product.slug,
            model: product.model,
            name: product.name,
            affectedVersions: row.affectedVersions,
            fixedIn:
              row.fixedReleaseId && row.fixedVersion
                ? {
                    releaseId: row.fixedReleaseId,
                    version: row.fixedVersion,
                    url: firmwareReleasePath(product.id, row.fixedReleaseId),
                  }
                : null,
          },
        ],
      ];
    }),
  );
  const revisionsOf = grouped(
    revisionRows.map((row): [string, AdvisoryDocument["revisions"][number]] => [
      row.advisoryId,
      { number: row.number, date: row.publishedAt.toISOString(), note: row.note },
    ]),
  );
  const namedBy = new Map<PublishedAdvisory, readonly string[]>();
  const fixesBy = new Map<PublishedAdvisory, readonly string[]>();
  const all = rows
    .flatMap((row): PublishedAdvisory[] => {
      const revisions = revisionsOf.get(row.id) ?? [];
      const first = revisions[0];
      const latest = revisions.at(-1);
      // Published with no revision is a state no write leaves; shown, it would have no date.
      if (!first || !latest) return [];
      const v31 = row.cvssV31 ? scoreCvss("3.1", row.cvssV31) : null;
      const v40 = row.cvssV40 ? scoreCvss("4.0", row.cvssV40) : null;
      const cvss = {
        v31: v31 && !("problem" in v31) ? v31 : null,
        v40: v40 && !("problem" in v40) ? v40 : null,
      };
      const advisory: PublishedAdvisory = {
        id: row.trackingId,
        title: row.title,
        summary: row.summary,
        details: row.details,
        cves: row.cveIds,
        cvss,
        severity: headlineScore(cvss)?.severity ?? "None",
        workaround: row.workaround,
        acknowledgments: row.acknowledgments
          .split("\n")
          .map((line) => line.trim())
          .filter(Boolean),
        status: row.advisoryStatus,
        affected: affectedOf.get(row.id) ?? [],
        revisions,
        path: advisoryPath(row.trackingId),
        published: first.date,
        updated: latest.date,
        year: first.date.slice(0, 4),
      };
      namedBy.set(advisory, namedOf.get(row.id) ?? []);
      fixesBy.set(advisory, fixesOf.get(row.id) ?? []);
      return [advisory];
    })
    .sort((a, b) => b.published.localeCompare(a.published) || b.id.localeCompare(a.id));
  return {
    all,
    byId: new Map(all.map((advisory) => [advisory.id.toLowerCase(), advisory])),
    byProduct: grouped(
      all.flatMap((advisory) =>
        advisory.affected.map((product): [string, PublishedAdvisory] => [product.productId, advisory]),
      ),
    ),
    byFixingRelease: grouped(
      all.flatMap((advisory) =>
        [...new Set(advisory.affected.flatMap((product) => (product.fixedIn ? [product.fixedIn.releaseId] : [])))].map(
          (releaseId): [string, PublishedAdvisory] => [releaseId, advisory],
        ),
      ),
    ),
    named: {
      by: namedBy,
      naming: grouped(
        all.flatMap((advisory) =>
          [...new Set(namedBy.get(advisory))].map((productId): [string, PublishedAdvisory] => [productId, advisory]),
        ),
      ),
      fixedIn: grouped(
        all.flatMap((advisory) =>
          [...new Set(fixesBy.get(advisory))].map((releaseId): [string, PublishedAdvisory] => [releaseId, advisory]),
        ),
      ),
      all: [...new Set(all.flatMap((advisory) => namedBy.get(advisory) ?? []))],
    },
    readAt,
  };
}

/**
 * The published security advisories as visitors read them: kept in memory like the firmware (they are
 * few), read again only once the data watch says advisories or firmware may have changed, and joined
 * again with the products they name when the catalog's names change. Only what a visitor may see is
 * there: an embargoed (draft) or scheduled advisory is not, nor a draft product it names, nor a draft
 * release that will fix it. Each read notes the products what it hands out names (`noteNamedProducts`).
 */
export function createAdvisoryReads({
  db,
  watch,
  productNames,
}: {
  db: Database;
  watch: DataWatch;
  /** The catalog's published products (CatalogSnapshot.productNames). */
  productNames: () => Promise<ProductNames>;
}) {
  const published = joinedWithProductNames(
    keptUntilChanged(watch, ADVISORY_DATA, () => readPublished(db)),
    productNames,
    publishedWith,
  );

  /** The published advisories, noting every product they name: for reads that depend on all of them. */
  async function readingAll(): Promise<Published> {
    const read = await published();
    noteNamedProducts(read.named.all);
    return read;
  }

  /** Notes the products `shown` name (`noteNamedProducts`): a page showing them goes when one changes. */
  function noteNaming({ named }: Published, shown: readonly PublishedAdvisory[]): void {
    for (const advisory of shown) noteNamedProducts(named.by.get(advisory) ?? []);
  }

  /** Every published advisory, newest first. Shared by every reader: callers copy before they change anything. */
  async function listAll(): Promise<readonly PublishedAdvisory[]> {
    return (await readingAll()).all;
  }

  /** A page of the published advisories, newest first, narrowed to a product, a severity and a year. */
  async function list(filters: {
    productId?: string;
    severity?: Severity;
    year?: string;
    page?: number;
  }): Promise<Paged<PublishedAdvisory>> {
    const { all, byProduct } = await readingAll();
    const { productId, severity, year } = filters;
    const from = productId ? (byProduct.get(productId) ?? []) : all;
    const matching = from.filter(
      (advisory) => (!severity || advisory.severity === severity) && (!year || advisory.year === year),
    );
    return pageOf(matching, filters.page ?? 1, ADVISORIES_PAGE_SIZE);
  }

  /** What the list can be narrowed to: the products, severities and years some advisory has. */
  async function filterChoices() {
    const { all } = await readingAll();
    const productsNamed = new Map<string, string>();
    for (const advisory of all)
      for (const product of advisory.affected) productsNamed.set(product.productId, product.model);
    return {
      products: [...productsNamed].map(([id, model]) => ({ id, model })).sort((a, b) => a.model.localeCompare(b.model)),
      severities: SEVERITIES.filter((severity) => all.some((advisory) => advisory.severity === severity)).reverse(),
      years: [...new Set(all.map((advisory) => advisory.year))],
    };
  }

  /** One published advisory by its id, in any letter case. */
  async function get(trackingId: string): Promise<PublishedAdvisory | undefined> {
    const read = await published();
    const advisory = read.byId.get(trackingId.toLowerCase());
    if (advisory) noteNaming(read, [advisory]);
    return advisory;
  }

  /** The published advisories naming a product, newest first. */
  async function affecting(productId: string): Promise<readonly PublishedAdvisory[]> {
    const read = await published();
    // Those naming it while it is a draft are this product's once it is published.
    noteNamedProducts([productId]);
    noteNaming(read, read.named.naming.get(productId) ?? []);
    return read.byProduct.get(productId) ?? [];
  }

  /** The published advisories a release fixes (for some product), newest first. */
  async function fixedBy(releaseId: string): Promise<readonly PublishedAdvisory[]> {
    const read = await published();
    noteNaming(read, read.named.fixedIn.get(releaseId) ?? []);
    return read.byFixingRelease.get(releaseId) ?? [];
  }

  /**
   * The published advisories a search finds, newest first: those holding every word of `query` in
   * their id, CVE ids, title, summary or products' models (a CVE id or an advisory id finds its own).
   */
  async function search(query: string, limit: number): Promise<readonly PublishedAdvisory[]> {
    // Which are found depends on every named product's model.
    const { all } = await readingAll();
    const words = wordsOf(normalizeText(query));
    return all
      .filter((advisory) =>
        holdsEveryWord(
          normalizeText(advisorySearchText({ ...advisory, models: advisory.affected.map((product) => product.model) })),
          words,
        ),
      )
      .slice(0, limit);
  }

  /** When the published advisories last changed: the newest revision's date, or when they were read. */
  async function lastUpdated(): Promise<string> {
    const { all, readAt } = await readingAll();
    return (
      all.reduce<string | undefined>(
        (latest, advisory) => (latest && latest > advisory.updated ? latest : advisory.updated),
        undefined,
      ) ?? readAt
    );
  }

  return { listAll, list, filterChoices, get, affecting, fixedBy, search, lastUpdated };
}

export type AdvisoryReads = ReturnType<typeof createAdvisoryReads>;

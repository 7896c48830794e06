import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
import { publicationSet, publicationState, storedPublication, type Publication } from "#app/domain/publication";
import { pageOf, type Paged } from "#app/domain/paging";
import { syncFileVisibility } from "./publication.server";
import {
  claimVersion,
  FieldRuleError,
  NotFoundError,
  type AdminWrite,
  type Restorer,
  type Restoring,
  type WriteOrigin,
} from "./write.server";
import type { FirmwareData } from "../records/firmware.server";
import { FIRMWARE_MESSAGES } from "#app/domain/forms/firmware";
import type { Database, Queryable } from "../db/client.server";
import { countRows, readPage } from "../db/paging.server";
import { files, firmwareProducts, firmwareReleases, products } from "../db/schema";
import { fileView } from "../files/file-views.server";
import { keptUntilChanged, type DataWatch, type WatchedData } from "../platform/data-watch.server";
import { joinedWithProductNames, noteNamedProducts, type ProductNames } from "../site/product-names.server";
import { isUuid, MissingFileError, type FileService } from "../files/files.server";
import { readAll } from "../platform/streams.server";
import { MAX_UPLOAD_BYTES } from "#app/domain/limits";
import { sbomFormatOfText } from "#app/domain/sbom";
import {
  firmwareLabel,
  type FirmwareChannel,
  type FirmwareRelease,
  type FirmwareReleaseView,
} from "#app/domain/firmware";
import { markdownToHtml, parseMarkdown } from "#app/domain/markdown";

export type { FirmwareChannel, FirmwareRelease };

/** A release as its form saves it (already checked by its schema). */
export interface FirmwareInput {
  releaseVersion: string;
  /** YYYY-MM-DD. */
  releasedOn: string;
  channel: FirmwareChannel;
  notes: string;
  /** A staged upload: required to create; in an edit, absent keeps the file. */
  fileId?: string;
  /**
   * Its SBOM: a staged upload (checked to be one), a restored revision's with the format it had, null
   * for none; absent, an edit keeps the one it has.
   */
  sbom?: { fileId: string; format?: string } | null;
  productIds: string[];
  publication?: Publication;
}

/** A firmware revision as its form saves it: products deleted since simply drop out. */
function firmwareInput(data: FirmwareData): FirmwareInput {
  const { releaseVersion, releasedOn, channel, notes, fileId, productIds } = data;
  // Revisions from before SBOMs had none.
  const sbom = data.sbom ?? null;
  return { releaseVersion, releasedOn, channel, notes, fileId, sbom, productIds };
}

export const FIRMWARE_PAGE_SIZE = 20;

/**
 * Views made from the releases kept in memory live as long as their release: /support/firmware and
 * the product pages read a release's Markdown once per change, not once per render.
 */
const viewsOfReleases = new WeakMap<FirmwareRelease, FirmwareReleaseView>();

/** A release as a visitor's page shows it: the notes read from Markdown here, on the server. */
export function releaseView(release: FirmwareRelease): FirmwareReleaseView {
  const made = viewsOfReleases.get(release);
  if (made) return made;
  const { id, releaseVersion, releasedOn, channel, file, sbom, products } = release;
  const view = {
    id,
    releaseVersion,
    releasedOn,
    channel,
    notes: parseMarkdown(release.notes),
    file,
    sbom: sbom && { url: sbom.url, format: sbom.format },
    products,
  };
  viewsOfReleases.set(release, view);
  return view;
}

const feedEntries = new WeakMap<FirmwareRelease, FirmwareRelease & { notesHtml: string }>();

/** A release as the Atom feeds give it: its notes as HTML, made once per change like its view. */
export function releaseFeedEntry(release: FirmwareRelease): FirmwareRelease & { notesHtml: string } {
  const made = feedEntries.get(release);
  if (made) return made;
  const entry = { ...release, notesHtml: markdownToHtml(release.notes) };
  feedEntries.set(release, entry);
  return entry;
}

const published = eq(firmwareReleases.status, "published");
/**
 * What the releases shown to visitors are read again after: the releases. The products they are for
 * are joined from the catalog in memory (`visibleReleases`), so a product's save asks no query here.
 */
const PUBLISHED_DEPENDS_ON: WatchedData[] = ["firmware"];

/** By model ignoring letter case: how a release lists its products. */
const byModel = (a: { model: string }, b: { model: string }) =>
  a.model.localeCompare(b.model, "en", { sensitivity: "base" });

/**
 * The published releases visitors see, newest first, and each product's newest stable one: those
 * for a published product, each listing its published products as the catalog names them now.
 * Visitors see a release only for a product they can see: firmware of a camera not yet announced (a
 * draft) names it in its notes. `linked` keeps every product of each release, drafts too: what a
 * page showing the release goes with.
 */
function visibleReleases(releases: readonly FirmwareRelease[], names: ProductNames) {
  const visible: FirmwareRelease[] = [];
  const linked = new Map<string, readonly string[]>();
  for (const release of releases) {
    linked.set(
      release.id,
      release.products.map((product) => product.id),
    );
    const products = release.products
      .flatMap((product) => {
        const named = names.named(product.id);
        return named ? [{ id: named.id, slug: named.slug, model: named.model }] : [];
      })
      .sort(byModel);
    if (products.length > 0) visible.push({ ...release, products });
  }
  const latestStable = new Map<string, FirmwareRelease>();
  for (const release of visible) {
    if (release.channel !== "stable") continue;
    for (const product of release.products) if (!latestStable.has(product.id)) latestStable.set(product.id, release);
  }
  return { releases: visible, latestStable, linked };
}

/** Newest first: by the day it came out, then by when it was entered. */
const NEWEST_FIRST = [desc(firmwareReleases.releasedOn), desc(firmwareReleases.createdAt), desc(firmwareReleases.id)];

/**
 * The releases' rows with their files and (published, unless `drafts`) products, in the order given.
 * `linked` picks the links to read: by default those of these rows; all the published releases' links
 * in one query when the rows are all of them (a list of thousands of ids would be thousands of parameters).
 */
async function assemble(
  db: Queryable,
  rows: { release: typeof firmwareReleases.$inferSelect; file: typeof files.$inferSelect }[],
  drafts: boolean,
  linked: SQL = inArray(
    firmwareProducts.releaseId,
    rows.map((row) => row.release.id),
  ),
): Promise<FirmwareRelease[]> {
  if (!rows.length) return [];
  const links = await db
    .select({ releaseId: firmwareProducts.releaseId, id: products.id, slug: products.slug, model: products.model })
    .from(firmwareProducts)
    .innerJoin(products, eq(products.id, firmwareProducts.productId))
    .where(and(linked, drafts ? undefined : eq(products.status, "published")));
  const sbomIds = rows.flatMap(({ release }) => (release.sbomFileId ? [release.sbomFileId] : []));
  const sbomFormats = new Map(rows.map(({ release }) => [release.sbomFileId, release.sbomFormat]));
  const sbomsOf = new Map(
    (sbomIds.length ? await db.select().from(files).where(inArray(files.id, sbomIds)) : []).map((file) => [
      file.id,
      { ...fileView(file), format: sbomFormats.get(file.id) ?? "" },
    ]),
  );
  // Grouped once: every published release is assembled together for the copy kept in memory.
  const productsOf = new Map<string, FirmwareRelease["products"]>();
  for (const { releaseId, ...product } of links) {
    const named = productsOf.get(releaseId);
    if (named) named.push(product);
    else productsOf.set(releaseId, [product]);
  }
  return rows.map(({ release, file }) => ({
    id: release.id,
    releaseVersion: release.releaseVersion,
    releasedOn: release.releasedOn,
    channel: release.channel,
    notes: release.notes,
    file: { ...fileView(file), sha256: file.sha256 },
    sbom: release.sbomFileId ? (sbomsOf.get(release.sbomFileId) ?? null) : null,
    products: (productsOf.get(release.id) ?? []).sort(byModel),
    version: release.version,
    publication: publicationState(release),
    updatedAt: release.updatedAt.toISOString(),
  }));
}

/** Firmware releases as visitors read them (published ones, of published products) and as the dashboard writes them. */
export function createFirmware({
  db,
  write,
  watch,
  files: fileRows,
  productNames,
}: {
  db: Database;
  write: AdminWrite;
  watch: DataWatch;
  /** Reads an uploaded SBOM before it is saved. */
  files: Pick<FileService, "get" | "open">;
  /** The catalog's published products (CatalogSnapshot.productNames). */
  productNames: () => Promise<ProductNames>;
}) {
  /**
   * The SBOM a save names, with its format: a staged upload read and checked to be one (a field error
   * when it is not), or a restored revision's as it was.
   */
  async function checkedSbom(sbom: FirmwareInput["sbom"]): Promise<FirmwareInput["sbom"]> {
    if (!sbom || sbom.format) return sbom;
    const file = await fileRows.get(sbom.fileId);
    if (!file) throw new MissingFileError([sbom.fileId]);
    const bytes =
      file.size <= MAX_UPLOAD_BYTES ? await readAll(fileRows.open(file.storageKey), MAX_UPLOAD_BYTES) : null;
    const format = bytes ? sbomFormatOfText(bytes.toString("utf8")) : null;
    if (!format) throw new FieldRuleError("sbomFileId", FIRMWARE_MESSAGES.notAnSbom);
    return { fileId: sbom.fileId, format };
  }

  function selectReleases() {
    return db
      .select({ release: firmwareReleases, file: files })
      .from(firmwareReleases)
      .innerJoin(files, eq(files.id, firmwareReleases.fileId));
  }

  /** Releases of a published product, or of any when none is named. */
  function ofProduct(productId: string | undefined): SQL | undefined {
    if (!productId) return undefined;
    return inArray(
      firmwareReleases.id,
      db
        .select({ id: firmwareProducts.releaseId })
        .from(firmwareProducts)
        .where(eq(firmwareProducts.productId, productId)),
    );
  }

  /**
   * The releases visitors see (`visibleReleases`), kept in memory like the catalog (decision 017):
   * /support/firmware, the feeds and a product page rendered for a crawler ask no query of their own.
   * Read again once the data watch says firmware may have changed; joined again with the products
   * when the catalog's names change.
   */
  const publishedReleases = joinedWithProductNames(
    keptUntilChanged(watch, PUBLISHED_DEPENDS_ON, async () => {
      const rows = await selectReleases()
        .where(published)
        .orderBy(...NEWEST_FIRST);
      const ofPublished = inArray(
        firmwareProducts.releaseId,
        db.select({ id: firmwareReleases.id }).from(firmwareReleases).where(published),
      );
      return assemble(db, rows, true, ofPublished);
    }),
    productNames,
    visibleReleases,
  );

  /**
   * A page of the published releases, newest first, narrowed to one product and one channel when
   * asked; `drafts` (the dashboard) lists every release.
   */
  async function list(
    options: { productId?: string; channel?: FirmwareChannel; page?: number; drafts?: boolean; pageSize?: number } = {},
  ): Promise<Paged<FirmwareRelease>> {
    const pageSize = options.pageSize ?? FIRMWARE_PAGE_SIZE;
    if (options.productId !== undefined && !isUuid(options.productId)) {
      return { items: [], total: 0, page: 1, pageCount: 1, pageSize };
    }
    if (!options.drafts) {
      const { productId, channel } = options;
      const { releases, linked } = await publishedReleases();
      // Which are shown depends on whether each product of each is published.
      for (const productIds of linked.values()) noteNamedProducts(productIds);
      const matching =
        productId || channel
          ? releases.filter(
              (release) =>
                (!channel || release.channel === channel) &&
                (!productId || release.products.some((product) => product.id === productId)),
            )
          : releases;
      return pageOf(matching, options.page ?? 1, pageSize);
    }
    const where = and(
      options.channel ? eq(firmwareReleases.channel, options.channel) : undefined,
      ofProduct(options.productId),
    );
    const paged = await readPage(
      (offset, limit) =>
        selectReleases()
          .where(where)
          .orderBy(...NEWEST_FIRST)
          .limit(limit)
          .offset(offset),
      () => countRows(db, firmwareReleases, where),
      options.page ?? 1,
      pageSize,
    );
    return { ...paged, items: await assemble(db, paged.items, true) };
  }

  /** The newest published stable release of a product: what its page offers first. */
  async function latestStable(productId: string): Promise<FirmwareRelease | null> {
    const { latestStable, linked } = await publishedReleases();
    const release = latestStable.get(productId) ?? null;
    noteNamedProducts([productId, ...(release ? (linked.get(release.id) ?? []) : [])]);
    return release;
  }

  /** One release, any status (the dashboard). */
  async function get(id: string): Promise<FirmwareRelease | null> {
    if (!isUuid(id)) return null;
    const rows = await selectReleases().where(eq(firmwareReleases.id, id));
    return (await assemble(db, rows, true))[0] ?? null;
  }

  async function linkProducts(tx: Queryable, releaseId: string, productIds: string[]) {
    const wanted = [...new Set(productIds.filter(isUuid))];
    const present = wanted.length
      ? await tx.select({ id: products.id }).from(products).where(inArray(products.id, wanted))
      : [];
    // A product deleted since the form was opened drops out; a release for none is no release.
    if (!present.length) throw new FieldRuleError("productIds", FIRMWARE_MESSAGES.productsRequired);
    await tx.delete(firmwareProducts).where(eq(firmwareProducts.releaseId, releaseId));
    if (present.length) {
      await tx.insert(firmwareProducts).values(present.map(({ id }) => ({ releaseId, productId: id })));
    }
  }

  async function create(input: FirmwareInput, origin: WriteOrigin, restoring?: Restoring): Promise<string> {
    const sbom = await checkedSbom(input.sbom);
    return write(
      ["firmware"],
      origin,
      async ({ tx, fileService, audit }) => {
        if (!input.fileId) throw new NotFoundError();
        await fileService.claim(tx, [input.fileId, ...(sbom ? [sbom.fileId] : [])]);
        const [row] = await tx
          .insert(firmwareReleases)
          .values({
            id: restoring?.recordId,
            releaseVersion: input.releaseVersion,
            releasedOn: input.releasedOn,
            channel: input.channel,
            notes: input.notes,
            fileId: input.fileId,
            sbomFileId: sbom?.fileId ?? null,
            sbomFormat: sbom?.format ?? "",
            ...publicationSet(input.publication),
          })
          .returning({ id: firmwareReleases.id });
        if (!row) throw new Error("Insert returned no row");
        await linkProducts(tx, row.id, input.productIds);
        await audit({ kind: "created", record: { type: "firmware", id: row.id, label: firmwareLabel(input) } });
        await syncFileVisibility(tx, "firmware", row.id);
        return row.id;
      },
      restoring,
    );
  }

  async function update(
    id: string,
    version: number,
    input: FirmwareInput,
    origin: WriteOrigin,
    restoring?: Restoring,
  ): Promise<void> {
    if (!isUuid(id)) throw new NotFoundError();
    const asked = await checkedSbom(input.sbom);
    await write(
      ["firmware"],
      origin,
      async ({ tx, fileService, purgeAfterCommit, audit }) => {
        await claimVersion(tx, firmwareReleases, id, version);
        const [current] = await tx.select().from(firmwareReleases).where(eq(firmwareReleases.id, id));
        if (!current) throw new NotFoundError();
        await audit({ kind: "updated", record: { type: "firmware", id, label: firmwareLabel(input) } });
        const replacement = input.fileId && input.fileId !== current.fileId ? input.fileId : undefined;
        if (replacement) await fileService.claim(tx, [replacement]);
        // The SBOM it has stays unless the save names another or none.
        const sbomChanged = asked !== undefined && (asked?.fileId ?? null) !== current.sbomFileId;
        const sbom = sbomChanged ? asked : undefined;
        if (sbom) await fileService.claim(tx, [sbom.fileId]);
        await tx
          .update(firmwareReleases)
          .set({
            releaseVersion: input.releaseVersion,
            releasedOn: input.releasedOn,
            channel: input.channel,
            notes: input.notes,
            fileId: replacement ?? current.fileId,
            ...(sbomChanged ? { sbomFileId: sbom?.fileId ?? null, sbomFormat: sbom?.format ?? "" } : {}),
            ...publicationSet(input.publication),
          })
          .where(eq(firmwareReleases.id, id));
        if (replacement) purgeAfterCommit(await fileService.release(tx, [current.fileId]));
        if (sbomChanged && current.sbomFileId) {
          purgeAfterCommit(await fileService.release(tx, [current.sbomFileId]));
        }
        await linkProducts(tx, id, input.productIds);
        await syncFileVisibility(tx, "firmware", id);
      },
      restoring,
    );
  }

  async function remove(id: string, version: number, origin: WriteOrigin): Promise<void> {
    if (!isUuid(id)) throw new NotFoundError();
    await write(["firmware"], origin, async ({ tx, fileService, purgeAfterCommit, audit }) => {
      await claimVersion(tx, firmwareReleases, id, version);
      const [current] = await tx.select().from(firmwareReleases).where(eq(firmwareReleases.id, id));
      if (!current) throw new NotFoundError();
      await audit({ kind: "deleted", record: { type: "firmware", id, label: firmwareLabel(current) } });
      await tx.delete(firmwareReleases).where(eq(firmwareReleases.id, id));
      purgeAfterCommit(
        await fileService.release(tx, [current.fileId, ...(current.sbomFileId ? [current.sbomFileId] : [])]),
      );
    });
  }

  const restorer: Restorer<FirmwareData> = {
    restoreRevision: (id, version, data, origin, restoring) =>
      update(id, version, firmwareInput(data), origin, restoring),
    async restoreDeleted(data, origin, restoring) {
      await create({ ...firmwareInput(data), publication: storedPublication(data.publication) }, origin, restoring);
    },
  };

  return { list, latestStable, get, create, update, remove, ...restorer };
}

export type Firmware = ReturnType<typeof createFirmware>;
